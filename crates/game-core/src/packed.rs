//! The nibble board: a board whose tiles are all below 65536 as a bare `u64` (cell
//! `4 * row + col` in nibble `4 * row + col`), the form real play lives in. [`Board`] is built
//! on these functions, and the solver's inner loop calls them directly to skip the high plane.
//! It also slides with each move's score ([`slide_rows_scored`]), for the lab's learner.
//!
//! [`Board`]: crate::Board

use crate::tables::slide_row;

pub use crate::tables::{OVERFLOW, PackedSlides, row_slides};

/// The nibble board reflected in its main diagonal.
#[inline]
pub fn transpose(x: u64) -> u64 {
    let a1 = x & 0xF0F0_0F0F_F0F0_0F0F;
    let a2 = x & 0x0000_F0F0_0000_F0F0;
    let a3 = x & 0x0F0F_0000_0F0F_0000;
    let a = a1 | (a2 << 12) | (a3 >> 12);
    let b1 = a & 0xFF00_FF00_00FF_00FF;
    let b2 = a & 0x00FF_00FF_0000_0000;
    let b3 = a & 0x0000_0000_FF00_FF00;
    b1 | (b2 >> 24) | (b3 << 24)
}

/// The nibble board reflected left to right (column `c` to `3 - c`).
#[inline]
pub fn mirror(x: u64) -> u64 {
    ((x & 0x000F_000F_000F_000F) << 12)
        | ((x & 0x00F0_00F0_00F0_00F0) << 4)
        | ((x >> 4) & 0x00F0_00F0_00F0_00F0)
        | ((x >> 12) & 0x000F_000F_000F_000F)
}

/// The cells whose nibble is 0, a bit per cell (bit `4 * row + col`).
#[inline]
pub fn zero_nibbles(x: u64) -> u16 {
    let mut y = x;
    y |= (y >> 2) & 0x3333_3333_3333_3333;
    y |= y >> 1;
    let mut nibbles = !y & 0x1111_1111_1111_1111;
    let mut mask = 0u16;
    while nibbles != 0 {
        mask |= 1 << (nibbles.trailing_zeros() / 4);
        nibbles &= nibbles - 1;
    }
    mask
}

/// `x` with a tile of `exponent` (below 16) placed on the empty `cell`.
#[inline]
pub fn with_tile(x: u64, cell: usize, exponent: u8) -> u64 {
    x | (u64::from(exponent) << (4 * cell))
}

/// The four rows of `x` slid toward column 0 (`reverse == false`) or column 3, by the row
/// tables; `None` when a merge would make a 65536, which a nibble cannot hold (the caller then
/// slides the [`crate::Board`]).
#[inline]
pub fn slide_rows(x: u64, reverse: bool) -> Option<u64> {
    let table = row_slides();
    let mut out = 0u64;
    for row in 0..4 {
        let slid = table[usize::from((x >> (16 * row)) as u16)][usize::from(reverse)];
        if slid == OVERFLOW {
            return None;
        }
        out |= u64::from(slid) << (16 * row);
    }
    Some(out)
}

/// `x` slid in each direction, in [`crate::Direction::ALL`] order (up and down slide the
/// transpose's rows); `None` where a merge would make a 65536.
#[inline]
pub fn slides(x: u64) -> [Option<u64>; 4] {
    let t = transpose(x);
    [
        slide_rows(t, false).map(transpose),
        slide_rows(t, true).map(transpose),
        slide_rows(x, false),
        slide_rows(x, true),
    ]
}

/// [`slide_rows`] with the score the merges make (the sum of the merged tiles), for learners
/// that need each move's reward; it reads the larger row tables, so the search keeps to
/// [`slide_rows`].
#[inline]
pub fn slide_rows_scored(x: u64, reverse: bool) -> Option<(u64, u32)> {
    let mut out = 0u64;
    let mut score = 0u32;
    for row in 0..4 {
        let entry = slide_row((x >> (16 * row)) as u16, 0, reverse);
        if entry & 0xF_0000 != 0 {
            return None;
        }
        out |= (entry & 0xFFFF) << (16 * row);
        score += (entry >> 32) as u32;
    }
    Some((out, score))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Direction};

    #[test]
    fn nibble_slides_agree_with_the_board() {
        let boards = [
            [[1, 1, 2, 2], [0, 3, 0, 3], [15, 15, 14, 14], [4, 0, 4, 4]],
            [[0, 0, 0, 1], [2, 2, 2, 0], [1, 0, 0, 1], [9, 8, 7, 6]],
            [[14, 14, 0, 0], [1, 2, 3, 4], [0; 4], [2, 2, 2, 2]],
        ];
        for rows in boards {
            let board = Board::from_exponents(rows).unwrap();
            let x = board.nibbles().unwrap();
            assert_eq!(Board::from_nibbles(x), board);
            assert_eq!(Some(transpose(x)), board.transpose().nibbles());
            let ours = slides(x);
            for d in Direction::ALL {
                let expected = board.slide(d).board;
                assert_eq!(ours[d.index()], expected.nibbles(), "{d}");
            }
        }
    }

    #[test]
    fn scored_slides_agree_with_the_board() {
        let rows = [[1, 1, 2, 2], [0, 3, 0, 3], [14, 14, 13, 13], [4, 0, 4, 4]];
        let board = Board::from_exponents(rows).unwrap();
        let x = board.nibbles().unwrap();
        for (reverse, direction) in [(false, Direction::Left), (true, Direction::Right)] {
            let slide = board.slide(direction);
            assert_eq!(slide_rows_scored(x, reverse), Some((slide.board.nibbles().unwrap(), slide.score)));
        }
        let overflow = Board::from_exponents([[15, 15, 0, 0], [0; 4], [0; 4], [0; 4]]).unwrap();
        assert_eq!(slide_rows_scored(overflow.nibbles().unwrap(), false), None);
    }

    #[test]
    fn zero_nibbles_marks_the_empty_cells() {
        let board = Board::from_exponents([[0, 1, 0, 2], [3, 0, 0, 0], [1; 4], [0, 0, 0, 15]]).unwrap();
        let mask = zero_nibbles(board.nibbles().unwrap());
        let expected = board.empty_cell_indices().fold(0u16, |m, cell| m | 1 << cell);
        assert_eq!(mask, expected);
    }
}
