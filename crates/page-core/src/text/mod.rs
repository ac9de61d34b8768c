//! Every word the player reads or hears, keyed by message, in each language the page speaks:
//! English, Korean and Traditional Chinese; and the choice of language.
//!
//! Two kinds of text:
//! - [`Label`]: the fixed words of the page (buttons, headings, links). `index.html` marks each
//!   such element with `data-text="key"` (or `data-text-label="key"` for an `aria-label`) and the
//!   app fills them in from here at start and on every change of language, so the English in
//!   `index.html` is only what shows for the moment before the wasm runs;
//! - [`Message`]: sentences built at run time (announcements, notices, cell descriptions).
//!
//! The labels are data: `labels` declares each once, and each language's module (`en`, `ko`,
//! `zh_hant`) holds one table of them, a struct with a field per label, so a table missing a
//! label fails to compile. Sentences are code, one exhaustive `match` per language with no
//! catch-all arm, because their grammar differs (Korean particles, Chinese word order): a message
//! added to [`Message`] fails to compile until every language says it.
//!
//! Which language the page starts in: the one saved by the player's last choice (see
//! `storage`), else the first of the browser's languages that the page speaks ([`choose`]),
//! else English.
//!
//! The words follow the site's pages (`www/site/rules.ko.html`, `rules.zh-Hant.html` and the
//! navigation in `crates/site/src/layout.rs`): 새 게임, 계속하기, 힌트, 자동 플레이, 솔버;
//! 新遊戲, 繼續玩, 提示, 自動玩, 解題程式. The solver's strengths are named for what a player
//! gets, not for how they search: Spec is the standard solver (기본, 標準), Strong the one that
//! looks further ahead (강함, 強), Max the strongest (최강, 最強). What Strong and Max download is "what
//! it needs" (데이터, 資料), never the network or the file by name.

mod en;
mod ko;
mod labels;
#[cfg(test)]
mod tests;
mod zh_hant;

use std::sync::atomic::{AtomicU8, Ordering};

use game_core::Direction;

use crate::request::Strength;
use crate::{EntryError, Feedback, Quality, Review};

pub use labels::Label;
use labels::Labels;

/// A language the page speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    #[default]
    En,
    Ko,
    /// Traditional Chinese, as written in Taiwan and Hong Kong.
    ZhHant,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::En, Language::Ko, Language::ZhHant];

    /// The BCP 47 code: for `<html lang>`, the language selector's values and storage.
    pub const fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Ko => "ko",
            Language::ZhHant => "zh-Hant",
        }
    }

    /// The language's name in itself, as the language selector lists it.
    pub const fn name(self) -> &'static str {
        match self {
            Language::En => "English",
            Language::Ko => "한국어",
            Language::ZhHant => "繁體中文",
        }
    }

    /// The language whose [`code`](Language::code) is `code` (ASCII case aside).
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.code().eq_ignore_ascii_case(code.trim()))
    }

    /// The language the page would speak to a reader of the BCP 47 tag `tag` (as in
    /// `navigator.languages`), if any: `en-*` is English, `ko-*` Korean, and Chinese only when
    /// it is Traditional: written `Hant`, or without a script from Taiwan, Hong Kong or Macau.
    /// Other Chinese (`zh`, `zh-CN`, `zh-Hans-*`, `zh-SG`) is not Traditional and gets none.
    pub fn from_tag(tag: &str) -> Option<Language> {
        let lower = tag.trim().to_ascii_lowercase();
        let mut subtags = lower.split(['-', '_']);
        match subtags.next()? {
            "en" => Some(Language::En),
            "ko" => Some(Language::Ko),
            "zh" => {
                let rest: Vec<&str> = subtags.collect();
                // A script subtag (4 letters) decides; else the region does.
                let script = rest.iter().find(|s| s.len() == 4 && s.chars().all(|c| c.is_ascii_alphabetic()));
                let traditional = match script {
                    Some(script) => *script == "hant",
                    None => rest.iter().any(|s| matches!(*s, "tw" | "hk" | "mo")),
                };
                traditional.then_some(Language::ZhHant)
            }
            _ => None,
        }
    }

    /// A fixed word of the page in this language.
    pub fn label(self, label: Label) -> &'static str {
        self.labels().get(label)
    }

    fn labels(self) -> &'static Labels {
        match self {
            Language::En => &en::LABELS,
            Language::Ko => &ko::LABELS,
            Language::ZhHant => &zh_hant::LABELS,
        }
    }

    /// A whole number as this language writes it in a table: its digits in groups of three
    /// (English, Korean and Chinese alike: 1,630,208).
    pub fn number(self, n: u64) -> String {
        grouped(n, ",")
    }

    /// A sentence in this language.
    pub fn message(self, message: &Message) -> String {
        match self {
            Language::En => en::message(message),
            Language::Ko => ko::message(message),
            Language::ZhHant => zh_hant::message(message),
        }
    }

    /// Where the game page links for `page` of the site: this language's version where the
    /// site has one, else the English one. The path is relative to the game page.
    pub const fn site_link(self, page: SitePage) -> SiteLink {
        let (href, lang) = match (page, self) {
            (SitePage::Rules, Language::En) => ("site/rules.html", Language::En),
            (SitePage::Rules, Language::Ko) => ("site/rules.ko.html", Language::Ko),
            (SitePage::Rules, Language::ZhHant) => ("site/rules.zh-Hant.html", Language::ZhHant),
            (SitePage::Solver, Language::Ko) => ("site/solver.ko.html", Language::Ko),
            (SitePage::Solver, Language::En) => ("site/solver.html", Language::En),
            (SitePage::Solver, Language::ZhHant) => ("site/solver.zh-Hant.html", Language::ZhHant),
            (SitePage::Strategy, Language::En) => ("site/strategy.html", Language::En),
            (SitePage::Strategy, Language::Ko) => ("site/strategy.ko.html", Language::Ko),
            (SitePage::Strategy, Language::ZhHant) => ("site/strategy.zh-Hant.html", Language::ZhHant),
            (SitePage::Results, Language::En) => ("site/results.html", Language::En),
            (SitePage::Results, Language::Ko) => ("site/results.ko.html", Language::Ko),
            (SitePage::Results, Language::ZhHant) => ("site/results.zh-Hant.html", Language::ZhHant),
        };
        SiteLink { href, lang }
    }
}

