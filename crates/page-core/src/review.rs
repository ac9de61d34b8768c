//! Stepping through the game's mistakes (its worse and much worse moves, in the order played):
//! each opens on its board for analysis (with the solver's ranking of every move shown at
//! once), and Previous / Next go to the ones before and after it, while the game in progress
//! stays set aside as for any entered board.

use game_core::Game;

use super::coach::Mistake;
use super::effect::Effect;
use super::model::Model;
use crate::text::Message;

/// Which mistake is on screen, of how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Review {
    /// From 0.
    pub index: usize,
    pub count: usize,
    pub mistake: Mistake,
}

impl Model {
    /// Opens the game's mistake `index` (counted from 0) for analysis; out of range does nothing.
    pub(super) fn review_mistake(&mut self, now: f64, index: usize, fx: &mut Vec<Effect>) {
        let Some(&mistake) = self.mistakes().get(index) else { return };
        let Ok(game) = Game::from_board(mistake.board, None) else { return };
        self.analyse(now, game, fx);
        self.entering.review(index);
        fx.push(Effect::Announce(vec![Message::Reviewing(self.review().expect("just set"))]));
        self.ask_hint(fx);
    }

    /// Previous (`-1`) or Next (`+1`) of the mistake on screen.
    pub(super) fn step_review(&mut self, now: f64, step: isize, fx: &mut Vec<Effect>) {
        if let Some(index) = self.entering.reviewing().and_then(|i| i.checked_add_signed(step)) {
            self.review_mistake(now, index, fx);
        }
    }

    /// The mistake on screen, while one is.
    pub fn review(&self) -> Option<Review> {
        let index = self.entering.reviewing()?;
        let mistakes = self.mistakes();
        mistakes.get(index).map(|&mistake| Review { index, count: mistakes.len(), mistake })
    }
}
