//! "Learn from your mistakes" on the model ([`Practice`]): the practice deck and the practice
//! under way. A practice opens as a view over the game (the game in progress, Best and the
//! statistics are never touched), from a game's review or the coach's list (that game's worse
//! and much worse moves) or from the deck (its due cards). The solver is asked about each board
//! as it opens, at a strength whose words are measured (the review's); a lost worker's question
//! is asked again.
//!
//! Every much worse move joins the deck as it is judged (by the coach while playing, or by a
//! review of a kept game), and every answer about a board the deck holds moves its card on its
//! schedule (`deck`). The deck is read from storage once the history's database opens; a card
//! that cannot be read is set aside (said once), and without storage the deck lives for the visit.

use game_core::{Board, Direction};

use super::analysis::Analysis;
use super::effect::Effect;
use super::game_review::review_strength;
use super::model::Model;
use super::panels::Panel;
use super::quality::Quality;
use super::solving::Purpose;
use crate::coach::Mistake;
use crate::deck::{Card, Change, Deck};
use crate::drill::{Drill, Question, Source};
use crate::saved::card;
use crate::text::Message;

/// The deck, the practice under way, and the coach's much worse moves already offered to the
/// deck.
#[derive(Clone, Debug, Default)]
pub(super) struct Practice {
    deck: Deck,
    drill: Option<Drill>,
    /// The game in progress's mistakes as last seen: those past them are new.
    seen: Vec<Mistake>,
}

impl Practice {
    /// A visit's practice, the coach's `mistakes` as restored already offered to the deck (by
    /// the visit that judged them).
    pub fn new(mistakes: &[Mistake]) -> Practice {
        Practice { seen: mistakes.to_vec(), ..Practice::default() }
    }
}

impl Model {
    /// "Learn from your mistakes" in a game's review: its worse and much worse moves so far.
    pub(super) fn learn_from_review(&mut self, now: f64, fx: &mut Vec<Effect>) {
        let Some((replay, Some(review))) = self.replaying.reviewed() else { return };
        let questions = review
            .verdicts()
            .iter()
            .enumerate()
            .filter(|(_, v)| v.quality.is_mistake())
            .filter_map(|(index, v)| {
                let board = replay.position(index)?.board();
                Some(Question { board, played: replay.move_from(index)?, best: v.best })
            })
            .collect();
        self.open_drill(now, Source::Game, questions, fx);
    }

    /// "Learn from your mistakes" in the coach's list: the game in progress's.
    pub(super) fn learn_from_coach(&mut self, now: f64, fx: &mut Vec<Effect>) {
        let questions = self
            .mistakes()
            .iter()
            .map(|m| Question { board: m.board, played: m.played, best: m.best })
            .collect();
        self.open_drill(now, Source::Game, questions, fx);
    }

    /// Practice: the deck's due cards (once storage has answered: a practice opened before
    /// waits for it).
    pub(super) fn practise_deck(&mut self, now: f64, fx: &mut Vec<Effect>) {
        self.open_drill(now, Source::Deck, Vec::new(), fx);
        self.deal(now);
    }

    /// The due cards to the practice of the deck on screen, if it has none yet.
    fn deal(&mut self, now: f64) {
        let wall = self.keeping.epoch(now);
        let deck = &self.practice.deck;
        let Some(drill) = self.practice.drill.as_mut() else { return };
        if drill.source != Source::Deck || drill.answered > 0 || drill.left() > 0 {
            return;
        }
        let questions: Vec<Question> = deck
            .due(wall)
            .iter()
            .map(|c| Question { board: c.board, played: c.played, best: c.best })
            .collect();
        *drill = Drill::new(Source::Deck, questions);
        drill.waiting = deck.is_reading();
        if drill.left() == 0 {
            drill.next_due_in = deck.next_due().map(|at| at.saturating_sub(wall));
        }
    }

    fn open_drill(&mut self, now: f64, source: Source, questions: Vec<Question>, fx: &mut Vec<Effect>) {
        self.open_panel(now, Panel::Drill, fx);
        if self.panel == Panel::Drill {
            self.practice.drill = Some(Drill::new(source, questions));
        }
    }

    /// The player's move on the practice's board (a button or a move key).
    pub(super) fn drill_choose(&mut self, now: f64, direction: Direction, fx: &mut Vec<Effect>) {
        let Some(drill) = self.practice.drill.as_mut() else { return };
        let judged = drill.choose(direction, &self.thresholds);
        self.drill_judged(now, judged, fx);
    }