/// The first language of `tags` (the browser's languages, most preferred first) that the page
/// speaks, else English.
pub fn choose<'a>(tags: impl IntoIterator<Item = &'a str>) -> Language {
    tags.into_iter().find_map(Language::from_tag).unwrap_or_default()
}

/// The language to start in: the player's saved choice if it names a language, else
/// [`choose`] among the browser's languages.
pub fn initial<'a>(saved: Option<&str>, browser: impl IntoIterator<Item = &'a str>) -> Language {
    saved.and_then(Language::from_code).unwrap_or_else(|| choose(browser))
}

/// The language the page speaks now, for what runs outside the app (the panic hook).
static CURRENT: AtomicU8 = AtomicU8::new(0);

pub fn current() -> Language {
    Language::ALL.get(usize::from(CURRENT.load(Ordering::Relaxed))).copied().unwrap_or_default()
}

pub fn set_current(language: Language) {
    let index = Language::ALL.iter().position(|&l| l == language).unwrap_or(0);
    CURRENT.store(u8::try_from(index).unwrap_or(0), Ordering::Relaxed);
}

/// A page of the site that the game page links to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SitePage {
    Rules,
    Strategy,
    Solver,
    Results,
}

impl SitePage {
    pub const ALL: [SitePage; 4] = [SitePage::Rules, SitePage::Strategy, SitePage::Solver, SitePage::Results];

    /// The key of `index.html`'s `data-page` attribute on the link.
    pub const fn key(self) -> &'static str {
        match self {
            SitePage::Rules => "rules",
            SitePage::Strategy => "strategy",
            SitePage::Solver => "solver",
            SitePage::Results => "results",
        }
    }

    pub fn from_key(key: &str) -> Option<SitePage> {
        SitePage::ALL.into_iter().find(|p| p.key() == key)
    }
}

/// A link from the game page to the site: where, and the language of the page there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SiteLink {
    pub href: &'static str,
    pub lang: Language,
}

