//! The page's state: the game on screen ([`Current`]), the best score, the settings, and the
//! sub-models that own the rest (the solver, the coach, the entered board, the replay view,
//! the games kept, the notices, Autoplay, autosave), and the first effects of a visit.

use game_core::{Direction, Game, Record, Status};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::analysis::Analysis;
use super::autoplay::Autoplay;
use super::autosave::Autosave;
use super::coach::{Coach, CoachSave};
use super::effect::{Effect, Timer};
use super::entered::Entering;
use super::history::Tally;
use super::keep::{Keeping, Played, TallySave, resume};
use super::panels::Panel;
use super::practice::Practice;
use super::quality::{Quality, Thresholds};
use super::replaying::Replaying;
use super::solving::Solving;
use super::telling::Telling;
use crate::daily::DailyTry;
use crate::days::Days;
use crate::request::Strength;
use crate::saved::{Loaded, Problem};
use crate::text::{Language, Message};

/// What the confirmation's "yes" does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Confirming {
    #[default]
    NewGame,
    /// Give the game in progress up for the entered board on screen.
    PlayEntered,
    /// Give the game in progress up for the game of the day.
    TodaysGame,
}

/// What a visit starts from.
pub struct Start {
    /// What storage held.
    pub loaded: Loaded,
    /// Seeds every new tile of the visit.
    pub seed: u64,
    pub speed: u8,
    pub strength: Strength,
    pub language: Language,
    /// The coach as the last visit left it, if it could be read.
    pub coach: Option<CoachSave>,
    /// The measured thresholds of the words, one per strength measured.
    pub thresholds: Vec<Thresholds>,
    /// The page's clock (`performance.now()`), in milliseconds.
    pub now: f64,
    /// The time then (`Date.now()`), in milliseconds since 1970: when kept games were played.
    pub wall: f64,
    /// The game in progress's tally and record as the last visit left them, if they could
    /// be read.
    pub tally: Option<TallySave>,
    /// Moves already played on this page, before the page ran (by the first board, see
    /// `first_board`): `#board`'s `data-moves` goes on from there.
    pub moves: u32,
    /// The days' results as saved (empty when none are, or they could not be read).
    pub days: Days,
}

/// The game on screen and what goes with it wherever it goes: set aside while an entered
/// board is analysed and brought back, taken up from another tab, started afresh.
#[derive(Clone, Debug)]
pub(super) struct Current {
    /// The game's moves and tiles: the source of the game, and of Undo.
    pub record: Record,
    /// Whether this game has had a move, so that New game asks first.
    pub started: bool,
    /// Undo was used in this game: it never raises Best.
    pub practised: bool,
    /// The game started from an entered board: it never raises Best.
    pub entered: bool,
    /// The game is a try at a day's game: its tiles come from the day.
    pub daily: Option<DailyTry>,
}

impl Current {
    /// `game`, with no move made on it yet and no help.
    pub fn fresh(game: Game) -> Current {
        Current { record: Record::new(game), started: false, practised: false, entered: false, daily: None }
    }

    /// The game another tab saved (see [`resume`]), as that tab left it, and its tally.
    pub fn taken_up(taken: TallySave) -> (Current, Tally) {
        let current = Current {
            started: record_played(&taken.record),
            record: taken.record,
            practised: taken.practised,
            entered: taken.entered,
            daily: taken.daily,
        };
        (current, taken.tally)
    }

    /// Whether its score may raise Best: not with Undo, not from an entered board, not a day's
    /// game played again (practice: its tiles were known).
    pub fn counts_for_best(&self) -> bool {
        !self.practised && !self.entered && self.daily.is_none_or(|d| d.counts)
    }

    /// It as its entry would keep it, with its `tally`.
    pub fn played(&self, tally: Tally) -> Played<'_> {
        Played { record: &self.record, tally, practised: self.practised, entered: self.entered }
    }
}

