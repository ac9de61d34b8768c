//! The late game: where it starts ([`Stage`], the tiles a board has built), the deeper
//! search a searcher switches to there ([`Late`]) and the heuristic that search adds to the
//! network's late leaves (`Shaped`). In the late game a board holds one or two large tiles
//! that must not move and little room beside them, so that a mistake costs the game: looking
//! further pays there, and the game's last few thousand moves can afford it.

use game_core::Board;

use super::heuristic::Heuristic;
use super::leaf::Evaluator;
use crate::ntuple::Reading;

/// A point in a game, by the tiles built: a board holds a tile of `2^largest` or more and,
/// if `second` is set, another of `2^second` or more (the two may be twins).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage {
    pub largest: u8,
    pub second: Option<u8>,
}

impl Stage {
    /// Whether `board` has reached this stage.
    pub fn reached(self, board: Board) -> bool {
        self.holds((0..16).map(|cell| board.exponent(cell)))
    }

    /// [`Self::reached`] of the nibble board `x` (it is asked of leaves).
    #[inline]
    pub fn reached_nibbles(self, x: u64) -> bool {
        self.holds((0..16).map(|c| ((x >> (4 * c)) & 0xF) as u8))
    }

    /// Whether a board of these tile exponents has reached this stage: its largest and its
    /// second largest (a twin of the largest counts).
    #[inline]
    fn holds(self, exponents: impl Iterator<Item = u8>) -> bool {
        let (mut largest, mut second) = (0, 0);
        for e in exponents {
            if e > largest {
                second = largest;
                largest = e;
            } else if e > second {
                second = e;
            }
        }
        largest >= self.largest && self.second.is_none_or(|s| second >= s)
    }
}

/// A deeper search from `stage` on: exactly `depth` moves beyond the root, at `cutoff`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Late {
    pub stage: Stage,
    pub depth: u32,
    pub cutoff: f64,
    /// With the network: this many times nneonneo's heuristic added to the value of every leaf
    /// that has reached `stage`, in any search (`Shaped`); `None`: the network alone.
    pub shaping: Option<f64>,
}

/// The network's value of a leaf, plus `weight` times nneonneo's heuristic of it once it has
/// reached `stage`. Late in a game the network barely tells a board that keeps its largest
/// tiles in a line from one that breaks the line (values 0.1 % apart where the heuristic's
/// differ by a quarter), so a search with it alone breaks the line as readily as not; the
/// heuristic, which scores the line's order, is added where the network knows least. A leaf's
/// value depends on the leaf alone, so a searcher's memo of leaves stays right across stages.
#[derive(Clone, Copy)]
pub(crate) struct Shaped<'a> {
    pub reading: Reading<'a>,
    pub stage: Stage,
    pub weight: f64,
    pub heuristic: &'static Heuristic,
}

impl Shaped<'_> {
    #[inline]
    fn added(self, x: u64) -> f64 {
        if !self.stage.reached_nibbles(x) {
            return 0.0;
        }
        if self.weight == 0.0 { 0.0 } else { self.weight * self.heuristic.nibbles(x) }
    }
}

impl Evaluator for Shaped<'_> {
    #[inline]
    fn nibbles(self, x: u64) -> f64 {
        self.reading.nibbles(x) + self.added(x)
    }

    fn board(self, board: Board) -> f64 {
        self.reading.board(board) + board.nibbles().map_or(0.0, |x| self.added(x))
    }

    #[inline]
    fn lost_nibbles(self, x: u64) -> f64 {
        self.reading.lost_nibbles(x)
    }

    fn lost_board(self, board: Board) -> f64 {
        self.reading.lost_board(board)
    }

    #[inline]
    fn spawn_credit(self, exponent: u8) -> f64 {
        self.reading.spawn_credit(exponent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;
    use crate::{Budget, Searcher, Spec, Strong, StrongConfig};
    use game_core::{Direction, Game};
    use rand::SeedableRng;

    #[test]
    fn from_the_late_stage_on_a_searcher_searches_to_the_late_depth_and_cutoff() {
        // No table: each decision depends on its board alone, so that three searchers compare.
        let early =
            StrongConfig { budget: Budget::Depth(2), cutoff: 0.01, tt_bits: None, ..StrongConfig::FAST };
        let late =
            Late { stage: Stage { largest: 7, second: Some(6) }, depth: 2, cutoff: 0.05, shaping: None };
        let deep = StrongConfig { budget: Budget::Depth(3), cutoff: 0.05, ..early };
        let (mut staged, mut shallow, mut deeper) =
            (Strong::new(StrongConfig { late: Some(late), ..early }), Strong::new(early), Strong::new(deep));
        let mut rng = GameRng::seed_from_u64(5);
        let mut game = Game::new(&mut rng);
        let mut late_boards = 0;
        for _ in 0..400 {
            let board = game.board();
            let expected = if late.stage.reached(board) {
                late_boards += 1;
                deeper.decide(board)
            } else {
                shallow.decide(board)
            };
            let decided = staged.decide(board);
            assert_eq!(decided, expected);
            for direction in Direction::ALL {
                assert_eq!(staged.root_value(board, direction).depth, expected.depth);
            }
            let Some(best) = Spec.decide(board).best else { break };
            game.play(best, &mut rng);
        }
        assert!(late_boards > 10, "the game reached the late stage: {late_boards} boards");
    }

    #[test]
    fn a_stage_with_a_second_tile_is_reached_only_by_boards_that_hold_both() {
        let stage = Stage { largest: 14, second: Some(13) };
        let board =
            |second: u8| Board::from_exponents([[14, second, 3, 1], [0; 4], [0; 4], [0, 0, 0, 2]]).unwrap();
        assert!(!stage.reached(board(12)), "16384 and 4096");
        assert!(stage.reached(board(13)), "16384 and 8192");
        assert!(stage.reached(board(14)), "two 16384s");
        assert!(stage.reached(board(15)), "32768 and 16384");
        for second in 10..=15 {
            let b = board(second);
            assert_eq!(stage.reached_nibbles(b.nibbles().unwrap()), stage.reached(b), "{second}");
        }
        let alone = Board::from_exponents([[13, 13, 3, 1], [0; 4], [0; 4], [0, 0, 0, 2]]).unwrap();
        assert!(!stage.reached(alone), "no 16384");
        assert!(Stage { second: None, ..stage }.reached(board(2)));
    }
}
