//! Every word the player reads or hears, keyed by message, in each language the page speaks:
//! English, Korean and Traditional Chinese.
//!
//! Two kinds of text:
//! - [`Label`]: the fixed words of the page (buttons, headings, links). `index.html` marks each
//!   such element with `data-text="key"` (or `data-text-label="key"` for an `aria-label`) and the
//!   app fills them in from here at start and on every change of language, so the English in
//!   `index.html` is only what shows for the moment before the wasm runs;
//! - [`Message`]: sentences built at run time (announcements, notices, cell descriptions).
//!
//! Each [`Language`] has its own module below (`en`, `ko`, `zh_hant`) with one exhaustive `match`
//! over the labels and one over the messages, and no catch-all arm: a label or message added to
//! the enums fails to compile until every language says it.
//!
//! Which language the page starts in: the one saved by the player's last choice (see
//! `storage`), else the first of the browser's languages that the page speaks ([`choose`]),
//! else English.
//!
//! The words follow the site's pages (`www/site/rules.ko.html`, `rules.zh-Hant.html` and the
//! navigation in `crates/site/src/layout.rs`): 새 게임, 계속하기, 힌트, 자동 플레이, 솔버;
//! 新遊戲, 繼續玩, 提示, 自動玩, 解題程式. The solver's two strengths are named for what a player
//! gets, not for how they search: Spec is the standard solver (기본, 標準), Strong the one that
//! looks further ahead (강함, 強).

use std::sync::atomic::{AtomicU8, Ordering};

use game_core::Direction;

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
        match self {
            Language::En => en::label(label),
            Language::Ko => ko::label(label),
            Language::ZhHant => zh_hant::label(label),
        }
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
            (SitePage::Solver, Language::En | Language::ZhHant) => ("site/solver.html", Language::En),
            (SitePage::Strategy, _) => ("site/strategy.html", Language::En),
            (SitePage::Results, _) => ("site/results.html", Language::En),
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

/// The fixed words of the page, each with the key that `index.html` uses for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    /// The page's `<title>`.
    Title,
    Intro,
    Score,
    Best,
    NewGame,
    Hint,
    Autoplay,
    /// The name of the solver strength selector (a radio group).
    Strength,
    /// Its two choices: `solver::decide` and `solver::Strong`.
    StrengthSpec,
    StrengthStrong,
    Speed,
    Slow,
    Fast,
    KeepGoing,
    TryAgain,
    Won,
    Over,
    ConfirmQuestion,
    ConfirmYes,
    ConfirmNo,
    Help,
    Board,
    /// The language selector's label.
    Language,
    /// The name of the links to the site, for screen readers.
    SiteNav,
    NavRules,
    NavStrategy,
    NavSolver,
    NavResults,
    /// What `www/boot.js` shows when the wasm cannot load: the wasm never runs then, so
    /// `index.html` holds it in every language (`data-load-failed-<code>`, checked by a test).
    LoadFailed,
}

impl Label {
    pub const ALL: [Label; 29] = [
        Label::Title,
        Label::Intro,
        Label::Score,
        Label::Best,
        Label::NewGame,
        Label::Hint,
        Label::Autoplay,
        Label::Strength,
        Label::StrengthSpec,
        Label::StrengthStrong,
        Label::Speed,
        Label::Slow,
        Label::Fast,
        Label::KeepGoing,
        Label::TryAgain,
        Label::Won,
        Label::Over,
        Label::ConfirmQuestion,
        Label::ConfirmYes,
        Label::ConfirmNo,
        Label::Help,
        Label::Board,
        Label::Language,
        Label::SiteNav,
        Label::NavRules,
        Label::NavStrategy,
        Label::NavSolver,
        Label::NavResults,
        Label::LoadFailed,
    ];

