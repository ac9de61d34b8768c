//! Tile downgrading (Yeh, Wu et al., "Multistage temporal difference learning for 2048-like
//! games", 2017): a late board read as an earlier one. A network learned from its own games has
//! seen boards up to its first 16384 many times and the boards after it seldom; but a board
//! with a 16384 and a tile missing below it (say 16384, 8192, 4096, 1024: no 2048) is shaped
//! like one it knows well once every tile above the gap is halved (8192, 4096, 2048, 1024).
//! Its value is then read off that board.

/// The nibble board `x` as the network reads it when its largest tile has the exponent `from`
/// or more: while that holds and some exponent below the largest is missing, every tile above
/// the largest missing one is halved. A board with no gap below its largest tile is read as
/// it is.
#[inline]
pub fn downgraded(mut x: u64, from: u8) -> u64 {
    loop {
        let present = exponents_present(x);
        let largest = 31 - present.leading_zeros();
        if largest < u32::from(from) {
            return x;
        }
        // Exponents 1..largest that no tile has (bit 0 is the empty cell's).
        let missing = !present & ((1 << largest) - 1) & !1;
        if missing == 0 {
            return x;
        }
        let gap = 31 - missing.leading_zeros();
        for c in 0..16 {
            if (x >> (4 * c)) & 0xF > u64::from(gap) {
                x -= 1 << (4 * c);
            }
        }
    }
}

/// Bit `e` set for each exponent `e` that some cell of `x` holds (bit 0: an empty cell).
#[inline]
fn exponents_present(x: u64) -> u32 {
    (0..16).fold(0, |present, c| present | 1 << ((x >> (4 * c)) & 0xF))
}

#[cfg(test)]
mod tests {
    use super::super::network::nibbles;
    use super::*;

    #[test]
    fn tiles_above_the_largest_gap_are_halved() {
        // 16384 8192 4096 1024 with no 2048: read as 8192 4096 2048 1024.
        let late = nibbles([[14, 13, 12, 10], [1, 2, 3, 4], [5, 6, 7, 8], [9, 0, 0, 1]]);
        let read = nibbles([[13, 12, 11, 10], [1, 2, 3, 4], [5, 6, 7, 8], [9, 0, 0, 1]]);
        assert_eq!(downgraded(late, 14), read);
        // Below the tile it starts from, a board is read as it is.
        assert_eq!(downgraded(late, 15), late);
    }

    #[test]
    fn it_halves_again_while_the_largest_tile_is_still_late() {
        // A 32768 and little else: 32768 -> 16384 (no 16384), then -> 8192 (no 8192).
        let fresh = nibbles([[15, 9, 2, 1], [0; 4], [0; 4], [0; 4]]);
        let read = nibbles([[13, 9, 2, 1], [0; 4], [0; 4], [0; 4]]);
        assert_eq!(downgraded(fresh, 14), read);
    }

    #[test]
    fn a_board_with_every_tile_below_its_largest_is_read_as_it_is() {
        let full = nibbles([[14, 13, 12, 11], [7, 8, 9, 10], [6, 5, 4, 3], [1, 2, 1, 2]]);
        assert_eq!(downgraded(full, 14), full);
    }
}
