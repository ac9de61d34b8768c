//! What a move does to each tile: where it goes and which tiles merge, for animation and tests.
//!
//! Computed line by line with [`slide_line`], the same rule the board's row tables are built from.

use serde::Serialize;

use crate::board::{Board, value_of};
use crate::direction::Direction;
use crate::line::slide_line;

/// A cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Cell {
    pub row: u8,
    pub col: u8,
}

impl Cell {
    /// The cell at index `4 * row + col`.
    pub const fn from_index(index: usize) -> Cell {
        Cell { row: (index / 4) as u8, col: (index % 4) as u8 }
    }
}

/// One tile's journey in a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TileMove {
    pub from: Cell,
    pub to: Cell,
    /// The tile's value before the move.
    pub value: u32,
    /// True when the tile ends inside a merge at `to` (it disappears into the new tile).
    pub merged: bool,
}

/// A tile created by a merge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Merge {
    pub at: Cell,
    pub value: u32,
}

/// The new tile that appeared after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Spawned {
    pub at: Cell,
    pub value: u32,
}

/// The cells of each line for `direction`, front (the edge the tiles move toward) first.
pub fn lines(direction: Direction) -> [[usize; 4]; 4] {
    std::array::from_fn(|k| {
        std::array::from_fn(|i| match direction {
            Direction::Left => 4 * k + i,
            Direction::Right => 4 * k + (3 - i),
            Direction::Up => 4 * i + k,
            Direction::Down => 4 * (3 - i) + k,
        })
    })
}

/// Where every tile goes and which merges happen, from the same line rule the board uses.
pub fn trace(board: Board, direction: Direction) -> (Vec<TileMove>, Vec<Merge>) {
    let mut tiles = Vec::new();
    let mut merges = Vec::new();
    for cells in lines(direction) {
        let line = cells.map(|cell| board.exponent(cell));
        let slid = slide_line(line);
        for (i, destination) in slid.destination.iter().enumerate() {
            if let Some(j) = destination {
                let j = usize::from(*j);
                tiles.push(TileMove {
                    from: Cell::from_index(cells[i]),
                    to: Cell::from_index(cells[j]),
                    value: value_of(line[i]),
                    merged: slid.merged[j],
                });
            }
        }
        for (j, &was_merged) in slid.merged.iter().enumerate() {
            if was_merged {
                merges.push(Merge { at: Cell::from_index(cells[j]), value: value_of(slid.line[j]) });
            }
        }
    }
    (tiles, merges)
}
