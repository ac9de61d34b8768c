//! The replay view on the model: which kept game is replayed (read from storage when picked),
//! stepping, playing and scrubbing through it, the solver's view of the position shown on
//! demand, and the replay file (exported, and imported with every refusal told).

use game_core::Direction;

use super::analysis::Analysis;
use super::effect::{Effect, Timer};
use super::history::Kept;
use super::model::{Model, Pending, Purpose};
use super::panels::Panel;
use super::replay::{REPLAY_STEP_MS, Replay, ReplayError, export, import};
use crate::text::Message;

/// The replay view's state.
#[derive(Clone, Debug, Default)]
pub(super) struct Replaying {
    replay: Option<Replay>,
    playing: bool,
    /// Counts the plays, so that a timer of an earlier one does nothing.
    run: u32,
    /// The kept game asked for from storage.
    loading: Option<u64>,
    /// Why the last game picked or file imported is not shown.
    problem: Option<Message>,
}

/// A step through the replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    First,
    Previous,
    Next,
    Last,
}

impl Model {
    /// Opens the replay view, on the newest kept game if none is shown yet.
    pub(super) fn open_replay(&mut self, now: f64, fx: &mut Vec<Effect>) {
        self.open_panel(now, Panel::Replay, fx);
        self.replay_newest(fx);
    }

    /// While the replay view is open with nothing shown or asked for: the newest kept game.
    pub(super) fn replay_newest(&mut self, fx: &mut Vec<Effect>) {
        let r = &self.replaying;
        if self.panel != Panel::Replay || r.replay.is_some() || r.loading.is_some() {
            return;
        }
        if let Some(newest) = self.keeping.history.games.last().map(|g| g.id) {
            self.load_kept(newest, fx);
        }
    }

    fn load_kept(&mut self, id: u64, fx: &mut Vec<Effect>) {
        self.replaying.playing = false;
        self.replaying.loading = Some(id);
        fx.push(Effect::LoadKept(id));
    }

    /// The player picked a kept game (the picker's value, its id).
    pub(super) fn pick_replay(&mut self, value: &str, fx: &mut Vec<Effect>) {
        let Ok(id) = value.trim().parse::<u64>() else { return };
        if self.keeping.history.games.iter().any(|g| g.id == id) {
            self.load_kept(id, fx);
        }
    }

    /// Storage answered for kept game `id`.
    pub(super) fn kept_loaded(&mut self, id: u64, kept: Result<Kept, String>, fx: &mut Vec<Effect>) {
        if self.replaying.loading != Some(id) {
            return;
        }
        self.replaying.loading = None;
        match kept {
            Ok(kept) => {
                self.replaying.replay = Some(Replay::new(kept, false));
                self.replaying.problem = None;
            }
            Err(why) => {
                fx.push(Effect::Warn(format!("kept game {id} could not be read: {why}")));
                self.replaying.problem = Some(Message::KeptUnreadable);
            }
        }
    }

    /// A step by the player: a replay that plays stops.
    pub(super) fn replay_step_by(&mut self, step: Step) {
        self.replaying.playing = false;
        let Some(replay) = &mut self.replaying.replay else { return };
        let at = match step {
            Step::First => 0,
            Step::Previous => replay.at().saturating_sub(1),
            Step::Next => replay.at() + 1,
            Step::Last => replay.len(),
        };
        replay.seek(at);
    }

    /// A move key while the replay is open: left and right step back and on.
    pub(super) fn replay_key(&mut self, direction: Direction) {
        match direction {
            Direction::Left => self.replay_step_by(Step::Previous),
            Direction::Right => self.replay_step_by(Step::Next),
            Direction::Up | Direction::Down => {}
        }
    }

    /// The scrubber's value: the moves to show played.
    pub(super) fn replay_seek(&mut self, value: &str) {
        self.replaying.playing = false;
        let (Some(replay), Ok(at)) = (&mut self.replaying.replay, value.trim().parse::<usize>()) else {
            return;
        };
        replay.seek(at);
    }

