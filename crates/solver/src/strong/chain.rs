//! The ordered chain of a late board: how much of its largest tiles lies in one snake from a
//! corner, each tile no larger than the one before it. A late game is lost when the tile being
//! built is built away from the end of that chain (say a 1024 next to the 16384 while the
//! chain 16384, 8192, 4096, 1024 runs down the other side): the tiles can then never merge in
//! order. nneonneo's heuristic scores each row and column alone and cannot tell a snake from
//! two columns that both fall the same way; this can.

use crate::ntuple::network::images;

/// The snake every image of the board is read along: the first row left to right, the second
/// right to left, and so on (cell `4 * row + col`). The eight images put its start in every
/// corner, running along a row or down a column.
const SNAKE: [u8; 16] = [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11, 15, 14, 13, 12];

/// The largest sum, over the eight snakes, of the tiles from the snake's start for as long as
/// none is larger than the one before it (an empty cell ends the chain).
#[inline]
pub fn chain_value(x: u64) -> f64 {
    images(x).into_iter().map(ordered_prefix).max().map_or(0.0, |sum| sum as f64)
}

/// The sum of the tiles along [`SNAKE`] on the nibble board `x` while they do not grow.
#[inline]
fn ordered_prefix(x: u64) -> u64 {
    let mut previous = u8::MAX;
    let mut sum = 0u64;
    for cell in SNAKE {
        let e = ((x >> (4 * cell)) & 0xF) as u8;
        if e == 0 || e > previous {
            break;
        }
        sum += 1 << e;
        previous = e;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Board;

    fn nibbles(rows: [[u32; 4]; 4]) -> u64 {
        let exponents = rows.map(|row| row.map(|t| if t == 0 { 0 } else { t.trailing_zeros() as u8 }));
        Board::from_exponents(exponents).unwrap().nibbles().unwrap()
    }

    #[test]
    fn a_tile_built_at_the_end_of_the_chain_counts_and_one_built_beside_its_head_does_not() {
        // 16384, 8192, 4096 and 1024 down the right column; a second 1024 built next to the
        // first (the snake turns up the next column) against one built beside the 16384.
        let at_the_end = nibbles([[2, 4, 8, 16384], [2, 4, 16, 8192], [2, 4, 32, 4096], [0, 0, 1024, 1024]]);
        let beside_the_head =
            nibbles([[2, 4, 1024, 16384], [2, 4, 16, 8192], [2, 4, 32, 4096], [0, 0, 8, 1024]]);
        let chain = 16384 + 8192 + 4096 + 1024;
        assert_eq!(chain_value(at_the_end), f64::from(chain + 1024 + 32 + 16 + 8 + 4 + 4 + 4));
        assert_eq!(chain_value(beside_the_head), f64::from(chain + 8));
        assert!(chain_value(at_the_end) > chain_value(beside_the_head));
    }

    #[test]
    fn the_chain_is_read_from_whichever_corner_and_way_it_runs() {
        let rows = [[16384, 8192, 4096, 2048], [0, 0, 0, 1024], [0; 4], [0; 4]];
        let value = chain_value(nibbles(rows));
        assert_eq!(value, f64::from(16384 + 8192 + 4096 + 2048 + 1024));
        let mirrored = rows.map(|mut row| {
            row.reverse();
            row
        });
        let mut flipped = rows;
        flipped.reverse();
        assert_eq!(chain_value(nibbles(mirrored)), value);
        assert_eq!(chain_value(nibbles(flipped)), value);
    }
}
