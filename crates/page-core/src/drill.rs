//! One practice of "Learn from your mistakes" ([`Drill`]): boards where the player went wrong,
//! asked one at a time. The player chooses a move; the solver's view of the board (asked when
//! the question opens) says whether it was right (the best or about as good, the coach's words)
//! and, when it was not, what the solver plays and the ranking of all four moves. Right or
//! wrong, the player goes on with Next. In a practice of the deck, a board answered wrong comes
//! back a few questions later ([`AGAIN_AFTER`]).

use std::collections::VecDeque;

use game_core::{Board, Direction};

use crate::analysis::Analysis;
use crate::deck::AGAIN_AFTER;
use crate::quality::{Quality, Thresholds};
use crate::text::Message;

/// Where a practice's questions come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// One game's worse and much worse moves (its review's, or the coach's for the game in
    /// progress), each asked once.
    Game,
    /// The practice deck's due cards.
    Deck,
}

/// A board to answer: what was played there, and what the solver played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    pub board: Board,
    pub played: Direction,
    pub best: Direction,
}

/// Where the question on screen stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Waiting for the player's move.
    Asking,
    /// The player chose this; the solver's view of the board has not come yet.
    Checking(Direction),
    /// Judged: the word for the move chosen, and whether it counts as right.
    Answered { chosen: Direction, quality: Quality, right: bool },
}

/// A practice under way.
#[derive(Clone, Debug, PartialEq)]
pub struct Drill {
    pub source: Source,
    /// The questions left, the one on screen first.
    queue: VecDeque<Question>,
    /// How many boards the practice started with.
    pub boards: usize,
    /// Answers given, and how many were right.
    pub answered: usize,
    pub right: usize,
    pub answer: Answer,
    /// The solver's view of the board on screen, once it came.
    analysis: Option<Analysis>,
    /// A practice of the deck with nothing due: how long until its next card is (milliseconds),
    /// if it holds any.
    pub next_due_in: Option<u64>,
    /// A practice of the deck opened before storage answered: its boards come when it does.
    pub waiting: bool,
}

impl Drill {
    pub fn new(source: Source, questions: Vec<Question>) -> Drill {
        Drill {
            source,
            boards: questions.len(),
            queue: questions.into(),
            answered: 0,
            right: 0,
            answer: Answer::Asking,
            analysis: None,
            next_due_in: None,
            waiting: false,
        }
    }

    /// The question on screen; none once the practice is over.
    pub fn question(&self) -> Option<Question> {
        self.queue.front().copied()
    }

    /// The questions left, the one on screen among them.
    pub fn left(&self) -> usize {
        self.queue.len()
    }

    /// The solver's view of the board on screen, once it came.
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// Whether the board on screen still waits for the solver's view.
    pub fn wants_analysis(&self) -> Option<Board> {
        self.question().map(|q| q.board).filter(|_| self.analysis.is_none())
    }

    /// The solver's view of a board: taken if it is the board on screen's (else stale). A move
    /// chosen while it was awaited is judged now: the board and whether it was right.
    pub fn take_analysis(&mut self, analysis: Analysis, measured: &[Thresholds]) -> Option<(Board, bool)> {
        if self.wants_analysis() != Some(analysis.board) {
            return None;
        }
        self.analysis = Some(analysis);
        match self.answer {
            Answer::Checking(chosen) => self.judge(chosen, measured),
            _ => None,
        }
    }

    /// The player chose `direction` on the board on screen: judged at once if the solver's
    /// view is there (the board and whether it was right), else when it comes. A move that
    /// changes nothing, or a second choice, is no answer.
    pub fn choose(&mut self, direction: Direction, measured: &[Thresholds]) -> Option<(Board, bool)> {
        let question = self.question()?;
        if self.answer != Answer::Asking || !question.board.slide(direction).moved {
            return None;
        }
        self.answer = Answer::Checking(direction);
        self.judge(direction, measured)
    }

    /// The solver cannot be asked: a move still being checked is judged against the solver's
    /// move as it was when the mistake was found (no ranking to show).
    pub fn judge_without_solver(&mut self) -> Option<(Board, bool)> {
        let (Answer::Checking(chosen), Some(question)) = (self.answer, self.question()) else { return None };
        let right = chosen == question.best;
        let quality = if right { Quality::Best } else { Quality::Unrated };
        Some(self.record(chosen, quality, right))
    }

    fn judge(&mut self, chosen: Direction, measured: &[Thresholds]) -> Option<(Board, bool)> {
        let analysis = self.analysis?;
        let quality = Thresholds::rate(measured, &analysis, chosen);
        let right = matches!(quality, Quality::Best | Quality::AboutAsGood);
        Some(self.record(chosen, quality, right))
    }

    fn record(&mut self, chosen: Direction, quality: Quality, right: bool) -> (Board, bool) {
        self.answer = Answer::Answered { chosen, quality, right };
        self.answered += 1;
        self.right += usize::from(right);
        (self.question().map(|q| q.board).unwrap_or(Board::EMPTY), right)
    }

    /// What is said of the answer given: right or not, its word, and the solver's move.
    pub fn said(&self) -> Option<Message> {
        let Answer::Answered { chosen, quality, right } = self.answer else { return None };
        let best = self.analysis.and_then(|a| a.search.best).or(self.question().map(|q| q.best))?;
        Some(if right {
            Message::DrillRight { chosen, quality }
        } else {
            Message::DrillWrong { chosen, quality, best }
        })
    }

    /// Next: the next question, once this one is answered. In a practice of the deck a board
    /// answered wrong is asked again [`AGAIN_AFTER`] questions later (last, if fewer are left).
    pub fn go_on(&mut self) -> bool {
        let Answer::Answered { right, .. } = self.answer else { return false };
        let Some(done) = self.queue.pop_front() else { return false };
        if !right && self.source == Source::Deck {
            self.queue.insert(AGAIN_AFTER.min(self.queue.len()), done);
        }
        self.answer = Answer::Asking;
        self.analysis = None;
        true
    }
}
