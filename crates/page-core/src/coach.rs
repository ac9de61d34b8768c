//! Coach mode: every move the player makes while it is on is compared with the
//! solver's choice for the board it was made on, the feedback said at once (or as soon as the
//! solver's answer for that board arrives), the game's agreement counted and its mistakes (the
//! moves it called worse or much worse) listed in the order played.
//!
//! The solver looks at each board as soon as it appears (in the worker, while the player
//! thinks), so a key press waits for nothing: the move is played at once and judged when the
//! answer is there.
//!
//! [`Coach`] owns the counts, the mistakes, the last feedback and the moves waiting for their
//! answer, and judges them; the model decides when the solver looks, when the coach's state is
//! written (after the frame that shows the move), and Undo.

use game_core::{Board, Direction, Record, Status};

use super::analysis::Analysis;
use super::effect::{Effect, Timer};
use super::model::Model;
use super::quality::{Quality, Thresholds};
use super::solving::Purpose;
use crate::text::Message;

/// A move the coach called worse or much worse than the solver's, kept to be stepped through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mistake {
    pub board: Board,
    pub played: Direction,
    pub best: Direction,
    /// What the coach called it: [`Quality::Worse`] or [`Quality::MuchWorse`].
    pub quality: Quality,
}

/// What the coach said of the last move judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Feedback {
    pub played: Direction,
    pub best: Direction,
    pub quality: Quality,
}

impl Feedback {
    pub fn agreed(&self) -> bool {
        self.played == self.best
    }
}

/// The coach's state for the game in progress.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Coach {
    pub on: bool,
    /// Moves the player made while coaching in this game, judged so far.
    pub moves: u32,
    /// Of those, the moves that were the solver's choice.
    pub agreed: u32,
    pub mistakes: Vec<Mistake>,
    pub feedback: Option<Feedback>,
    /// Moves made on boards whose answer has not come yet.
    awaiting: Vec<(Board, Direction)>,
}

/// What is saved of the coach with the game: the coach, the game's record while coaching (so
/// that Undo goes back across a reload), and whether Undo was used in this game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CoachSave {
    pub coach: Coach,
    pub record: Option<Record>,
    pub practised: bool,
    /// The game started from an entered board.
    pub entered: bool,
}

impl Coach {
    /// A coach with these counts (as saved), nothing awaited.
    pub fn restored(on: bool, moves: u32, agreed: u32, mistakes: Vec<Mistake>) -> Coach {
        Coach { on, moves, agreed: agreed.min(moves), mistakes, feedback: None, awaiting: Vec::new() }
    }

    /// A new game: the counts and mistakes start again; on or off stays.
    pub(super) fn new_game(&mut self) {
        *self = Coach { on: self.on, ..Coach::default() };
    }

    /// Coach on or off (said at once); a move waiting for its answer is judged no more.
    pub(super) fn toggle(&mut self, fx: &mut Vec<Effect>) {
        self.on = !self.on;
        self.awaiting.clear();
        fx.push(Effect::Announce(vec![if self.on { Message::CoachOn } else { Message::CoachOff }]));
    }

    /// The player plays `direction` on `board`: judged when the answer for `board` comes.
    pub(super) fn played(&mut self, board: Board, direction: Direction) {
        self.awaiting.push((board, direction));
    }

    /// Judges the moves waiting on `analysis.board`, rating them by `thresholds`.
    pub(super) fn judge_waiting(
        &mut self,
        analysis: &Analysis,
        thresholds: &[Thresholds],
        fx: &mut Vec<Effect>,
    ) -> Judged {
        let waiting: Vec<Direction> = self
            .awaiting
            .iter()
            .filter(|(board, _)| *board == analysis.board)
            .map(|&(_, direction)| direction)
            .collect();
        self.awaiting.retain(|(board, _)| *board != analysis.board);
        let mut judged = false;
        for &direction in &waiting {
            judged |= self.judge(analysis, direction, thresholds, fx);
        }
        Judged { waited: !waiting.is_empty(), judged }
    }

    /// Judges `played` against `analysis`'s best move; whether it could (there is one).
    fn judge(
        &mut self,
        analysis: &Analysis,
        played: Direction,
        thresholds: &[Thresholds],
        fx: &mut Vec<Effect>,
    ) -> bool {
        let Some(best) = analysis.search.best else { return false };
        let quality = Thresholds::rate(thresholds, analysis, played);
        let feedback = Feedback { played, best, quality };
        self.moves += 1;
        if feedback.agreed() {
            self.agreed += 1;
        }
        if quality.is_mistake() {
            self.mistakes.push(Mistake { board: analysis.board, played, best, quality });
        }
        self.feedback = Some(feedback);
        fx.push(Effect::Announce(vec![Message::Coached(feedback)]));
        true
    }
}

/// What [`Coach::judge_waiting`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Judged {
    /// Moves were waiting on the board.
    pub waited: bool,
    /// Of those, some were judged (and the coach has something new to write).
    pub judged: bool,
}