    /// The key written in `index.html`'s `data-text` / `data-text-label` attributes.
    pub const fn key(self) -> &'static str {
        match self {
            Label::Title => "title",
            Label::Intro => "intro",
            Label::Score => "score",
            Label::Best => "best",
            Label::NewGame => "new-game",
            Label::Hint => "hint",
            Label::Autoplay => "autoplay",
            Label::Strength => "strength",
            Label::StrengthSpec => "strength-spec",
            Label::StrengthStrong => "strength-strong",
            Label::Speed => "speed",
            Label::Slow => "slow",
            Label::Fast => "fast",
            Label::KeepGoing => "keep-going",
            Label::TryAgain => "try-again",
            Label::Won => "won",
            Label::Over => "over",
            Label::ConfirmQuestion => "confirm-question",
            Label::ConfirmYes => "confirm-yes",
            Label::ConfirmNo => "confirm-no",
            Label::Help => "help",
            Label::Board => "board",
            Label::Language => "language",
            Label::SiteNav => "site-nav",
            Label::NavRules => "nav-rules",
            Label::NavStrategy => "nav-strategy",
            Label::NavSolver => "nav-solver",
            Label::NavResults => "nav-results",
            Label::LoadFailed => "load-failed",
        }
    }

    pub fn from_key(key: &str) -> Option<Label> {
        Label::ALL.into_iter().find(|label| label.key() == key)
    }
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
    /// The page's code failed after start.
    Crashed,
    /// The page's code could not start.
    StartFailed,
    /// The player chose this language: said in it.
    LanguageChanged,
}

mod en {
    use super::{Direction, Label, Message};

    fn direction(direction: Direction) -> &'static str {
        match direction {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }

    pub fn label(label: Label) -> &'static str {
        match label {
            Label::Title => "2048: play the game",
            Label::Intro => "Join the tiles, get to 2048!",
            Label::Score => "Score",
            Label::Best => "Best",
            Label::NewGame => "New game",
            Label::Hint => "Hint",
            Label::Autoplay => "Autoplay",
            Label::Strength => "Solver strength",
            Label::StrengthSpec => "Spec",
            Label::StrengthStrong => "Strong",
            Label::Speed => "Speed",
            Label::Slow => "slow",
            Label::Fast => "fast",
            Label::KeepGoing => "Keep going",
            Label::TryAgain => "Try again",
            Label::Won => "You win!",
            Label::Over => "Game over!",
            Label::ConfirmQuestion => "Start a new game? The game in progress will be lost.",
            Label::ConfirmYes => "Start new game",
            Label::ConfirmNo => "Cancel",
            Label::Help => {
                "Slide the tiles with the arrow keys, WASD or HJKL, or swipe. Two tiles with the same \
                 number merge into one. Hint shows the solver's move; Autoplay lets it play. Strong \
                 looks further ahead than Spec, the standard solver."
            }
            Label::Board => "Game board",
            Label::Language => "Language",
            Label::SiteNav => "Site",
            Label::NavRules => "Rules",
            Label::NavStrategy => "Strategy",
            Label::NavSolver => "Solver",
            Label::NavResults => "Results",
            Label::LoadFailed => {
                "The game could not load. This page needs a browser with WebAssembly; reload to try again."
            }
        }
    }

    pub fn message(message: &Message) -> String {
        match message {
            Message::Moved { direction: d, score } => format!("Moved {}. Score {score}.", direction(*d)),
            Message::Won { score } => format!("You made 2048! You win. Score {score}."),
            Message::WonAutoplayContinues => "2048! Autoplay keeps going.".to_owned(),
            Message::Over { score } => format!("Game over. Final score {score}."),
            Message::NewGame => "New game.".to_owned(),
            Message::KeptGoing => "Keep going: the game goes on.".to_owned(),
            Message::Hint(d) => format!("Hint: move {}.", direction(*d)),
            Message::AutoplayOn => "Autoplay on.".to_owned(),
            Message::AutoplayOff => "Autoplay off.".to_owned(),
            Message::Cell { row, col, value: Some(value) } => format!("row {row}, column {col}: {value}"),
            Message::Cell { row, col, value: None } => format!("row {row}, column {col}: empty"),
            Message::Speed { value: 0, .. } => "slowest".to_owned(),
            Message::Speed { value, max } if value >= max => "fastest".to_owned(),
            Message::Speed { value, max } => format!("{value} of {max}"),
            Message::StorageUnavailable => {
                "This browser is not letting the page store anything, so your progress will not be saved."
                    .to_owned()
            }
            Message::SaveFailed => {
                "Your progress could not be saved: the browser's storage is blocked or full.".to_owned()
            }
            Message::CorruptGame => "The saved game could not be read, so a new game has started.".to_owned(),
            Message::CorruptBest => "The saved best score could not be read, so it has been reset.".to_owned(),
            Message::SolverUnavailable => {
                "The solver could not start, so Hint and Autoplay are unavailable. Reload the page to try again."
                    .to_owned()
            }
            Message::Crashed => "Something went wrong. Reload the page to play again.".to_owned(),
            Message::StartFailed => "The game could not start. Reload the page to try again.".to_owned(),
            Message::LanguageChanged => "The page is now in English.".to_owned(),
        }
    }
}

