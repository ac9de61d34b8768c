//! What can happen to the page: the player's input, the solver worker's messages, frames,
//! timers, the page being hidden, and another tab writing the saved game.

use game_core::Direction;

use super::analysis::Search;
use super::effect::Timer;
use super::history::Summary;
use crate::request::Strength;
use crate::saved::Problem;

/// A button of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// The header's New game.
    NewGame,
    /// The win banner's New game.
    BannerNewGame,
    /// Game over's Try again.
    TryAgain,
    KeepGoing,
    Hint,
    Autoplay,
    /// The Coach toggle.
    Coach,
    Undo,
    CopyLink,
    /// Opens the board editor.
    EditBoard,
    /// The editor's Cancel (or Escape).
    EditorCancel,
    /// "Play from here", on an entered board.
    PlayEntered,
    /// "Back to my game", from an entered board.
    LeaveEntered,
    /// The mistake before / after the one reviewed.
    PreviousMistake,
    NextMistake,
    /// The confirmation's "Start new game".
    ConfirmYes,
    /// The confirmation's Cancel.
    ConfirmNo,
    /// Opens the statistics of the kept games.
    Statistics,
    /// Opens the replay of a kept game.
    Replay,
    /// The open view's Close.
    ClosePanel,
    /// The replay's steps, play or pause, the solver's view of the position, and export.
    ReplayStep(super::replaying::Step),
    ReplayPlay,
    ReplayAnalyse,
    ReplayExport,
    /// Review: the solver judges every move of the game the replay shows.
    Review,
    /// The game-over banner's Review: the game just ended, in the replay, reviewed.
    ReviewEnded,
    /// "Update" on the notice that a new version is ready.
    Update,
    /// Starts the game of the day.
    TodaysGame,
    /// Copies the day's game's result, once it has ended.
    CopyResult,
    /// "Learn from your mistakes" in a game's review: a practice of its worse and much worse moves.
    LearnFromReview,
    /// The same in the coach's list: the game in progress's.
    LearnFromCoach,
    /// Practice: the deck's boards that are due.
    Practice,
    /// The practice's Next, once a question is answered.
    DrillNext,
}

/// What the solver's worker did; the shell tags each with the worker's generation.
#[derive(Clone, Debug, PartialEq)]
pub enum WorkerEvent {
    /// It can take requests.
    Ready,
    /// It played `day`'s game with Strong, to this end.
    DayPlayed { day: crate::daily::Day, outcome: crate::days::Outcome },
    /// Its answer to request `id`.
    Decision { id: u64, search: Search },
    /// It could not read request `id` (or a request whose id it could not read either).
    Refused { id: Option<u64>, message: String },
    /// It could not load, threw, or could not be sent a message.
    Failed(String),
    /// It has read the network.
    NetworkReady,
    /// It could not read the network's bytes, for this reason (for the console).
    NetworkRefused(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A key or a swipe.
    Move(Direction),
    Click(Control),
    /// `U`, Ctrl+Z or Cmd+Z.
    Undo,
    /// The page's address fragment (`#…`), at start and whenever it changes.
    Address(String),
    /// The editor's text or a tile in it changed (what was said of the last entry is old).
    EditorEdited,
    /// The board editor's text (16 values) and score (empty: the least the tiles imply).
    EnterBoard {
        list: String,
        score: String,
    },
    /// A mistake's Analyse button: the game's mistake of this index (from 0).
    ReviewMistake(usize),
    /// One of the practice's move buttons.
    DrillAnswer(Direction),
    /// Storage read the practice deck: each card's key and document.
    DeckLoaded(Vec<(String, String)>),
    /// The confirmation was closed without a choice (Escape).
    ConfirmDismissed,
    /// The speed slider's value, as the slider gives it.
    Speed(String),
    /// The strength radio now checked, if it names a strength.
    Strength(Option<Strength>),
    /// The language selector's value.
    Language(String),
    /// A message or failure from the worker of this generation (see [`Effect::StartWorker`]).
    ///
    /// [`Effect::StartWorker`]: super::Effect::StartWorker
    Worker {
        generation: u32,
        event: WorkerEvent,
    },
    /// An animation frame asked for by [`Effect::Frame`](super::Effect::Frame).
    Frame,
    Timer(Timer),
    /// The page was hidden or is being left.
    PageHidden,
    /// Another tab or window wrote the saved game (`None`: removed it); `tally` is the game's
    /// tally as storage held it then (written just before the game), if it could be read.
    StoredGame {
        text: Option<String>,
        tally: Option<Box<super::keep::TallySave>>,
    },
    /// Another tab or window wrote the best score.
    StoredBest(Option<String>),
    /// The link to the board was put on the clipboard (`true`), or the browser refused.
    LinkCopied(bool),
    /// The day's game's result was put on the clipboard (`true`), or the browser refused.
    ResultCopied(bool),
    /// A write to storage failed.
    SaveFailed(Problem),
    /// The history was read: its games (their summaries), and how many entries could not be
    /// read and were set aside.
    HistoryLoaded {
        games: Vec<Summary>,
        set_aside: usize,
    },
    /// The browser keeps no history (no IndexedDB, or it refused to open).
    HistoryUnavailable,
    /// A finished game could not be written to the history.
    KeepFailed,
    /// This view's dialog closed (Escape, or the page closing it).
    PanelClosed(super::panels::Panel),
    /// Storage read the accuracies of the kept games reviewed whole (game id, accuracy).
    AccuraciesLoaded(Vec<(u64, u8)>),
    /// Storage read the review kept with game `game` (`None`: there is none, or it could not
    /// be read).
    ReviewLoaded {
        game: u64,
        text: Option<String>,
    },
    /// Storage read kept game `id` (or could not, for the reason given).
    KeptLoaded {
        id: u64,
        kept: Result<Box<super::history::Kept>, String>,
    },
    /// The replay picker's value (a kept game's id).
    ReplayPick(String),
    /// The replay scrubber's value (the moves played in the position to show).
    ReplaySeek(String),
    /// A file chosen to import as a replay: its text, or why it was not read.
    ReplayFile(Result<String, super::replay::ReplayError>),
    /// A new version of the page has been fetched and is ready to take over.
    UpdateReady,
    /// Part of the network's download arrived: `received` bytes of `total` (as announced, else
    /// the most the page downloads).
    NetworkProgress {
        received: u64,
        total: u64,
    },
    /// The download of the network ended: its bytes are in the shell, or why not.
    NetworkFetched(Result<(), super::network::NetworkProblem>),
}
