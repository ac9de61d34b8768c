//! Picks 2048 moves: the expectimax solver of the original solver page ("spec" strength), the
//! Strong strength, and the strategies they are compared with, all built on `game_core`'s board
//! and rules.
//!
//! - [`eval`]: the evaluation terms, their weights and the row table;
//! - [`search`]: the expectimax (and minimax) tree search and the depth rule;
//! - [`baseline`]: random, corner and greedy;
//! - [`strong`]: the Strong strength (nneonneo-style heuristic, transposition table, depth rule);
//! - [`max`]: the Max strength, Strong's search split at the root, and [`endgame`], its exact
//!   tables of the last climb to a 32768;
//! - [`strategy`]: every strategy's id, label and summary ([`Strategy`]), and its setting;
//! - this file: [`Decision`], the [`Searcher`] interface and a searcher per strategy.
//!
//! The experiments (the network's trainer, iterative deepening, second looks, rollouts, tuned
//! weights) are `crates/lab`'s, built on the public hooks of [`strong::Strong`] and
//! [`ntuple::Network`].
//!
//! ```
//! use game_core::Board;
//! let board = Board::from_rows([[2, 2, 0, 0], [0; 4], [0; 4], [0; 4]]).unwrap();
//! let decision = solver::decide(board);
//! assert!(decision.best.is_some());
//! ```

pub mod baseline;
pub mod chance;
pub mod endgame;
pub mod eval;
pub mod max;
pub mod ntuple;
pub mod rng;
pub mod search;
pub mod strategy;
pub mod strong;

use game_core::{Board, Direction};

pub use rng::{SplitMix64, splitmix64};
pub use search::{LOST, TileModel, spec_depth};
pub use strategy::{Strategy, StrategyInfo};
pub use strong::{Budget, Strong, StrongConfig};

/// What a strategy chose for a board, and why.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    /// The move to play; `None` when no move changes the board.
    pub best: Option<Direction>,
    /// The value of each move, in [`Direction::ALL`] order; `None` for a move that does not
    /// change the board. A move that loses whatever happens is worth [`LOST`].
    pub values: [Option<f64>; 4],
    /// Positions the search visited (player nodes, chance nodes and evaluated leaves).
    pub nodes: u64,
    /// Player moves looked ahead, the root move included (0 for the rule-based strategies).
    pub depth: u32,
}

/// Something that chooses moves. `&mut self` is for state kept between moves: Random's stream,
/// Strong's transposition table.
pub trait Searcher {
    fn decide(&mut self, board: Board) -> Decision;
}

/// The spec strength: expectimax to [`spec_depth`], the original solver page's evaluation, no
/// cache.
#[derive(Clone, Copy, Debug, Default)]
pub struct Spec;

impl Searcher for Spec {
    fn decide(&mut self, board: Board) -> Decision {
        search::search(board, spec_depth(board.empty_cells()), TileModel::Expected)
    }
}

/// The spec's decision for `board`.
pub fn decide(board: Board) -> Decision {
    Spec.decide(board)
}

/// The same depths and evaluation as [`Spec`], but the new tile is always the worst one.
#[derive(Clone, Copy, Debug, Default)]
pub struct Minimax;

impl Searcher for Minimax {
    fn decide(&mut self, board: Board) -> Decision {
        search::search(board, spec_depth(board.empty_cells()), TileModel::Worst)
    }
}

/// The best evaluation one move ahead.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Searcher for Greedy {
    fn decide(&mut self, board: Board) -> Decision {
        baseline::greedy(board)
    }
}

/// Down, left, right, up: the first that counts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Corner;

impl Searcher for Corner {
    fn decide(&mut self, board: Board) -> Decision {
        baseline::corner(board)
    }
}

/// A uniformly random move that counts, from its own seeded stream.
#[derive(Clone, Debug)]
pub struct Random(pub SplitMix64);

impl Searcher for Random {
    fn decide(&mut self, board: Board) -> Decision {
        baseline::random(board, &mut self.0)
    }
}