mod ko {
    use super::{Direction, Label, Message};

    /// The direction with its particle: "왼쪽으로" (to the left).
    fn toward(direction: Direction) -> &'static str {
        match direction {
            Direction::Up => "위로",
            Direction::Down => "아래로",
            Direction::Left => "왼쪽으로",
            Direction::Right => "오른쪽으로",
        }
    }

    pub fn label(label: Label) -> &'static str {
        match label {
            Label::Title => "2048 게임하기",
            Label::Intro => "같은 숫자끼리 합쳐 2048을 만드세요!",
            Label::Score => "점수",
            Label::Best => "최고 점수",
            Label::NewGame => "새 게임",
            Label::Hint => "힌트",
            Label::Autoplay => "자동 플레이",
            Label::Strength => "솔버 강도",
            Label::StrengthSpec => "기본",
            Label::StrengthStrong => "강함",
            Label::Speed => "속도",
            Label::Slow => "느리게",
            Label::Fast => "빠르게",
            Label::KeepGoing => "계속하기",
            Label::TryAgain => "다시 하기",
            Label::Won => "승리!",
            Label::Over => "게임 오버!",
            Label::ConfirmQuestion => "새 게임을 시작할까요? 진행 중인 게임은 사라집니다.",
            Label::ConfirmYes => "새 게임 시작",
            Label::ConfirmNo => "취소",
            Label::Help => {
                "방향키나 WASD, HJKL을 누르거나 화면을 쓸어 넘겨 타일을 밉니다. 같은 숫자의 타일 두 개가 \
                 만나면 하나로 합쳐집니다. 힌트는 솔버가 둘 수를 보여 주고, 자동 플레이는 솔버가 대신 둡니다. \
                 강함은 기본보다 더 멀리 내다봅니다."
            }
            Label::Board => "게임 판",
            Label::Language => "언어",
            Label::SiteNav => "사이트",
            Label::NavRules => "규칙",
            Label::NavStrategy => "전략 (영어)",
            Label::NavSolver => "솔버",
            Label::NavResults => "결과 (영어)",
            Label::LoadFailed => {
                "게임을 불러오지 못했습니다. WebAssembly를 지원하는 브라우저가 필요합니다. 새로고침해서 다시 \
                 시도해 주세요."
            }
        }
    }

    pub fn message(message: &Message) -> String {
        match message {
            Message::Moved { direction, score } => format!("{} 밀었습니다. 점수 {score}.", toward(*direction)),
            Message::Won { score } => format!("2048을 만들었습니다! 승리입니다. 점수 {score}."),
            Message::WonAutoplayContinues => "2048 달성! 자동 플레이는 계속합니다.".to_owned(),
            Message::Over { score } => format!("게임 오버. 최종 점수 {score}."),
            Message::NewGame => "새 게임을 시작했습니다.".to_owned(),
            Message::KeptGoing => "계속하기: 같은 판으로 이어서 둡니다.".to_owned(),
            Message::Hint(direction) => format!("힌트: {} 미세요.", toward(*direction)),
            Message::AutoplayOn => "자동 플레이 켜짐.".to_owned(),
            Message::AutoplayOff => "자동 플레이 꺼짐.".to_owned(),
            Message::Cell { row, col, value: Some(value) } => format!("{row}행 {col}열: {value}"),
            Message::Cell { row, col, value: None } => format!("{row}행 {col}열: 빈칸"),
            Message::Speed { value: 0, .. } => "가장 느리게".to_owned(),
            Message::Speed { value, max } if value >= max => "가장 빠르게".to_owned(),
            Message::Speed { value, max } => format!("{max}단계 중 {value}단계"),
            Message::StorageUnavailable => {
                "이 브라우저가 페이지의 저장을 허용하지 않아 진행 상황이 저장되지 않습니다.".to_owned()
            }
            Message::SaveFailed => {
                "진행 상황을 저장하지 못했습니다. 브라우저 저장소가 막혀 있거나 가득 찼습니다.".to_owned()
            }
            Message::CorruptGame => "저장된 게임을 읽을 수 없어 새 게임을 시작했습니다.".to_owned(),
            Message::CorruptBest => "저장된 최고 점수를 읽을 수 없어 초기화했습니다.".to_owned(),
            Message::SolverUnavailable => {
                "솔버를 시작하지 못해 힌트와 자동 플레이를 쓸 수 없습니다. 페이지를 새로고침해서 다시 시도해 주세요."
                    .to_owned()
            }
            Message::Crashed => "문제가 생겼습니다. 페이지를 새로고침한 뒤 다시 플레이해 주세요.".to_owned(),
            Message::StartFailed => {
                "게임을 시작하지 못했습니다. 페이지를 새로고침해서 다시 시도해 주세요.".to_owned()
            }
            Message::LanguageChanged => "이제 페이지를 한국어로 표시합니다.".to_owned(),
        }
    }
}

