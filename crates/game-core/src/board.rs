//! The 4x4 board: sixteen tile exponents packed into 68 bits, and the slide of a whole board.
//!
//! Cell `i = 4 * row + col` keeps the low four bits of its exponent in nibble `i` of `low`
//! and bit 4 in bit `i` of `high`, so every tile up to 131072 (2^17) fits while the boards of
//! real play (tiles up to 32768, `high == 0`) slide with four lookups in the row tables.

use std::fmt;

use crate::direction::Direction;
use crate::packed;
use crate::tables::{slide_row, unpack_row};

/// The largest exponent a 4x4 board can hold: 2^17 = 131072.
pub const MAX_EXPONENT: u8 = 17;
/// The largest tile a 4x4 board can hold.
pub const MAX_TILE: u32 = 1 << MAX_EXPONENT;

/// A 4x4 board of tiles. Cheap to copy; compare and hash by value.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    low: u64,
    high: u16,
}

/// A board value that is not a tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The value at `row`, `col` is not 0 or a power of two from 2 to 131072.
    NotATile { row: usize, col: usize, value: u64 },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::NotATile { row, col, value } => write!(
                f,
                "the value {value} at row {row}, column {col} is not a tile \
                 (a tile is a power of two from 2 to {MAX_TILE}; 0 is an empty cell)"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// The result of sliding a board, before any new tile appears.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slide {
    /// The board after the slide and its merges.
    pub board: Board,
    /// The score gained: the sum of the tiles created by merges.
    pub score: u32,
    /// Whether the slide changed the board, that is, whether the move counts.
    pub moved: bool,
}

/// The exponent of a tile value: `Some(0)` for an empty cell, `Some(k)` for `2^k`, else `None`.
pub fn exponent_of(value: u64) -> Option<u8> {
    match value {
        0 => Some(0),
        v if v.is_power_of_two() && (2..=u64::from(MAX_TILE)).contains(&v) => Some(v.trailing_zeros() as u8),
        _ => None,
    }
}

/// The tile value of an exponent (0 for an empty cell).
pub const fn value_of(exponent: u8) -> u32 {
    if exponent == 0 { 0 } else { 1 << exponent }
}

impl Board {
    /// The board with no tiles.
    pub const EMPTY: Board = Board { low: 0, high: 0 };

    /// Builds a board from tile values, row 0 at the top; 0 is an empty cell.
    pub fn from_rows(rows: [[u32; 4]; 4]) -> Result<Board, BoardError> {
        let mut board = Board::EMPTY;
        for (row, values) in rows.iter().enumerate() {
            for (col, &value) in values.iter().enumerate() {
                let exponent = exponent_of(u64::from(value)).ok_or(BoardError::NotATile {
                    row,
                    col,
                    value: u64::from(value),
                })?;
                board = board.with_exponent(4 * row + col, exponent);
            }
        }
        Ok(board)
    }

    /// Builds a board from exponents (0 empty, `k` for `2^k`), rejecting any above 17.
    pub fn from_exponents(exponents: [[u8; 4]; 4]) -> Result<Board, BoardError> {
        let mut board = Board::EMPTY;
        for (row, line) in exponents.iter().enumerate() {
            for (col, &exponent) in line.iter().enumerate() {
                if exponent > MAX_EXPONENT {
                    let value = 1u64.checked_shl(u32::from(exponent)).unwrap_or(u64::MAX);
                    return Err(BoardError::NotATile { row, col, value });
                }
                board = board.with_exponent(4 * row + col, exponent);
            }
        }
        Ok(board)
    }

    /// The tile values, row 0 at the top; 0 is an empty cell.
    pub fn rows(self) -> [[u32; 4]; 4] {
        self.exponents().map(|line| line.map(value_of))
    }

    /// The exponents, row 0 at the top: 0 is empty, `k` is the tile `2^k`.
    pub fn exponents(self) -> [[u8; 4]; 4] {
        std::array::from_fn(|row| std::array::from_fn(|col| self.exponent(4 * row + col)))
    }

    /// The exponent in cell `cell = 4 * row + col` (0 when empty).
    #[inline]
    pub fn exponent(self, cell: usize) -> u8 {
        ((self.low >> (4 * cell)) & 0xF) as u8 | ((((self.high >> cell) & 1) as u8) << 4)
    }

    /// The tile value at `row`, `col` (0 when empty).
    pub fn tile(self, row: usize, col: usize) -> u32 {
        value_of(self.exponent(4 * row + col))
    }

    /// This board with `cell` set to `exponent` (0 empties it).
    ///
    /// # Panics
    /// If `cell > 15` or `exponent > 17`: callers pass cells and exponents of a real board.
    #[inline]
    pub fn with_exponent(self, cell: usize, exponent: u8) -> Board {
        assert!(cell < 16 && exponent <= MAX_EXPONENT, "cell {cell} exponent {exponent}");
        let low = (self.low & !(0xF << (4 * cell))) | (u64::from(exponent & 0xF) << (4 * cell));
        let high = (self.high & !(1 << cell)) | (u16::from(exponent >> 4) << cell);
        Board { low, high }
    }