impl Model {
    pub(super) fn toggle_coach(&mut self, fx: &mut Vec<Effect>) {
        self.coach.toggle(fx);
        self.save_coach(fx);
        if self.coach.on {
            self.coach_look(fx);
        }
    }

    /// The solver starts on the board on screen, if the coach is on and the game goes on.
    pub(super) fn coach_look(&mut self, fx: &mut Vec<Effect>) {
        if self.coach.on && self.game().status() == Status::Playing && !self.autoplay.is_on() {
            self.look(fx);
        }
    }

    /// The player is about to play `direction` on the board on screen: judged once the move is
    /// on screen if the solver's answer is known by then, else when it comes (asked now if it
    /// was not). Nothing of the coach's is drawn in the frame of the move itself.
    pub(super) fn coach_move(&mut self, direction: Direction, fx: &mut Vec<Effect>) {
        if !self.coach.on || self.autoplay.is_on() {
            return;
        }
        let board = self.game().board();
        let asked = self.solving.awaits(Purpose::Look, board, None);
        if self.current_analysis().is_none() && !asked {
            self.look(fx);
        }
        self.coach.played(board, direction);
    }

    /// An answer arrived for `analysis.board`: a move made there and waiting is judged, and
    /// what it judged written once the frame is drawn.
    pub(super) fn coach_answer(&mut self, analysis: &Analysis, fx: &mut Vec<Effect>) {
        if self.judge_waiting(analysis, fx).waited {
            self.after_paint(fx);
        }
    }

    fn judge_waiting(&mut self, analysis: &Analysis, fx: &mut Vec<Effect>) -> Judged {
        let judged = self.coach.judge_waiting(analysis, &self.thresholds, fx);
        self.coach_unsaved |= judged.judged;
        judged
    }

    /// Asks for [`Model::after_move`] once the frame that shows this move is drawn: the
    /// coach's writing (its record grows with the game) and its question to the worker are no
    /// part of a key press's way to the screen.
    pub(super) fn after_paint(&mut self, fx: &mut Vec<Effect>) {
        if !std::mem::replace(&mut self.after_paint_asked, true) {
            fx.push(Effect::AfterPaint(Timer::AfterMove));
        }
    }

    /// Just after a player's move is on screen: the coach judges it (if the answer for its
    /// board was there), saves what it judged and starts on the new board.
    pub(super) fn after_move(&mut self, fx: &mut Vec<Effect>) {
        self.after_paint_asked = false;
        self.flush_coach(fx);
        self.coach_look(fx);
    }

    /// Judges the moves whose answer is known and writes what the coach judged and has not
    /// written yet (also when the page is hidden, where no frame comes).
    pub(super) fn flush_coach(&mut self, fx: &mut Vec<Effect>) {
        // The move just drawn, if its board's answer was already there.
        let strength = self.asked_strength();
        if let Some(analysis) = self.solving.analysis().copied().filter(|a| a.strength == strength) {
            self.judge_waiting(&analysis, fx);
        }
        if std::mem::replace(&mut self.coach_unsaved, false) {
            self.save_coach(fx);
            self.day_judged(fx);
        }
    }

    /// A new game starts the coach's counts again.
    pub(super) fn coach_new_game(&mut self, fx: &mut Vec<Effect>) {
        self.coach.new_game();
        self.save_coach(fx);
    }

    /// Undo, while coaching: the last move taken back, tiles and score exactly as they were (the
    /// same tile comes again if the same move is played). The game is practised from then on:
    /// it never raises Best.
    pub(super) fn undo(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if !self.coach.on
            || self.confirm_open
            || self.entering.editor_open()
            || self.panel != super::panels::Panel::None
        {
            return;
        }
        self.stop_autoplay(now, fx);
        if self.current.record.undo().is_none() {
            return;
        }
        self.current.practised = true;
        self.solving.drop_hint();
        fx.push(self.show_board(false));
        self.save(now, fx);
        self.save_coach(fx);
        fx.push(Effect::Announce(vec![Message::Undone { score: self.game().score() }]));
        self.coach_look(fx);
    }

    /// What is saved of the coach now.
    pub fn coach_save(&self) -> CoachSave {
        CoachSave {
            coach: self.coach.clone(),
            record: self.coach.on.then(|| self.current.record.clone()),
            practised: self.current.practised,
            entered: self.current.entered,
        }
    }

    /// Writes the coach's state, unless the game on screen is an entered board being analysed
    /// (then nothing of it is saved).
    pub(super) fn save_coach(&self, fx: &mut Vec<Effect>) {
        if !self.entering.analysing() {
            fx.push(Effect::SaveCoach(Box::new(self.coach_save())));
        }
    }

    /// Whether Undo can take a move back now.
    pub fn can_undo(&self) -> bool {
        self.coach.on && self.current.record.can_undo()
    }
}
