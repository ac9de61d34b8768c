//! Where and what the new tile is: a uniformly random empty cell, a 2 nine times in ten, else a 4.

use rand::{Rng, RngExt};

use crate::board::Board;

/// The tiles that can appear, as (exponent, probability): a 2 with 0.9, a 4 with 0.1.
/// The solver's chance nodes weight their branches with exactly these.
pub const SPAWN_ODDS: [(u8, f64); 2] = [(1, 0.9), (2, 0.1)];

/// A tile placed on an empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spawn {
    /// The cell, `4 * row + col`.
    pub cell: usize,
    /// The tile's exponent: 1 for a 2, 2 for a 4.
    pub exponent: u8,
}

/// Draws a new tile for `board`: `None` when the board has no empty cell.
pub fn random_spawn<R: Rng + ?Sized>(board: Board, rng: &mut R) -> Option<Spawn> {
    let empty = board.empty_cells() as usize;
    if empty == 0 {
        return None;
    }
    let nth = rng.random_range(0..empty);
    let cell = board.empty_cell_indices().nth(nth).expect("nth < empty cell count");
    let exponent = if rng.random_bool(SPAWN_ODDS[1].1) { SPAWN_ODDS[1].0 } else { SPAWN_ODDS[0].0 };
    Some(Spawn { cell, exponent })
}