    /// Slides every tile toward `direction`, merging by the official rules.
    #[inline]
    pub fn slide(self, direction: Direction) -> Slide {
        let (board, score) = match direction {
            Direction::Left => self.slide_rows(false),
            Direction::Right => self.slide_rows(true),
            Direction::Up => {
                let (b, s) = self.transpose().slide_rows(false);
                (b.transpose(), s)
            }
            Direction::Down => {
                let (b, s) = self.transpose().slide_rows(true);
                (b.transpose(), s)
            }
        };
        Slide { board, score, moved: board != self }
    }

    fn slide_rows(self, reverse: bool) -> (Board, u32) {
        let mut out = Board::EMPTY;
        let mut score = 0u32;
        for row in 0..4 {
            let (low, high) = self.row_bits(row);
            let entry = slide_row(low, high, reverse);
            out.low |= (entry & 0xFFFF) << (16 * row);
            out.high |= (((entry >> 16) & 0xF) as u16) << (4 * row);
            score += (entry >> 32) as u32;
        }
        (out, score)
    }

    /// Row `row` as its four low nibbles (column 0 lowest) and its four high bits.
    #[inline]
    pub fn row_bits(self, row: usize) -> (u16, u8) {
        ((self.low >> (16 * row)) as u16, ((self.high >> (4 * row)) & 0xF) as u8)
    }

    /// The exponents of row `row`, column 0 first.
    pub fn row_exponents(self, row: usize) -> [u8; 4] {
        let (low, high) = self.row_bits(row);
        unpack_row(low, high)
    }

    /// The board reflected in its main diagonal: row `r`, column `c` goes to row `c`, column `r`.
    #[inline]
    pub fn transpose(self) -> Board {
        let low = packed::transpose(self.low);
        let high = if self.high == 0 {
            0
        } else {
            (0..16).fold(0u16, |acc, cell| {
                let (row, col) = (cell / 4, cell % 4);
                acc | (((self.high >> cell) & 1) << (4 * col + row))
            })
        };
        Board { low, high }
    }

    /// The board reflected left to right.
    pub fn mirror(self) -> Board {
        // The high plane holds a bit per cell, four to a row: reverse each group of four.
        let h = self.high;
        let high = ((h & 0x1111) << 3) | ((h & 0x2222) << 1) | ((h >> 1) & 0x2222) | ((h >> 3) & 0x1111);
        Board { low: packed::mirror(self.low), high }
    }

    /// Whether any direction changes the board, that is, whether the game can go on.
    pub fn has_moves(self) -> bool {
        Direction::ALL.into_iter().any(|d| self.slide(d).moved)
    }

    /// The number of empty cells.
    #[inline]
    pub fn empty_cells(self) -> u32 {
        self.empty_mask().count_ones()
    }

    /// The empty cells, a bit per cell (bit `4 * row + col`).
    #[inline]
    pub fn empty_mask(self) -> u16 {
        // A cell is empty when its nibble is 0 and its high bit is clear.
        packed::zero_nibbles(self.low) & !self.high
    }

    /// The empty cells (`4 * row + col`), in reading order.
    pub fn empty_cell_indices(self) -> impl Iterator<Item = usize> {
        (0..16).filter(move |&cell| self.exponent(cell) == 0)
    }

    /// The number of tiles on the board.
    pub fn tile_count(self) -> u32 {
        16 - self.empty_cells()
    }

    /// The largest exponent on the board (0 for an empty board).
    pub fn max_exponent(self) -> u8 {
        (0..16).map(|cell| self.exponent(cell)).max().unwrap_or(0)
    }

    /// The largest tile on the board (0 for an empty board).
    pub fn max_tile(self) -> u32 {
        value_of(self.max_exponent())
    }

    /// The sum of the tile values on the board.
    pub fn tile_sum(self) -> u64 {
        (0..16).map(|cell| u64::from(value_of(self.exponent(cell)))).sum()
    }

    /// The packed bits, unique per board: a key for hash tables and caches.
    #[inline]
    pub fn key(self) -> u128 {
        u128::from(self.low) | (u128::from(self.high) << 64)
    }

    /// The nibble board (see [`packed`]) when every tile is below 65536.
    #[inline]
    pub fn nibbles(self) -> Option<u64> {
        (self.high == 0).then_some(self.low)
    }

    /// The board of a nibble board.
    #[inline]
    pub const fn from_nibbles(nibbles: u64) -> Board {
        Board { low: nibbles, high: 0 }
    }

    /// Whether every tile is below 65536, so that each row is a 16-bit table index.
    #[inline]
    pub fn fits_row_tables(self) -> bool {
        self.high == 0
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board{:?}", self.rows())
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows() {
            let cells: Vec<String> =
                row.iter().map(|&v| if v == 0 { ".".to_string() } else { v.to_string() }).collect();
            writeln!(f, "{}", cells.join(" "))?;
        }
        Ok(())
    }
}
