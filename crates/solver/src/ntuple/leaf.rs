//! The learned network as Strong's leaf evaluation: the network plus the score already made.
//!
//! The learned value of an afterstate is the score still to come, so the search must add the
//! score each move makes. It does so without a reward lookup per move: a tile `2^k` built from
//! 2s has made `(k - 1) * 2^k` points of merges, so the potential `Φ(board)`, that sum over the
//! tiles, grows by exactly a move's score in every move, and by 4 for a spawned 4 (which no
//! merge made). Scoring a leaf `Φ + value`, crediting back the 4 of a spawned 4 at chance nodes,
//! and a lost board `Φ`, makes every node's value `Φ(root) + the expected score from the root`,
//! the expectimax of the score the network was trained to predict.
//!
//! A leaf costs the network's forty-odd lookups, eight times the heuristic's, and the same
//! afterstate is reached by many lines (a new tile anywhere in a row that then slides away
//! from it leaves the same board), so a searcher keeps a [`LeafMemo`] of the leaves it scored.

use std::cell::Cell;

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

/// The network as a leaf evaluation: late boards read down (`super::downgrade`) from a tile of
/// `2^down_from` on, if set (tile downgrading); `None`: every board as it is.
#[derive(Clone, Copy, Debug)]
pub struct Reading<'a> {
    pub network: &'a Network,
    pub down_from: Option<u8>,
}

impl Reading<'_> {
    /// The learned value of the nibble afterstate `x`, read down if it is late enough.
    #[inline]
    fn leaf_value(self, x: u64) -> f64 {
        let x = match self.down_from {
            Some(from) => super::downgrade::downgraded(x, from),
            None => x,
        };
        f64::from(self.network.value(x))
    }
}

/// The network reading every board as it is.
impl<'a> From<&'a Network> for Reading<'a> {
    fn from(network: &'a Network) -> Reading<'a> {
        Reading { network, down_from: None }
    }
}

impl Evaluator for Reading<'_> {
    #[inline]
    fn nibbles(self, x: u64) -> f64 {
        potential(x) + self.leaf_value(x)
    }

    fn board(self, board: Board) -> f64 {
        board_potential(board) + self.leaf_value(clamped_nibbles(board))
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

/// Leaf values a searcher has scored, by board: a direct-mapped table (a slot holds the last
/// board hashed to it). A value depends on the board and the network alone, so a memo never
/// goes stale; it only answers faster.
pub struct LeafMemo {
    slots: Box<[Cell<(u64, f64)>]>,
    shift: u32,
}

impl LeafMemo {
    /// A memo of `2^bits` slots (16 bytes each).
    pub fn new(bits: u32) -> LeafMemo {
        LeafMemo { slots: (0..1usize << bits).map(|_| Cell::new((0, 0.0))).collect(), shift: 64 - bits }
    }
}

impl std::fmt::Debug for LeafMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LeafMemo").field("slots", &self.slots.len()).finish()
    }
}

impl Clone for LeafMemo {
    /// An empty memo of the same size: a searcher's copy starts cold, as a new one would.
    fn clone(&self) -> LeafMemo {
        LeafMemo::new(64 - self.shift)
    }
}

/// The network's reading (or, in the lab, an evaluation built on it) with a searcher's memo of
/// its leaves.
#[derive(Clone, Copy)]
pub(crate) struct Memoized<'a, E = Reading<'a>> {
    pub reading: E,
    pub memo: &'a LeafMemo,
}

impl<E: Evaluator> Evaluator for Memoized<'_, E> {
    #[inline]
    fn nibbles(self, x: u64) -> f64 {
        // Every afterstate holds a tile, so the empty board marks an empty slot.
        let slot = &self.memo.slots[(x.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.memo.shift) as usize];
        let (key, value) = slot.get();
        if key == x && x != 0 {
            return value;
        }
        let value = self.reading.nibbles(x);
        slot.set((x, value));
        value
    }

    fn board(self, board: Board) -> f64 {
        self.reading.board(board)
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

    #[test]
    fn a_network_reading_down_scores_a_late_leaf_by_the_earlier_board_plus_the_score_made() {
        let network = crate::max::repository_network().unwrap();
        let reading = Reading { network, down_from: Some(14) };
        let late =
            Board::from_exponents([[14, 13, 12, 10], [9, 8, 7, 6], [2, 3, 4, 5], [1, 0, 0, 1]]).unwrap();
        let x = late.nibbles().unwrap();
        let earlier = crate::ntuple::downgrade::downgraded(x, 14);
        assert_ne!(earlier, x);
        assert_eq!(reading.nibbles(x), potential(x) + f64::from(network.value(earlier)));
        assert_eq!(reading.board(late), reading.nibbles(x));
        // Before its 16384 a board is read as it is.
        let early =
            Board::from_exponents([[13, 12, 11, 9], [9, 8, 7, 6], [2, 3, 4, 5], [1, 0, 0, 1]]).unwrap();
        let y = early.nibbles().unwrap();
        assert_eq!(reading.nibbles(y), potential(y) + f64::from(network.value(y)));
    }

    #[test]
    fn the_memo_answers_what_the_network_does_even_when_boards_share_a_slot() {
        use crate::rng::GameRng;
        use game_core::Game;
        use rand::SeedableRng;
        let network = crate::max::repository_network().unwrap();
        // The first 300 afterstates of a game played by the network's own greedy choice (the
        // whole game would be thousands: too many to read three times over in a debug build).
        let mut rng = GameRng::seed_from_u64(99);
        let mut game = Game::new(&mut rng);
        let mut boards = Vec::new();
        while boards.len() < 300
            && let Some(y) = game_core::Direction::ALL
                .into_iter()
                .filter_map(|d| Some(game.board().slide(d)).filter(|s| s.moved)?.board.nibbles())
                .max_by(|a, b| network.value(*a).total_cmp(&network.value(*b)))
        {
            boards.push(y);
            let direction = game_core::Direction::ALL
                .into_iter()
                .find(|&d| game.board().slide(d).board.nibbles() == Some(y))
                .expect("the move that made it");
            game.play(direction, &mut rng);
        }
        assert!(boards.len() > 100);
        // Four slots for hundreds of boards: most lookups evict another board.
        let memo = LeafMemo::new(2);
        let memoized = Memoized { reading: Reading::from(network), memo: &memo };
        for round in 0..3 {
            for &y in boards.iter().chain(boards.iter().rev()) {
                assert_eq!(
                    memoized.nibbles(y).to_bits(),
                    Reading::from(network).nibbles(y).to_bits(),
                    "round {round}"
                );
            }
        }
    }
}
