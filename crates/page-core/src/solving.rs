//! The solver as the page uses it ([`Solving`]): its worker, the network, the requests whose
//! answers are awaited (stale ones dropped by id and board), Autoplay's move waiting for its
//! frame, the answer for the board on screen and Hint's arrow. What the rest of the page does
//! with them (Hint, Autoplay's loop, a lost worker) is `asking`'s.
//!
//! Several requests can be out at once (a look at the board for Hint, an Autoplay move); the
//! answer for the board on screen is kept as its [`Analysis`], so that Hint asked again on the
//! same board answers at once.

use game_core::{Board, Direction};

use super::analysis::{Analysis, Search};
use super::connection::Connection;
use super::effect::Effect;
use super::event::WorkerEvent;
use super::network::{NetworkProblem, NetworkState, STAND_IN};
use crate::daily::Day;
use crate::days::Outcome;
use crate::request::Strength;
use crate::text::Message;

/// What a request to the solver was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Purpose {
    /// A look at the board, for Hint.
    Look,
    /// A move for this Autoplay run.
    Autoplay(u32),
    /// A look at the position a replay shows.
    Replay,
    /// Move `index` of kept game `game`, for its review.
    Review { game: u64, index: usize },
    /// The board of the practice's question.
    Drill,
}

/// The request whose answer is awaited; any other answer is stale.
#[derive(Clone, Copy, Debug)]
struct Pending {
    id: u64,
    board: Board,
    strength: Strength,
    purpose: Purpose,
}

/// An Autoplay move the solver has chosen, waiting for the next animation frame to be played.
#[derive(Clone, Copy, Debug)]
pub(super) struct Queued {
    pub run: u32,
    /// The board it was chosen for: played only if the game is still there.
    pub board: Board,
    pub direction: Direction,
}

/// What the worker's event means for the rest of the page.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Heard {
    /// Nothing more (an older worker's event, or one the solver handles itself).
    Nothing,
    /// The current worker read the network: what waits on the stand-in's answer may ask again.
    NetworkRead,
    /// The answer to an awaited request, with what it was for.
    Answer(Purpose, Analysis),
    /// The worker refused an awaited request, made for this.
    Refused(Purpose),
    /// The worker played the day's game with Strong, to this end.
    DayPlayed(Day, Outcome),
    /// The worker is gone: the player is told `message`, and a fresh one starts if `restart`.
    Lost { message: Message, restart: bool },
}

/// The solver as the page uses it: its worker, the network it searches with, the requests
/// whose answers are awaited, Autoplay's move waiting for its frame, the answer for the board
/// on screen, and Hint's arrow.
#[derive(Default)]
pub(super) struct Solving {
    solver: Connection,
    /// The network (Max's, which Strong shares): downloaded when either is chosen, then handed
    /// to each worker.
    network: NetworkState,
    /// The requests whose answers are awaited; any other answer is stale.
    pending: Vec<Pending>,
    queued: Option<Queued>,
    /// Whether a frame has been asked for to play `queued`.
    frame_asked: bool,
    /// The solver's answer for the board on screen, once known.
    analysis: Option<Analysis>,
    hint: Option<Direction>,
    /// Hint was pressed on this board: its arrow shows when the answer comes.
    hint_asked: bool,
    /// The day whose game the worker of this generation was asked to play (Strong, in the
    /// background), until it answers.
    day_asked: Option<(u32, Day)>,
}

impl Solving {
    /// The strength the solver is asked at while `chosen` is chosen: that one, or [`STAND_IN`]
    /// while its download is not in the worker yet (or failed).
    pub fn asked_strength(&self, chosen: Strength) -> Strength {
        if chosen.strategy().needs_network() && !self.network.is_ready_in(self.solver.generation()) {
            STAND_IN
        } else {
            chosen
        }
    }

    /// Why `chosen` is not the strength answering (see `NetworkState::status`); nothing once
    /// the solver itself is unavailable.
    pub fn strength_status(&self, chosen: Strength) -> Option<Message> {
        if self.solver.is_failed() {
            return None;
        }
        self.network.status(chosen, self.solver.generation())
    }

    /// Where getting `chosen` ready stands (see `NetworkState::getting_ready`); `None` when
    /// nothing is being got ready, or the solver itself is unavailable.
    pub fn getting_ready(&self, chosen: Strength) -> Option<(Strength, Option<u8>)> {
        if self.solver.is_failed() {
            return None;
        }
        let percent = self.network.getting_ready(chosen, self.solver.generation())?;
        Some((chosen, percent))
    }

    /// Whether the solver can no longer be asked (its worker failed for good).
    pub fn is_failed(&self) -> bool {
        self.solver.is_failed()
    }

