//! Reviewing the game the replay shows, on the model: Review starts it at a strength whose
//! words are measured ([`review_strength`], asked of the worker as it can answer now), and the
//! solver is then asked about the game's moves one at a time, in order, each answer judged
//! ([`GameReview::judge`]) as it comes.
//!
//! A review never holds up the game: one question at a time, none while Autoplay plays (its
//! moves go first; the review goes on when it stops), and a worker that is lost or restarted
//! just means the move is asked again. [`Model::review_pump`] runs after every event, so any
//! of those can let it go on.
//!
//! A kept game's review is kept with it (`saved::review`): written every [`SAVE_EVERY`]
//! verdicts and when complete, read when the game is shown, and gone on with from there. A
//! review of an imported replay is never written: its id is the file's, and could be a kept
//! game's. A review document that cannot be read is only a review to do again (its game is
//! untouched): it is said in the console and written over.

use super::analysis::Analysis;
use game_core::Status;

use super::effect::Effect;
use super::game_review::{Chance, GameReview, review_strength};
use super::model::Model;
use super::panels::Panel;
use super::quality::Quality;
use super::solving::Purpose;
use crate::saved::review;

/// How many verdicts a review gains between two writes (and it is written when complete): a
/// long game's review is not written again for every move.
pub const SAVE_EVERY: usize = 50;

impl Model {
    /// Review: the solver judges every move of the game shown, from the first not yet judged.
    pub(super) fn start_review(&mut self, fx: &mut Vec<Effect>) {
        let Some(wanted) = review_strength(self.strength, &self.thresholds) else { return };
        let strength = self.solving.asked_strength(wanted);
        let Some((replay, review)) = self.replaying.reviewed() else { return };
        let game = replay.kept.summary.id;
        if review.as_ref().is_none_or(|r| r.game != game) {
            *review = Some(GameReview::new(game, strength, replay));
        }
        self.review_pump(fx);
    }

    /// Asks about the review's next move, unless it is complete, its question is out, Autoplay
    /// plays, or the worker cannot answer at the review's strength just now.
    pub(super) fn review_pump(&mut self, fx: &mut Vec<Effect>) {
        if self.autoplay.is_on() {
            return;
        }
        let Some((replay, Some(review))) = self.replaying.reviewed() else { return };
        let Some((index, board)) = review.next(replay) else { return };
        let (game, strength) = (review.game, review.strength);
        let purpose = Purpose::Review { game, index };
        if self.solving.awaits(purpose, board, Some(strength))
            || self.solving.asked_strength(strength) != strength
        {
            return;
        }
        self.solving.ask(purpose, board, strength, fx);
    }

    /// The solver's answer about move `index` of kept game `game`: judged if it is the move
    /// the review of the game shown awaits (else stale).
    pub(super) fn review_answer(
        &mut self,
        now: f64,
        game: u64,
        index: usize,
        analysis: &Analysis,
        fx: &mut Vec<Effect>,
    ) {
        let measured = &self.thresholds;
        let Some((replay, Some(review))) = self.replaying.reviewed() else { return };
        let chance = analysis.chance().map(Chance::from);
        if review.game != game || !review.judge(replay, index, analysis, chance, measured) {
            return;
        }
        if replay.imported {
            return;
        }
        // A much worse move joins the practice deck: its board, the move played, the solver's.
        let card = review
            .verdicts()
            .last()
            .filter(|v| v.quality == Quality::MuchWorse)
            .and_then(|v| Some((replay.position(index)?.board(), replay.move_from(index)?, v.best)));
        let accuracy = review.accuracy();
        if review.judged() % SAVE_EVERY == 0 || accuracy.is_some() {
            fx.push(Effect::SaveReview { game, document: review::encode(review), accuracy });
        }
        if let Some(accuracy) = accuracy {
            self.keeping.set_accuracy(game, accuracy);
        }
        if let Some((board, played, best)) = card {
            self.join_deck(now, board, played, best, fx);
        }
    }

    /// The review kept with game `game`, read: taken up if that game is shown, the review is
    /// of it (its moves) and holds more than the one under way, if any.
    pub(super) fn review_loaded(&mut self, game: u64, text: Option<&str>, fx: &mut Vec<Effect>) {
        let Some(text) = text else { return };
        let Some((replay, review)) = self.replaying.reviewed() else { return };
        if replay.imported || replay.kept.summary.id != game {
            return;
        }
        match review::decode(text) {
            Ok(kept) if kept.game == game && kept.moves == replay.len() => {
                if let Some(accuracy) = kept.accuracy() {
                    self.keeping.set_accuracy(game, accuracy);
                }
                if review.as_ref().is_none_or(|r| r.game != game || r.judged() < kept.judged()) {
                    *review = Some(kept);
                }
            }
            Ok(_) => fx.push(Effect::Warn(format!("the review kept with game {game} is of another game"))),
            Err(why) => {
                fx.push(Effect::Warn(format!("the review kept with game {game} cannot be read: {why}")))
            }
        }
    }

    /// Whether the game on screen has ended and was kept on this visit: the game-over banner
    /// offers its review.
    pub fn can_review_ended(&self) -> bool {
        self.game().status() == Status::Over
            && self.keeping.last_kept().is_some_and(|kept| kept.record.game() == self.game())
    }

    /// The game-over banner's Review: the game just ended, shown in the replay and reviewed.
    pub(super) fn review_ended(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if !self.can_review_ended() {
            return;
        }
        let Some(kept) = self.keeping.last_kept().cloned() else { return };
        self.open_panel(now, Panel::Replay, fx);
        if self.panel != Panel::Replay {
            return;
        }
        self.replaying.show_kept(kept, fx);
        self.start_review(fx);
    }

    /// The review of the game the replay shows, if one was asked for.
    pub fn game_review(&self) -> Option<&GameReview> {
        self.replaying.review()
    }
}
