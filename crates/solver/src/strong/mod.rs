//! The search of the Strong and Max strengths: expectimax with a fixed-size transposition table
//! kept across the moves of a game ([`tt`]), a cumulative-probability cutoff, and a depth set by
//! the configuration ([`Budget`]; deeper from a late stage of the game on, [`late`]). Its leaves
//! are scored by the learned network ([`StrongConfig::strong`], the page's Strong) or by
//! nneonneo/2048-ai's row-table heuristic ([`heuristic`]; [`StrongConfig::FAST`], the arena's
//! `strong-heuristic`). This file owns the configuration, the searcher and the one
//! implementation of the search.
//!
//! Portable to wasm32: no threads and no `std::time` here. No clock is read, so every decision
//! is reproducible: the page's worker and the arena make the same move on the same board after
//! the same history. With the `lab` feature, `lab` adds the arena's experiments: iterative
//! deepening to a node or time budget, a second look, tuned weights. The search below is generic over the leaf evaluation
//! (`leaf::Evaluator`: the heuristic, the network, the network shaped late) and over what
//! watches it (`Watch`), so each evaluation gets a copy of the one search compiled for it, with
//! no watch in the product, and the lab reuses them.

pub mod chain;
mod frontier;
pub mod heuristic;
#[cfg(feature = "lab")]
pub mod lab;
pub mod late;
pub(crate) mod leaf;
#[cfg(feature = "lab")]
pub mod rollout;
pub mod tt;

use game_core::{Board, Direction, SPAWN_ODDS, packed};

use crate::endgame::Endgame;
use crate::ntuple::{Memoized, Network, Reading};
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
    /// Iterative deepening while the next depth is predicted to fit in this many positions
    /// ([`lab`]).
    #[cfg(feature = "lab")]
    Nodes(u64),
    /// Iterative deepening while the next depth is predicted to fit in this many milliseconds of
    /// the searcher's [`lab::Clock`] ([`lab`]).
    #[cfg(feature = "lab")]
    Millis(f64),
}

/// Everything that sets how Strong searches.
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
    /// The settings of the experiments: the iterative deepening's, the second look's.
    #[cfg(feature = "lab")]
    pub lab: lab::LabConfig,
}

impl StrongConfig {
    /// The heuristic Strong ("strong-heuristic" in the arena; the page's Strong until it used
    /// the network, [`Self::strong`]): nneonneo's depth rule (distinct tiles less two) with a
    /// lower depth cap and a coarser cutoff than nneonneo's, chosen with
    /// `replay-time --reference` (docs/lab/heuristic-strong.md gives its figures). The cap pays
    /// because on crowded boards, where few tiles can land, the cutoff barely prunes and the depth
    /// alone bounds the search.
    pub const FAST: StrongConfig = StrongConfig {
        budget: Budget::Distinct { minus: 2, min: 2, max: 6 },
        cutoff: 0.004,
        tt_bits: Some(18),
        reuse: Reuse::Deeper,
        tt_min_depth: 1,
        evaluation: Evaluation::Heuristic,
        late: None,
        endgame: None,
        #[cfg(feature = "lab")]
        lab: lab::LabConfig::DEFAULT,
    };

    /// A deeper search for the arena's long runs ("strong-deep"): the same rule with a higher
    /// depth cap and a lower cutoff, several times the time of [`Self::FAST`].
    pub const DEEP: StrongConfig = StrongConfig {
        budget: Budget::Distinct { minus: 2, min: 2, max: 10 },
        cutoff: 0.001,
        ..StrongConfig::FAST
    };

    /// nneonneo/2048-ai's own rule and cutoff (as many moves beyond the root as the board has
    /// distinct tiles less two, at least three; a cutoff of 0.0001), with its heuristic: tens of
    /// times the work of [`Self::FAST`] (the arena's comparison; Max was this before it had a
    /// network).
    pub const NNEONNEO: StrongConfig = StrongConfig {
        budget: Budget::Distinct { minus: 2, min: 3, max: 12 },
        cutoff: 0.0001,
        tt_bits: Some(19),
        ..StrongConfig::FAST
    };