    /// Next question, once the one on screen is answered (the solver is asked about it by
    /// [`Model::practice_pump`], after every event).
    pub(super) fn drill_next(&mut self) {
        if let Some(drill) = self.practice.drill.as_mut() {
            drill.go_on();
        }
    }

    /// The solver's view of a practice board.
    pub(super) fn drill_answer(&mut self, now: f64, analysis: Analysis, fx: &mut Vec<Effect>) {
        let Some(drill) = self.practice.drill.as_mut() else { return };
        let judged = drill.take_analysis(analysis, &self.thresholds);
        self.drill_judged(now, judged, fx);
    }

    /// An answer judged: said, and the deck's card of the board, if any, moved on.
    fn drill_judged(&mut self, now: f64, judged: Option<(Board, bool)>, fx: &mut Vec<Effect>) {
        let Some((board, right)) = judged else { return };
        if let Some(said) = self.practice.drill.as_ref().and_then(Drill::said) {
            fx.push(Effect::Announce(vec![said]));
        }
        let change = self.practice.deck.answered(board, right, self.keeping.epoch(now));
        deck_change(change, fx);
    }

    /// After every event: the coach's new much worse moves join the deck, and the practice's
    /// board is asked about if it waits (or, the solver gone for good, judged without it).
    pub(super) fn practice_pump(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if self.coach.mistakes != self.practice.seen {
            if !self.coach.mistakes.starts_with(&self.practice.seen) {
                self.practice.seen.clear();
            }
            let new: Vec<Mistake> = self.coach.mistakes[self.practice.seen.len()..].to_vec();
            for mistake in new.iter().filter(|m| m.quality == Quality::MuchWorse) {
                self.join_deck(now, mistake.board, mistake.played, mistake.best, fx);
            }
            self.practice.seen = self.coach.mistakes.clone();
        }
        if self.solving.is_failed() {
            let judged = self.practice.drill.as_mut().and_then(Drill::judge_without_solver);
            return self.drill_judged(now, judged, fx);
        }
        let Some(board) = self.practice.drill.as_ref().and_then(Drill::wants_analysis) else { return };
        let Some(wanted) = review_strength(self.strength, &self.thresholds) else { return };
        let strength = self.solving.asked_strength(wanted);
        if !self.solving.awaits(Purpose::Drill, board, Some(strength)) {
            self.solving.ask(Purpose::Drill, board, strength, fx);
        }
    }

    /// A much worse move, played on `board` at `now`, joins the deck.
    pub(super) fn join_deck(
        &mut self,
        now: f64,
        board: Board,
        played: Direction,
        best: Direction,
        fx: &mut Vec<Effect>,
    ) {
        let change = self.practice.deck.add(Card::new(board, played, best, self.keeping.epoch(now)));
        deck_change(change, fx);
    }

    /// Storage read the deck: each card kept (its key and document). Those that cannot be read
    /// are set aside, said once; the rest are the deck, with what this visit added.
    pub(super) fn deck_loaded(&mut self, now: f64, kept: Vec<(String, String)>, fx: &mut Vec<Effect>) {
        let mut cards = Vec::new();
        let mut bad = Vec::new();
        for (key, text) in kept {
            match card::decode(&key, &text) {
                Ok(card) => cards.push(card),
                Err(why) => {
                    fx.push(Effect::Warn(format!("a practice card cannot be read: {why}")));
                    bad.push(key);
                }
            }
        }
        if !bad.is_empty() {
            self.telling.notify(Message::DeckSetAside { count: bad.len() });
            fx.push(Effect::SetAsideCards(bad));
        }
        let change = self.practice.deck.loaded(cards);
        deck_change(change, fx);
        self.deal(now);
    }

    /// The browser keeps nothing: the deck lives for this visit.
    pub(super) fn deck_unavailable(&mut self, now: f64) {
        self.practice.deck.unavailable();
        self.deal(now);
    }

    /// The practice view closed: the practice ends.
    pub(super) fn drill_closed(&mut self) {
        self.practice.drill = None;
    }

    /// The practice under way, while its view is open.
    pub fn drill(&self) -> Option<&Drill> {
        self.practice.drill.as_ref().filter(|_| self.panel == Panel::Drill)
    }

    pub fn deck(&self) -> &Deck {
        &self.practice.deck
    }
}

/// What storage must do for `change`.
fn deck_change(change: Change, fx: &mut Vec<Effect>) {
    if !change.save.is_empty() {
        fx.push(Effect::SaveCards(change.save.iter().map(|c| (c.key(), card::encode(c))).collect()));
    }
    if !change.delete.is_empty() {
        fx.push(Effect::DeleteCards(change.delete));
    }
}
