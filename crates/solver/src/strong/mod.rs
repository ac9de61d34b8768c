//! The search of the Strong and Max strengths: expectimax with a fixed-size transposition table
//! kept across the moves of a game ([`tt`]), a cumulative-probability cutoff, and a depth set by
//! the configuration ([`Budget`]; deeper from a late stage of the game on, [`late`]). Its leaves
//! are scored by a learned network ([`Evaluation::Learned`]) or by nneonneo/2048-ai's row-table
//! heuristic ([`heuristic`], with its weights or others: [`Strong::with_heuristic`]). This file
//! owns the configuration's shape, the searcher and the one implementation of the search; the
//! strategies' settings are `crate::strategy`'s.
//!
//! Portable to wasm32: no threads and no `std::time` here. No clock is read, so every decision
//! is reproducible: the page's worker and the arena make the same move on the same board after
//! the same history. The search below is generic over the leaf evaluation (`leaf::Evaluator`:
//! the heuristic, the network, the network shaped late) and over what watches it ([`Watch`]),
//! so each evaluation gets a copy of the one search compiled for it, with no watch in the
//! product. [`Strong::decide`](Searcher::decide) is made of public steps ([`Strong::begin_move`],
//! [`Strong::solved`], [`Strong::horizon`], [`Strong::search`]) so that other searchers (the
//! lab's iterative deepening, second looks and rollouts, `crates/lab`) can be built on it.

mod frontier;
pub mod heuristic;
pub mod late;
pub(crate) mod leaf;
mod tree;
pub mod tt;
use tree::Tree;

use game_core::{Board, Direction, SPAWN_ODDS, packed};

use crate::endgame::Endgame;
use crate::ntuple::Memoized;
use crate::search::best_of;
use crate::{Decision, Searcher};
use heuristic::Heuristic;
use late::Shaped;
pub use late::{Late, Stage};
pub use leaf::Evaluation;
use leaf::Evaluator;
use tt::{Reuse, TranspositionTable};

/// How deep one decision searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// Exactly this many player moves deep, root included: the learned Max's (whose leaves
    /// cost too much for a deeper search of tight boards), and tests'.
    Depth(u32),
    /// nneonneo/2048-ai's rule: as many moves beyond the root as the board has distinct tiles,
    /// less `minus`, within `min..=max`. More distinct tiles is a tighter board, where looking
    /// further pays; the probability cutoff keeps open boards cheap. The same board always gets
    /// the same search.
    Distinct { minus: u32, min: u32, max: u32 },
}

/// Everything that sets how Strong searches (each strategy's is `crate::strategy`'s).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StrongConfig {
    pub budget: Budget,
    /// A chance node reached with a cumulative probability below this is scored as a leaf.
    pub cutoff: f64,
    /// log2 of the transposition table's slots; `None` searches without one.
    pub tt_bits: Option<u32>,
    pub reuse: Reuse,
    /// Chance nodes with fewer moves left than this skip the table (their subtrees are cheaper
    /// to search again than a likely cache miss).
    pub tt_min_depth: u32,
    /// What the leaves are scored with.
    pub evaluation: Evaluation,
    /// From a late stage of the game on, a deeper search instead of the budget's.
    pub late: Option<Late>,
    /// The endgame tables that decide the boards in their frames before any search; `None`:
    /// no table.
    pub endgame: Option<Endgame>,
}

impl StrongConfig {
    /// The same with another budget.
    pub const fn with_budget(self, budget: Budget) -> StrongConfig {
        StrongConfig { budget, ..self }
    }
}

/// log2 of the slots of a learned evaluation's leaf memo (16 bytes each: 256 KiB, which stays in
/// a core's cache; 2^16 and 2^18 slots searched slower).
const LEAF_MEMO_BITS: u32 = 14;

/// One root move's search ([`Strong::root_value`]; Max's four make a decision).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveValue {
    /// `None`: the move does not count.
    pub value: Option<f64>,
    pub nodes: u64,
    pub depth: u32,
}

impl MoveValue {
    /// A move not searched: no value, no positions.
    pub const NONE: MoveValue = MoveValue { value: None, nodes: 0, depth: 0 };
}

/// How far one search of a root board looks: `depth` player moves, root move included, and
/// chance nodes reached with a cumulative probability below `cutoff` scored as leaves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Horizon {
    pub depth: u32,
    pub cutoff: f64,
}

/// The Strong searcher. Keep one per game: its transposition table carries over between moves.
#[derive(Clone, Debug)]
pub struct Strong {
    config: StrongConfig,
    heuristic: &'static Heuristic,
    tt: Option<TranspositionTable>,
    /// The game's endgame tables ([`StrongConfig::endgame`]).
    endgame: Option<Box<crate::endgame::Tables>>,
    /// The leaves the learned evaluation has scored (`None` with the heuristic).
    memo: Option<Box<crate::ntuple::LeafMemo>>,
}

impl Strong {
    pub fn new(config: StrongConfig) -> Strong {
        Strong::with_heuristic(config, Heuristic::nneonneo())
    }