/// A sentence made at run time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// A move that counted, and the score after it.
    Moved {
        direction: Direction,
        score: u32,
    },
    /// The move that made 2048.
    Won {
        score: u32,
    },
    /// 2048 was made while Autoplay played: it keeps going by itself.
    WonAutoplayContinues,
    /// No move is left.
    Over {
        score: u32,
    },
    NewGame,
    KeptGoing,
    Hint(Direction),
    AutoplayOn,
    AutoplayOff,
    /// One cell of the accessible grid; rows and columns count from 1.
    Cell {
        row: usize,
        col: usize,
        value: Option<u32>,
    },
    /// The speed slider's value in words.
    Speed {
        value: u8,
        max: u8,
    },
    /// Storage cannot be used at all.
    StorageUnavailable,
    /// Storage was usable but a write failed (quota, or blocked since).
    SaveFailed,
    CorruptGame,
    CorruptBest,
    SolverUnavailable,
    /// The solver did not answer in time and has been restarted; Autoplay stopped.
    SolverSlow,
    /// The solver failed after it had started and has been restarted; Autoplay stopped.
    SolverCrashed,
    /// This strength is chosen and its download is on its way (or being read): the stand-in
    /// (`crate::STAND_IN`) answers meanwhile.
    Downloading(crate::request::Strength),
    /// Beside the board, while the strength chosen gets ready: how much of what it needs has
    /// arrived, in percent (`None`: nothing known yet).
    GettingReady {
        strength: crate::request::Strength,
        percent: Option<u8>,
    },
    /// This strength is chosen but its download failed, for this reason: the stand-in answers
    /// instead.
    DownloadFailed(crate::request::Strength, crate::NetworkProblem),
    /// This game was played on in another tab or window, and this tab now shows that game.
    GameChangedElsewhere,
    /// The page's code failed after start.
    Crashed,
    /// The page's code could not start.
    StartFailed,
    /// The player chose this language: said in it.
    LanguageChanged,
    CoachOn,
    CoachOff,
    /// An entered board is on screen, for analysis; the game in progress is set aside.
    BoardEntered,
    /// The entered board became the game.
    PlayingEntered,
    /// The game set aside is back.
    BackToGame,
    /// Why a board entered cannot be analysed.
    BadBoard(EntryError),
    LinkCopied,
    LinkNotCopied,
    /// The days' results (`2048.daily`) could not be read: set aside, they start again.
    CorruptDaily,
    /// Today's game is on screen: its date, and whether this try counts (the day's first) or
    /// is practice.
    DailyTry {
        date: String,
        counts: bool,
    },
    /// Today's game ended: its date, score and largest tile, and whether it was practice.
    DailyOver {
        date: String,
        score: u32,
        tile: u32,
        counts: bool,
    },
    /// The solver's (Strong's) result on the same game.
    DailySolver {
        score: u32,
        tile: u32,
    },
    /// The solver is still playing the day's game.
    DailySolverPlaying,
    /// The short result that "Copy result" puts on the clipboard: the date, the largest tile,
    /// the score, and the percent of moves that were the solver's choice when the coach judged
    /// every move.
    DailyShare {
        date: String,
        tile: u32,
        score: u32,
        agreed: Option<u32>,
    },
    ResultCopied,
    ResultNotCopied,
    /// The heading of the list of mistakes (the moves the coach called worse or much worse),
    /// with their count.
    Mistakes {
        count: usize,
    },
    /// One mistake: its word, the player's move, and the solver's.
    Mistake {
        played: Direction,
        best: Direction,
        quality: Quality,
    },
    /// A mistake of the game, on screen for review: which, of how many, and its word.
    Reviewing(Review),
    /// The chance of making goal tile `tile` from the board shown, in whole percent.
    Chance {
        tile: u32,
        percent: u8,
    },
    /// A game's review under way: `judged` of its `total` moves judged so far.
    ReviewProgress {
        judged: usize,
        total: usize,
    },
    /// A game's review done: the share of its moves that were best or about as good, and how
    /// many got each word.
    ReviewDone {
        accuracy: u8,
        counts: crate::game_review::Counts,
    },
    /// One judged move of a review: its number (from 1), the move played, and its word.
    ReviewedMove {
        number: usize,
        played: Direction,
        quality: Quality,
    },
    /// A turning point of a review: move `number` (from 1), played `played`, after which the
    /// chance of `tile` went from `from` to `to` percent.
    TurningPoint {
        number: usize,
        played: Direction,
        tile: u32,
        from: u8,
        to: u8,
    },
    /// The practice's question.
    DrillAsk,
    /// The move chosen in a practice waits for the solver's view of the board.
    DrillChecking,
    /// A right answer in a practice: the move chosen and its word (best or about as good).
    DrillRight {
        chosen: Direction,
        quality: Quality,
    },
    /// A wrong answer in a practice: the move chosen, its word, and the solver's move.
    DrillWrong {
        chosen: Direction,
        quality: Quality,
        best: Direction,
    },
    /// What the player played on the practice's board in the game.
    DrillPlayed {
        played: Direction,
    },
    /// How a practice goes: answers right of answers given, and boards left to answer.
    DrillProgress {
        right: usize,
        answered: usize,
        left: usize,
    },
    /// A practice over: answers right of answers given.
    DrillDone {
        right: usize,
        answered: usize,
    },
    /// A practice with no board to answer: a game without worse moves (`deck` false), or a
    /// deck with none due (the next due in `wait_ms`) or none at all (`wait_ms` none).
    DrillNothing {
        deck: bool,
        wait_ms: Option<u64>,
    },
    /// A practice of the deck waits for storage to give its boards.
    DrillLoading,
    /// Practice cards that could not be read were set aside.
    DeckSetAside {
        count: usize,
    },
    /// A move's name on a practice's answer button.
    MoveName(Direction),
    /// What a review's chart shows, for screen readers: the chance of the next tile before
    /// each of the `judged` moves judged, goal by goal in the order played (none: no chance to
    /// show yet), and whether its turning points are marked.
    ReviewChartDescription {
        judged: usize,
        goals: Vec<crate::review_chart::Goal>,
        turns: bool,
    },
    /// A chance in a review's table: `percent` of making `tile`.
    ChanceOf {
        tile: u32,
        percent: u8,
    },
    /// The way a move was played, alone (a table's cell).
    Played(Direction),
    /// A move's word, alone (a table's cell).
    Rating(Quality),
    /// A move was taken back; the score now.
    Undone {
        score: u32,
    },
    /// What the coach says of a move the player made.
    Coached(Feedback),
    /// The coach's saved record could not be read.
    CorruptCoach,
    /// One row of Hint's explanation: a move and its word.
    Rated {
        direction: Direction,
        quality: Quality,
    },
    /// What the search did, under Hint's explanation.
    Searched {
        strength: Strength,
        depth: u32,
        nodes: u64,
        micros: u64,
    },
    /// What the endgame tables said, under Hint's explanation, instead of [`Message::Searched`]:
    /// the best move's exact chance of the 32768's last 256, in tenths of a percent
    /// ([`tenths`]).
    Solved {
        strength: Strength,
        tenths: u32,
    },
    /// The coach's count for the game.
    Agreement {
        agreed: u32,
        moves: u32,
    },
    /// The browser keeps no finished games (no IndexedDB, or it throws).
    HistoryUnavailable,
    /// A finished game could not be added to the kept games.
    KeepFailed,
    /// Kept games that could not be read: set aside where the browser has room, else left where
    /// they are; never deleted.
    HistorySetAside {
        count: usize,
    },
    /// A row of the statistics: the games that reached this tile.
    Reached {
        tile: u32,
    },
    /// A number of games and their share of a column's games.
    Share {
        games: usize,
        percent: u32,
    },
    /// The kept game picked for a replay could not be read from storage.
    KeptUnreadable,
    /// Why a file is not a replay.
    ReplayRefused(crate::replay::ReplayError),
    /// Where a replay is: `at` of `of` moves played, and the move played next.
    ReplayPosition {
        at: usize,
        of: usize,
        next: Option<Direction>,
    },
    /// A kept game in the replay picker: its number, day and score.
    KeptGame {
        number: usize,
        date: String,
        score: u32,
    },
    /// What the chart of scores shows, for screen readers.
    /// What the chart of accuracy shows, for screen readers: `games` reviewed games, oldest
    /// first, from `first` to `last` percent, `mean` on average.
    AccuracyChartDescription {
        games: usize,
        first: u8,
        last: u8,
        mean: u8,
    },
    ChartDescription {
        games: usize,
        best: u32,
    },
}

