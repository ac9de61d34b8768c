//! Endgame tables: the exact chance of finishing the late game's
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
//!
//! Tables belong to their searcher (a game's in the arena, the solver worker's for its life in
//! the page: a chance does not depend on the game) and fill as its decisions need them (from the
//! step before's first board, some 50 million positions natively in 15 to 20 s), within
//! [`Limits`] of the positions they hold and compute a decision: what a page can afford. `memo`
//! stores them. Max keeps them above its root searches (`crate::max::ENDGAME`).

mod memo;

use game_core::board::value_of;
use game_core::{Board, SPAWN_ODDS, packed};

use crate::Decision;
use crate::search::best_of;
use memo::Memo;

/// How much a game's tables may hold and compute: what lets them live in a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Positions held at most, all steps' tables together (6 bytes each, and as much again
    /// in free slots at worst). When they are full, the positions of a lower region sum than
    /// the board's, which no later board of the game can reach, make room.
    pub entries: usize,
    /// Positions one decision may compute; a decision that needs more leaves its board to the
    /// search, and the next decision goes on from what this one kept.
    pub slice: usize,
}

impl Limits {
    pub const NONE: Limits = Limits { entries: usize::MAX, slice: usize::MAX };
}

/// Which tables a searcher keeps: for building the tile of exponent `goal` at the end of the
/// snake, the last step's alone (`steps` 1) or the step before's too (2), within `limits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endgame {
    pub goal: u8,
    pub steps: usize,
    pub limits: Limits,
}

impl Endgame {
    /// A game's tables, empty.
    pub fn tables(self) -> Tables {
        Tables::new(self.goal, self.steps, self.limits)
    }
}

/// The new tile's exponent and chance, a 2 and a 4 (the rules' `SPAWN_ODDS`, in the tables'
/// `f32`).
const TWO: (u8, f32) = (SPAWN_ODDS[0].0, SPAWN_ODDS[0].1 as f32);
const FOUR: (u8, f32) = (SPAWN_ODDS[1].0, SPAWN_ODDS[1].1 as f32);

/// A decision ran out of its [`Limits`], or of memory.
#[derive(Debug)]
struct Spent;

/// One step's frame: the snake of `2^(goal+6)` … `2^(goal+3)` along the bottom row and
/// `2^(goal+2)` … back along row 2 to the end cell, where a tile of `2^goal` is to be built.
#[derive(Clone, Copy, Debug)]
struct Frame {
    goal: u8,
    /// The region: cells 0 to `end`; the snake holds the cells after it.
    end: usize,
    /// Bits a region cell takes in an entry's index (its tiles are below the goal).
    bits: u32,
    fixed_mask: u64,
    fixed: u64,
}

impl Frame {
    fn new(goal: u8, open: usize) -> Frame {
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
        Frame { goal, end, bits, fixed_mask, fixed }
    }

    fn region(&self) -> std::ops::RangeInclusive<usize> {
        0..=self.end
    }

    fn index_bits(&self) -> u32 {
        self.bits * (self.end as u32 + 1)
    }

    /// The frame's nibble board `x` if it holds the snake and no tile of the goal or more in
    /// the region.
    fn holds(&self, x: u64) -> bool {
        x & self.fixed_mask == self.fixed && self.region().all(|c| nibble(x, c) < self.goal)
    }

    /// The entry of a frame board: [`Self::bits`] for each region cell.
    fn index(&self, x: u64) -> usize {
        self.region().fold(0, |i, c| i | usize::from(nibble(x, c)) << (self.bits as usize * c))
    }

    fn sum(&self, x: u64) -> u32 {
        self.region().map(|c| value_of(nibble(x, c))).sum()
    }

    /// The boards a new tile can make of `y` (in the frame after a move): for each empty
    /// region cell, with a 2 there and with a 4.
    fn landings(&self, y: u64) -> impl Iterator<Item = (u64, u64)> {
        self.region()
            .filter(move |&c| nibble(y, c) == 0)
            .map(move |c| (packed::with_tile(y, c, TWO.0), packed::with_tile(y, c, FOUR.0)))
    }
}

/// Where a move leaves the climb (before the new tile).
enum After {
    /// The snake moved, or the goal was built outside the end cell.
    Lost,
    /// The last step's goal built.
    Won,
    /// Still climbing in this step's frame: a new tile lands in its region.
    Climbing(usize),
}

/// A game's endgame tables for building `2^goal` at the snake's end: the last step's (one
/// cell of row 2 open), and with `steps` 2 the step before's (two open, the snake down to the
/// 512), whose success is valued by the last step's chance from there. A table holds, for each
/// filling of its region with tiles below the goal, the best chance of building the goal in
/// the end cell without moving the snake, computed exactly by expectimax over every tile that
/// can land, when a decision first needs it, within the [`Limits`].
#[derive(Clone, Debug)]
pub struct Tables {
    frames: Vec<Frame>,
    /// Each step's computed chances, by [`Frame::index`], the last step's first.
    memos: Vec<Memo>,
    limits: Limits,
    /// Positions the decision under way may still compute.
    left: usize,
    /// The region sum below which positions were last dropped to make room.
    floor: u32,
}

impl Tables {
    /// Empty tables for building `2^goal` (2 to 8: a region cell then takes at most three
    /// bits of an index) in `steps` steps (1 or 2).
    pub fn new(goal: u8, steps: usize, limits: Limits) -> Tables {
        assert!((2..=8).contains(&goal), "the region's tiles must fit in three bits");
        assert!((1..=2).contains(&steps));
        let frames: Vec<Frame> = (1..=steps).map(|open| Frame::new(goal, open)).collect();
        let memos = frames.iter().map(|f| Memo::new(f.index_bits())).collect();
        Tables { frames, memos, limits, left: limits.slice, floor: 0 }
    }

