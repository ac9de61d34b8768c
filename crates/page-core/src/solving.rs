//! Hint and Autoplay on the model: asking the solver, its answers (stale ones dropped by id
//! and board), Autoplay's pacing at each speed (one move a frame at the fastest), and what a
//! worker that fails, hangs or misses a deadline does to them.
//!
//! Several requests can be out at once (a look at the board for Hint, an Autoplay move); the
//! answer for the board on screen is kept as its [`Analysis`], so that Hint asked again on the
//! same board answers at once.

use game_core::{Board, Direction, Status};

use super::analysis::{Analysis, Search};
use super::connection::Connection;
use super::effect::{Effect, Timer};
use super::event::WorkerEvent;
use super::model::{Model, Pending, Purpose, Queued};
use super::network::NetworkState;
use crate::request::Strength;
use crate::text::Message;

/// The solver as the page uses it: its worker, the network it searches with, the requests
/// whose answers are awaited, Autoplay's move waiting for its frame, the answer for the board
/// on screen, and Hint's arrow.
#[derive(Default)]
pub(super) struct Solving {
    pub solver: Connection,
    /// The network (Max's, which Strong shares): downloaded when either is chosen, then handed
    /// to each worker.
    pub network: NetworkState,
    /// The requests whose answers are awaited; any other answer is stale.
    pub pending: Vec<Pending>,
    pub queued: Option<Queued>,
    /// Whether a frame has been asked for to play `queued`.
    pub frame_asked: bool,
    /// The solver's answer for the board on screen, once known.
    pub analysis: Option<Analysis>,
    pub hint: Option<Direction>,
    /// Hint was pressed on this board: its arrow shows when the answer comes.
    pub hint_asked: bool,
}

impl Solving {
    /// Whether a request for `purpose` about `board` (at `strength`, if given) is awaited.
    pub fn awaits(&self, purpose: Purpose, board: Board, strength: Option<Strength>) -> bool {
        self.pending
            .iter()
            .any(|p| p.purpose == purpose && p.board == board && strength.is_none_or(|s| p.strength == s))
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

    /// Hint's arrow goes, and so does a Hint asked and not yet answered: the board it was for
    /// has changed or is no longer played by the player.
    pub fn drop_hint(&mut self) {
        self.hint = None;
        self.hint_asked = false;
    }
}

impl Model {
    pub(super) fn ask_hint(&mut self, fx: &mut Vec<Effect>) {
        if self.game().status() != Status::Playing || self.autoplay.is_on() {
            return;
        }
        fx.push(Effect::MarkHintAsked);
        self.solving.hint_asked = true;
        if self.current_analysis().is_some() {
            self.show_hint(fx);
        } else {
            self.look(fx);
        }
    }

    /// The analysis of the board on screen at the strength asked (the one chosen, or Spec
    /// standing in for it while the network loads), if it is known.
    pub(super) fn current_analysis(&self) -> Option<&Analysis> {
        let strength = self.asked_strength();
        self.solving.analysis.as_ref().filter(|a| a.board == self.game().board() && a.strength == strength)
    }

    /// Asks the solver about the board on screen, unless it is known or already asked.
    pub(super) fn look(&mut self, fx: &mut Vec<Effect>) {
        let board = self.game().board();
        let strength = self.asked_strength();
        let asked = self
            .solving
            .pending
            .iter()
            .any(|p| p.purpose == Purpose::Look && p.board == board && p.strength == strength);
        if self.current_analysis().is_none() && !asked {
            self.ask_solver(Purpose::Look, fx);
        }
    }

    fn show_hint(&mut self, fx: &mut Vec<Effect>) {
        let Some(best) = self.current_analysis().and_then(|a| a.search.best) else { return };
        self.solving.hint = Some(best);
        fx.push(Effect::MeasureHintShown(best));
        fx.push(Effect::Announce(vec![Message::Hint(best)]));
    }

    pub(super) fn toggle_autoplay(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if self.autoplay.is_on() {
            self.stop_autoplay(now, fx);
            fx.push(Effect::Announce(vec![Message::AutoplayOff]));
            return;
        }
        if self.game().status() != Status::Playing {
            return;
        }
        if self.solving.solver.is_failed() {
            self.telling.notify(Message::SolverUnavailable);
            return;
        }
        let run = self.autoplay.start();
        self.solving.drop_hint();
        fx.push(Effect::Announce(vec![Message::AutoplayOn]));
        self.autoplay_step(now, run, fx);
    }