    /// Play or pause; played from the start again once at the end.
    pub(super) fn toggle_replay(&mut self, fx: &mut Vec<Effect>) {
        let Some(replay) = &mut self.replaying.replay else { return };
        if self.replaying.playing {
            self.replaying.playing = false;
            return;
        }
        if replay.at_end() {
            replay.seek(0);
        }
        self.replaying.playing = true;
        self.replaying.run += 1;
        fx.push(Effect::Timer { ms: REPLAY_STEP_MS, timer: Timer::ReplayStep { run: self.replaying.run } });
    }

    /// The next move of a replay that plays, unless it was paused, or its view closed.
    pub(super) fn replay_timer(&mut self, run: u32, fx: &mut Vec<Effect>) {
        let r = &mut self.replaying;
        if !r.playing || r.run != run || self.panel != Panel::Replay {
            r.playing = false;
            return;
        }
        let Some(replay) = &mut r.replay else { return };
        replay.seek(replay.at() + 1);
        if replay.at_end() {
            r.playing = false;
        } else {
            fx.push(Effect::Timer { ms: REPLAY_STEP_MS, timer: Timer::ReplayStep { run } });
        }
    }

    /// Asks the solver about the position shown, unless its answer is there or awaited (a
    /// question the worker lost, refused or missed the deadline of can be asked again).
    pub(super) fn analyse_replay(&mut self, fx: &mut Vec<Effect>) {
        let Some(replay) = &mut self.replaying.replay else { return };
        let board = replay.game().board();
        let awaited = self.solving.pending.iter().any(|p| p.purpose == Purpose::Replay && p.board == board);
        if replay.analysis.is_some() || awaited {
            return;
        }
        let strength = self.asked_strength();
        let Some(replay) = &mut self.replaying.replay else { return };
        match self.solving.solver.ask(board, strength, fx) {
            Some(id) => {
                replay.asked = true;
                self.solving.pending.push(Pending { id, board, strength, purpose: Purpose::Replay });
            }
            None => self.telling.notify(Message::SolverUnavailable),
        }
    }

    /// The solver's answer about a replay's position: shown if it is still the one shown.
    pub(super) fn replay_answer(&mut self, analysis: Analysis) {
        if let Some(replay) = &mut self.replaying.replay
            && replay.game().board() == analysis.board
            && replay.asked
        {
            replay.analysis = Some(analysis);
        }
    }

    /// The replay shown, as a file to keep.
    pub(super) fn export_replay(&self, fx: &mut Vec<Effect>) {
        if let Some(replay) = &self.replaying.replay {
            let name = format!("2048-replay-{}.json", replay.kept.summary.id);
            fx.push(Effect::Download { name, text: export(&replay.kept) });
        }
    }

    /// A file the player chose to import (its text, or why it was not read): shown if it is
    /// a replay, else refused with the reason; nothing else changes either way.
    pub(super) fn import_replay(&mut self, file: Result<String, ReplayError>, fx: &mut Vec<Effect>) {
        match file.and_then(|text| import(&text)) {
            Ok(kept) => {
                self.replaying.playing = false;
                self.replaying.loading = None;
                self.replaying.replay = Some(Replay::new(kept, true));
                self.replaying.problem = None;
            }
            Err(error) => {
                if let ReplayError::Impossible(why) = &error {
                    fx.push(Effect::Warn(format!("replay refused: {why}")));
                }
                self.replaying.problem = Some(Message::ReplayRefused(error));
            }
        }
    }

    /// The replay shown, if any.
    pub fn replay(&self) -> Option<&Replay> {
        self.replaying.replay.as_ref()
    }

    pub fn replay_playing(&self) -> bool {
        self.replaying.playing
    }

    /// Why the last game picked or file imported is not shown.
    pub fn replay_problem(&self) -> Option<&Message> {
        self.replaying.problem.as_ref()
    }
}
