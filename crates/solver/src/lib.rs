//! Picks 2048 moves: the expectimax solver of the original solver page ("spec" strength), the
//! Strong strength, and the strategies they are compared with, all built on `game_core`'s board
//! and rules.
//!
//! - [`eval`]: the evaluation terms, their weights and the row table;
//! - [`search`]: the expectimax (and minimax) tree search and the depth rule;
//! - [`baseline`]: random, corner and greedy;
//! - [`strong`]: the Strong strength (nneonneo-style heuristic, transposition table, depth rule);
//! - this file: [`Decision`], the [`Searcher`] interface and the [`Strategy`] names.
//!
//! With the `lab` feature (the arena's, never the page's), also the experiments: `ntuple`, the
//! learned evaluation and its trainer, and `strong::lab`, Strong's node and time budgets.
//!
//! ```
//! use game_core::Board;
//! let board = Board::from_rows([[2, 2, 0, 0], [0; 4], [0; 4], [0; 4]]).unwrap();
//! let decision = solver::decide(board);
//! assert!(decision.best.is_some());
//! ```

pub mod baseline;
pub mod eval;
#[cfg(feature = "lab")]
pub mod ntuple;
mod rng;
pub mod search;
pub mod strong;

use game_core::{Board, Direction};

pub use rng::{SplitMix64, splitmix64};
pub use search::{LOST, TileModel, spec_depth};
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

/// The strategies by name, for the arena's command line and the UI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    Spec,
    Strong,
    StrongDeep,
    Minimax,
    Greedy,
    Corner,
    Random,
}

impl Strategy {
    pub const ALL: [Strategy; 7] = [
        Strategy::Spec,
        Strategy::Strong,
        Strategy::StrongDeep,
        Strategy::Minimax,
        Strategy::Greedy,
        Strategy::Corner,
        Strategy::Random,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Spec => "spec",
            Strategy::Strong => "strong",
            Strategy::StrongDeep => "strong-deep",
            Strategy::Minimax => "minimax",
            Strategy::Greedy => "greedy",
            Strategy::Corner => "corner",
            Strategy::Random => "random",
        }
    }

    pub fn from_name(name: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|s| s.name() == name)
    }

    /// One line saying what the strategy does.
    pub const fn summary(self) -> &'static str {
        match self {
            Strategy::Spec => {
                "expectimax, 2-4 moves deep by free space, the original solver page's evaluation (the solver)"
            }
            Strategy::Strong => {
                "expectimax as deep as the board is tight, transposition table, nneonneo's row heuristic"
            }
            Strategy::StrongDeep => {
                "strong with a lower cutoff (0.001): a deeper search, several times the time per move"
            }
            Strategy::Minimax => "as spec, but the new tile is always the worst one for the player",
            Strategy::Greedy => "the move whose result evaluates best, one move ahead, no chance node",
            Strategy::Corner => "down, left, right, up: the first that counts",
            Strategy::Random => "a uniformly random move that counts",
        }
    }

    /// A fresh searcher; `seed` feeds the strategies that draw random numbers (only `random`).
    pub fn searcher(self, seed: u64) -> Box<dyn Searcher + Send> {
        match self {
            Strategy::Spec => Box::new(Spec),
            Strategy::Strong | Strategy::StrongDeep => {
                Box::new(Strong::new(self.strong_config().expect("a strong strategy")))
            }
            Strategy::Minimax => Box::new(Minimax),
            Strategy::Greedy => Box::new(Greedy),
            Strategy::Corner => Box::new(Corner),
            Strategy::Random => Box::new(Random(SplitMix64::new(seed))),
        }
    }
}

impl Strategy {
    /// The configuration of a Strong strategy; `None` for the others.
    pub const fn strong_config(self) -> Option<StrongConfig> {
        match self {
            Strategy::Strong => Some(StrongConfig::FAST),
            Strategy::StrongDeep => Some(StrongConfig::DEEP),
            _ => None,
        }
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