    /// One Autoplay move: ask the solver, unless this run ended, its question is out, or the
    /// confirmation is open (it asks again when that closes).
    pub(super) fn autoplay_step(&mut self, now: f64, run: u32, fx: &mut Vec<Effect>) {
        if !self.autoplay.is_current(run)
            || self.confirm_open
            || self.solving.queued.is_some()
            || self.solving.pending.iter().any(|p| p.purpose == Purpose::Autoplay(run))
        {
            return;
        }
        if self.game().status() != Status::Playing {
            self.stop_autoplay(now, fx);
            return;
        }
        self.ask_solver(Purpose::Autoplay(run), fx);
    }

    /// Stops Autoplay (if on), writing what it had not saved yet; the coach, if on, looks at
    /// the board Autoplay left.
    pub(super) fn stop_autoplay(&mut self, now: f64, fx: &mut Vec<Effect>) {
        self.solving.queued = None;
        if self.autoplay.stop() {
            self.solving.pending.retain(|p| !matches!(p.purpose, Purpose::Autoplay(_)));
            self.save_waiting(now, fx);
            self.coach_look(fx);
        }
    }

    /// After the confirmation closed: a paused Autoplay plays the move it had chosen, or asks.
    pub(super) fn resume_autoplay(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if !self.autoplay.is_on() {
            return;
        }
        if self.solving.queued.is_some() {
            self.ask_frame(fx);
        } else {
            self.autoplay_step(now, self.autoplay.run(), fx);
        }
    }

    fn ask_solver(&mut self, purpose: Purpose, fx: &mut Vec<Effect>) {
        self.ask_solver_about(purpose, self.game().board(), fx);
    }

    /// Asks the solver about `board` at the strength asked; whether it could be (else the
    /// player is told it is unavailable).
    pub(super) fn ask_solver_about(&mut self, purpose: Purpose, board: Board, fx: &mut Vec<Effect>) -> bool {
        let asked = self.solving.ask(purpose, board, self.asked_strength(), fx);
        if !asked {
            self.telling.notify(Message::SolverUnavailable);
        }
        asked
    }

    pub(super) fn worker_event(
        &mut self,
        now: f64,
        generation: u32,
        event: WorkerEvent,
        fx: &mut Vec<Effect>,
    ) {
        if !self.solving.solver.is_current(generation) {
            return;
        }
        match event {
            WorkerEvent::Ready => {
                self.solving.solver.ready(fx);
                self.solving.network.worker_ready(generation, fx);
            }
            WorkerEvent::NetworkReady => {
                self.solving.network.read(generation);
                // A hint or the coach waiting on the stand-in's answer asks the strength chosen now.
                if self.solving.hint_asked && !self.autoplay.is_on() && self.current_analysis().is_none() {
                    self.look(fx);
                }
                self.coach_look(fx);
            }
            WorkerEvent::NetworkRefused(why) => {
                fx.push(Effect::Warn(format!("the network of Strong and Max: {why}")));
                self.solving.network.refused(generation, fx);
            }
            WorkerEvent::Decision { id, search } => self.decision(now, id, search, fx),
            WorkerEvent::Refused { id, message } => {
                fx.push(Effect::Warn(format!("the solver refused request {id:?}: {message}")));
                if let Some(at) = self.solving.pending.iter().position(|p| Some(p.id) == id) {
                    let refused = self.solving.pending.remove(at);
                    if matches!(refused.purpose, Purpose::Autoplay(_)) {
                        self.stop_autoplay(now, fx);
                    }
                }
            }
            WorkerEvent::Failed(why) => {
                fx.push(Effect::Warn(format!("solver worker: {why}")));
                self.solving.network.worker_lost(generation);
                if self.solving.solver.is_starting() {
                    // It never ran: a fresh one would fail the same way.
                    self.solver_lost(now, Message::SolverUnavailable, false, fx);
                } else {
                    self.solver_lost(now, Message::SolverCrashed, true, fx);
                }
            }
        }
    }

    /// The worker of `generation` still has not said it is ready.
    pub(super) fn start_timeout(&mut self, now: f64, generation: u32, fx: &mut Vec<Effect>) {
        if self.solving.solver.is_current(generation) && self.solving.solver.is_starting() {
            self.solver_lost(now, Message::SolverUnavailable, false, fx);
        }
    }

    /// Request `id` is past its deadline: if it is still awaited, its worker is stuck.
    pub(super) fn deadline(&mut self, now: f64, id: u64, fx: &mut Vec<Effect>) {
        if self.solving.pending.iter().any(|p| p.id == id) {
            self.solver_lost(now, Message::SolverSlow, true, fx);
        }
    }

