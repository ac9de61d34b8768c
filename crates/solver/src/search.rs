//! The game-tree search of the original solver page: player nodes that keep the best move,
//! chance nodes for the new tile, leaves scored by [`crate::eval`], and the depth chosen from
//! the free space.
//!
//! One tree walker serves both tile models: expectimax (the spec: average over every spawn,
//! weighted as the game draws them) and minimax (the comparison that page argues against: the
//! worst spawn). Nothing is cached, within or between decisions, as on that page.
//!
//! The walker runs on the nibble board (`game_core::packed`) while every tile is below 65536,
//! as Strong's does, and on the full [`Board`] below a move that makes one; the values are
//! the same bit for bit either way (a test checks), the nibble board is just cheaper to carry,
//! in the browser's WebAssembly above all.

use game_core::{Board, Direction, SPAWN_ODDS, packed};

use crate::Decision;
use crate::eval::{evaluate, evaluate_nibbles};

/// The value of a position with no legal move. Live leaves score above about -450 (the
/// monotonicity and smoothness penalties of the worst possible board), so this is below every
/// live position while keeping every value finite.
pub const LOST: f64 = -1.0e6;

/// How the chance node treats the new tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileModel {
    /// Every empty cell equally likely, a 2 with weight 0.9 and a 4 with weight 0.1: the average.
    Expected,
    /// The tile and cell that are worst for the player.
    Worst,
}

/// The number of player moves to look ahead, root move included, from the root's empty cells:
/// a crowded board gets a deeper search because it branches less and is closer to losing.
pub fn spec_depth(empty_cells: u32) -> u32 {
    match empty_cells {
        0..=3 => 4,
        4..=6 => 3,
        _ => 2,
    }
}

/// Searches `board` `depth` player moves deep (at least 1) under `model`.
pub fn search(board: Board, depth: u32, model: TileModel) -> Decision {
    assert!(depth >= 1, "a search looks at least at the root move");
    let mut tree = Tree { model, nodes: 1 };
    let values = match board.nibbles() {
        Some(x) => Nibbles(x).moves(&mut tree, depth - 1),
        None => board.moves(&mut tree, depth - 1),
    };
    Decision { best: best_of(&values), values, nodes: tree.nodes, depth }
}

/// The direction with the highest value; the first in [`Direction::ALL`] order among equals, so
/// the choice never depends on anything but the values.
pub(crate) fn best_of(values: &[Option<f64>; 4]) -> Option<Direction> {
    let mut best: Option<(Direction, f64)> = None;
    for direction in Direction::ALL {
        if let Some(v) = values[direction.index()]
            && best.is_none_or(|(_, b)| v > b)
        {
            best = Some((direction, v));
        }
    }
    best.map(|(d, _)| d)
}

struct Tree {
    model: TileModel,
    /// Player nodes, chance nodes and evaluated leaves visited.
    nodes: u64,
}

/// A board the walker can stand on: the full [`Board`], or the nibble board.
trait Node: Copy {
    /// The empty cells, a bit per cell (bit `4 * row + col`).
    fn empty_mask(self) -> u16;
    fn with_exponent(self, cell: usize, exponent: u8) -> Self;
    fn evaluate(self) -> f64;
    /// The value of each move that counts, in [`Direction::ALL`] order, each searched with
    /// `moves_left` player moves below it.
    fn moves(self, tree: &mut Tree, moves_left: u32) -> [Option<f64>; 4];
}

impl Node for Board {
    #[inline]
    fn empty_mask(self) -> u16 {
        Board::empty_mask(self)
    }

    #[inline]
    fn with_exponent(self, cell: usize, exponent: u8) -> Board {
        Board::with_exponent(self, cell, exponent)
    }

    #[inline]
    fn evaluate(self) -> f64 {
        evaluate(self)
    }

    fn moves(self, tree: &mut Tree, moves_left: u32) -> [Option<f64>; 4] {
        Direction::ALL.map(|direction| {
            let slide = self.slide(direction);
            slide.moved.then(|| tree.after_move(slide.board, moves_left))
        })
    }
}

/// The nibble board: every tile below 65536.
#[derive(Clone, Copy)]
struct Nibbles(u64);

