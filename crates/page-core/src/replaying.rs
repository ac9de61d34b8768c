//! The replay view: which kept game is replayed (read from storage when picked), stepping,
//! playing and scrubbing through it, the solver's view of the position shown on demand, and the
//! replay file (exported, and imported with every refusal told). [`Replaying::update`] handles
//! the view's own events; the model only asks the solver for it and says which games are kept
//! and whether the view is open.

use game_core::{Board, Direction};

use super::analysis::Analysis;
use super::effect::{Effect, Timer};
use super::game_review::GameReview;
use super::history::{Kept, Summary};
use super::model::Model;
use super::panels::Panel;
use super::replay::{REPLAY_STEP_MS, Replay, ReplayError, export, import};
use super::solving::Purpose;
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
    /// The review of the game shown, once asked for.
    review: Option<GameReview>,
}

/// A step through the replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    First,
    Previous,
    Next,
    Last,
}

impl Step {
    /// A move key while the replay is open: left and right step back and on.
    pub(super) fn for_key(direction: Direction) -> Option<Step> {
        match direction {
            Direction::Left => Some(Step::Previous),
            Direction::Right => Some(Step::Next),
            Direction::Up | Direction::Down => None,
        }
    }
}

/// What happens to the replay view that is its own business.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum ReplayEvent {
    /// A step by the player (a button, or a move key).
    Step(Step),
    /// The scrubber's value: the moves to show played.
    Seek(String),
    /// Play or pause.
    Play,
    /// The next move of play `run` is due.
    Timer { run: u32 },
    /// The player picked a kept game (the picker's value, its id).
    Pick(String),
    /// Storage answered for kept game `id`.
    Loaded { id: u64, kept: Result<Kept, String> },
    /// A file the player chose to import (its text, or why it was not read).
    File(Result<String, ReplayError>),
    /// The replay shown, as a file to keep.
    Export,
}

impl Replaying {
    /// Handles `event`, with the kept games (`games`, oldest first: a pick must be one of them)
    /// and whether the view is `open` (a replay that plays stops when it closes).
    pub fn update(&mut self, event: ReplayEvent, games: &[Summary], open: bool, fx: &mut Vec<Effect>) {
        match event {
            ReplayEvent::Step(step) => self.step_by(step),
            ReplayEvent::Seek(value) => self.seek(&value),
            ReplayEvent::Play => self.toggle(fx),
            ReplayEvent::Timer { run } => self.timer(run, open, fx),
            ReplayEvent::Pick(value) => self.pick(&value, games, fx),
            ReplayEvent::Loaded { id, kept } => self.loaded(id, kept, fx),
            ReplayEvent::File(file) => self.import(file, fx),
            ReplayEvent::Export => self.export(fx),
        }
    }

    /// While the view is `open` with nothing shown or asked for: the newest of `games`.
    pub fn show_newest(&mut self, games: &[Summary], open: bool, fx: &mut Vec<Effect>) {
        if !open || self.replay.is_some() || self.loading.is_some() {
            return;
        }
        if let Some(newest) = games.last().map(|g| g.id) {
            self.load(newest, fx);
        }
    }

    fn load(&mut self, id: u64, fx: &mut Vec<Effect>) {
        self.playing = false;
        self.loading = Some(id);
        fx.push(Effect::LoadKept(id));
    }

    fn pick(&mut self, value: &str, games: &[Summary], fx: &mut Vec<Effect>) {
        let Ok(id) = value.trim().parse::<u64>() else { return };
        if games.iter().any(|g| g.id == id) {
            self.load(id, fx);
        }
    }

    /// Only the game last asked for is shown: an answer for an earlier pick is stale.
    fn loaded(&mut self, id: u64, kept: Result<Kept, String>, fx: &mut Vec<Effect>) {
        if self.loading != Some(id) {
            return;
        }
        self.loading = None;
        match kept {
            Ok(kept) => self.show_kept_game(kept, fx),
            Err(why) => {
                fx.push(Effect::Warn(format!("kept game {id} could not be read: {why}")));
                self.problem = Some(Message::KeptUnreadable);
            }
        }
    }

    /// Shows `replay`: a review of another game goes with the game it was of.
    fn show(&mut self, replay: Replay) {
        if self.review.as_ref().is_some_and(|r| r.game != replay.kept.summary.id) {
            self.review = None;
        }
        self.replay = Some(replay);
        self.problem = None;
    }

    /// A step by the player: a replay that plays stops.
    fn step_by(&mut self, step: Step) {
        self.playing = false;
        let Some(replay) = &mut self.replay else { return };
        let at = match step {
            Step::First => 0,
            Step::Previous => replay.at().saturating_sub(1),
            Step::Next => replay.at() + 1,
            Step::Last => replay.len(),
        };
        replay.seek(at);
    }

    fn seek(&mut self, value: &str) {
        self.playing = false;
        let (Some(replay), Ok(at)) = (&mut self.replay, value.trim().parse::<usize>()) else {
            return;
        };
        replay.seek(at);
    }

