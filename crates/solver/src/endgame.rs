//! Endgame tables (an experiment, the lab's): the exact chance of finishing the late game's
//! last climb, from the boards where most of Strong's lost games end. There the largest tiles
//! fill two edge rows in a snake (16384 8192 4096 2048 along the edge, 1024 512 256 back along
//! the next row) and the whole game comes down to building one more 256 in the cell at the
//! snake's end, with the eight cells of the other two rows to build it in: that 256 merges
//! down the snake into a 32768. A table holds, for every filling of the cells left (the
//! region) with tiles below the goal, the best chance of making the goal tile in the end cell
//! without moving the snake, computed exactly by expectimax over every tile that can land.
//! The table one step earlier (the snake down to the 512, two cells of its row open) counts
//! building its 256 by the later table's chance from there.
//!
//! The frame: the board turned (one of its eight symmetries) so that the edge row is the
//! bottom one, its largest tile at the left, and the snake runs back along row 2 from its
//! last cell, its end in row 2's first (`open` 1) or second (`open` 2) cell.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

use game_core::{Board, packed};

use crate::Decision;
use crate::search::best_of;

/// An entry not yet computed.
const UNKNOWN: u32 = u32::MAX;

/// The table for one goal and frame: the chance of building a tile of `2^goal` in the end
/// cell, where the snake is `2^(goal+6)` … `2^(goal+3)` along the bottom row and `2^(goal+2)`
/// … back along row 2 to the end cell. Entries are computed on first use (and shared: a value
/// depends on the position alone, so threads that race compute the same one).
pub struct Table {
    goal: u8,
    /// The region: cells 0 to `end`; the snake holds the cells after it.
    end: usize,
    /// Bits a region cell takes in an entry's index (its tiles are below the goal).
    bits: u32,
    fixed_mask: u64,
    fixed: u64,
    /// The table of the snake one tile longer, whose chance building the goal leads to;
    /// `None`: the goal is the last tile to build.
    next: Option<&'static Table>,
    values: Box<[AtomicU32]>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table").field("goal", &self.goal).field("end", &self.end).finish()
    }
}

impl Table {
    /// An empty table for building `2^goal` (2 to 8: a region cell then takes at most three
    /// bits of an index) with `open` cells of row 2 (1 or 2) in the region, leading to
    /// `next` (the table with one open cell), if any.
    pub fn new(goal: u8, open: usize, next: Option<&'static Table>) -> Table {
        assert!((2..=8).contains(&goal), "the region's tiles must fit in three bits");
        assert!((1..=2).contains(&open));
        let bits = u8::BITS - (goal - 1).leading_zeros();
        let end = 7 + open;
        let snake: [(usize, u8); 7] = [
            (9, goal),
            (10, goal + 1),
            (11, goal + 2),
            (12, goal + 6),
            (13, goal + 5),
            (14, goal + 4),
            (15, goal + 3),
        ];
        let fixed_mask = u64::MAX << (4 * (end + 1));
        let fixed = snake.iter().fold(0, |x, &(c, e)| x | u64::from(e) << (4 * c)) & fixed_mask;
        let values = (0..1usize << (bits as usize * (end + 1))).map(|_| AtomicU32::new(UNKNOWN)).collect();
        Table { goal, end, bits, fixed_mask, fixed, next, values }
    }

    /// How many positions the table has computed so far (what a table that kept only those
    /// would hold).
    pub fn computed(&self) -> usize {
        self.values.iter().filter(|v| v.load(Ordering::Relaxed) != UNKNOWN).count()
    }

    fn region(&self) -> std::ops::RangeInclusive<usize> {
        0..=self.end
    }

    /// The frame's nibble board `x` if it holds the snake and no tile of the goal or more in
    /// the region.
    fn in_frame(&self, x: u64) -> bool {
        x & self.fixed_mask == self.fixed && self.region().all(|c| nibble(x, c) < self.goal)
    }

    /// The table's move for `board` if it is in the frame (turned any way) and some move keeps
    /// a chance of success: each move's value is its chance, a move that moves the snake's is
    /// 0. `None` leaves the board to the search.
    pub fn decide(&self, board: Board) -> Option<Decision> {
        let x = board.nibbles()?;
        let turn = symmetries(x).into_iter().position(|y| self.in_frame(y))?;
        let mut values = [None; 4];
        for (d, y) in packed::slides(x).into_iter().enumerate() {
            if let Some(y) = y.filter(|&y| y != x) {
                values[d] = Some(f64::from(self.after(symmetries(y)[turn])));
            }
        }
        let best = best_of(&values)?;
        (values[best.index()] > Some(0.0)).then_some(Decision {
            best: Some(best),
            values,
            nodes: 0,
            depth: 0,
        })
    }