impl Node for Nibbles {
    #[inline]
    fn empty_mask(self) -> u16 {
        packed::zero_nibbles(self.0)
    }

    #[inline]
    fn with_exponent(self, cell: usize, exponent: u8) -> Nibbles {
        // Spawns are 2s and 4s, which a nibble holds.
        Nibbles(packed::with_tile(self.0, cell, exponent))
    }

    #[inline]
    fn evaluate(self) -> f64 {
        evaluate_nibbles(self.0)
    }

    fn moves(self, tree: &mut Tree, moves_left: u32) -> [Option<f64>; 4] {
        let x = self.0;
        let slid = packed::slides(x);
        std::array::from_fn(|i| match slid[i] {
            Some(after) => (after != x).then(|| tree.after_move(Nibbles(after), moves_left)),
            // A merge makes a 65536: that move's subtree is searched on the full board.
            None => {
                let slide = Board::from_nibbles(x).slide(Direction::ALL[i]);
                slide.moved.then(|| tree.after_move(slide.board, moves_left))
            }
        })
    }
}

impl Tree {
    /// The value of the position right after a player move, with `moves_left` player moves
    /// still to search below it.
    fn after_move<N: Node>(&mut self, after: N, moves_left: u32) -> f64 {
        self.nodes += 1;
        if moves_left == 0 {
            return after.evaluate();
        }
        let mut empty = after.empty_mask();
        match self.model {
            TileModel::Expected => {
                let mut sum = 0.0;
                let mut cells = 0u32;
                while empty != 0 {
                    let cell = empty.trailing_zeros() as usize;
                    empty &= empty - 1;
                    cells += 1;
                    for (exponent, weight) in SPAWN_ODDS {
                        sum += weight * self.player(after.with_exponent(cell, exponent), moves_left);
                    }
                }
                // A move that counts always frees a cell, so `cells > 0`.
                sum / f64::from(cells)
            }
            TileModel::Worst => {
                let mut worst = f64::INFINITY;
                while empty != 0 {
                    let cell = empty.trailing_zeros() as usize;
                    empty &= empty - 1;
                    for (exponent, _) in SPAWN_ODDS {
                        worst = worst.min(self.player(after.with_exponent(cell, exponent), moves_left));
                    }
                }
                worst
            }
        }
    }

    /// The value of a position where the player is to move, searching `moves_left` (>= 1) moves.
    fn player<N: Node>(&mut self, board: N, moves_left: u32) -> f64 {
        self.nodes += 1;
        let mut best = LOST;
        for value in board.moves(self, moves_left - 1).into_iter().flatten() {
            best = best.max(value);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;
    use rand::{RngExt, SeedableRng};

    /// A nibble board with `tiles` random tiles of rank 1 to 15, on random cells.
    fn random_nibbles(rng: &mut GameRng, tiles: usize) -> u64 {
        let mut x = 0u64;
        for _ in 0..tiles {
            let cell = rng.random_range(0..16);
            x = (x & !(0xF << (4 * cell))) | (rng.random_range(1..=15u64) << (4 * cell));
        }
        x
    }

    #[test]
    fn the_nibble_board_and_the_full_board_give_the_same_values_bit_for_bit() {
        let mut rng = GameRng::seed_from_u64(11);
        let mut boards: Vec<u64> = (0..300).map(|i| random_nibbles(&mut rng, 4 + i % 12)).collect();
        // Two 32768s side by side: their merge makes a 65536, which only the full board holds.
        boards.push(0x0000_0000_0021_00FF);
        boards.push(0x0000_0F00_0F00_0312);
        for x in boards {
            for model in [TileModel::Expected, TileModel::Worst] {
                let mut nibbles = Tree { model, nodes: 0 };
                let mut full = Tree { model, nodes: 0 };
                let a = Nibbles(x).moves(&mut nibbles, 1);
                let b = Board::from_nibbles(x).moves(&mut full, 1);
                assert_eq!(a.map(|v| v.map(f64::to_bits)), b.map(|v| v.map(f64::to_bits)), "{x:#018x}");
                assert_eq!(nibbles.nodes, full.nodes);
            }
        }
    }
}