    /// How many positions the tables hold.
    pub fn computed(&self) -> usize {
        self.memos.iter().map(Memo::len).sum()
    }

    /// The bytes the tables hold.
    pub fn bytes(&self) -> usize {
        self.memos.iter().map(Memo::bytes).sum()
    }

    /// The tables' move for `board` if it is in a step's frame (turned any way), the chances
    /// it needs can be had within the limits, and some move keeps a chance of success: each
    /// move's value is its chance, a move that moves the snake's is 0. `None` leaves the
    /// board to the search.
    pub fn decide(&mut self, board: Board) -> Option<Decision> {
        let x = board.nibbles()?;
        let turns = symmetries(x);
        let (step, turn) = self.frame_of(&turns)?;
        self.make_room(step, turns[turn]);
        self.left = self.limits.slice;
        let mut values = [None; 4];
        for (d, y) in packed::slides(x).into_iter().enumerate() {
            if let Some(y) = y.filter(|&y| y != x) {
                values[d] = Some(f64::from(self.after(step, symmetries(y)[turn]).ok()?));
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

    /// The step whose frame holds one of a nibble board's `turns` (0 the last, 1 the one
    /// before), and which turn.
    fn frame_of(&self, turns: &[u64; 8]) -> Option<(usize, usize)> {
        (0..self.frames.len())
            .find_map(|s| turns.iter().position(|&y| self.frames[s].holds(y)).map(|t| (s, t)))
    }

    /// How many of row 2's cells are open if `board` is in one of the steps' frames: 1 in
    /// the last step's, 2 in the one before's.
    pub fn open_cells(&self, board: Board) -> Option<usize> {
        self.frame_of(&symmetries(board.nibbles()?)).map(|(step, _)| step + 1)
    }

    /// When the tables are full: keeps only the positions a board after `x` (of `step`'s
    /// frame) can reach, which are all that any later decision of the game can need. They are
    /// found by marking (a chance's sign bit) every stored position reachable from `x`
    /// through stored positions.
    fn make_room(&mut self, step: usize, x: u64) {
        if self.computed() < self.limits.entries {
            return;
        }
        // A pass over the tables is not free: when the last left them more than half full, the
        // next waits until the region sum has climbed a quarter of the goal tile (some 16 moves
        // for a 256).
        let sum = self.frames[step].sum(x);
        if sum < self.floor {
            return;
        }
        self.mark_moves(step, x);
        for memo in &mut self.memos {
            memo.retain(|_, v| v.is_sign_negative().then_some(-v));
        }
        self.floor = if self.computed() > self.limits.entries / 2 {
            sum + value_of(self.frames[step].goal) / 4
        } else {
            0
        };
    }

    fn mark_moves(&mut self, step: usize, x: u64) {
        for y in packed::slides(x).into_iter().flatten().filter(|&y| y != x) {
            self.mark_after(step, y);
        }
    }

    /// Marks the stored positions reachable after the move to `y` (as [`Self::after`] goes).
    fn mark_after(&mut self, step: usize, y: u64) {
        let After::Climbing(step) = self.climb(step, y) else { return };
        let frame = self.frames[step];
        for z in frame.landings(y).flat_map(|(two, four)| [two, four]) {
            let index = frame.index(z);
            match self.memos[step].get(index) {
                Some(v) if !v.is_sign_negative() => {
                    self.memos[step].set(index, -v);
                    self.mark_moves(step, z);
                }
                _ => {}
            }
        }
    }

    /// The chance of success from the frame board `x` of `step`, the player to move.
    fn value(&mut self, step: usize, x: u64) -> Result<f32, Spent> {
        let index = self.frames[step].index(x);
        if let Some(known) = self.memos[step].get(index) {
            return Ok(known);
        }
        if self.left == 0 || self.computed() >= self.limits.entries {
            return Err(Spent);
        }
        let mut best = 0.0f32;
        for y in packed::slides(x).into_iter().flatten().filter(|&y| y != x) {
            best = best.max(self.after(step, y)?);
        }
        self.memos[step].insert(index, best).map_err(|_| Spent)?;
        self.left = self.left.saturating_sub(1);
        Ok(best)
    }

    /// Where the move to `y` (of `step`'s frame) leaves the climb: building the goal in the
    /// end cell moves on to the next step's frame, the same board.
    fn climb(&self, mut step: usize, y: u64) -> After {
        loop {
            let frame = self.frames[step];
            if y & frame.fixed_mask != frame.fixed {
                return After::Lost;
            }
            if nibble(y, frame.end) != frame.goal {
                let built_elsewhere = frame.region().any(|c| nibble(y, c) >= frame.goal);
                return if built_elsewhere { After::Lost } else { After::Climbing(step) };
            }
            if step == 0 {
                return After::Won;
            }
            step -= 1;
        }
    }

    /// The chance of success after a move to `y` (the frame's move, before the new tile):
    /// 0 if it lost the climb, 1 if it won it, else the average over the new tiles.
    fn after(&mut self, step: usize, y: u64) -> Result<f32, Spent> {
        let step = match self.climb(step, y) {
            After::Lost => return Ok(0.0),
            After::Won => return Ok(1.0),
            After::Climbing(step) => step,
        };
        let frame = self.frames[step];
        let (mut sum, mut empty) = (0.0f32, 0u32);
        for (two, four) in frame.landings(y) {
            sum += TWO.1 * self.value(step, two)? + FOUR.1 * self.value(step, four)?;
            empty += 1;
        }
        Ok(if empty == 0 { 0.0 } else { sum / empty as f32 })
    }
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
mod tests;