    /// Downloads what `chosen` needs (the network of Strong and Max), once the solver has
    /// started (at start, the download waits for it: the page's own files come first).
    pub fn want_network(&mut self, chosen: Strength, fx: &mut Vec<Effect>) {
        if chosen.strategy().needs_network() && !self.solver.is_idle() && !self.solver.is_failed() {
            self.network.want(fx);
        }
    }

    /// The visit's first worker starts, and with it the download `chosen` needs (once: the
    /// timer again does neither).
    pub fn start(&mut self, chosen: Strength, fx: &mut Vec<Effect>) {
        if self.solver.is_idle() {
            self.solver.start_first(fx);
            self.want_network(chosen, fx);
        }
    }

    /// Part of the download arrived (see [`NetworkState::progress`]).
    pub fn network_progress(&mut self, received: u64, total: u64) {
        self.network.progress(received, total);
    }

    /// The download of the network ended.
    pub fn network_fetched(&mut self, result: Result<(), NetworkProblem>, fx: &mut Vec<Effect>) {
        if let Err(problem) = result {
            fx.push(Effect::Warn(format!("the network was not downloaded: {problem:?}")));
        }
        self.network.fetched(result, self.solver.ready_generation(), fx);
    }

    /// The answer kept for the board on screen (its board may have changed since).
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// The answer for `board` at `strength`, if it is the one kept.
    pub fn analysis_of(&self, board: Board, strength: Strength) -> Option<&Analysis> {
        self.analysis.as_ref().filter(|a| a.board == board && a.strength == strength)
    }

    /// The arrow on the board, if a hint is shown.
    pub fn hint(&self) -> Option<Direction> {
        self.hint
    }

    /// Whether Hint was asked on the board on screen (its arrow shown, or awaited).
    pub fn hint_asked(&self) -> bool {
        self.hint_asked
    }

    /// Hint was pressed: its arrow shows when the answer for the board comes.
    pub fn want_hint(&mut self) {
        self.hint_asked = true;
    }

    /// Shows the arrow of the answer for `board` at `strength`, if it is known.
    pub fn show_hint(&mut self, board: Board, strength: Strength, fx: &mut Vec<Effect>) {
        let Some(best) = self.analysis_of(board, strength).and_then(|a| a.search.best) else { return };
        self.hint = Some(best);
        fx.push(Effect::MeasureHintShown(best));
        fx.push(Effect::Announce(vec![Message::Hint(best)]));
    }

    /// Hint's arrow goes, and so does a Hint asked and not yet answered: the board it was for
    /// has changed or is no longer played by the player.
    pub fn drop_hint(&mut self) {
        self.hint = None;
        self.hint_asked = false;
    }

    /// Another game is on screen: what was known of the last board, and Hint, go.
    pub fn new_game(&mut self) {
        self.drop_hint();
        self.analysis = None;
    }

    /// Whether a request for `purpose` about `board` (at `strength`, if given) is awaited.
    pub fn awaits(&self, purpose: Purpose, board: Board, strength: Option<Strength>) -> bool {
        self.pending
            .iter()
            .any(|p| p.purpose == purpose && p.board == board && strength.is_none_or(|s| p.strength == s))
    }

    /// Whether a request of Autoplay's run `run` is awaited.
    pub fn awaits_autoplay(&self, run: u32) -> bool {
        self.queued.is_some() || self.pending.iter().any(|p| p.purpose == Purpose::Autoplay(run))
    }

    /// Asks the solver about `board` at `strength` for `purpose`; whether it could be asked
    /// (not when the solver has failed for good).
    pub fn ask(&mut self, purpose: Purpose, board: Board, strength: Strength, fx: &mut Vec<Effect>) -> bool {
        match self.solver.ask(board, strength, fx) {
            Some(id) => {
                self.pending.push(Pending { id, board, strength, purpose });
                true
            }
            None => false,
        }
    }

    /// Autoplay's move waits for a frame (or for the confirmation to close).
    pub fn queue(&mut self, queued: Queued) {
        self.queued = Some(queued);
    }

    pub fn is_queued(&self) -> bool {
        self.queued.is_some()
    }

    /// The queued move is for no one any more (Autoplay stopped, or the game changed).
    pub fn drop_queued(&mut self) {
        self.queued = None;
    }

    /// Autoplay stopped: its requests are stale.
    pub fn autoplay_stopped(&mut self) {
        self.pending.retain(|p| !matches!(p.purpose, Purpose::Autoplay(_)));
    }

    /// Asks for a frame to play the queued move in, unless one is asked for.
    pub fn ask_frame(&mut self, fx: &mut Vec<Effect>) {
        if !std::mem::replace(&mut self.frame_asked, true) {
            fx.push(Effect::Frame);
        }
    }

