//! What the page asks the solver and what it does with the answers, on the model: Hint,
//! Autoplay's loop at each speed (one move a frame at the fastest), and what a worker that
//! fails, hangs or misses a deadline does to them. The solver's own state is [`Solving`]'s.
//!
//! [`Solving`]: super::solving::Solving

use game_core::{Board, Status};

use super::analysis::Analysis;
use super::effect::{Effect, Timer};
use super::event::WorkerEvent;
use super::model::Model;
use super::solving::{Heard, Purpose, Queued};
use crate::text::Message;

impl Model {
    pub(super) fn ask_hint(&mut self, fx: &mut Vec<Effect>) {
        if self.game().status() != Status::Playing || self.autoplay.is_on() {
            return;
        }
        fx.push(Effect::MarkHintAsked);
        self.solving.want_hint();
        if self.current_analysis().is_some() {
            self.show_hint(fx);
        } else {
            self.look(fx);
        }
    }

    /// The analysis of the board on screen at the strength asked (the one chosen, or Spec
    /// standing in for it while the network loads), if it is known.
    pub(super) fn current_analysis(&self) -> Option<&Analysis> {
        self.solving.analysis_of(self.game().board(), self.asked_strength())
    }

    /// Asks the solver about the board on screen, unless it is known or already asked.
    pub(super) fn look(&mut self, fx: &mut Vec<Effect>) {
        let asked = self.solving.awaits(Purpose::Look, self.game().board(), Some(self.asked_strength()));
        if self.current_analysis().is_none() && !asked {
            self.ask_solver(Purpose::Look, fx);
        }
    }

    fn show_hint(&mut self, fx: &mut Vec<Effect>) {
        self.solving.show_hint(self.game().board(), self.asked_strength(), fx);
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
        if self.solving.is_failed() {
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
        if !self.autoplay.is_current(run) || self.confirm_open || self.solving.awaits_autoplay(run) {
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
        self.solving.drop_queued();
        if self.autoplay.stop() {
            self.solving.autoplay_stopped();
            self.save_waiting(now, fx);
            self.coach_look(fx);
        }
    }

    /// After the confirmation closed: a paused Autoplay plays the move it had chosen, or asks.
    pub(super) fn resume_autoplay(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if !self.autoplay.is_on() {
            return;
        }
        if self.solving.is_queued() {
            self.solving.ask_frame(fx);
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
        let ready = event == WorkerEvent::Ready;
        let heard = self.solving.update(generation, event, fx);
        if ready {
            self.ask_day(fx);
        }
        match heard {
            Heard::Nothing => {}
            Heard::DayPlayed(day, outcome) => self.day_played(day, outcome, fx),
            Heard::NetworkRead => {
                self.ask_day(fx);
                // A hint or the coach waiting on the stand-in's answer asks the strength chosen now.
                if self.solving.hint_asked() && !self.autoplay.is_on() && self.current_analysis().is_none() {
                    self.look(fx);
                }
                self.coach_look(fx);
            }
            Heard::Answer(purpose, analysis) => self.decision(now, purpose, analysis, fx),
            Heard::Refused(purpose) => {
                if matches!(purpose, Purpose::Autoplay(_)) {
                    self.stop_autoplay(now, fx);
                }
            }
            Heard::Lost { message, restart } => self.solver_lost(now, message, restart, fx),
        }
    }

    /// The worker of `generation` still has not said it is ready.
    pub(super) fn start_timeout(&mut self, now: f64, generation: u32, fx: &mut Vec<Effect>) {
        if self.solving.is_late(generation) {
            self.solver_lost(now, Message::SolverUnavailable, false, fx);
        }
    }

    /// Request `id` is past its deadline: if it is still awaited, its worker is stuck.
    pub(super) fn deadline(&mut self, now: f64, id: u64, fx: &mut Vec<Effect>) {
        if self.solving.is_overdue(id) {
            self.solver_lost(now, Message::SolverSlow, true, fx);
        }
    }

    /// The worker is gone: what waited on it stops (no arrow is left from it), the player is
    /// told at once, and a fresh worker starts if `restart` and the visit has not started too
    /// many (else the solver is unavailable until a reload).
    fn solver_lost(&mut self, now: f64, message: Message, restart: bool, fx: &mut Vec<Effect>) {
        self.solving.lost();
        self.stop_autoplay(now, fx);
        let restarted = self.solving.restart(restart, fx);
        self.telling.notify(if restarted { message } else { Message::SolverUnavailable });
    }

    /// The solver's answer to a request for `purpose`. Kept as the board's analysis while that
    /// board is on screen (else stale: dropped), and then used for what asked it.
    fn decision(&mut self, now: f64, purpose: Purpose, analysis: Analysis, fx: &mut Vec<Effect>) {
        // The solver answers again: its restart is old news.
        self.telling.retract(|m| matches!(m, Message::SolverSlow | Message::SolverCrashed));
        if purpose == Purpose::Replay {
            return self.replaying.answer(analysis);
        }
        if let Purpose::Review { game, index } = purpose {
            return self.review_answer(now, game, index, &analysis, fx);
        }
        if purpose == Purpose::Drill {
            return self.drill_answer(now, analysis, fx);
        }
        // A move the player made on that board, before its answer came, is judged now.
        self.coach_answer(&analysis, fx);
        if analysis.board != self.game().board() {
            return;
        }
        let (board, best) = (analysis.board, analysis.search.best);
        self.solving.keep(analysis);
        if self.solving.hint_asked() && !self.autoplay.is_on() {
            self.show_hint(fx);
        }
        match (purpose, best) {
            (Purpose::Autoplay(run), Some(direction)) if self.autoplay.is_current(run) => {
                if self.autoplay.delay_ms() == 0 || self.confirm_open {
                    // Played in the next frame (or once the confirmation closes).
                    self.solving.queue(Queued { run, board, direction });
                    if !self.confirm_open {
                        self.solving.ask_frame(fx);
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

    /// An animation frame: plays the queued Autoplay move if it is still for this run and this
    /// board (a key, a click or a new game since made it stale).
    pub(super) fn frame(&mut self, now: f64, fx: &mut Vec<Effect>) {
        self.solving.frame_came();
        if self.confirm_open {
            return;
        }
        let Some(queued) = self.solving.take_queued() else { return };
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