    /// The entry of a frame board: [`Self::bits`] for each region cell.
    fn index(&self, x: u64) -> usize {
        self.region().fold(0, |i, c| i | usize::from(nibble(x, c)) << (self.bits as usize * c))
    }

    /// The chance of success from the frame board `x`, the player to move.
    pub fn value(&self, x: u64) -> f32 {
        let slot = &self.values[self.index(x)];
        let known = slot.load(Ordering::Relaxed);
        if known != UNKNOWN {
            return f32::from_bits(known);
        }
        let best = packed::slides(x)
            .into_iter()
            .flatten()
            .filter(|&y| y != x)
            .map(|y| self.after(y))
            .fold(0.0f32, f32::max);
        slot.store(best.to_bits(), Ordering::Relaxed);
        best
    }

    /// The chance of success after a move to `y` (the frame's move, before the new tile):
    /// 0 if it moved the snake or built the goal outside the end cell; if it built the goal
    /// in the end cell, 1 or the next table's chance; else the average over the new tiles.
    pub fn after(&self, y: u64) -> f32 {
        if y & self.fixed_mask != self.fixed {
            return 0.0;
        }
        if nibble(y, self.end) == self.goal {
            return self.next.map_or(1.0, |next| next.after(y));
        }
        if self.region().any(|c| nibble(y, c) >= self.goal) {
            return 0.0;
        }
        let (mut sum, mut empty) = (0.0f32, 0u32);
        for c in self.region().filter(|&c| nibble(y, c) == 0) {
            sum +=
                0.9 * self.value(packed::with_tile(y, c, 1)) + 0.1 * self.value(packed::with_tile(y, c, 2));
            empty += 1;
        }
        if empty == 0 { 0.0 } else { sum / empty as f32 }
    }
}

/// The shared table for building `2^goal` with `open` cells of the snake's row open (1 or
/// 2), made on first use.
pub fn shared(goal: u8, open: usize) -> &'static Table {
    static TABLES: [[OnceLock<Table>; 2]; 9] = [const { [const { OnceLock::new() }; 2] }; 9];
    TABLES[usize::from(goal)][open - 1].get_or_init(|| {
        let next = (open > 1).then(|| shared(goal, open - 1));
        Table::new(goal, open, next)
    })
}

/// The decision of the first of the `steps` tables for building `2^goal` (the last step's,
/// then the step before's) whose frame holds `board`.
pub fn decide(goal: u8, steps: usize, board: Board) -> Option<Decision> {
    (1..=steps).find_map(|open| shared(goal, open).decide(board))
}

#[inline]
fn nibble(x: u64, cell: usize) -> u8 {
    ((x >> (4 * cell)) & 0xF) as u8
}

