//! The evaluation of a leaf position: the four terms of the original solver page, their weights,
//! and the 65,536-entry row table that makes them cheap.
//!
//! Every term works on ranks (log2 of the tile, 0 for an empty cell), so 2 -> 4 weighs as much
//! as 1024 -> 2048. Each term except the corner is a sum of per-line parts, so one function,
//! [`line_terms`], defines them; the table is that function applied to every row of small
//! tiles, and rows holding a tile of 65536 or more call it directly.

use std::sync::OnceLock;

use game_core::Board;

/// How much each term counts in the score of a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    pub empty: f64,
    pub monotonicity: f64,
    pub corner: f64,
    pub smoothness: f64,
}

impl Weights {
    /// The original solver page's weights: empty cells dominate because running out of them is what loses.
    pub const SPEC: Weights = Weights { empty: 2.7, monotonicity: 1.0, corner: 1.0, smoothness: 0.1 };
}

/// The four terms of a position, before weighting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Terms {
    /// The number of empty cells.
    pub empty: f64,
    /// At most 0: for the columns, the larger of (minus the sum of all rank decreases going down)
    /// and (minus the sum of all increases), empties skipped; plus the same for the rows, left
    /// to right.
    pub monotonicity: f64,
    /// The rank of the largest tile if a largest tile sits in a corner, else 0.
    pub corner: f64,
    /// At most 0: minus the sum of rank differences of neighbouring tiles along every row and
    /// column, empties skipped.
    pub smoothness: f64,
}

impl Terms {
    /// The weighted sum of the terms.
    #[inline]
    pub fn score(&self, weights: &Weights) -> f64 {
        weights.empty * self.empty
            + weights.monotonicity * self.monotonicity
            + weights.corner * self.corner
            + weights.smoothness * self.smoothness
    }
}

/// The per-line parts of the terms, for one line of four ranks read front to back
/// (a row left to right, a column top to bottom).
///
/// Decreases and increases are kept apart because monotonicity takes its maximum over the
/// board-wide sums, not line by line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineTerms {
    pub empty: u8,
    /// Sum of the rank drops between consecutive tiles (empties skipped).
    pub decrease: u8,
    /// Sum of the rank rises between consecutive tiles (empties skipped).
    pub increase: u8,
    /// Sum of the absolute rank differences between consecutive tiles (empties skipped).
    pub roughness: u8,
    /// The largest rank in the line.
    pub max: u8,
}

/// The per-line parts for any line of ranks (0 empty, up to 17).
pub fn line_terms(line: [u8; 4]) -> LineTerms {
    let mut terms = LineTerms::default();
    let mut previous: Option<u8> = None;
    for rank in line {
        if rank == 0 {
            terms.empty += 1;
            continue;
        }
        terms.max = terms.max.max(rank);
        if let Some(p) = previous {
            if p > rank {
                terms.decrease += p - rank;
            } else {
                terms.increase += rank - p;
            }
            terms.roughness += p.abs_diff(rank);
        }
        previous = Some(rank);
    }
    terms
}

fn row_table() -> &'static [LineTerms] {
    static TABLE: OnceLock<Box<[LineTerms]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..=u16::MAX)
            .map(|low| line_terms(std::array::from_fn(|i| ((low >> (4 * i)) & 0xF) as u8)))
            .collect()
    })
}

/// Builds the row table now rather than inside the first timed decision.
pub fn warm_up() {
    row_table();
}

#[derive(Default)]
struct Sums {
    empty: u32,
    decrease: u32,
    increase: u32,
    roughness: u32,
    max: u8,
}

impl Sums {
    #[inline]
    fn add(&mut self, t: LineTerms) {
        self.empty += u32::from(t.empty);
        self.decrease += u32::from(t.decrease);
        self.increase += u32::from(t.increase);
        self.roughness += u32::from(t.roughness);
        self.max = self.max.max(t.max);
    }
}

/// The line parts of the four rows of `board`, added up, each line computed: for boards with a
/// tile of 65536 or more, which the row table cannot index ([`nibble_row_sums`] reads it).
fn row_sums(board: Board) -> Sums {
    let mut sums = Sums::default();
    for row in 0..4 {
        sums.add(line_terms(board.row_exponents(row)));
    }
    sums
}

/// The four terms of `board`.
#[inline]
pub fn terms(board: Board) -> Terms {
    if let Some(x) = board.nibbles() {
        return nibble_terms(x);
    }
    let rows = row_sums(board);
    // The columns of `board` are the rows of its transpose, read top to bottom.
    let cols = row_sums(board.transpose());
    combine(rows, cols, CORNERS.map(|cell| board.exponent(cell)))
}

/// The corner cells, where the corner term looks for the largest tile.
const CORNERS: [usize; 4] = [0, 3, 12, 15];

/// The line parts of the four rows of the nibble board `x`, added up.
#[inline]
fn nibble_row_sums(x: u64) -> Sums {
    let table = row_table();
    let mut sums = Sums::default();
    for row in 0..4 {
        sums.add(table[usize::from((x >> (16 * row)) as u16)]);
    }
    sums
}

/// [`terms`] of the nibble board `x` (every tile below 65536), the search's usual case.
#[inline]
fn nibble_terms(x: u64) -> Terms {
    let rows = nibble_row_sums(x);
    let cols = nibble_row_sums(game_core::packed::transpose(x));
    combine(rows, cols, CORNERS.map(|cell| ((x >> (4 * cell)) & 0xF) as u8))
}

/// The terms from the rows' and the columns' sums and the corners' ranks.
#[inline]
fn combine(rows: Sums, cols: Sums, corners: [u8; 4]) -> Terms {
    let max = rows.max;
    let in_corner = max > 0 && corners.contains(&max);
    Terms {
        empty: f64::from(rows.empty),
        monotonicity: -f64::from(rows.decrease.min(rows.increase))
            - f64::from(cols.decrease.min(cols.increase)),
        corner: if in_corner { f64::from(max) } else { 0.0 },
        smoothness: -f64::from(rows.roughness + cols.roughness),
    }
}

/// The score of `board` with the spec weights: the value of a leaf in the search.
#[inline]
pub fn evaluate(board: Board) -> f64 {
    terms(board).score(&Weights::SPEC)
}

/// [`evaluate`] of the nibble board `x`.
#[inline]
pub fn evaluate_nibbles(x: u64) -> f64 {
    nibble_terms(x).score(&Weights::SPEC)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's terms against the terms computed line by line.
    #[test]
    fn the_nibble_boards_terms_are_the_full_boards() {
        let mut x = 0x1234_5678_9ABC_DEF0u64;
        for _ in 0..2_000 {
            // A xorshift walk over nibble boards.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let board = Board::from_nibbles(x);
            let full =
                combine(row_sums(board), row_sums(board.transpose()), CORNERS.map(|c| board.exponent(c)));
            assert_eq!(nibble_terms(x), full, "{board:?}");
        }
    }
}
