//! Precomputed row slides: every one of the 65,536 rows of small tiles, slid both ways.
//!
//! The entries are computed by [`crate::line::slide_line`] (the one merge rule) the first time
//! any board slides, so a slide costs four table lookups. Rows holding a tile of 65536 or more
//! do not fit the 16-bit index; [`slide_row`] computes those directly with the same rule.

use std::sync::OnceLock;

use crate::line::{Line, slide_line};

/// A slid row, packed: bits 0..16 the new low nibbles, bits 16..20 the new high bits
/// (exponent bit 4 of each cell), bits 32..64 the score of the merges.
pub(crate) type RowEntry = u64;

struct RowTables {
    toward_front: Vec<RowEntry>,
    toward_back: Vec<RowEntry>,
}

fn tables() -> &'static RowTables {
    static TABLES: OnceLock<RowTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut toward_front = Vec::with_capacity(1 << 16);
        let mut toward_back = Vec::with_capacity(1 << 16);
        for low in 0..=u16::MAX {
            toward_front.push(compute(low, 0, false));
            toward_back.push(compute(low, 0, true));
        }
        RowTables { toward_front, toward_back }
    })
}

/// The slid rows in 16 bits alone, for [`crate::packed`]: a quarter of `RowTables`' size,
/// so the search's inner loop keeps them in cache. Each row's two slides sit side by side
/// (`[toward cell 0, toward cell 3]`): the search slides a row both ways, and one cache line
/// then serves both. [`OVERFLOW`] marks a row whose slide makes a 65536 (no slide can produce
/// four 32768s, which would have merged).
pub type PackedSlides = [[u16; 2]; 1 << 16];

/// The packed row tables' entry for a slide that makes a tile a nibble cannot hold (a 65536).
pub const OVERFLOW: u16 = 0xFFFF;

/// The table of every 16-bit row slid `[toward column 0, toward column 3]`, indexed by its
/// own 16 bits (so a `u16` index needs no bounds check); [`OVERFLOW`] where the slide would
/// make a 65536. Re-exported by [`crate::packed`] for callers that slide single rows (the
/// search's last ply).
#[inline]
pub fn row_slides() -> &'static PackedSlides {
    static TABLES: OnceLock<Box<PackedSlides>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let compact = |entry: RowEntry| if entry & 0xF_0000 != 0 { OVERFLOW } else { entry as u16 };
        let t = tables();
        let both: Box<[[u16; 2]]> =
            t.toward_front.iter().zip(&t.toward_back).map(|(&f, &b)| [compact(f), compact(b)]).collect();
        both.try_into().expect("one entry per 16-bit row")
    })
}

#[cfg(test)]
fn slide_packed_row(low: u16, reverse: bool) -> u16 {
    row_slides()[usize::from(low)][usize::from(reverse)]
}

/// Slides one row toward cell 0 (`reverse == false`) or toward cell 3 (`reverse == true`).
/// `low` holds the four low nibbles, cell 0 in the lowest; `high` holds bit 4 of each exponent.
#[inline]
pub(crate) fn slide_row(low: u16, high: u8, reverse: bool) -> RowEntry {
    if high != 0 {
        return compute(low, high, reverse);
    }
    let t = tables();
    if reverse { t.toward_back[low as usize] } else { t.toward_front[low as usize] }
}

pub(crate) fn unpack_row(low: u16, high: u8) -> Line {
    std::array::from_fn(|i| ((low >> (4 * i)) & 0xF) as u8 | (((high >> i) & 1) << 4))
}

pub(crate) fn pack_row(line: Line) -> (u16, u8) {
    line.iter().enumerate().fold((0u16, 0u8), |(low, high), (i, &e)| {
        (low | (u16::from(e & 0xF) << (4 * i)), high | ((e >> 4) << i))
    })
}

fn compute(low: u16, high: u8, reverse: bool) -> RowEntry {
    let mut line = unpack_row(low, high);
    if reverse {
        line.reverse();
    }
    let slid = slide_line(line);
    let mut out = slid.line;
    if reverse {
        out.reverse();
    }
    let (new_low, new_high) = pack_row(out);
    u64::from(new_low) | (u64::from(new_high) << 16) | (u64::from(slid.score) << 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_tables_agree_with_the_full_ones() {
        for low in 0..=u16::MAX {
            for reverse in [false, true] {
                let full = slide_row(low, 0, reverse);
                let packed = slide_packed_row(low, reverse);
                if full & 0xF_0000 == 0 {
                    assert_eq!(u64::from(packed), full & 0xFFFF, "{low:04x} {reverse}");
                    assert_ne!(packed, OVERFLOW);
                } else {
                    assert_eq!(packed, OVERFLOW, "{low:04x} {reverse}");
                }
            }
        }
    }

    #[test]
    fn pack_and_unpack_are_inverse() {
        for line in [[0, 1, 2, 3], [17, 16, 15, 0], [4, 0, 0, 16]] {
            let (low, high) = pack_row(line);
            assert_eq!(unpack_row(low, high), line);
        }
    }

    #[test]
    fn table_matches_direct_computation() {
        for low in (0..=u16::MAX).step_by(97) {
            assert_eq!(slide_row(low, 0, false), compute(low, 0, false));
            assert_eq!(slide_row(low, 0, true), compute(low, 0, true));
        }
    }
}
