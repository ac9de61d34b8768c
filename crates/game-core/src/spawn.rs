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
    random_spawn_in(board.empty_mask(), rng)
}

/// Draws a new tile among the empty cells of `empty` (a bit per cell, bit `4 * row + col`), for
/// callers holding a bare [`crate::packed`] board: `None` when there is none.
pub fn random_spawn_in<R: Rng + ?Sized>(empty: u16, rng: &mut R) -> Option<Spawn> {
    let count = empty.count_ones() as usize;
    if count == 0 {
        return None;
    }
    // `usize`, as ever: the same draws keep every seeded game (and the committed results) as is.
    let nth = rng.random_range(0..count);
    let mut rest = empty;
    for _ in 0..nth {
        rest &= rest - 1;
    }
    let cell = rest.trailing_zeros() as usize;
    let exponent = if rng.random_bool(SPAWN_ODDS[1].1) { SPAWN_ODDS[1].0 } else { SPAWN_ODDS[0].0 };
    Some(Spawn { cell, exponent })
}
