//! The evaluation of the Strong strength: nneonneo/2048-ai's per-line heuristic, summed over the
//! four rows and the four columns.
//!
//! [`line_score`] is the one implementation; the 65,536-entry row table is its cache for rows of
//! tiles below 65536, and rows holding a tile of 65536 or more call it directly.
//!
//! Per line of four ranks (0 empty, `k` for the tile `2^k`), read front to back:
//! `lost + empty * n_empty + merges * n_merges - monotonicity * min(left, right) - sum * Σ rank^3.5`,
//! where `n_merges` counts, for each run of equal tiles (empties between them skipped), the run's
//! length, and `left` / `right` add up the drops / rises of `rank^4` between neighbouring cells
//! (empties included, as rank 0).

use std::sync::OnceLock;

use game_core::Board;

/// The weights of the line heuristic. As JSON, every field named and no other, they are the
/// lab's weights files (`tune-weights show` writes them, `lab --eval tuned --weights` reads them).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeuristicWeights {
    /// A constant per line, so that a live board is worth far more than a lost one.
    pub lost: f64,
    pub empty: f64,
    pub merges: f64,
    pub monotonicity: f64,
    pub monotonicity_power: f64,
    pub sum: f64,
    pub sum_power: f64,
}

impl HeuristicWeights {
    /// nneonneo/2048-ai's published weights.
    pub const NNEONNEO: HeuristicWeights = HeuristicWeights {
        lost: 200_000.0,
        empty: 270.0,
        merges: 700.0,
        monotonicity: 47.0,
        monotonicity_power: 4.0,
        sum: 11.0,
        sum_power: 3.5,
    };
}

/// The counts a line's score is made of, before weighting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineParts {
    pub empty: u32,
    pub merges: u32,
    /// Sum of the drops of `rank^power` between neighbours, front to back.
    pub left: f64,
    /// Sum of the rises of `rank^power` between neighbours, front to back.
    pub right: f64,
    /// Sum of `rank^sum_power`.
    pub sum: f64,
}

/// The parts of one line of ranks (any rank up to 17).
pub fn line_parts(line: [u8; 4], w: &HeuristicWeights) -> LineParts {
    let mut parts = LineParts { empty: 0, merges: 0, left: 0.0, right: 0.0, sum: 0.0 };
    let mut previous = 0u8;
    let mut run = 0u32;
    for rank in line {
        parts.sum += f64::from(rank).powf(w.sum_power);
        if rank == 0 {
            parts.empty += 1;
        } else {
            if previous == rank {
                run += 1;
            } else if run > 0 {
                parts.merges += 1 + run;
                run = 0;
            }
            previous = rank;
        }
    }
    if run > 0 {
        parts.merges += 1 + run;
    }
    for i in 1..4 {
        let (a, b) = (
            f64::from(line[i - 1]).powf(w.monotonicity_power),
            f64::from(line[i]).powf(w.monotonicity_power),
        );
        if line[i - 1] > line[i] {
            parts.left += a - b;
        } else {
            parts.right += b - a;
        }
    }
    parts
}

/// The heuristic score of one line of ranks (any rank up to 17).
pub fn line_score(line: [u8; 4], w: &HeuristicWeights) -> f64 {
    let p = line_parts(line, w);
    w.lost + w.empty * f64::from(p.empty) + w.merges * f64::from(p.merges)
        - w.monotonicity * p.left.min(p.right)
        - w.sum * p.sum
}

/// The ranks of a 16-bit row (column 0 in the low nibble), for tiles below 65536.
pub fn row_ranks(bits: u16) -> [u8; 4] {
    std::array::from_fn(|i| ((bits >> (4 * i)) & 0xF) as u8)
}

/// A score for each 16-bit row of tiles below 65536.
pub type LineTable = [f32; 1 << 16];

/// The heuristic of a board: line scores of its rows and columns, from a row table.
#[derive(Clone, Debug)]
pub struct Heuristic {
    weights: HeuristicWeights,
    /// `f32`: half the size of `f64`, so the table stays in cache next to the slide tables; a
    /// board's score (about 1.6 million) keeps a resolution of about 0.1 in it.
    /// Exactly 65,536 entries, so a `u16` index needs no bounds check.
    table: Box<LineTable>,
}

impl Heuristic {
    /// Builds the table of `weights` (65,536 entries, 256 KiB).
    pub fn new(weights: HeuristicWeights) -> Heuristic {
        let table: Box<[f32]> =
            (0..=u16::MAX).map(|bits| line_score(row_ranks(bits), &weights) as f32).collect();
        Heuristic { weights, table: table.try_into().expect("one entry per 16-bit row") }
    }