    /// A searcher whose row heuristic (its leaves' with [`Evaluation::Heuristic`], its late
    /// leaves' shaping with the network) has these weights instead of nneonneo's (the lab's
    /// tuned weights).
    pub fn with_heuristic(config: StrongConfig, heuristic: &'static Heuristic) -> Strong {
        Strong {
            config,
            heuristic,
            tt: config.tt_bits.map(TranspositionTable::new),
            endgame: config.endgame.map(|e| Box::new(e.tables())),
            memo: match config.evaluation {
                Evaluation::Learned(_) => Some(Box::new(crate::ntuple::LeafMemo::new(LEAF_MEMO_BITS))),
                Evaluation::Heuristic => None,
            },
        }
    }

    pub fn config(&self) -> &StrongConfig {
        &self.config
    }

    /// The row heuristic this searcher scores with ([`Self::with_heuristic`]).
    pub fn heuristic(&self) -> &'static Heuristic {
        self.heuristic
    }

    /// Forgets everything kept between moves (for a new game, or a cold measurement).
    pub fn reset(&mut self) {
        if let Some(tt) = self.tt.as_mut() {
            tt.clear();
        }
        if let Some(endgame) = self.config.endgame {
            self.endgame = Some(Box::new(endgame.tables()));
        }
    }

    pub fn table(&self) -> Option<&TranspositionTable> {
        self.tt.as_ref()
    }

    /// Starts a new move: the table's entries of earlier moves become older than this one's
    /// (what [`Searcher::decide`] does first; a searcher that searches one board several times
    /// calls it once).
    pub fn begin_move(&mut self) {
        if let Some(tt) = self.tt.as_mut() {
            tt.next_generation();
        }
    }

    /// The endgame tables' decision on `board`, if it lies in their frames.
    pub fn solved(&mut self, board: Board) -> Option<Decision> {
        self.endgame.as_mut().and_then(|t| t.decide(board))
    }

    /// One full search of `board` to `horizon`, with the configured evaluation, watched by
    /// `watch` (which may stop it; [`NoWatch`] never does).
    pub fn search<W: Watch>(&mut self, board: Board, horizon: Horizon, watch: W) -> (Decision, W) {
        self.with_leaf(FullSearch { board, horizon, watch })
    }

    /// Lends `f` this searcher's leaf evaluation of nibble afterstates (through its memo of
    /// leaves, its late leaves shaped as the search's are), and returns what `f` returns.
    pub fn with_leaf_value<R>(&mut self, f: impl FnOnce(&dyn Fn(u64) -> f64) -> R) -> R {
        self.with_leaf(LeafValue(f))
    }

    /// Runs `task` with the configured leaf evaluation: the heuristic, or the network through
    /// this searcher's memo of leaves, its late leaves shaped if the late stage says so.
    fn with_leaf<T: WithLeaf>(&mut self, task: T) -> T::Out {
        let Evaluation::Learned(reading) = self.config.evaluation else {
            let heuristic = self.heuristic;
            return task.run(self, heuristic);
        };
        // Out of `self` for the search, which borrows the rest of it.
        let memo = self.memo.take().expect("a learned evaluation has its memo");
        let shaping = self.config.late.and_then(|late| Some((late.stage, late.shaping?)));
        let out = match shaping {
            Some((stage, weight)) => {
                let shaped = Shaped { reading, stage, weight, heuristic: self.heuristic };
                task.run(self, Memoized { reading: shaped, memo: &memo })
            }
            None => task.run(self, Memoized { reading, memo: &memo }),
        };
        self.memo = Some(memo);
        out
    }

    fn search_with<E: Evaluator, W: Watch>(
        &mut self,
        leaf: E,
        board: Board,
        Horizon { depth, cutoff }: Horizon,
        watch: W,
    ) -> (Decision, W) {
        let mut tree = self.tree(leaf, cutoff, watch);
        let mut values = [None; 4];
        for direction in Direction::ALL {
            let slide = board.slide(direction);
            if slide.moved {
                values[direction.index()] = Some(tree.chance_of(slide.board, depth - 1, 1.0));
            }
        }
        (Decision { best: best_of(&values), values, nodes: tree.nodes, depth }, tree.watch)
    }
}

impl Strong {
    /// How far a search of the root board `board` looks: the late search's depth and cutoff
    /// once `board` has reached the late stage, else the budget's depth rule at the cutoff.
    pub fn horizon(&self, board: Board) -> Horizon {
        if let Some(late) = self.late(board) {
            return Horizon { depth: late.depth + 1, cutoff: late.cutoff };
        }
        let depth = match self.config.budget {
            Budget::Depth(depth) => {
                assert!(depth >= 1, "a search looks at least at the root move");
                depth
            }
            Budget::Distinct { minus, min, max } => {
                distinct_tiles(board).saturating_sub(minus).clamp(min, max.max(min)) + 1
            }
        };
        Horizon { depth, cutoff: self.config.cutoff }
    }

