//! The solver worker's life as the page sees it: not started yet (the first one starts once
//! the board is on screen, so that its files do not hold up the page's; requests wait),
//! starting (requests wait), ready (requests go out, each with a deadline), failed for good;
//! and a fresh worker after one that crashed or missed a deadline, a few times per visit at most.
//!
//! Each worker has a generation: events from an ended worker, and timers set for it, carry an
//! older one and are ignored.

use game_core::Board;

use super::effect::{Effect, Timer};
use crate::request::{Request, Strength};

/// How long a worker may take to load and say it is ready. A load that fails is reported by
/// the worker's loader at once; this only catches one that hangs.
pub const START_TIMEOUT_MS: u32 = 20_000;
/// How many fresh workers a visit starts after one that crashed or missed a deadline, before
/// the solver is given up on.
const MAX_RESTARTS: u32 = 3;

/// How long a request may take before its worker is deemed stuck: far beyond the slowest
/// search of each strength (a few milliseconds natively for Spec, tens at worst for Strong,
/// hundreds at worst for Max, `www/results/*.json`'s p99 and the browser benchmark's worst),
/// even on a slow phone, and short enough that a player waiting on Hint hears of it.
pub const fn deadline_ms(strength: Strength) -> u32 {
    match strength {
        Strength::Spec => 3_000,
        Strength::Strong => 5_000,
        Strength::Max => 15_000,
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum State {
    /// No worker yet: the page has not drawn its first board.
    #[default]
    Idle,
    Starting,
    Ready,
    Failed,
}

#[derive(Debug, Default)]
pub(super) struct Connection {
    generation: u32,
    state: State,
    next_id: u64,
    /// The latest request made while the worker starts (an older one is stale anyway).
    waiting: Option<Request>,
    restarts: u32,
}

impl Connection {
    /// Starts the visit's first worker, keeping what was asked before it (nothing, if one was
    /// started already).
    pub fn start_first(&mut self, fx: &mut Vec<Effect>) {
        if self.state == State::Idle {
            self.start(fx);
        }
    }

    /// Starts a worker (the first, or a fresh one after a failure, when anything asked of the
    /// old one is stale).
    fn start(&mut self, fx: &mut Vec<Effect>) {
        self.generation += 1;
        if self.state != State::Idle {
            self.waiting = None;
        }
        self.state = State::Starting;
        fx.push(Effect::StartWorker { generation: self.generation });
        fx.push(Effect::Timer {
            ms: START_TIMEOUT_MS,
            timer: Timer::StartTimeout { generation: self.generation },
        });
    }

    pub fn is_current(&self, generation: u32) -> bool {
        generation == self.generation
    }

    /// The generation of the current worker (0 before the first).
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// Whether no worker has been started yet this visit.
    pub fn is_idle(&self) -> bool {
        self.state == State::Idle
    }

    /// The current worker's generation, if it is ready for requests.
    pub fn ready_generation(&self) -> Option<u32> {
        (self.state == State::Ready).then_some(self.generation)
    }

    /// Whether no worker of this visit has run yet (none started, or the one started has not
    /// said it is ready).
    pub fn is_starting(&self) -> bool {
        matches!(self.state, State::Idle | State::Starting)
    }

    pub fn is_failed(&self) -> bool {
        self.state == State::Failed
    }

    /// Asks for the move on `board`; the request's id, or `None` when the solver has failed.
    pub fn ask(&mut self, board: Board, strength: Strength, fx: &mut Vec<Effect>) -> Option<u64> {
        self.next_id += 1;
        let request = Request::new(self.next_id, board, strength);
        match self.state {
            State::Ready => send(request, fx),
            State::Idle | State::Starting => self.waiting = Some(request),
            State::Failed => return None,
        }
        Some(self.next_id)
    }

    /// The worker said it is ready: what waited goes out.
    pub fn ready(&mut self, fx: &mut Vec<Effect>) {
        if self.state == State::Starting {
            self.state = State::Ready;
            if let Some(request) = self.waiting.take() {
                send(request, fx);
            }
        }
    }

    /// The worker crashed or is stuck: a fresh one, unless too many were started already
    /// (then the solver fails for good). Returns whether a fresh one starts.
    pub fn restart(&mut self, fx: &mut Vec<Effect>) -> bool {
        if self.restarts >= MAX_RESTARTS {
            self.fail(fx);
            return false;
        }
        self.restarts += 1;
        self.start(fx);
        true
    }

    /// Gives up on the solver for good.
    pub fn fail(&mut self, fx: &mut Vec<Effect>) {
        self.state = State::Failed;
        self.waiting = None;
        // A later generation: nothing the ended worker still says is heard.
        self.generation += 1;
        fx.push(Effect::StopWorker);
    }
}

fn send(request: Request, fx: &mut Vec<Effect>) {
    let ms = deadline_ms(request.strength);
    fx.push(Effect::Timer { ms, timer: Timer::Deadline { id: request.id } });
    fx.push(Effect::Ask(request));
}