    /// The Strong strength's: the learned `network` three moves beyond the root at a cutoff
    /// of 0.008, its leaves read down from a 16384 on (`ntuple::downgrade`), and five
    /// beyond the root from the first board that holds a 16384 and an 8192 ([`Late`]), where
    /// most games are lost, with 0.3 times nneonneo's heuristic added to the network's value of
    /// each leaf from there ([`Late::shaping`]: the network alone barely tells keeping the
    /// largest tiles in their line from breaking it). docs/lab/late-game.md has the
    /// runs it was chosen by.
    pub const fn strong(network: &'static Network) -> StrongConfig {
        const CUTOFF: f64 = 0.008;
        StrongConfig {
            budget: Budget::Depth(4),
            cutoff: CUTOFF,
            evaluation: Evaluation::Learned(Reading { network, down_from: Some(READ_DOWN_FROM) }),
            late: Some(Late { stage: Stage::STRONG, depth: 5, cutoff: CUTOFF, shaping: Some(0.3) }),
            ..StrongConfig::FAST
        }
    }

    /// The Max strength's: Strong's search ([`Self::strong`]), its late leaves shaped alike,
    /// with seven moves beyond the root instead of five from the first board that holds a 16384
    /// and an 8192, searched one root move per searcher so that the four can run at once
    /// ([`crate::max`]), each with Strong's table size (four tables of twice that made the
    /// worker slower against native, where large tables are cheaper), and the endgame tables of
    /// [`crate::max::ENDGAME`] above them. docs/lab/late-game.md has the
    /// runs it was chosen by.
    pub const fn max(network: &'static Network) -> StrongConfig {
        let strong = StrongConfig::strong(network);
        let late = Late { depth: 7, ..strong.late.expect("Strong searches deeper late") };
        StrongConfig { late: Some(late), endgame: Some(crate::max::ENDGAME), ..strong }
    }

    /// The same with another budget.
    pub const fn with_budget(self, budget: Budget) -> StrongConfig {
        StrongConfig { budget, ..self }
    }
}

/// The exponent of the tile (16384) from which Strong and Max read their network's leaves down
/// (`ntuple::downgrade`).
pub const READ_DOWN_FROM: u8 = 14;

