//! Where and what the new tile is: a uniformly random empty cell, a 2 nine times in ten, else a 4.

use std::fmt;

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

/// Why a given tile cannot appear after a move (see [`crate::Game::play_with_spawn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpawnError {
    /// The cell is not one of the sixteen, `0..=15`.
    NoSuchCell(usize),
    /// The exponent is not 1 or 2: only a 2 or a 4 ever appears.
    NotATwoOrFour(u8),
    /// The cell holds a tile once the move has slid.
    CellTaken(usize),
}

impl fmt::Display for SpawnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpawnError::NoSuchCell(cell) => write!(f, "there is no cell {cell} on a 4x4 board"),
            SpawnError::NotATwoOrFour(exponent) => {
                write!(f, "a new tile is a 2 or a 4, not the exponent {exponent}")
            }
            SpawnError::CellTaken(cell) => write!(f, "cell {cell} is not empty after the move"),
        }
    }
}

impl std::error::Error for SpawnError {}

impl Spawn {
    /// This spawn, if it can appear on `board`: a 2 or a 4 on one of its empty cells.
    pub(crate) fn check_on(self, board: Board) -> Result<Spawn, SpawnError> {
        if self.cell >= 16 {
            return Err(SpawnError::NoSuchCell(self.cell));
        }
        if !SPAWN_ODDS.iter().any(|&(exponent, _)| exponent == self.exponent) {
            return Err(SpawnError::NotATwoOrFour(self.exponent));
        }
        if board.exponent(self.cell) != 0 {
            return Err(SpawnError::CellTaken(self.cell));
        }
        Ok(self)
    }
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
