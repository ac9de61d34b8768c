//! The last ply of the search, where most of its time goes: a chance node whose children (one
//! per spawned tile) have only leaves below them, scored by a row-table evaluation.
//!
//! Every child differs from the afterstate in one cell, so three of its four rows and three of
//! its four columns are the afterstate's. Here each row and column of the afterstate is slid
//! and scored once per direction, and each child slides and scores only the line its tile
//! landed in, plus the four lines across the slide, read from the shared slid board's
//! transpose with one line patched in. The general path transposes and slides every child in
//! full. The values are bit for bit the general path's: the same table entries, added in the
//! same order.

use game_core::{SPAWN_ODDS, packed};

use super::leaf::{Evaluator, LineTable};

/// What scoring one chance node of the last ply found.
pub(super) struct Frontier {
    pub value: f64,
    /// The positions visited, counted as the general path counts them: each child player node,
    /// and each of their legal moves' leaves.
    pub nodes: u64,
    /// Whether some child had a legal move, so that a leaf was scored.
    pub scored_leaves: bool,
}

/// The value of the chance node `after` (a nibble board) whose children's moves are all
/// leaves, under the row table `table`; `None` when a slide of `after` would make a 65536
/// (the general path handles those boards).
pub(super) fn chance<E: Evaluator>(after: u64, leaf: E, table: &LineTable) -> Option<Frontier> {
    let rows = Lines::new(after, table)?;
    let columns = Lines::new(packed::transpose(after), table)?;
    let empty = packed::zero_nibbles(after);
    let cells = empty.count_ones();
    let (mut sum, mut nodes, mut leaves) = (0.0, 0u64, 0u64);
    let mut rest = empty;
    while rest != 0 {
        let cell = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let (row, column) = (cell / 4, cell % 4);
        for (exponent, weight) in SPAWN_ODDS {
            nodes += 1;
            // In `Direction::ALL` order: up, down, left, right.
            let moves = [
                columns.slide_with(Way::Front, column, row, exponent, table),
                columns.slide_with(Way::Back, column, row, exponent, table),
                rows.slide_with(Way::Front, row, column, exponent, table),
                rows.slide_with(Way::Back, row, column, exponent, table),
            ];
            let mut best = None::<f64>;
            for value in moves.into_iter().flatten() {
                leaves += 1;
                best = Some(best.map_or(value, |b| b.max(value)));
            }
            let value = best.unwrap_or_else(|| leaf.lost_nibbles(packed::with_tile(after, cell, exponent)));
            sum += weight * (value - leaf.spawn_credit(exponent));
        }
    }
    Some(Frontier { value: sum / f64::from(cells), nodes: nodes + leaves, scored_leaves: leaves > 0 })
}

/// Which way a line slides: toward its cell 0, or toward its cell 3.
#[derive(Clone, Copy)]
enum Way {
    Front = 0,
    Back = 1,
}

/// The nibbles of column 0 of a board.
const COLUMN: u64 = 0x000F_000F_000F_000F;

/// The four lines of one orientation of the afterstate (its rows, or its columns as the rows of
/// its transpose), slid both ways.
struct Lines {
    board: u64,
    /// The table's score of each slid line, by [`Way`] then line.
    scores: [[f64; 4]; 2],
    /// The slid board transposed: the lines across the slide.
    across: [u64; 2],
    /// A bit per line that the slide changes.
    moved: [u8; 2],
}

impl Lines {
    fn new(board: u64, table: &LineTable) -> Option<Lines> {
        let mut lines = Lines { board, scores: [[0.0; 4]; 2], across: [0; 2], moved: [0; 2] };
        for way in [Way::Front, Way::Back] {
            let slides = packed::row_slides();
            let w = way as usize;
            let mut slid_board = 0u64;
            for i in 0..4 {
                let line = (board >> (16 * i)) as u16;
                let slid = slides[usize::from(line)][w];
                if slid == packed::OVERFLOW {
                    return None;
                }
                lines.scores[w][i] = f64::from(table[usize::from(slid)]);
                lines.moved[w] |= u8::from(slid != line) << i;
                slid_board |= u64::from(slid) << (16 * i);
            }
            lines.across[w] = packed::transpose(slid_board);
        }
        Some(lines)
    }

    /// The score of sliding `way` the board with a tile of `exponent` put on cell `at` of line
    /// `line`: the lines along the slide plus the lines across it. `None` when the slide
    /// changes nothing (an illegal move).
    #[inline]
    fn slide_with(&self, way: Way, line: usize, at: usize, exponent: u8, table: &LineTable) -> Option<f64> {
        let w = way as usize;
        let old = (self.board >> (16 * line)) as u16;
        let new = old | (u16::from(exponent) << (4 * at));
        let slid = packed::row_slides()[usize::from(new)][w];
        // Two 32768s meet only if they were already next to each other, and `new` rejected.
        debug_assert_ne!(slid, packed::OVERFLOW);
        if self.moved[w] & !(1 << line) == 0 && slid == new {
            return None;
        }
        let mut along = self.scores[w];
        along[line] = f64::from(table[usize::from(slid)]);
        let across = (self.across[w] & !(COLUMN << (4 * line))) | (as_column(slid) << (4 * line));
        let across = std::array::from_fn(|j| f64::from(table[usize::from((across >> (16 * j)) as u16)]));
        Some(line_sum(along) + line_sum(across))
    }
}