/// The eight symmetries of a nibble board, the board itself first.
pub fn symmetries(x: u64) -> [u64; 8] {
    // The rows in reverse order.
    let flip_rows =
        |x: u64| (x >> 48) | ((x >> 16) & 0xFFFF_0000) | ((x << 16) & 0xFFFF_0000_0000) | (x << 48);
    let t = packed::transpose(x);
    let mut out = [0; 8];
    for (k, base) in [x, t].into_iter().enumerate() {
        out[4 * k] = base;
        out[4 * k + 1] = packed::mirror(base);
        out[4 * k + 2] = flip_rows(base);
        out[4 * k + 3] = packed::mirror(flip_rows(base));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Direction;
    use std::collections::HashMap;

    /// A board in the last step's frame for building `2^goal`: `top` the top two rows, `end`
    /// the snake's end.
    fn framed(goal: u8, top: [[u8; 4]; 2], end: u8) -> Board {
        Board::from_exponents([
            top[0],
            top[1],
            [end, goal, goal + 1, goal + 2],
            [goal + 6, goal + 5, goal + 4, goal + 3],
        ])
        .unwrap()
    }

    /// The same chances, computed another way: by the game's own `Board` moves, the snake's
    /// cells compared tile by tile, memoized by board and step.
    struct Brute {
        goal: u8,
        memo: HashMap<(Board, usize), f64>,
    }

    impl Brute {
        fn value(&mut self, board: Board, open: usize) -> f64 {
            if let Some(&v) = self.memo.get(&(board, open)) {
                return v;
            }
            let end = 7 + open;
            let snake = |b: Board| (end + 1..16).map(|c| b.exponent(c)).collect::<Vec<_>>();
            let mut best: f64 = 0.0;
            for d in Direction::ALL {
                let slide = board.slide(d);
                if slide.moved && snake(slide.board) == snake(board) {
                    best = best.max(self.after(slide.board, open));
                }
            }
            self.memo.insert((board, open), best);
            best
        }

        fn after(&mut self, after: Board, open: usize) -> f64 {
            let end = 7 + open;
            if after.exponent(end) == self.goal {
                return if open == 1 { 1.0 } else { self.after(after, open - 1) };
            }
            if (0..=end).any(|c| after.exponent(c) >= self.goal) {
                return 0.0;
            }
            let empty: Vec<usize> = (0..=end).filter(|&c| after.exponent(c) == 0).collect();
            let sum: f64 = empty
                .iter()
                .map(|&c| {
                    0.9 * self.value(after.with_exponent(c, 1), open)
                        + 0.1 * self.value(after.with_exponent(c, 2), open)
                })
                .sum();
            if empty.is_empty() { 0.0 } else { sum / empty.len() as f64 }
        }
    }

    #[test]
    fn the_tables_are_the_exact_expectimax_of_the_rules() {
        // Building an 8 (goal 3) from 2s and 4s: small enough to check every line.
        let last: &'static Table = Box::leak(Box::new(Table::new(3, 1, None)));
        let before = Table::new(3, 2, Some(last));
        let mut brute = Brute { goal: 3, memo: HashMap::new() };
        for (top, end) in [
            ([[0, 0, 0, 0], [0, 0, 0, 1]], 1),
            ([[1, 0, 0, 0], [2, 1, 0, 0]], 2),
            ([[0, 0, 1, 2], [2, 1, 2, 1]], 1),
            ([[2, 1, 2, 1], [1, 2, 1, 2]], 0),
        ] {
            let board = framed(3, top, end);
            let ours = f64::from(last.value(board.nibbles().unwrap()));
            let theirs = brute.value(board, 1);
            assert!((ours - theirs).abs() < 1e-5, "{top:?} {end}: {ours} against {theirs}");
        }
        // The step before: the 8 (exponent 3) not yet built beside the 16.
        for (top, row) in [
            ([[0, 0, 0, 0], [0, 0, 1, 1]], [0, 2]),
            ([[1, 2, 0, 0], [0, 0, 0, 1]], [1, 1]),
            ([[0, 1, 2, 1], [1, 2, 1, 2]], [2, 0]),
        ] {
            let board =
                Board::from_exponents([top[0], top[1], [row[0], row[1], 4, 5], [9, 8, 7, 6]]).unwrap();
            let ours = f64::from(before.value(board.nibbles().unwrap()));
            let theirs = brute.value(board, 2);
            assert!(ours > 0.0, "{top:?} {row:?}: a chance there");
            assert!((ours - theirs).abs() < 1e-5, "{top:?} {row:?}: {ours} against {theirs}");
        }
    }

    #[test]
    fn a_goal_one_slide_away_is_certain_and_the_table_plays_it() {
        // An 8 above an 8 at the snake's end: down makes the 16.
        let board = framed(4, [[0, 0, 0, 0], [3, 1, 0, 0]], 3);
        let table = Table::new(4, 1, None);
        let decision = table.decide(board).expect("in the frame");
        assert_eq!(decision.best, Some(Direction::Down));
        assert_eq!(decision.values[Direction::Down.index()], Some(1.0));
    }

    #[test]
    fn every_turn_of_the_frame_is_recognised_and_decided_alike() {
        let board = framed(4, [[1, 0, 2, 0], [3, 2, 1, 0]], 2);
        let table = Table::new(4, 1, None);
        let first = table.decide(board).expect("in the frame");
        let turns = symmetries(board.nibbles().unwrap());
        let distinct: std::collections::HashSet<u64> = turns.into_iter().collect();
        assert_eq!(distinct.len(), 8);
        let best = |d: &Decision| d.values.iter().flatten().copied().fold(0.0, f64::max);
        for y in turns {
            let decision = table.decide(Board::from_nibbles(y)).expect("a turned frame is a frame");
            assert!((best(&decision) - best(&first)).abs() < 1e-6);
        }
    }

    #[test]
    fn boards_outside_the_frame_are_left_to_the_search() {
        let table = Table::new(4, 1, None);
        // The snake's 32 and 16 swapped.
        let swapped = Board::from_exponents([[0; 4], [1, 0, 0, 0], [2, 5, 4, 6], [10, 9, 8, 7]]).unwrap();
        assert!(table.decide(swapped).is_none());
        // A 16 already in the region.
        let built = framed(4, [[4, 0, 0, 0], [1, 0, 0, 0]], 2);
        assert!(table.decide(built).is_none());
        // In the frame but every move that counts moves the snake (the end cell empty).
        let stuck = framed(4, [[0; 4], [0, 0, 0, 1]], 0);
        assert!(table.decide(stuck).is_none());
    }
}