mod zh_hant {
    use super::{Direction, Label, Message};

    fn direction(direction: Direction) -> &'static str {
        match direction {
            Direction::Up => "上",
            Direction::Down => "下",
            Direction::Left => "左",
            Direction::Right => "右",
        }
    }

    pub fn label(label: Label) -> &'static str {
        match label {
            Label::Title => "開始玩 2048",
            Label::Intro => "合併方塊，拼出 2048！",
            Label::Score => "分數",
            Label::Best => "最高分",
            Label::NewGame => "新遊戲",
            Label::Hint => "提示",
            Label::Autoplay => "自動玩",
            Label::Strength => "解題程式強度",
            Label::StrengthSpec => "標準",
            Label::StrengthStrong => "強",
            Label::Speed => "速度",
            Label::Slow => "慢",
            Label::Fast => "快",
            Label::KeepGoing => "繼續玩",
            Label::TryAgain => "再玩一次",
            Label::Won => "你贏了！",
            Label::Over => "遊戲結束！",
            Label::ConfirmQuestion => "要開始新遊戲嗎？進行中的對局將會消失。",
            Label::ConfirmYes => "開始新遊戲",
            Label::ConfirmNo => "取消",
            Label::Help => {
                "用方向鍵、WASD 或 HJKL，或在螢幕上滑動，就能推動方塊。兩個數字相同的方塊碰在一起，會併成一個。\
                 「提示」會顯示解題程式要走的方向；「自動玩」讓它替你玩。「強」比「標準」看得更遠。"
            }
            Label::Board => "棋盤",
            Label::Language => "語言",
            Label::SiteNav => "網站",
            Label::NavRules => "規則",
            Label::NavStrategy => "攻略（英文）",
            Label::NavSolver => "解題程式（英文）",
            Label::NavResults => "結果（英文）",
            Label::LoadFailed => {
                "遊戲無法載入。這個網頁需要支援 WebAssembly 的瀏覽器；請重新整理頁面再試一次。"
            }
        }
    }

    pub fn message(message: &Message) -> String {
        match message {
            Message::Moved { direction: d, score } => format!("往{}推。分數 {score}。", direction(*d)),
            Message::Won { score } => format!("拼出 2048 了！你贏了。分數 {score}。"),
            Message::WonAutoplayContinues => "2048！自動玩會繼續走下去。".to_owned(),
            Message::Over { score } => format!("遊戲結束。最後分數 {score}。"),
            Message::NewGame => "已開始新遊戲。".to_owned(),
            Message::KeptGoing => "繼續玩：用同一個棋盤接著玩。".to_owned(),
            Message::Hint(d) => format!("提示：往{}推。", direction(*d)),
            Message::AutoplayOn => "自動玩已開啟。".to_owned(),
            Message::AutoplayOff => "自動玩已關閉。".to_owned(),
            // In Taiwan 列 is a row (across) and 行 a column (down), as in the rules' 橫列 and 直行.
            Message::Cell { row, col, value: Some(value) } => format!("第 {row} 列第 {col} 行：{value}"),
            Message::Cell { row, col, value: None } => format!("第 {row} 列第 {col} 行：空格"),
            Message::Speed { value: 0, .. } => "最慢".to_owned(),
            Message::Speed { value, max } if value >= max => "最快".to_owned(),
            Message::Speed { value, max } => format!("第 {value} 級，共 {max} 級"),
            Message::StorageUnavailable => "這個瀏覽器不讓網頁儲存資料，所以你的進度不會被保存。".to_owned(),
            Message::SaveFailed => "無法保存你的進度：瀏覽器的儲存空間被封鎖或已滿。".to_owned(),
            Message::CorruptGame => "存下來的對局無法讀取，所以已開始新遊戲。".to_owned(),
            Message::CorruptBest => "存下來的最高分無法讀取，所以已經重設。".to_owned(),
            Message::SolverUnavailable => {
                "解題程式無法啟動，所以不能使用提示和自動玩。請重新整理頁面再試一次。".to_owned()
            }
            Message::Crashed => "發生錯誤。請重新整理頁面再玩。".to_owned(),
            Message::StartFailed => "遊戲無法啟動。請重新整理頁面再試一次。".to_owned(),
            Message::LanguageChanged => "頁面已切換為繁體中文。".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One message of every kind, with the speed's three cases and both kinds of cell. The
    /// `match` in `kind` has no catch-all: a new kind of message fails to compile until it is
    /// listed here.
    fn every_message() -> Vec<Message> {
        let mut all = vec![
            Message::Won { score: 20480 },
            Message::WonAutoplayContinues,
            Message::Over { score: 1234 },
            Message::NewGame,
            Message::KeptGoing,
            Message::AutoplayOn,
            Message::AutoplayOff,
            Message::Cell { row: 1, col: 2, value: Some(8) },
            Message::Cell { row: 4, col: 4, value: None },
            Message::Speed { value: 0, max: 10 },
            Message::Speed { value: 4, max: 10 },
            Message::Speed { value: 10, max: 10 },
            Message::StorageUnavailable,
            Message::SaveFailed,
            Message::CorruptGame,
            Message::CorruptBest,
            Message::SolverUnavailable,
            Message::Crashed,
            Message::StartFailed,
            Message::LanguageChanged,
        ];
        for direction in Direction::ALL {
            all.push(Message::Moved { direction, score: 36 });
            all.push(Message::Hint(direction));
        }
        all
    }

    fn kind(message: &Message) -> usize {
        match message {
            Message::Moved { .. } => 0,
            Message::Won { .. } => 1,
            Message::WonAutoplayContinues => 2,
            Message::Over { .. } => 3,
            Message::NewGame => 4,
            Message::KeptGoing => 5,
            Message::Hint(_) => 6,
            Message::AutoplayOn => 7,
            Message::AutoplayOff => 8,
            Message::Cell { .. } => 9,
            Message::Speed { .. } => 10,
            Message::StorageUnavailable => 11,
            Message::SaveFailed => 12,
            Message::CorruptGame => 13,
            Message::CorruptBest => 14,
            Message::SolverUnavailable => 15,
            Message::Crashed => 16,
            Message::StartFailed => 17,
            Message::LanguageChanged => 18,
        }
    }

    /// The place of each label in [`Label::ALL`]; no catch-all, so a new label must be added.
    fn label_index(label: Label) -> usize {
        match label {
            Label::Title => 0,
            Label::Intro => 1,
            Label::Score => 2,
            Label::Best => 3,
            Label::NewGame => 4,
            Label::Hint => 5,
            Label::Autoplay => 6,
            Label::Strength => 7,
            Label::StrengthSpec => 8,
            Label::StrengthStrong => 9,
            Label::Speed => 10,
            Label::Slow => 11,
            Label::Fast => 12,
            Label::KeepGoing => 13,
            Label::TryAgain => 14,
            Label::Won => 15,
            Label::Over => 16,
            Label::ConfirmQuestion => 17,
            Label::ConfirmYes => 18,
            Label::ConfirmNo => 19,
            Label::Help => 20,
            Label::Board => 21,
            Label::Language => 22,
            Label::SiteNav => 23,
            Label::NavRules => 24,
            Label::NavStrategy => 25,
            Label::NavSolver => 26,
            Label::NavResults => 27,
            Label::LoadFailed => 28,
        }
    }

    #[test]
    fn every_label_is_listed_once_with_a_distinct_key_that_reads_back() {
        for (i, label) in Label::ALL.into_iter().enumerate() {
            assert_eq!(label_index(label), i, "{label:?} is out of place in Label::ALL");
            assert_eq!(Label::from_key(label.key()), Some(label));
        }
        let mut keys: Vec<_> = Label::ALL.iter().map(|l| l.key()).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), Label::ALL.len());
        assert_eq!(Label::from_key("no-such-key"), None);
    }

    #[test]
    fn every_label_and_message_is_said_in_every_language() {
        let messages = every_message();
        let mut kinds: Vec<usize> = messages.iter().map(kind).collect();
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(kinds, (0..=18).collect::<Vec<_>>(), "every kind of message is checked");
        for language in Language::ALL {
            for label in Label::ALL {
                let text = language.label(label);
                assert!(!text.trim().is_empty(), "{language:?} has no text for {label:?}");
                assert_eq!(text, text.trim(), "{language:?} {label:?} has stray spaces");
            }
            for message in &messages {
                let text = language.message(message);
                assert!(!text.trim().is_empty(), "{language:?} has no text for {message:?}");
                assert!(!text.contains("  "), "{language:?} {message:?}: {text:?}");
            }
        }
    }

    #[test]
    fn translations_are_translated() {
        // Words that must differ from the English (numbers, names of keys aside).
        for language in [Language::Ko, Language::ZhHant] {
            for label in Label::ALL {
                assert_ne!(language.label(label), Language::En.label(label), "{language:?} {label:?}");
            }
            for message in every_message() {
                assert_ne!(language.message(&message), Language::En.message(&message), "{message:?}");
            }
        }
    }

    #[test]
    fn sentences_keep_their_numbers_in_every_language() {
        for language in Language::ALL {
            let said = |m: Message| language.message(&m);
            assert!(said(Message::Moved { direction: Direction::Left, score: 1234 }).contains("1234"));
            assert!(said(Message::Won { score: 20480 }).contains("20480"));
            assert!(said(Message::Over { score: 999 }).contains("999"));
            let cell = said(Message::Cell { row: 3, col: 2, value: Some(1024) });
            assert!(cell.contains('3') && cell.contains('2') && cell.contains("1024"), "{cell}");
            let speed = said(Message::Speed { value: 4, max: 10 });
            assert!(speed.contains('4') && speed.contains("10"), "{speed}");
        }
    }

    #[test]
    fn the_four_directions_are_told_apart() {
        for language in Language::ALL {
            let mut hints: Vec<String> =
                Direction::ALL.iter().map(|&d| language.message(&Message::Hint(d))).collect();
            hints.sort();
            hints.dedup();
            assert_eq!(hints.len(), 4, "{language:?}");
        }
    }

    #[test]
    fn the_button_names_the_tests_rely_on() {
        let en = Language::En;
        assert_eq!(en.label(Label::NewGame), "New game");
        assert_eq!(en.label(Label::Hint), "Hint");
        assert_eq!(en.label(Label::Autoplay), "Autoplay");
        assert_eq!(en.label(Label::KeepGoing), "Keep going");
        assert_eq!(en.label(Label::TryAgain), "Try again");
    }

    #[test]
    fn the_rule_book_terms() {
        let ko = Language::Ko;
        assert_eq!(ko.label(Label::NewGame), "새 게임");
        assert_eq!(ko.label(Label::KeepGoing), "계속하기");
        assert_eq!(ko.label(Label::Hint), "힌트");
        assert_eq!(ko.label(Label::Autoplay), "자동 플레이");
        let zh = Language::ZhHant;
        assert_eq!(zh.label(Label::NewGame), "新遊戲");
        assert_eq!(zh.label(Label::KeepGoing), "繼續玩");
        assert_eq!(zh.label(Label::Hint), "提示");
        assert_eq!(zh.label(Label::Autoplay), "自動玩");
    }

    #[test]
    fn the_strengths_are_named_in_every_language() {
        let names = |l: Language| {
            (l.label(Label::Strength), l.label(Label::StrengthSpec), l.label(Label::StrengthStrong))
        };
        assert_eq!(names(Language::En), ("Solver strength", "Spec", "Strong"));
        assert_eq!(names(Language::Ko), ("솔버 강도", "기본", "강함"));
        assert_eq!(names(Language::ZhHant), ("解題程式強度", "標準", "強"));
        for language in Language::ALL {
            assert_ne!(language.label(Label::StrengthSpec), language.label(Label::StrengthStrong));
            // The help names both choices as the selector does.
            let help = language.label(Label::Help);
            assert!(help.contains(language.label(Label::StrengthStrong)), "{language:?}: {help}");
            assert!(help.contains(language.label(Label::StrengthSpec)), "{language:?}: {help}");
        }
    }

    #[test]
    fn cells_read_row_column_and_value() {
        let en = Language::En;
        assert_eq!(en.message(&Message::Cell { row: 1, col: 2, value: Some(8) }), "row 1, column 2: 8");
        assert_eq!(en.message(&Message::Cell { row: 4, col: 4, value: None }), "row 4, column 4: empty");
        assert_eq!(Language::Ko.message(&Message::Cell { row: 1, col: 2, value: Some(8) }), "1행 2열: 8");
        assert_eq!(
            Language::ZhHant.message(&Message::Cell { row: 4, col: 4, value: None }),
            "第 4 列第 4 行：空格"
        );
    }

    #[test]
    fn speed_words_name_the_ends() {
        let en = Language::En;
        assert_eq!(en.message(&Message::Speed { value: 0, max: 10 }), "slowest");
        assert_eq!(en.message(&Message::Speed { value: 10, max: 10 }), "fastest");
        assert_eq!(en.message(&Message::Speed { value: 4, max: 10 }), "4 of 10");
    }

    #[test]
    fn codes_and_names() {
        assert_eq!(Language::ALL.map(Language::code), ["en", "ko", "zh-Hant"]);
        for language in Language::ALL {
            assert_eq!(Language::from_code(language.code()), Some(language));
            assert_eq!(Language::from_code(&language.code().to_uppercase()), Some(language));
            assert!(!language.name().is_empty());
        }
        for bad in ["", "fr", "zh", "zh-TW", "english", "ko-KR"] {
            assert_eq!(Language::from_code(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn browser_tags_map_to_the_languages_spoken() {
        let cases = [
            ("en", Some(Language::En)),
            ("en-US", Some(Language::En)),
            ("EN-gb", Some(Language::En)),
            ("ko", Some(Language::Ko)),
            ("ko-KR", Some(Language::Ko)),
            ("ko_KR", Some(Language::Ko)),
            ("zh-TW", Some(Language::ZhHant)),
            ("zh-HK", Some(Language::ZhHant)),
            ("zh-MO", Some(Language::ZhHant)),
            ("zh-Hant", Some(Language::ZhHant)),
            ("zh-hant-TW", Some(Language::ZhHant)),
            ("zh-Hant-CN", Some(Language::ZhHant)),
            ("zh-tw", Some(Language::ZhHant)),
            ("zh", None),
            ("zh-CN", None),
            ("zh-SG", None),
            ("zh-Hans", None),
            ("zh-Hans-HK", None),
            ("zh-Hans-TW", None),
            ("ja-JP", None),
            ("fr", None),
            ("eng", None),
            ("kor", None),
            ("", None),
            ("*", None),
        ];
        for (tag, expected) in cases {
            assert_eq!(Language::from_tag(tag), expected, "{tag:?}");
        }
    }

    #[test]
    fn the_first_language_spoken_wins_else_english() {
        let cases: [(&[&str], Language); 13] = [
            (&[], Language::En),
            (&["en-US", "en"], Language::En),
            (&["ko-KR"], Language::Ko),
            (&["ko-KR", "ko", "en-US", "en"], Language::Ko),
            (&["zh-TW"], Language::ZhHant),
            (&["zh-HK", "en"], Language::ZhHant),
            (&["fr-FR", "de", "ko"], Language::Ko),
            (&["en-GB", "ko"], Language::En),
            (&["zh-CN"], Language::En),
            (&["zh-CN", "zh"], Language::En),
            (&["zh-CN", "zh-TW"], Language::ZhHant),
            (&["zh-CN", "ko", "zh-TW"], Language::Ko),
            (&["ja", "fr"], Language::En),
        ];
        for (tags, expected) in cases {
            assert_eq!(choose(tags.iter().copied()), expected, "{tags:?}");
        }
    }

    #[test]
    fn a_saved_choice_beats_the_browser_unless_it_is_not_a_language() {
        assert_eq!(initial(Some("ko"), ["en-US"]), Language::Ko);
        assert_eq!(initial(Some("zh-Hant"), ["ko-KR"]), Language::ZhHant);
        assert_eq!(initial(Some("en"), ["zh-TW"]), Language::En);
        assert_eq!(initial(Some("klingon"), ["zh-TW"]), Language::ZhHant);
        assert_eq!(initial(None, ["ko-KR"]), Language::Ko);
        assert_eq!(initial(None, []), Language::En);
    }

    #[test]
    fn the_current_language_is_kept() {
        // The only test that sets it: tests run in parallel threads of one process.
        for language in Language::ALL.into_iter().chain([Language::En]) {
            set_current(language);
            assert_eq!(current(), language);
        }
    }

    #[test]
    fn site_links_go_to_this_language_where_the_site_has_it() {
        let link = |l: Language, p: SitePage| l.site_link(p);
        assert_eq!(link(Language::En, SitePage::Rules).href, "site/rules.html");
        assert_eq!(link(Language::Ko, SitePage::Rules).href, "site/rules.ko.html");
        assert_eq!(link(Language::ZhHant, SitePage::Rules).href, "site/rules.zh-Hant.html");
        assert_eq!(link(Language::Ko, SitePage::Solver).href, "site/solver.ko.html");
        assert_eq!(
            link(Language::ZhHant, SitePage::Solver),
            SiteLink { href: "site/solver.html", lang: Language::En }
        );
        for language in Language::ALL {
            assert_eq!(link(language, SitePage::Strategy).href, "site/strategy.html");
            assert_eq!(link(language, SitePage::Results).href, "site/results.html");
            assert_eq!(link(language, SitePage::Rules).lang, language);
            for page in SitePage::ALL {
                assert_eq!(SitePage::from_key(page.key()), Some(page));
                // Every target is one of the site's own pages (crates/site writes them).
                let file = link(language, page).href.trim_start_matches("site/");
                assert!(
                    std::path::Path::new(&format!("{}/../../www/site/{file}", env!("CARGO_MANIFEST_DIR")))
                        .exists(),
                    "{file}"
                );
            }
        }
    }

    /// `www/boot.js` shows the load failure in the page's language from `index.html`'s
    /// `data-load-failed-<code>` attributes: they must say what this table says.
    #[test]
    fn index_html_holds_the_load_failure_in_every_language() {
        let page = include_str!("../../../index.html");
        for language in Language::ALL {
            let attribute = format!(
                "data-load-failed-{}=\"{}\"",
                language.code().to_ascii_lowercase(),
                language.label(Label::LoadFailed)
            );
            assert!(page.contains(&attribute), "index.html lacks {attribute}");
        }
    }
}