    /// Play or pause; played from the start again once at the end.
    fn toggle(&mut self, fx: &mut Vec<Effect>) {
        let Some(replay) = &mut self.replay else { return };
        if self.playing {
            self.playing = false;
            return;
        }
        if replay.at_end() {
            replay.seek(0);
        }
        self.playing = true;
        self.run += 1;
        fx.push(Effect::Timer { ms: REPLAY_STEP_MS, timer: Timer::ReplayStep { run: self.run } });
    }

    /// The next move of a replay that plays, unless it was paused, or its view closed.
    fn timer(&mut self, run: u32, open: bool, fx: &mut Vec<Effect>) {
        if !self.playing || self.run != run || !open {
            self.playing = false;
            return;
        }
        let Some(replay) = &mut self.replay else { return };
        replay.seek(replay.at() + 1);
        if replay.at_end() {
            self.playing = false;
        } else {
            fx.push(Effect::Timer { ms: REPLAY_STEP_MS, timer: Timer::ReplayStep { run } });
        }
    }

    fn export(&self, fx: &mut Vec<Effect>) {
        if let Some(replay) = &self.replay {
            let name = format!("2048-replay-{}.json", replay.kept.summary.id);
            fx.push(Effect::Download { name, text: export(&replay.kept) });
        }
    }

    /// Shown if it is a replay, else refused with the reason; nothing else changes either way.
    fn import(&mut self, file: Result<String, ReplayError>, fx: &mut Vec<Effect>) {
        match file.and_then(|text| import(&text)) {
            Ok(kept) => {
                self.playing = false;
                self.loading = None;
                self.show(Replay::new(kept, true));
            }
            Err(error) => {
                if let ReplayError::Impossible(why) = &error {
                    fx.push(Effect::Warn(format!("replay refused: {why}")));
                }
                self.problem = Some(Message::ReplayRefused(error));
            }
        }
    }

    /// The position shown, if the solver's view of it is neither there nor asked for.
    pub fn unanalysed(&self) -> Option<Board> {
        self.replay.as_ref().filter(|r| r.analysis.is_none()).map(|r| r.game().board())
    }

    /// The solver was asked about the position shown.
    pub fn asked(&mut self) {
        if let Some(replay) = &mut self.replay {
            replay.asked = true;
        }
    }

    /// The solver's answer about a replay's position: shown if it is still the one shown.
    pub fn answer(&mut self, analysis: Analysis) {
        if let Some(replay) = &mut self.replay
            && replay.game().board() == analysis.board
            && replay.asked
        {
            replay.analysis = Some(analysis);
        }
    }

    pub fn replay(&self) -> Option<&Replay> {
        self.replay.as_ref()
    }

    pub fn playing(&self) -> bool {
        self.playing
    }

    pub fn problem(&self) -> Option<&Message> {
        self.problem.as_ref()
    }

    /// The review of the game shown, if one was asked for.
    pub fn review(&self) -> Option<&GameReview> {
        self.review.as_ref()
    }

    /// Shows kept game `kept` (the one just ended), its kept review asked for; a game asked of
    /// storage before is no longer awaited.
    pub fn show_kept(&mut self, kept: Kept, fx: &mut Vec<Effect>) {
        self.playing = false;
        self.loading = None;
        self.show_kept_game(kept, fx);
    }

    /// Shows kept game `kept`, its kept review asked for.
    fn show_kept_game(&mut self, kept: Kept, fx: &mut Vec<Effect>) {
        let id = kept.summary.id;
        self.show(Replay::new(kept, false));
        fx.push(Effect::LoadReview(id));
    }

    /// The game shown and its review, for the review to go on.
    pub fn reviewed(&mut self) -> Option<(&Replay, &mut Option<GameReview>)> {
        Some((self.replay.as_ref()?, &mut self.review))
    }
}

impl Model {
    /// Opens the replay view, on the newest kept game if none is shown yet.
    pub(super) fn open_replay(&mut self, now: f64, fx: &mut Vec<Effect>) {
        self.open_panel(now, Panel::Replay, fx);
        self.replay_newest(fx);
    }

    /// While the replay view is open with nothing shown or asked for: the newest kept game.
    pub(super) fn replay_newest(&mut self, fx: &mut Vec<Effect>) {
        self.replaying.show_newest(self.keeping.games(), self.panel == Panel::Replay, fx);
    }

    pub(super) fn replay_event(&mut self, event: ReplayEvent, fx: &mut Vec<Effect>) {
        self.replaying.update(event, self.keeping.games(), self.panel == Panel::Replay, fx);
    }

