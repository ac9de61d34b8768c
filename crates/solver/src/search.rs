//! The game-tree search of the original solver page: player nodes that keep the best move,
//! chance nodes for the new tile, leaves scored by [`crate::eval`], and the depth chosen from
//! the free space.
//!
//! One tree walker serves both tile models: expectimax (the spec: average over every spawn,
//! weighted as the game draws them) and minimax (the comparison that page argues against: the
//! worst spawn). Nothing is cached, within or between decisions, as on that page.

use game_core::{Board, Direction, SPAWN_ODDS};

use crate::Decision;
use crate::eval::evaluate;

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
    let mut values = [None; 4];
    for direction in Direction::ALL {
        let slide = board.slide(direction);
        if slide.moved {
            values[direction.index()] = Some(tree.after_move(slide.board, depth - 1));
        }
    }
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

impl Tree {
    /// The value of the position right after a player move, with `moves_left` player moves
    /// still to search below it.
    fn after_move(&mut self, after: Board, moves_left: u32) -> f64 {
        self.nodes += 1;
        if moves_left == 0 {
            return evaluate(after);
        }
        match self.model {
            TileModel::Expected => {
                let mut sum = 0.0;
                let mut cells = 0u32;
                for cell in after.empty_cell_indices() {
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
                for cell in after.empty_cell_indices() {
                    for (exponent, _) in SPAWN_ODDS {
                        worst = worst.min(self.player(after.with_exponent(cell, exponent), moves_left));
                    }
                }
                worst
            }
        }
    }

    /// The value of a position where the player is to move, searching `moves_left` (>= 1) moves.
    fn player(&mut self, board: Board, moves_left: u32) -> f64 {
        self.nodes += 1;
        let mut best = LOST;
        for direction in Direction::ALL {
            let slide = board.slide(direction);
            if slide.moved {
                best = best.max(self.after_move(slide.board, moves_left - 1));
            }
        }
        best
    }
}