    /// The worker is gone: what waited on it stops (no arrow is left from it), the player is
    /// told at once, and a fresh worker starts if `restart` and the visit has not started too
    /// many (else the solver is unavailable until a reload).
    fn solver_lost(&mut self, now: f64, message: Message, restart: bool, fx: &mut Vec<Effect>) {
        self.solving.pending.clear();
        self.solving.drop_hint();
        self.stop_autoplay(now, fx);
        let restarted = restart && self.solving.solver.restart(fx);
        if !restart {
            self.solving.solver.fail(fx);
        }
        self.telling.notify(if restarted { message } else { Message::SolverUnavailable });
    }

    /// The solver's answer to request `id`. Kept as the board's analysis while that board is
    /// on screen (else stale: dropped), and then used for what asked it.
    fn decision(&mut self, now: f64, id: u64, search: Search, fx: &mut Vec<Effect>) {
        let Some(at) = self.solving.pending.iter().position(|p| p.id == id) else { return };
        let pending = self.solving.pending.remove(at);
        // The solver answers again: its restart is old news.
        self.telling.notices.retain(|m| !matches!(m, Message::SolverSlow | Message::SolverCrashed));
        let analysis = Analysis { board: pending.board, strength: pending.strength, search };
        if pending.purpose == Purpose::Replay {
            return self.replaying.answer(analysis);
        }
        // A move the player made on that board, before its answer came, is judged now.
        self.coach_answer(&analysis, fx);
        if pending.board != self.game().board() {
            return;
        }
        self.solving.analysis = Some(analysis);
        if self.solving.hint_asked && !self.autoplay.is_on() {
            self.show_hint(fx);
        }
        match (pending.purpose, search.best) {
            (Purpose::Autoplay(run), Some(direction)) if self.autoplay.is_current(run) => {
                if self.autoplay.delay_ms() == 0 || self.confirm_open {
                    // Played in the next frame (or once the confirmation closes).
                    self.solving.queued = Some(Queued { run, board: pending.board, direction });
                    if !self.confirm_open {
                        self.ask_frame(fx);
                    }
                } else if self.play(now, direction, fx) {
                    self.schedule_autoplay(now, run, fx);
                } else {
                    self.stop_autoplay(now, fx);
                }
            }
            (Purpose::Autoplay(_), None) => self.stop_autoplay(now, fx),
            _ => {}
        }
    }

    fn ask_frame(&mut self, fx: &mut Vec<Effect>) {
        if !std::mem::replace(&mut self.solving.frame_asked, true) {
            fx.push(Effect::Frame);
        }
    }

    /// An animation frame: plays the queued Autoplay move if it is still for this run and this
    /// board (a key, a click or a new game since made it stale).
    pub(super) fn frame(&mut self, now: f64, fx: &mut Vec<Effect>) {
        self.solving.frame_asked = false;
        if self.confirm_open {
            return;
        }
        let Some(queued) = self.solving.queued.take() else { return };
        if !self.autoplay.is_current(queued.run) || queued.board != self.game().board() {
            return;
        }
        if self.play(now, queued.direction, fx) {
            // The next question goes out just after this frame is drawn, not from inside it:
            // where cores are few, the woken worker could take the page's core for its whole
            // search and the frame would wait for it.
            fx.push(Effect::Timer { ms: 0, timer: Timer::AfterFrame { run: queued.run } });
        } else {
            // A move that changes nothing (never chosen by the solver): stop rather than ask
            // about the same board for ever.
            self.stop_autoplay(now, fx);
        }
    }

    /// Just after a frame that played an Autoplay move: the next question, then the save if it
    /// is due, at a moment when writing delays no frame.
    pub(super) fn after_frame(&mut self, now: f64, run: u32, fx: &mut Vec<Effect>) {
        self.schedule_autoplay(now, run, fx);
        if self.autosave.is_due(now) {
            self.save(now, fx);
        }
    }

    /// The next Autoplay move, after the pause the speed asks for (none at the fastest).
    fn schedule_autoplay(&mut self, now: f64, run: u32, fx: &mut Vec<Effect>) {
        if !self.autoplay.is_current(run) {
            return;
        }
        match self.autoplay.delay_ms() {
            0 => self.autoplay_step(now, run, fx),
            ms => fx.push(Effect::Timer { ms, timer: Timer::AutoplayStep { run } }),
        }
    }
}