/// Everything on screen and in flight.
pub struct Model {
    pub(super) rng: SmallRng,
    pub(super) best: u32,
    /// Moves that counted since the page loaded (tests wait on it).
    pub(super) moves: u32,
    /// The game on screen: its record and flags.
    pub(super) current: Current,
    pub(super) autosave: Autosave,
    pub(super) language: Language,
    /// Read at each request, so a change reaches a running Autoplay at its next move.
    pub(super) strength: Strength,
    pub(super) autoplay: Autoplay,
    /// The solver: its worker, the network, the requests awaited, the answer for the board on
    /// screen and Hint's arrow.
    pub(super) solving: Solving,
    pub(super) confirm_open: bool,
    pub(super) confirming: Confirming,
    /// The board editor, and an entered board analysed with the game in progress set aside.
    pub(super) entering: Entering,
    pub(super) coach: Coach,
    /// The coach judged a move it has not written yet.
    pub(super) coach_unsaved: bool,
    /// [`Effect::AfterPaint`] is asked for.
    pub(super) after_paint_asked: bool,
    /// Where a move's gap from the best stops being "about as good", then "worse".
    pub(super) thresholds: Vec<Thresholds>,
    /// What the page tells the player beside the board: the notices and the last toast.
    pub(super) telling: Telling,
    /// The game in progress's tally and the finished games kept.
    pub(super) keeping: Keeping,
    /// The view open over the game, if any.
    pub(super) panel: Panel,
    /// The replay view's game and position.
    pub(super) replaying: Replaying,
    /// A new version of the page is ready: the page offers it.
    pub(super) update_ready: bool,
    /// The days' games played: their first tries and the solver's results.
    pub(super) days: Days,
    /// The practice deck and the practice under way.
    pub(super) practice: Practice,
}

/// Whether `game` has had a move: a move that counts either merges (scoring) or adds a tile
/// without merging, so a game fresh from `Game::new` is the only one with no score and 2 tiles.
pub(super) fn has_been_played(game: &Game) -> bool {
    game.score() > 0 || game.board().tile_count() > 2
}

/// Whether the game of `record` has had a move, also one taken back since (so that New game
/// asks first).
pub(super) fn record_played(record: &Record) -> bool {
    has_been_played(&record.game()) || record.can_undo()
}

impl Model {
    /// The model of a visit and what the page must do first: show the board, start the solver,
    /// and write only what needs it: a game newly made, or a best score that could not be read
    /// (nothing is written over a saved game that loaded, so storage that is full but holds
    /// the game says nothing).
    pub fn start(start: Start) -> (Model, Vec<Effect>) {
        let mut rng = SmallRng::seed_from_u64(start.seed);
        let repair = start.loaded.game.is_none() || start.loaded.problems.contains(&Problem::CorruptBest);
        let game = start.loaded.game.unwrap_or_else(|| Game::new(&mut rng));
        let saved = start.coach.unwrap_or_default();
        let resumed = resume(game, Some(&saved), start.tally);
        let mut model = Model {
            // The resumed game's score counts towards Best unless Undo was used in it or it
            // started from an entered board.
            best: if resumed.counts_for_best() {
                start.loaded.best.max(game.score())
            } else {
                start.loaded.best
            },
            rng,
            moves: start.moves,
            current: Current {
                started: has_been_played(&game),
                record: resumed.record,
                practised: resumed.practised,
                entered: resumed.entered,
                daily: resumed.daily,
            },
            autosave: Autosave::new(),
            language: start.language,
            strength: start.strength,
            autoplay: Autoplay::new(start.speed),
            solving: Solving::default(),
            confirm_open: false,
            confirming: Confirming::NewGame,
            entering: Entering::default(),
            practice: Practice::new(&saved.coach.mistakes),
            coach: saved.coach,
            coach_unsaved: false,
            after_paint_asked: false,
            thresholds: start.thresholds,
            telling: Telling::default(),
            keeping: Keeping::new(resumed.tally, start.wall - start.now),
            panel: Panel::None,
            replaying: Replaying::default(),
            update_ready: false,
            days: start.days,
        };
        let mut fx = vec![
            model.show_board(false),
            Effect::ShowSpeed(model.autoplay.speed()),
            Effect::ShowStrength(model.strength),
        ];
        for problem in start.loaded.problems {
            model.telling.report(problem, &mut fx);
        }
        if repair {
            model.save(start.now, &mut fx);
        }
        // The worker's files load once the board is on screen, not before.
        fx.push(Effect::AfterPaint(Timer::StartSolver));
        model.coach_look(&mut fx);
        (model, fx)
    }