/// A line's four nibbles placed down column 0.
#[inline]
fn as_column(line: u16) -> u64 {
    // Halves first (nibbles 2 and 3 to bits 32..40), then nibbles 1 and 3 up by 12 bits.
    let l = u64::from(line);
    let halves = (l | (l << 24)) & 0x0000_00FF_0000_00FF;
    (halves | (halves << 12)) & COLUMN
}

/// Four line scores added in the order the general path adds them (`Iterator::sum`).
#[inline]
fn line_sum(scores: [f64; 4]) -> f64 {
    scores[0] + scores[1] + scores[2] + scores[3]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_as_a_column_is_the_transpose_of_a_board_of_that_line() {
        for line in [0x0000u16, 0x1234, 0xFFFF, 0xF00F, 0x0F0F, 0xA5C3] {
            assert_eq!(as_column(line), packed::transpose(u64::from(line)), "{line:04x}");
        }
    }
    use crate::rng::GameRng;
    use crate::strong::heuristic::Heuristic;
    use game_core::{Board, Direction};
    use rand::{RngExt, SeedableRng};

    /// The general path's value of the same chance node: every child slid in full.
    fn general(after: u64, h: &Heuristic) -> (f64, u64) {
        let board = Board::from_nibbles(after);
        let (mut sum, mut nodes) = (0.0, 0);
        let cells: Vec<usize> = board.empty_cell_indices().collect();
        for &cell in &cells {
            for (exponent, weight) in SPAWN_ODDS {
                nodes += 1;
                let child = board.with_exponent(cell, exponent);
                let mut best = None::<f64>;
                for d in Direction::ALL {
                    let slide = child.slide(d);
                    if slide.moved {
                        nodes += 1;
                        let value = h.nibbles(slide.board.nibbles().unwrap());
                        best = Some(best.map_or(value, |b| b.max(value)));
                    }
                }
                sum += weight * best.unwrap_or(crate::LOST);
            }
        }
        (sum / cells.len() as f64, nodes)
    }

    #[test]
    fn same_values_and_counts_as_sliding_each_child_in_full() {
        let h = Heuristic::nneonneo();
        let mut rng = GameRng::seed_from_u64(7);
        let mut checked = 0;
        for _ in 0..20_000 {
            // Crowded boards of small tiles, with equal neighbours often enough to merge.
            let after: u64 = (0..16).fold(0, |x, c| {
                let e: u64 = if rng.random_bool(0.2) { 0 } else { rng.random_range(1..6) };
                x | e << (4 * c)
            });
            if after == 0 || packed::zero_nibbles(after) == 0 {
                continue;
            }
            let frontier = chance(after, h, h.table()).expect("no 32768s here");
            let (value, nodes) = general(after, h);
            assert_eq!(frontier.value.to_bits(), value.to_bits(), "{after:016x}");
            assert_eq!(frontier.nodes, nodes, "{after:016x}");
            checked += 1;
        }
        assert!(checked > 10_000);
    }

    #[test]
    fn a_board_whose_slide_makes_65536_is_left_to_the_general_path() {
        let after = Board::from_exponents([[15, 15, 0, 0], [1, 2, 3, 4], [0; 4], [0; 4]]).unwrap();
        let h = Heuristic::nneonneo();
        assert!(chance(after.nibbles().unwrap(), h, h.table()).is_none());
    }

    #[test]
    fn a_child_with_no_legal_move_is_lost() {
        // One empty cell: a 2 there leaves no move; a 4 can merge up (up and down are legal).
        let after = Board::from_exponents([[1, 2, 1, 2], [2, 1, 2, 1], [1, 2, 1, 2], [2, 1, 3, 0]]).unwrap();
        let h = Heuristic::nneonneo();
        let after = after.nibbles().unwrap();
        let f = chance(after, h, h.table()).unwrap();
        let four = packed::with_tile(after, 15, 2);
        let best_of_four = [false, true].map(|reverse| {
            h.nibbles(packed::transpose(packed::slide_rows(packed::transpose(four), reverse).unwrap()))
        });
        assert_eq!(f.value, 0.9 * crate::LOST + 0.1 * best_of_four[0].max(best_of_four[1]));
        assert_eq!(f.nodes, 2 + 2);
        assert_eq!(general(after, h), (f.value, f.nodes));
    }
}