    /// The value of playing `direction` on `board` (`None` if it does not count), searched
    /// alone, to the depth the whole decision would search: what [`crate::max::Max`] asks of
    /// each of its searchers. Returns the value, the positions visited and the depth.
    pub fn root_value(&mut self, board: Board, direction: Direction) -> MoveValue {
        let Horizon { depth, cutoff } = self.horizon(board);
        let slide = board.slide(direction);
        if !slide.moved {
            return MoveValue { depth, ..MoveValue::NONE };
        }
        self.begin_move();
        let (value, nodes) = self.with_leaf(AfterstateValue { after: slide.board, depth, cutoff });
        MoveValue { value: Some(value), nodes, depth }
    }

    /// The late search, if `board` (a root board) has reached its stage.
    pub fn late(&self, board: Board) -> Option<Late> {
        self.config.late.filter(|late| late.stage.reached(board))
    }

    /// A search's tree, on this searcher's table and setting at `cutoff`, one position (the
    /// root) visited.
    fn tree<E: Evaluator, W: Watch>(&mut self, leaf: E, cutoff: f64, watch: W) -> Tree<'_, E, W> {
        Tree {
            leaf,
            tt: self.tt.as_mut(),
            reuse: self.config.reuse,
            tt_min_depth: self.config.tt_min_depth.max(1),
            cutoff,
            nodes: 1,
            watch,
        }
    }
}

/// Work that runs on a searcher with its leaf evaluation ([`Strong::with_leaf`]), compiled once
/// for each evaluation: the search is generic over it, so that no leaf pays for a choice.
trait WithLeaf {
    type Out;
    fn run<E: Evaluator>(self, strong: &mut Strong, leaf: E) -> Self::Out;
}

/// A whole decision: every root move searched to `horizon`.
struct FullSearch<W> {
    board: Board,
    horizon: Horizon,
    watch: W,
}

impl<W: Watch> WithLeaf for FullSearch<W> {
    type Out = (Decision, W);

    fn run<E: Evaluator>(self, strong: &mut Strong, leaf: E) -> (Decision, W) {
        strong.search_with(leaf, self.board, self.horizon, self.watch)
    }
}

/// The value of the afterstate `after` of one root move, searched to `depth` (root move
/// included) at `cutoff`, and the positions visited.
struct AfterstateValue {
    after: Board,
    depth: u32,
    cutoff: f64,
}

impl WithLeaf for AfterstateValue {
    type Out = (f64, u64);

    fn run<E: Evaluator>(self, strong: &mut Strong, leaf: E) -> (f64, u64) {
        let mut tree = strong.tree(leaf, self.cutoff, NoWatch);
        let value = tree.chance_of(self.after, self.depth - 1, 1.0);
        (value, tree.nodes)
    }
}

/// [`Strong::with_leaf_value`]'s task: the leaf evaluation lent to a function.
struct LeafValue<F>(F);

impl<R, F: FnOnce(&dyn Fn(u64) -> f64) -> R> WithLeaf for LeafValue<F> {
    type Out = R;

    fn run<E: Evaluator>(self, _strong: &mut Strong, leaf: E) -> R {
        (self.0)(&|x| leaf.nibbles(x))
    }
}

impl Searcher for Strong {
    fn decide(&mut self, board: Board) -> Decision {
        self.begin_move();
        if let Some(decision) = self.solved(board) {
            return decision;
        }
        self.search(board, self.horizon(board), NoWatch).0
    }
}

/// How many different tile values `board` holds.
pub fn distinct_tiles(board: Board) -> u32 {
    let seen = (0..16).map(|cell| board.exponent(cell)).filter(|&e| e > 0).fold(0u32, |m, e| m | 1 << e);
    seen.count_ones()
}

/// What watches a search besides its value, and may stop it: nothing in the product (the
/// methods of [`NoWatch`] do nothing, and compile to nothing); the lab's iterative deepening
/// abandons an iteration past its budget, and asks whether the depth ran out.
pub trait Watch {
    /// Whether the search stops here, at a chance node, `nodes` positions into it; once it
    /// has said so, it keeps saying so.
    fn stop(&mut self, nodes: u64) -> bool;
    /// Whether [`Self::stop`] has said so (the values found since are not to be stored).
    fn stopped(&self) -> bool;
    /// A leaf was scored because the depth ran out, not the cutoff.
    fn depth_ran_out(&mut self);
}

/// The product's watch: a search that runs to the end.
#[derive(Clone, Copy, Debug)]
pub struct NoWatch;

impl Watch for NoWatch {
    #[inline(always)]
    fn stop(&mut self, _: u64) -> bool {
        false
    }

    #[inline(always)]
    fn stopped(&self) -> bool {
        false
    }

    #[inline(always)]
    fn depth_ran_out(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::tree::Position;
    use super::*;

    #[test]
    fn empty_mask_matches_the_board() {
        let board = Board::from_exponents([[0, 1, 0, 17], [16, 0, 2, 0], [0; 4], [3, 3, 3, 0]]).unwrap();
        let expected: u16 = board.empty_cell_indices().map(|c| 1u16 << c).sum();
        assert_eq!(Position::empty_mask(board), expected);
        assert_eq!(Position::empty_mask(Board::EMPTY), 0xFFFF);
    }
}