/// The heuristic Strong's ([`StrongConfig::FAST`]), the one that needs no network.
impl Default for StrongConfig {
    fn default() -> StrongConfig {
        StrongConfig::FAST
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

/// The Strong searcher. Keep one per game: its transposition table carries over between moves.
#[derive(Clone, Debug)]
pub struct Strong {
    config: StrongConfig,
    heuristic: &'static Heuristic,
    tt: Option<TranspositionTable>,
    /// What [`Budget::Millis`] reads.
    #[cfg(feature = "lab")]
    clock: lab::Clock,
    /// The searcher of [`lab::SecondLook`], with a table of its own.
    #[cfg(feature = "lab")]
    second: Option<Box<Strong>>,
    /// The game's endgame tables ([`StrongConfig::endgame`]).
    endgame: Option<Box<crate::endgame::Tables>>,
    /// The leaves the learned evaluation has scored (`None` with the heuristic).
    memo: Option<Box<crate::ntuple::LeafMemo>>,
}

/// The heuristic Strong ([`StrongConfig::FAST`]), the one that needs no network.
impl Default for Strong {
    fn default() -> Strong {
        Strong::new(StrongConfig::FAST)
    }
}

impl Strong {
    pub fn new(config: StrongConfig) -> Strong {
        let heuristic = match config.evaluation {
            #[cfg(feature = "lab")]
            Evaluation::Tuned(heuristic) => heuristic,
            _ => Heuristic::nneonneo(),
        };
        Strong {
            config,
            heuristic,
            tt: config.tt_bits.map(TranspositionTable::new),
            #[cfg(feature = "lab")]
            clock: lab::no_clock,
            #[cfg(feature = "lab")]
            second: config.lab.second_look.map(|look| Box::new(Strong::new(look.config(config)))),
            endgame: config.endgame.map(|e| Box::new(e.tables())),
            memo: match config.evaluation {
                Evaluation::Learned(_) => Some(Box::new(crate::ntuple::LeafMemo::new(LEAF_MEMO_BITS))),
                _ => None,
            },
        }
    }

    pub fn config(&self) -> &StrongConfig {
        &self.config
    }

    /// Forgets everything kept between moves (for a new game, or a cold measurement).
    pub fn reset(&mut self) {
        if let Some(tt) = self.tt.as_mut() {
            tt.clear();
        }
        #[cfg(feature = "lab")]
        if let Some(second) = self.second.as_mut() {
            second.reset();
        }
        if let Some(endgame) = self.config.endgame {
            self.endgame = Some(Box::new(endgame.tables()));
        }
    }

    pub fn table(&self) -> Option<&TranspositionTable> {
        self.tt.as_ref()
    }

    /// One full search `depth` moves deep, with the configured evaluation, watched by `watch`.
    fn search_depth<W: Watch>(&mut self, board: Board, depth: u32, watch: W) -> (Decision, W) {
        self.with_leaf(FullSearch { board, depth, watch })
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
        let chain = self.late_chain();
        let shaping = self.config.late.and_then(|late| match (late.shaping, chain) {
            (None, 0.0) => None,
            (weight, _) => Some((late.stage, weight.unwrap_or(0.0))),
        });
        let out = match shaping {
            Some((stage, weight)) => {
                let shaped = Shaped { reading, stage, weight, heuristic: self.heuristic, chain };
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
        depth: u32,
        watch: W,
    ) -> (Decision, W) {
        let mut tree = self.tree(leaf, self.cutoff(board), watch);
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
    /// The depth of a search of `board` by the budget's rule, root move included; `None` for
    /// the lab's budgets, which deepen until they run out.
    fn rule_depth(&self, board: Board) -> Option<u32> {
        if let Some(late) = self.late(board) {
            return Some(late.depth + 1);
        }
        match self.config.budget {
            Budget::Depth(depth) => {
                assert!(depth >= 1, "a search looks at least at the root move");
                Some(depth)
            }
            Budget::Distinct { minus, min, max } => {
                Some(distinct_tiles(board).saturating_sub(minus).clamp(min, max.max(min)) + 1)
            }
            #[cfg(feature = "lab")]
            Budget::Nodes(_) | Budget::Millis(_) => None,
        }
    }

    /// The value of playing `direction` on `board` (`None` if it does not count), searched
    /// alone, to the depth the whole decision would search: what [`crate::max::Max`] asks of
    /// each of its searchers. Returns the value, the positions visited and the depth.
    pub fn root_value(&mut self, board: Board, direction: Direction) -> MoveValue {
        let depth = self.rule_depth(board).expect("a root move is searched to the budget's depth rule");
        let cutoff = self.cutoff(board);
        let slide = board.slide(direction);
        if !slide.moved {
            return MoveValue { depth, ..MoveValue::NONE };
        }
        if let Some(tt) = self.tt.as_mut() {
            tt.next_generation();
        }
        let (value, nodes) = self.with_leaf(AfterstateValue { after: slide.board, depth, cutoff });
        MoveValue { value: Some(value), nodes, depth }
    }

    /// The weight of the late leaves' ordered chain ([`chain`]): the lab's, if it gives one
    /// (none ships).
    fn late_chain(&self) -> f64 {
        #[cfg(feature = "lab")]
        return self.config.lab.chain;
        #[cfg(not(feature = "lab"))]
        0.0
    }

    /// The late search, if `board` (a root board) has reached its stage.
    fn late(&self, board: Board) -> Option<Late> {
        let late = self.config.late.filter(|late| late.stage.reached(board))?;
        #[cfg(feature = "lab")]
        if let Some(tight) = self.config.lab.tight.filter(|tight| board.empty_cells() <= tight.empty) {
            return Some(Late { depth: tight.depth, cutoff: tight.cutoff, ..late });
        }
        Some(late)
    }

    /// The cutoff of a search of the root board `board`.
    fn cutoff(&self, board: Board) -> f64 {
        self.late(board).map_or(self.config.cutoff, |late| late.cutoff)
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

/// A whole decision: every root move searched `depth` moves deep (root move included).
struct FullSearch<W> {
    board: Board,
    depth: u32,
    watch: W,
}

impl<W: Watch> WithLeaf for FullSearch<W> {
    type Out = (Decision, W);

    fn run<E: Evaluator>(self, strong: &mut Strong, leaf: E) -> (Decision, W) {
        strong.search_with(leaf, self.board, self.depth, self.watch)
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

impl Strong {
    /// The lab's second looks at a searched decision: a deeper search in danger, rollouts.
    #[cfg(feature = "lab")]
    fn looked_again(&mut self, board: Board, first: Decision) -> Decision {
        let first = self.second_look(board, first);
        self.rolled_out(board, first)
    }

    /// What ships looks once.
    #[cfg(not(feature = "lab"))]
    fn looked_again(&mut self, _board: Board, first: Decision) -> Decision {
        first
    }
}

impl Searcher for Strong {
    fn decide(&mut self, board: Board) -> Decision {
        if let Some(tt) = self.tt.as_mut() {
            tt.next_generation();
        }
        match self.rule_depth(board) {
            Some(depth) => {
                if let Some(decision) = self.endgame.as_mut().and_then(|t| t.decide(board)) {
                    return decision;
                }
                let first = self.search_depth(board, depth, NoWatch).0;
                self.looked_again(board, first)
            }
            #[cfg(feature = "lab")]
            None => lab::deepen(self, board),
            #[cfg(not(feature = "lab"))]
            None => unreachable!("only the lab's budgets have no depth rule"),
        }
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
pub(crate) trait Watch {
    /// Whether the search stops here, at a chance node, `nodes` positions into it; once it
    /// has said so, it keeps saying so.
    fn stop(&mut self, nodes: u64) -> bool;
    /// Whether [`Self::stop`] has said so (the values found since are not to be stored).
    fn stopped(&self) -> bool;
    /// A leaf was scored because the depth ran out, not the cutoff.
    fn depth_ran_out(&mut self);
}

/// The product's watch: a search that runs to the end.
#[derive(Clone, Copy)]
pub(crate) struct NoWatch;

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

struct Tree<'a, E: Evaluator, W: Watch> {
    leaf: E,
    tt: Option<&'a mut TranspositionTable>,
    reuse: Reuse,
    tt_min_depth: u32,
    cutoff: f64,
    nodes: u64,
    watch: W,
}

/// A board the search walks: [`Board`] itself, or the bare nibbles of one whose tiles are all
/// below 65536 (the fast path).
trait Position: Copy {
    fn key(self) -> u128;
    fn empty_mask(self) -> u16;
    fn with_tile(self, cell: usize, exponent: u8) -> Self;
    fn evaluate<E: Evaluator>(self, leaf: E) -> f64;
    /// The chance node at `self` scored by [`frontier`], when its children have only leaves
    /// below them; `None` where that shortcut does not apply.
    fn frontier<E: Evaluator>(self, leaf: E) -> Option<frontier::Frontier>;
    /// The value of the player node at `self`: the best of its moves' chance nodes.
    fn player<E: Evaluator, W: Watch>(
        self,
        tree: &mut Tree<'_, E, W>,
        moves_left: u32,
        probability: f64,
    ) -> f64;
}

impl Position for Board {
    #[inline]
    fn key(self) -> u128 {
        Board::key(self)
    }

    fn empty_mask(self) -> u16 {
        Board::empty_mask(self)
    }

    fn with_tile(self, cell: usize, exponent: u8) -> Board {
        self.with_exponent(cell, exponent)
    }

    fn evaluate<E: Evaluator>(self, leaf: E) -> f64 {
        leaf.board(self)
    }

    fn frontier<E: Evaluator>(self, _: E) -> Option<frontier::Frontier> {
        None
    }

    fn player<E: Evaluator, W: Watch>(
        self,
        tree: &mut Tree<'_, E, W>,
        moves_left: u32,
        probability: f64,
    ) -> f64 {
        let mut best = None::<f64>;
        for direction in Direction::ALL {
            let slide = self.slide(direction);
            if slide.moved {
                let value = tree.chance_of(slide.board, moves_left - 1, probability);
                best = Some(best.map_or(value, |b| b.max(value)));
            }
        }
        best.unwrap_or_else(|| tree.leaf.lost_board(self))
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct Nibbles(u64);

impl Position for Nibbles {
    #[inline]
    fn key(self) -> u128 {
        u128::from(self.0)
    }

    #[inline]
    fn empty_mask(self) -> u16 {
        packed::zero_nibbles(self.0)
    }

    #[inline]
    fn with_tile(self, cell: usize, exponent: u8) -> Nibbles {
        Nibbles(packed::with_tile(self.0, cell, exponent))
    }

    #[inline]
    fn evaluate<E: Evaluator>(self, leaf: E) -> f64 {
        leaf.nibbles(self.0)
    }

    #[inline]
    fn frontier<E: Evaluator>(self, leaf: E) -> Option<frontier::Frontier> {
        frontier::chance(self.0, leaf, leaf.line_table()?)
    }

    #[inline]
    fn player<E: Evaluator, W: Watch>(
        self,
        tree: &mut Tree<'_, E, W>,
        moves_left: u32,
        probability: f64,
    ) -> f64 {
        let x = self.0;
        let t = packed::transpose(x);
        // In `Direction::ALL` order: up, down, left, right; up and down slide the transpose,
        // which the heuristic of their child then reads for free.
        let vertical = |s: u64| (packed::transpose(s), Some(s));
        let horizontal = |y: u64| (y, None);
        let slides = [
            packed::slide_rows(t, false).map(vertical),
            packed::slide_rows(t, true).map(vertical),
            packed::slide_rows(x, false).map(horizontal),
            packed::slide_rows(x, true).map(horizontal),
        ];
        if let Some(tt) = tree.tt.as_deref()
            && moves_left > tree.tt_min_depth
            && probability >= tree.cutoff
        {
            // Each child chance node will look itself up: start the four loads together.
            for (y, _) in slides.into_iter().flatten() {
                tt.prefetch(u128::from(y));
            }
        }
        // Most chance nodes are leaves: score those here rather than through the recursive call.
        let leaves = tree.children_are_leaves(moves_left, probability);
        let mut best = None::<f64>;
        for (direction, slide) in Direction::ALL.into_iter().zip(slides) {
            let value = match slide {
                Some((y, _)) if y == x => continue,
                Some((y, transposed)) if leaves => {
                    let transposed = transposed.unwrap_or_else(|| packed::transpose(y));
                    tree.count_leaf(moves_left - 1);
                    tree.leaf.nibbles_transposed(y, transposed)
                }
                Some((y, _)) => tree.chance(Nibbles(y), moves_left - 1, probability),
                // A merge makes a 65536: this child goes through `Board`.
                None => {
                    tree.chance(Board::from_nibbles(x).slide(direction).board, moves_left - 1, probability)
                }
            };
            best = Some(best.map_or(value, |b| b.max(value)));
        }
        best.unwrap_or_else(|| tree.leaf.lost_nibbles(x))
    }
}

impl<E: Evaluator, W: Watch> Tree<'_, E, W> {
    /// The value of `after` (a board right after a player move, before the new tile), searching
    /// `moves_left` more player moves, reached with cumulative probability `probability`.
    /// [`Self::chance`] on the fast path when `after` fits it.
    #[inline]
    fn chance_of(&mut self, after: Board, moves_left: u32, probability: f64) -> f64 {
        match after.nibbles() {
            Some(nibbles) => self.chance(Nibbles(nibbles), moves_left, probability),
            None => self.chance(after, moves_left, probability),
        }
    }

    /// Whether the chance nodes below a player node with `moves_left` moves to search, reached
    /// with `probability`, are scored as leaves: [`Self::chance`] would stop at them at once.
    #[inline]
    fn children_are_leaves(&self, moves_left: u32, probability: f64) -> bool {
        moves_left == 1 || probability < self.cutoff
    }

    /// A chance node scored as a leaf: what [`Self::chance`] returns for it, without the call.
    #[inline]
    fn leaf<P: Position>(&mut self, after: P, moves_left: u32) -> f64 {
        self.count_leaf(moves_left);
        after.evaluate(self.leaf)
    }

    /// Counts a chance node scored as a leaf with `moves_left` moves still to search.
    #[inline]
    fn count_leaf(&mut self, moves_left: u32) {
        self.nodes += 1;
        if moves_left == 0 {
            self.watch.depth_ran_out();
        }
    }

    fn chance<P: Position>(&mut self, after: P, moves_left: u32, probability: f64) -> f64 {
        if self.children_are_leaves(moves_left + 1, probability) {
            return self.leaf(after, moves_left);
        }
        self.nodes += 1;
        if self.watch.stop(self.nodes) {
            return 0.0;
        }
        let cached = moves_left >= self.tt_min_depth;
        if cached
            && let Some(tt) = self.tt.as_mut()
            && let Some(v) = tt.get_key(after.key(), moves_left, self.reuse)
        {
            return v;
        }
        let empty = after.empty_mask();
        let cells = empty.count_ones();
        // A move that counts always frees a cell, so `cells > 0`.
        let per_cell = probability / f64::from(cells);
        let last_ply =
            SPAWN_ODDS.iter().all(|&(_, weight)| self.children_are_leaves(moves_left, per_cell * weight));
        let value = match last_ply.then(|| after.frontier(self.leaf)).flatten() {
            Some(frontier) => {
                self.nodes += frontier.nodes;
                if moves_left == 1 && frontier.scored_leaves {
                    self.watch.depth_ran_out();
                }
                frontier.value
            }
            None => {
                let mut sum = 0.0;
                let mut rest = empty;
                while rest != 0 {
                    let cell = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    for (exponent, weight) in SPAWN_ODDS {
                        let value =
                            self.player(after.with_tile(cell, exponent), moves_left, per_cell * weight);
                        sum += weight * (value - self.leaf.spawn_credit(exponent));
                    }
                }
                sum / f64::from(cells)
            }
        };
        if cached
            && !self.watch.stopped()
            && let Some(tt) = self.tt.as_mut()
        {
            tt.put_key(after.key(), moves_left, value);
        }
        value
    }

    /// The value of `board` with the player to move and `moves_left` (>= 1) moves to search.
    #[inline]
    fn player<P: Position>(&mut self, board: P, moves_left: u32, probability: f64) -> f64 {
        self.nodes += 1;
        board.player(self, moves_left, probability)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_mask_matches_the_board() {
        let board = Board::from_exponents([[0, 1, 0, 17], [16, 0, 2, 0], [0; 4], [3, 3, 3, 0]]).unwrap();
        let expected: u16 = board.empty_cell_indices().map(|c| 1u16 << c).sum();
        assert_eq!(Position::empty_mask(board), expected);
        assert_eq!(Position::empty_mask(Board::EMPTY), 0xFFFF);
    }
}