/// `n` with its digits in groups of three, `separator` between them: 1,234,567.
fn grouped(n: u64, separator: &str) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(separator);
        }
        out.push(digit);
    }
    out
}

/// A chance (0 to 1) in tenths of a percent, rounded down: a chance short of certain is
/// never said to be 100 %.
pub fn tenths(chance: f64) -> u32 {
    (chance.clamp(0.0, 1.0) * 1000.0).floor() as u32
}

/// Tenths of a percent as the percent's digits: `734` is "73.4", `1000` is "100".
fn percent(tenths: u32) -> String {
    match tenths % 10 {
        0 => (tenths / 10).to_string(),
        tenth => format!("{}.{tenth}", tenths / 10),
    }
}

/// Microseconds as milliseconds, with one decimal below 10 ms.
fn millis(micros: u64) -> String {
    let ms = micros as f64 / 1000.0;
    if ms < 10.0 { format!("{ms:.1}") } else { format!("{ms:.0}") }
}

/// The unit a wait is said in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wait {
    Minutes,
    Hours,
    Days,
}

/// A wait of `ms` as a whole number of its unit, rounded up (so "in 0 minutes" is never said):
/// minutes under an hour, hours under a day, else days.
fn wait(ms: u64) -> (u64, Wait) {
    const MINUTE: u64 = 60_000;
    const HOUR: u64 = 60 * MINUTE;
    const DAY: u64 = 24 * HOUR;
    match ms {
        ms if ms < HOUR => (ms.div_ceil(MINUTE).max(1), Wait::Minutes),
        ms if ms < DAY => (ms.div_ceil(HOUR), Wait::Hours),
        ms => (ms.div_ceil(DAY), Wait::Days),
    }
}