    /// The shared heuristic with [`HeuristicWeights::NNEONNEO`], built on first use.
    pub fn nneonneo() -> &'static Heuristic {
        static SHARED: OnceLock<Heuristic> = OnceLock::new();
        SHARED.get_or_init(|| Heuristic::new(HeuristicWeights::NNEONNEO))
    }

    pub fn weights(&self) -> &HeuristicWeights {
        &self.weights
    }

    /// The score of every 16-bit row.
    pub fn table(&self) -> &LineTable {
        &self.table
    }

    /// The table's score of a 16-bit row.
    #[inline]
    pub fn row(&self, bits: u16) -> f64 {
        f64::from(self.table[usize::from(bits)])
    }

    #[inline]
    fn rows(&self, board: Board) -> f64 {
        if board.fits_row_tables() {
            (0..4).map(|r| self.row(board.row_bits(r).0)).sum()
        } else {
            (0..4).map(|r| line_score(board.row_exponents(r), &self.weights)).sum()
        }
    }

    /// The score of `board`: its four rows left to right plus its four columns top to bottom.
    #[inline]
    pub fn evaluate(&self, board: Board) -> f64 {
        self.rows(board) + self.rows(board.transpose())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: HeuristicWeights = HeuristicWeights::NNEONNEO;

    #[test]
    fn empty_line() {
        let p = line_parts([0; 4], &W);
        assert_eq!(p, LineParts { empty: 4, merges: 0, left: 0.0, right: 0.0, sum: 0.0 });
        assert_eq!(line_score([0; 4], &W), 200_000.0 + 4.0 * 270.0);
    }

    #[test]
    fn merges_count_runs_across_empties() {
        // 2 2 -> one run of two: 1 + 1 = 2.
        assert_eq!(line_parts([1, 1, 0, 0], &W).merges, 2);
        // 2 _ 2: the empty cell does not break the run.
        assert_eq!(line_parts([1, 0, 1, 0], &W).merges, 2);
        // 2 2 2 2: one run of four counts 1 + 3.
        assert_eq!(line_parts([1, 1, 1, 1], &W).merges, 4);
        // 2 2 4 4: two runs of two.
        assert_eq!(line_parts([1, 1, 2, 2], &W).merges, 4);
        // 2 4 2 4: none.
        assert_eq!(line_parts([1, 2, 1, 2], &W).merges, 0);
    }

    #[test]
    fn monotonicity_on_rank_to_the_fourth() {
        // 2 4 8 16 rises: right = 4^4 - 1^4 = 255, left = 0.
        let p = line_parts([1, 2, 3, 4], &W);
        assert_eq!((p.left, p.right), (0.0, 255.0));
        // 16 _ 4 8: drop 256, drop 16 (to the empty), rise 16, rise 81-16 = 65.
        let p = line_parts([4, 0, 2, 3], &W);
        assert_eq!((p.left, p.right), (256.0, 16.0 + 65.0));
        // A monotone line is not penalised, a zigzag is.
        assert!((line_score([1, 2, 3, 4], &W) + W.sum * p_sum(&[1, 2, 3, 4]) - 200_000.0).abs() < 1e-6);
        let zigzag = line_parts([3, 1, 3, 1], &W);
        assert_eq!(zigzag.left.min(zigzag.right), 80.0);
    }

    fn p_sum(ranks: &[u8]) -> f64 {
        ranks.iter().map(|&r| f64::from(r).powf(3.5)).sum()
    }

    #[test]
    fn sum_penalty_on_rank_to_the_three_and_a_half() {
        let p = line_parts([2, 0, 0, 4], &W);
        assert!((p.sum - (2f64.powf(3.5) + 4f64.powf(3.5))).abs() < 1e-9);
        assert!((p.sum - (11.313_708_498_984_76 + 128.0)).abs() < 1e-9);
        // 4 _ _ 16: two empties, no merge, right = 256 - 16 + 0 (to the empties and back).
        let expected = 200_000.0 + 2.0 * 270.0 - 47.0 * p.left.min(p.right) - 11.0 * p.sum;
        assert_eq!(line_score([2, 0, 0, 4], &W), expected);
        assert_eq!((p.left, p.right), (16.0, 256.0));
    }

    #[test]
    fn table_is_the_line_function() {
        let h = Heuristic::nneonneo();
        for bits in [0u16, 0x0001, 0x1234, 0xFFFF, 0xF0F0, 0x2110] {
            assert_eq!(h.row(bits), f64::from(line_score(row_ranks(bits), &W) as f32));
        }
    }

    #[test]
    fn boards_with_high_tiles_use_the_line_function_directly() {
        let board =
            Board::from_exponents([[17, 16, 15, 14], [0, 1, 2, 3], [16, 0, 0, 1], [2, 2, 0, 0]]).unwrap();
        assert!(!board.fits_row_tables());
        let e = board.exponents();
        let rows: f64 = e.iter().map(|&r| line_score(r, &W)).sum();
        let cols: f64 = (0..4).map(|c| line_score(std::array::from_fn(|r| e[r][c]), &W)).sum();
        assert_eq!(Heuristic::nneonneo().evaluate(board), rows + cols);
        // And a board of small tiles gives the same through the table.
        let small =
            Board::from_exponents([[15, 14, 13, 12], [0, 1, 2, 3], [5, 0, 0, 1], [2, 2, 0, 0]]).unwrap();
        let e = small.exponents();
        let rows: f64 = e.iter().map(|&r| line_score(r, &W)).sum();
        let cols: f64 = (0..4).map(|c| line_score(std::array::from_fn(|r| e[r][c]), &W)).sum();
        assert!((Heuristic::nneonneo().evaluate(small) - (rows + cols)).abs() < 0.1);
    }
}