    /// Asks the solver about the position shown, unless its answer is there or awaited (a
    /// question the worker lost, refused or missed the deadline of can be asked again).
    pub(super) fn analyse_replay(&mut self, fx: &mut Vec<Effect>) {
        let Some(board) = self.replaying.unanalysed() else { return };
        if self.solving.awaits(Purpose::Replay, board, None) {
            return;
        }
        if self.ask_solver_about(Purpose::Replay, board, fx) {
            self.replaying.asked();
        }
    }

    /// The replay shown, if any.
    pub fn replay(&self) -> Option<&Replay> {
        self.replaying.replay()
    }

    pub fn replay_playing(&self) -> bool {
        self.replaying.playing()
    }

    /// Why the last game picked or file imported is not shown.
    pub fn replay_problem(&self) -> Option<&Message> {
        self.replaying.problem()
    }
}

#[cfg(test)]
mod tests {
    use game_core::{Game, Record};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;
    use crate::history::{Ending, Help, Tally};

    /// A kept game of `moves` moves (fewer if it ends first), kept as `id`.
    fn kept(id: u64, moves: usize) -> Kept {
        let mut rng = SmallRng::seed_from_u64(id);
        let mut record = Record::new(Game::new(&mut rng));
        for direction in Direction::ALL.into_iter().cycle().take(moves * 4) {
            if record.cursor() == moves {
                break;
            }
            record.play(direction, &mut rng);
        }
        Kept::new(id, &Tally::default(), id, Help::default(), Ending::NewGame, &record)
    }

    fn shown(replaying: &Replaying) -> Option<(u64, usize)> {
        replaying.replay().map(|r| (r.kept.summary.id, r.at()))
    }

    #[test]
    fn only_the_game_picked_last_is_shown_when_storage_answers_late() {
        let (first, second) = (kept(1, 6), kept(2, 9));
        let games = [first.summary, second.summary];
        let mut replaying = Replaying::default();
        let mut fx = Vec::new();
        replaying.update(ReplayEvent::Pick("1".into()), &games, true, &mut fx);
        replaying.update(ReplayEvent::Pick(" 2 ".into()), &games, true, &mut fx);
        assert_eq!(fx, [Effect::LoadKept(1), Effect::LoadKept(2)]);
        // Storage answers for the first pick after the second was made: stale.
        replaying.update(ReplayEvent::Loaded { id: 1, kept: Ok(first) }, &games, true, &mut fx);
        assert_eq!(shown(&replaying), None);
        replaying.update(ReplayEvent::Loaded { id: 2, kept: Ok(second.clone()) }, &games, true, &mut fx);
        assert_eq!(shown(&replaying), Some((2, 0)));
        // A game that is not kept (or no id at all) is never asked for.
        fx.clear();
        replaying.update(ReplayEvent::Pick("3".into()), &games, true, &mut fx);
        replaying.update(ReplayEvent::Pick("newest".into()), &games, true, &mut fx);
        assert_eq!(fx, []);
        // Nor is storage's late second answer for the game shown taken again.
        replaying.update(ReplayEvent::Step(Step::Next), &games, true, &mut fx);
        replaying.update(ReplayEvent::Loaded { id: 2, kept: Ok(second) }, &games, true, &mut fx);
        assert_eq!(shown(&replaying), Some((2, 1)));
    }

    #[test]
    fn a_timer_of_an_earlier_play_steps_nothing() {
        let game = kept(7, 12);
        let games = [game.summary];
        let mut replaying = Replaying::default();
        let mut fx = Vec::new();
        replaying.show_newest(&games, true, &mut fx);
        replaying.update(ReplayEvent::Loaded { id: 7, kept: Ok(game) }, &games, true, &mut fx);
        fx.clear();
        replaying.update(ReplayEvent::Play, &games, true, &mut fx);
        let [Effect::Timer { timer: Timer::ReplayStep { run: old }, .. }] = fx[..] else { panic!("{fx:?}") };
        // Paused and played again before the first play's timer fired.
        replaying.update(ReplayEvent::Play, &games, true, &mut fx);
        replaying.update(ReplayEvent::Play, &games, true, &mut fx);
        let Some(&Effect::Timer { timer: Timer::ReplayStep { run: new }, .. }) = fx.last() else { panic!() };
        assert_ne!(old, new);
        replaying.update(ReplayEvent::Timer { run: old }, &games, true, &mut fx);
        assert_eq!(shown(&replaying), Some((7, 0)), "the old play's timer moved nothing");
        assert!(!replaying.playing(), "and the play it found stopped");
        // Played again: its timer steps while the view is open, not once it is closed.
        replaying.update(ReplayEvent::Play, &games, true, &mut fx);
        let Some(&Effect::Timer { timer: Timer::ReplayStep { run }, .. }) = fx.last() else { panic!() };
        replaying.update(ReplayEvent::Timer { run }, &games, true, &mut fx);
        assert_eq!(shown(&replaying), Some((7, 1)));
        replaying.update(ReplayEvent::Timer { run }, &games, false, &mut fx);
        assert_eq!(shown(&replaying), Some((7, 1)));
        assert!(!replaying.playing());
    }
}