    /// A frame came: the next wait needs another.
    pub fn frame_came(&mut self) {
        self.frame_asked = false;
    }

    pub fn take_queued(&mut self) -> Option<Queued> {
        self.queued.take()
    }

    /// What the worker of `generation` said, handled as far as the solver's own state goes.
    pub fn update(&mut self, generation: u32, event: WorkerEvent, fx: &mut Vec<Effect>) -> Heard {
        if !self.solver.is_current(generation) {
            return Heard::Nothing;
        }
        match event {
            WorkerEvent::Ready => {
                self.solver.ready(fx);
                self.network.worker_ready(generation, fx);
                Heard::Nothing
            }
            WorkerEvent::NetworkReady => {
                self.network.read(generation);
                Heard::NetworkRead
            }
            WorkerEvent::NetworkRefused(why) => {
                fx.push(Effect::Warn(format!("the network of Strong and Max: {why}")));
                self.network.refused(generation, fx);
                Heard::Nothing
            }
            WorkerEvent::DayPlayed { day, outcome } => {
                if self.day_asked.is_some_and(|(_, asked)| asked == day) {
                    self.day_asked = None;
                }
                Heard::DayPlayed(day, outcome)
            }
            WorkerEvent::Decision { id, search } => match self.answered(id) {
                Some(pending) => Heard::Answer(pending.purpose, analysis(&pending, search)),
                None => Heard::Nothing,
            },
            WorkerEvent::Refused { id, message } => {
                fx.push(Effect::Warn(format!("the solver refused request {id:?}: {message}")));
                match id.and_then(|id| self.answered(id)) {
                    Some(refused) => Heard::Refused(refused.purpose),
                    None => Heard::Nothing,
                }
            }
            WorkerEvent::Failed(why) => {
                fx.push(Effect::Warn(format!("solver worker: {why}")));
                self.network.worker_lost(generation);
                if self.solver.is_starting() {
                    // It never ran: a fresh one would fail the same way.
                    Heard::Lost { message: Message::SolverUnavailable, restart: false }
                } else {
                    Heard::Lost { message: Message::SolverCrashed, restart: true }
                }
            }
        }
    }

    /// The awaited request `id`, no longer awaited.
    fn answered(&mut self, id: u64) -> Option<Pending> {
        let at = self.pending.iter().position(|p| p.id == id)?;
        Some(self.pending.remove(at))
    }

    /// Whether the worker of `generation` is the current one and still has not said it is
    /// ready.
    pub fn is_late(&self, generation: u32) -> bool {
        self.solver.is_current(generation) && self.solver.is_starting()
    }

    /// Whether request `id`, past its deadline, is still awaited: then its worker is stuck.
    pub fn is_overdue(&self, id: u64) -> bool {
        self.pending.iter().any(|p| p.id == id)
    }

    /// The worker is gone: nothing asked of it is awaited, and no arrow is left from it.
    pub fn lost(&mut self) {
        self.pending.clear();
        self.drop_hint();
    }

    /// After [`Solving::lost`]: a fresh worker if `restart` and the visit has not started too
    /// many, else the solver is unavailable until a reload. Returns whether one starts.
    pub fn restart(&mut self, restart: bool, fx: &mut Vec<Effect>) -> bool {
        let restarted = restart && self.solver.restart(fx);
        if !restart {
            self.solver.fail(fx);
        }
        restarted
    }

    /// Asks the worker to play `day`'s game with Strong, once per worker: `false` when it
    /// cannot be asked yet (no worker ready, or the network not in it), and the network's
    /// download is then asked for, whatever strength is chosen (the day's result needs it).
    pub fn ask_day(&mut self, day: Day, fx: &mut Vec<Effect>) -> bool {
        if self.solver.is_idle() || self.solver.is_failed() {
            return false;
        }
        let Some(generation) = self.solver.ready_generation() else { return false };
        if !self.network.is_ready_in(generation) {
            self.network.want(fx);
            return false;
        }
        if self.day_asked != Some((generation, day)) {
            self.day_asked = Some((generation, day));
            fx.push(Effect::PlayDay(day));
        }
        true
    }

    /// Whether the worker is playing a day's game.
    pub fn playing_day(&self) -> bool {
        self.day_asked.is_some_and(|(generation, _)| self.solver.is_current(generation))
    }

    /// Keeps `analysis` as the answer for the board on screen.
    pub fn keep(&mut self, analysis: Analysis) {
        self.analysis = Some(analysis);
    }
}

fn analysis(pending: &Pending, search: Search) -> Analysis {
    Analysis { board: pending.board, strength: pending.strength, search }
}
