//! The chance of the next tile: for any board, the chance that a strategy playing on from it
//! makes the board's goal tile ([`goal_of`]: the smallest power of two above its largest tile,
//! at least 2048). A logistic model per strength and goal on a few cheap measures of the board
//! ([`features`]), fitted on the arena's own games of some seeds and checked on others by the
//! lab (`crates/lab/src/chance/`, docs/lab/chance.md); its coefficients are the generated
//! `coefficients.rs`. Costs well under a microsecond: no search. Where Max's endgame tables
//! decide a board, their exact chance is better ([`solved`]).

mod coefficients;
#[cfg(test)]
mod tests;

use game_core::Board;
use game_core::board::value_of;

use crate::Strategy;

/// The first goal: a board whose largest tile is below 1024 is on its way to a 2048.
pub const FIRST_GOAL: u32 = 2048;

/// The board's goal tile: the smallest power of two above its largest tile, at least
/// [`FIRST_GOAL`]. Once the goal is made, the goal is the next one.
pub fn goal_of(board: Board) -> u32 {
    (board.max_tile() * 2).max(FIRST_GOAL)
}

/// A goal tile and the chance of making it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chance {
    pub tile: u32,
    /// From 0 to 1.
    pub probability: f64,
}

impl Chance {
    /// The chance in whole percent, as a player reads it: 0 and 100 only when it is certain
    /// (no move left, or the endgame tables' exact chance), so that a likely goal never reads
    /// as a sure one.
    pub fn percent(self) -> u8 {
        let percent = (self.probability * 100.0).round().clamp(0.0, 100.0) as u8;
        if self.probability == 0.0 || self.probability == 1.0 { percent } else { percent.clamp(1, 99) }
    }
}

/// How many measures [`features`] gives.
pub const FEATURES: usize = 10;

/// The measures of a board the model weighs, each cheap, with the goal `G` = [`goal_of`]: a
/// constant; the tiles' sum over `G` (how far the climb has come), its square, and how far it
/// is past three quarters and past nine tenths of `G` (the last steps count most); the empty
/// cells and the pairs of equal neighbours (room to move), over 16 and 24; whether the
/// largest tile is in a corner; the sum of the longest snake of non-increasing tiles from a
/// corner, over `G` (how much of the climb is in order); and how many doublings the largest
/// tile is short of `G / 2`, over 10 (only on the way to the first goal).
pub fn features(board: Board) -> [f64; FEATURES] {
    let goal = goal_of(board);
    let g = f64::from(goal);
    let sum = (board.tile_sum() as f64 / g).min(2.0);
    let hinge = |at: f64| (sum - at).max(0.0);
    let cells: [u8; 16] = std::array::from_fn(|c| board.exponent(c));
    let top = board.max_exponent();
    let corner = [0, 3, 12, 15].iter().any(|&c| cells[c] == top && top > 0);
    let short = goal.trailing_zeros() as f64 - 1.0 - f64::from(top);
    [
        1.0,
        sum,
        sum * sum,
        hinge(0.75),
        hinge(0.9),
        f64::from(board.empty_cells()) / 16.0,
        f64::from(equal_neighbours(&cells)) / 24.0,
        f64::from(u8::from(corner)),
        snake_sum(&cells) as f64 / g,
        short.max(0.0) / 10.0,
    ]
}

/// Pairs of equal tiles side by side or one above the other (each could merge).
fn equal_neighbours(cells: &[u8; 16]) -> u32 {
    let mut pairs = 0;
    for r in 0..4 {
        for c in 0..4 {
            let e = cells[4 * r + c];
            if e == 0 {
                continue;
            }
            pairs += u32::from(c < 3 && cells[4 * r + c + 1] == e);
            pairs += u32::from(r < 3 && cells[4 * r + c + 4] == e);
        }
    }
    pairs
}

/// The largest sum of a snake from a corner: along its edge, back along the next line, and so
/// on, for as long as each tile is no larger than the one before, over the eight ways a snake
/// can start (four corners, along a row or a column).
fn snake_sum(cells: &[u8; 16]) -> u64 {
    let mut best = 0;
    for (flip_rows, flip_cols, by_columns) in (0..8).map(|k| (k & 1 != 0, k & 2 != 0, k & 4 != 0)) {
        let mut sum = 0u64;
        let mut last = u8::MAX;
        'snake: for line in 0..4 {
            for step in 0..4 {
                let along = if line % 2 == 0 { step } else { 3 - step };
                let (mut r, mut c) = if by_columns { (along, line) } else { (line, along) };
                if flip_rows {
                    r = 3 - r;
                }
                if flip_cols {
                    c = 3 - c;
                }
                let e = cells[4 * r + c];
                if e == 0 || e > last {
                    break 'snake;
                }
                sum += u64::from(value_of(e));
                last = e;
            }
        }
        best = best.max(sum);
    }
    best
}

/// One strength's model: for each goal from 2048 on, the weights of [`features`] (a goal past
/// the last is weighed as the last: the measures are relative to the goal).
pub(crate) struct Model {
    pub(crate) goals: &'static [[f64; FEATURES]],
}

impl Model {
    fn probability(&self, board: Board) -> f64 {
        let step = (goal_of(board).trailing_zeros() - FIRST_GOAL.trailing_zeros()) as usize;
        let weights = &self.goals[step.min(self.goals.len() - 1)];
        let z: f64 = features(board).iter().zip(weights).map(|(x, w)| x * w).sum();
        1.0 / (1.0 + (-z).exp())
    }
}

/// The model a strategy's chance is read from: Standard's own and Strong's own, fitted on their
/// games; Max's is Strong's (Max's games are too slow to fit on: a cautious figure, Max being
/// the stronger). The other strategies have none.
fn model_of(strategy: Strategy) -> Option<&'static Model> {
    match strategy {
        Strategy::Spec => Some(&coefficients::SPEC),
        Strategy::Strong | Strategy::Max => Some(&coefficients::STRONG),
        _ => None,
    }
}

/// The chance that `strategy` playing on from `board` makes its goal tile: none for a board
/// with no move left, the model's otherwise (`None` for a strategy without one).
pub fn chance(board: Board, strategy: Strategy) -> Option<Chance> {
    let model = model_of(strategy)?;
    let probability = if board.has_moves() { model.probability(board) } else { 0.0 };
    Some(Chance { tile: goal_of(board), probability })
}

/// The exact chance where Max's endgame tables decided `board` (`Max::decide_solved`'s
/// `solved`; the page's analysis keeps it), from their moves' `values` (a decision's, in
/// `Direction::ALL` order): the best is the chance of building the 32768, which is the goal of
/// every board in their frames (their largest tile is a 16384).
pub fn solved(board: Board, values: [Option<f64>; 4]) -> Chance {
    let probability = values.iter().flatten().fold(0.0_f64, |a, &v| a.max(v));
    Chance { tile: goal_of(board), probability: probability.clamp(0.0, 1.0) }
}
