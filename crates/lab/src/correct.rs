//! Learning a correction of a trained network's late game (an experiment): a second, small
//! network added to the first's value of every afterstate of the late stage, learned from
//! episodes played on from where the first network's own games reach that stage, the first
//! network fixed meanwhile. Read down (`solver::ntuple::downgraded`), the first network values a late
//! board as the earlier board it resembles, though the late one has a tile more to build and
//! so less room to build it in; what that costs is what the correction is to learn. It starts
//! at 0, so it starts from the first network's play and moves only where its errors agree
//! (a copy of the first network learned on, `train-ntuple --late`, first threw its play away).

use rand::Rng;

use crate::learn::{GameOutcome, Learner, greedy_by, play_backward_valued, spawn};
use solver::ntuple::{Network, downgraded};
use solver::strong::Stage;

/// The value a late game is played with: `main` read down from `2^down_from`, plus the
/// correction on the afterstates that have reached `stage`.
#[derive(Clone, Copy)]
pub struct Corrected<'a> {
    pub main: &'a Network,
    pub down_from: u8,
    pub stage: Stage,
}

impl Corrected<'_> {
    /// The value of the afterstate `y` with `correction` added if `y` is late.
    #[inline]
    pub fn value(self, correction: &Network, y: u64) -> f32 {
        let main = self.main.value(downgraded(y, self.down_from));
        if self.stage.reached_nibbles(y) { main + correction.value(y) } else { main }
    }

    /// Plays a new game greedily, learning nothing, until an afterstate first reaches the
    /// stage, and returns it (`None` if the game ends first).
    pub fn play_to_stage<R: Rng + ?Sized>(self, correction: &Network, rng: &mut R) -> Option<u64> {
        let mut x = spawn(spawn(0, rng), rng);
        while let Some((y, _)) = greedy_by(x, |y| self.value(correction, y)) {
            if self.stage.reached_nibbles(y) {
                return Some(y);
            }
            x = spawn(y, rng);
        }
        None
    }

    /// Plays one episode greedily from the afterstate `start` (a new tile placed on it first),
    /// the weights fixed meanwhile, then moves the correction of each of its late afterstates
    /// toward its λ-return backward (`learn::play_backward` with this value).
    pub fn play_learning<R: Rng + ?Sized>(
        self,
        learner: &mut Learner,
        lambda: f32,
        start: u64,
        rng: &mut R,
    ) -> GameOutcome {
        let value = |correction: &Network, y| self.value(correction, y);
        let late = |y| self.stage.reached_nibbles(y);
        play_backward_valued(learner, lambda, start, rng, value, late).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::{Rule, play_backward};
    use crate::ntuple::{Reshape, nibbles};
    use rand::SeedableRng;
    use solver::ntuple::Shape;
    use solver::rng::GameRng;

    /// A small main network that plays a little (300 episodes of a lines-and-squares network)
    /// and a late stage its games reach: a 256 and a 128.
    fn main_and_stage() -> (Network, Stage) {
        let mut learner =
            Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
        for episode in 0..300 {
            play_backward(&mut learner, 0.5, 0, &mut GameRng::seed_from_u64(episode));
        }
        (learner.network, Stage { largest: 8, second: Some(7) })
    }

    #[test]
    fn a_zero_correction_plays_as_the_main_network_and_counts_only_on_late_afterstates() {
        let (main, stage) = main_and_stage();
        let corrected = Corrected { main: &main, down_from: 14, stage };
        let zero = Network::zeroed(Shape::LINES_AND_SQUARES);
        let ones = Network::filled(Shape::LINES_AND_SQUARES, 1.0);
        let early = nibbles([[7, 6, 1, 0], [0; 4], [0; 4], [0; 4]]);
        let late = nibbles([[8, 7, 1, 0], [0; 4], [0; 4], [0; 4]]);
        for y in [early, late] {
            assert_eq!(corrected.value(&zero, y), main.value(y));
        }
        assert_eq!(corrected.value(&ones, early), main.value(early), "no correction before the stage");
        let added = corrected.value(&ones, late) - main.value(late);
        assert!((added - ones.value(late)).abs() < 1e-4, "the correction's own value: {added}");
        assert!(added > 0.5);
    }

    #[test]
    fn learning_the_correction_is_deterministic_and_plays_the_late_game_better_than_none() {
        let (main, stage) = main_and_stage();
        let corrected = Corrected { main: &main, down_from: 14, stage };
        let learn = || {
            let mut learner =
                Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
            let mut rng = GameRng::seed_from_u64(7);
            let mut learned = 0;
            while learned < 400 {
                if let Some(start) = corrected.play_to_stage(&learner.network, &mut rng) {
                    for _ in 0..4 {
                        corrected.play_learning(&mut learner, 0.5, start, &mut rng);
                        learned += 1;
                    }
                }
            }
            learner
        };
        let (a, b) = (learn(), learn());
        assert_eq!(a.to_bytes(0), b.to_bytes(0), "the same episodes learn the same correction");
        // The late game alone, from the same starts with the same tiles, learning nothing.
        let late_score = |correction: &Network| {
            let mut frozen = Learner::new(correction.clone(), Rule::Fixed { alpha: 0.0 });
            let mut rng = GameRng::seed_from_u64(99);
            let zero = Network::zeroed(Shape::LINES_AND_SQUARES);
            let mut total = 0;
            for _ in 0..200 {
                let Some(start) = corrected.play_to_stage(&zero, &mut rng) else { continue };
                total += corrected.play_learning(&mut frozen, 0.5, start, &mut rng).score;
            }
            total
        };
        let (with, without) =
            (late_score(&a.network), late_score(&Network::zeroed(Shape::LINES_AND_SQUARES)));
        assert!(with > without, "late score with the correction {with}, without {without}");
    }
}
