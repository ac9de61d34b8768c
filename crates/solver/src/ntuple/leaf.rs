//! The learned network as Strong's leaf evaluation: the network plus the score already made.
//!
//! The learned value of an afterstate is the score still to come, so the search must add the
//! score each move makes. It does so without a reward lookup per move: a tile `2^k` built from
//! 2s has made `(k - 1) * 2^k` points of merges, so the potential `Φ(board)`, that sum over the
//! tiles, grows by exactly a move's score in every move, and by 4 for a spawned 4 (which no
//! merge made). Scoring a leaf `Φ + value`, crediting back the 4 of a spawned 4 at chance nodes,
//! and a lost board `Φ`, makes every node's value `Φ(root) + the expected score from the root`,
//! the expectimax of the score the network was trained to predict.

use game_core::{Board, MAX_EXPONENT};

use super::Network;
use crate::strong::leaf::Evaluator;

/// Merge points inside a tile of exponent `k`: `(k - 1) * 2^k` (none in a 2).
const fn merge_points(k: u8) -> f64 {
    if k > 1 { ((k as u64 - 1) << k) as f64 } else { 0.0 }
}

/// [`merge_points`] of each exponent a nibble holds.
const POTENTIAL: [f64; 16] = {
    let mut p = [0.0; 16];
    let mut k = 0;
    while k < 16 {
        p[k] = merge_points(k as u8);
        k += 1;
    }
    p
};

/// `Φ` of a nibble board.
#[inline]
fn potential(x: u64) -> f64 {
    (0..16).map(|c| POTENTIAL[((x >> (4 * c)) & 0xF) as usize]).sum()
}

/// `Φ` of any board.
fn board_potential(board: Board) -> f64 {
    (0..16).map(|c| merge_points(board.exponent(c))).sum()
}

/// A board with a tile of 65536 or more, read by the network as if those were 32768s (the
/// network has never seen larger).
fn clamped_nibbles(board: Board) -> u64 {
    (0..16).fold(0, |x, c| x | (u64::from(board.exponent(c).min(15)) << (4 * c)))
}

impl Evaluator for &Network {
    #[inline]
    fn nibbles(self, x: u64) -> f64 {
        potential(x) + f64::from(self.value(x))
    }

    fn board(self, board: Board) -> f64 {
        board_potential(board) + f64::from(self.value(clamped_nibbles(board)))
    }

    #[inline]
    fn lost_nibbles(self, x: u64) -> f64 {
        potential(x)
    }

    fn lost_board(self, board: Board) -> f64 {
        board_potential(board)
    }

    #[inline]
    fn spawn_credit(self, exponent: u8) -> f64 {
        POTENTIAL[usize::from(exponent)]
    }
}

const _: () = assert!(MAX_EXPONENT >= 15);

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Direction;

    #[test]
    fn potential_grows_by_the_score_of_each_move() {
        let board = Board::from_exponents([[1, 1, 2, 2], [3, 3, 3, 0], [0, 0, 9, 9], [1, 2, 4, 8]]).unwrap();
        for d in Direction::ALL {
            let slide = board.slide(d);
            let (before, after) = (board.nibbles().unwrap(), slide.board.nibbles().unwrap());
            assert_eq!(potential(after) - potential(before), f64::from(slide.score), "{d}");
            assert_eq!(board_potential(slide.board), potential(after));
        }
        // A spawned 4 adds 4 that no merge scored; a 2 adds nothing.
        assert_eq!(POTENTIAL[1], 0.0);
        assert_eq!(POTENTIAL[2], 4.0);
    }
}
