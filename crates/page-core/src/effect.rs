//! What [`update`](super::update) asks the browser shell to do.

use game_core::{Direction, Game, MoveReport};

use super::coach::CoachSave;
use super::history::Write;
use super::keep::TallySave;
use crate::request::{Request, Strength};
use crate::text::{Language, Message};

/// A timer's purpose: the shell sets it and hands it back as [`Event::Timer`] when it fires.
///
/// [`Event::Timer`]: super::Event::Timer
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timer {
    /// Autoplay's pause after a move is over: its next move, if run `run` still plays.
    AutoplayStep { run: u32 },
    /// Just after the frame that showed an Autoplay move at the fastest speed.
    AfterFrame { run: u32 },
    /// Autoplay's deferred save.
    Autosave,
    /// The time request `id` had to be answered in.
    Deadline { id: u64 },
    /// The time worker `generation` had to say it is ready in.
    StartTimeout { generation: u32 },
    /// Just after the frame that shows a player's move.
    AfterMove,
    /// The next move of replay play `run`.
    ReplayStep { run: u32 },
    /// Just after the first frame that shows the board: the solver's worker starts.
    StartSolver,
}

/// What [`Effect::Save`] writes, in this order: the game's tally (its record from the first
/// move, its help, whether it may raise Best), then the game, then Best. The tally goes first
/// so that whoever reads the game next (another tab told of the write, a visit after a crash)
/// finds the tally of that very game beside it.
#[derive(Clone, Debug, PartialEq)]
pub struct Saving {
    pub tally: TallySave,
    pub game: Game,
    pub best: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Put these tiles (the game's board, row by row) on the board afresh (a new or adopted
    /// game); `appear` animates them in.
    ShowBoard {
        rows: [[u32; 4]; 4],
        appear: bool,
    },
    /// Move the tiles as the report says, to end as `rows`; `jump` when there is no time to
    /// slide (Autoplay at its fastest).
    Animate {
        report: MoveReport,
        rows: [[u32; 4]; 4],
        jump: bool,
    },
    /// Say these in the live region, in the page's language, as one text.
    Announce(Vec<Message>),
    /// A short message over the board that goes by itself.
    Toast(Message),
    /// Start a solver worker (ending any other): its events come tagged with `generation`.
    StartWorker {
        generation: u32,
    },
    /// End the worker for good.
    StopWorker,
    /// Send the worker a request.
    Ask(Request),
    /// Download the network (`solver::max::NETWORK_FILE`), from the copy kept for offline
    /// use when there is one; answered by [`Event::NetworkFetched`].
    ///
    /// [`Event::NetworkFetched`]: super::Event::NetworkFetched
    FetchNetwork,
    /// Hand the worker of `generation` (if it is still the running one) the network's bytes.
    SendNetwork {
        generation: u32,
    },
    /// Drop the network's bytes, and the copy kept for offline use: they are damaged.
    ForgetNetwork,
    /// Write the game in progress and the best score.
    Save(Box<Saving>),
    /// Write the coach's state.
    SaveCoach(Box<CoachSave>),
    SaveSpeed(u8),
    SaveStrength(Strength),
    SaveLanguage(Language),
    Timer {
        ms: u32,
        timer: Timer,
    },
    /// Ask for an animation frame ([`Event::Frame`](super::Event::Frame)).
    Frame,
    /// Set `timer` to fire just after the next frame is drawn.
    AfterPaint(Timer),
    OpenConfirm,
    CloseConfirm,
    /// Write every fixed word of the page in `language`, with the speed slider's words for
    /// `speed` and the toast on screen, if any, said again.
    ApplyLanguage {
        language: Language,
        speed: u8,
        toast: Option<Message>,
    },
    /// Set the speed slider.
    ShowSpeed(u8),
    /// Check this strength's radio.
    ShowStrength(Strength),
    /// Give the focus back to the page after a choice made by pointer.
    ReleasePointerFocus,
    /// Mark the moment Hint was asked (a performance mark), and the moment its arrow showed.
    MarkHintAsked,
    MeasureHintShown(Direction),
    /// Open the board editor on this board (its 16 values).
    OpenEditor(String),
    CloseEditor,
    /// Put this address fragment (`#board=…`), made a whole link, on the clipboard.
    CopyLink(String),
    /// Put this text (the day's game's result) on the clipboard; answered by
    /// [`Event::ResultCopied`](super::Event::ResultCopied).
    CopyResult(String),
    /// Write the days' results.
    SaveDays(crate::days::Days),
    /// Ask the running worker to play this day's game with Strong, in the background; answered
    /// by [`WorkerEvent::DayPlayed`](super::WorkerEvent::DayPlayed).
    PlayDay(crate::daily::Day),
    /// Takes the `#board=` off the page's address, without a reload or a history entry.
    ClearAddress,
    /// Switch to the new version of the page that is ready (www/update.js reloads the page
    /// once it is in charge); the game is saved first.
    ApplyUpdate,
    /// Something for the developer console.
    Warn(String),
    /// Write a finished game to the history, removing the entries named (the oldest, past the
    /// bounds).
    KeepGame(Write),
    /// Show this view over the game (closing any other).
    OpenPanel(super::panels::Panel),
    /// Close the view over the game.
    ClosePanel,
    /// Read kept game `id` from storage (answered by [`Event::KeptLoaded`]).
    ///
    /// [`Event::KeptLoaded`]: super::Event::KeptLoaded
    LoadKept(u64),
    /// Read the review kept with game `id` (answered by [`Event::ReviewLoaded`]).
    ///
    /// [`Event::ReviewLoaded`]: super::Event::ReviewLoaded
    LoadReview(u64),
    /// Keep this review document (`saved::review`) with kept game `game`, over any before,
    /// and its accuracy once it is complete.
    SaveReview {
        game: u64,
        document: String,
        accuracy: Option<u8>,
    },
    /// Keep these practice cards (key, document), each over any kept under its key.
    SaveCards(Vec<(String, String)>),
    /// Delete the practice cards of these keys.
    DeleteCards(Vec<String>),
    /// Move the practice cards of these keys, which cannot be read, out of the deck to where
    /// unreadable things are kept.
    SetAsideCards(Vec<String>),
    /// Offer this text as a file of this name to save.
    Download {
        name: String,
        text: String,
    },
}