    /// Puts the game on screen afresh; `appear` animates its tiles in.
    pub(super) fn show_board(&self, appear: bool) -> Effect {
        Effect::ShowBoard { rows: self.game().board().rows(), appear }
    }

    /// The game on screen: the record's, as its steps up to the cursor leave it.
    pub fn game(&self) -> Game {
        self.current.record.game()
    }

    pub fn status(&self) -> Status {
        self.game().status()
    }

    pub fn best(&self) -> u32 {
        self.best
    }

    pub fn moves(&self) -> u32 {
        self.moves
    }

    pub fn language(&self) -> Language {
        self.language
    }

    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// The strength the solver is asked at: the one chosen, or [`STAND_IN`] while the chosen
    /// one's download is not in the worker yet (or failed).
    ///
    /// [`STAND_IN`]: super::network::STAND_IN
    pub fn asked_strength(&self) -> Strength {
        self.solving.asked_strength(self.strength)
    }

    /// What the status by the strength selector says: why the strength chosen is not the one
    /// answering (Strong or Max, while the download loads or after it failed); nothing once
    /// the solver itself is unavailable (the notice says so).
    pub fn strength_status(&self) -> Option<Message> {
        self.solving.strength_status(self.strength)
    }

    /// Where getting the chosen strength ready stands, for the indicator by the board: the
    /// strength and how much of its download has arrived (see `NetworkState::getting_ready`);
    /// `None` when nothing is being got ready (or the solver itself is unavailable).
    pub fn getting_ready(&self) -> Option<(Strength, Option<u8>)> {
        self.solving.getting_ready(self.strength)
    }

    pub fn speed(&self) -> u8 {
        self.autoplay.speed()
    }

    pub fn autoplay_on(&self) -> bool {
        self.autoplay.is_on()
    }

    /// The arrow on the board, if a hint is shown.
    pub fn hint(&self) -> Option<Direction> {
        self.solving.hint()
    }

    /// What Hint explains with its arrow: the search's answer for the board on screen, while
    /// the arrow is shown.
    pub fn explained(&self) -> Option<&Analysis> {
        self.solving.hint().and(self.solving.analysis()).filter(|a| a.board == self.game().board())
    }

    pub fn coach(&self) -> &Coach {
        &self.coach
    }

    /// Whether Undo was used in this game.
    pub fn practised(&self) -> bool {
        self.current.practised
    }

    /// The word for `direction` on the board `analysis` is of, and how full its bar is.
    pub fn rate(&self, analysis: &Analysis, direction: Direction) -> (Quality, f64) {
        (
            Thresholds::rate(&self.thresholds, analysis, direction),
            Thresholds::share(&self.thresholds, analysis, direction),
        )
    }

    pub fn confirm_open(&self) -> bool {
        self.confirm_open
    }

    pub fn notices(&self) -> &[Message] {
        self.telling.notices()
    }

    pub fn toast(&self) -> Option<&Message> {
        self.telling.toast()
    }

    /// Whether the solver can no longer be asked (its worker failed for good).
    pub fn solver_failed(&self) -> bool {
        self.solving.is_failed()
    }

    /// Whether a new version of the page is ready and offered.
    pub fn update_ready(&self) -> bool {
        self.update_ready
    }

    /// The player took the new version: Autoplay stops and everything not yet written is
    /// written, then the page is handed over (it reloads into the same game).
    pub(super) fn apply_update(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if !self.update_ready {
            return;
        }
        self.stop_autoplay(now, fx);
        self.save_waiting(now, fx);
        self.flush_coach(fx);
        fx.push(Effect::ApplyUpdate);
    }
}
