//! The Strong strength: expectimax with nneonneo/2048-ai's row-table heuristic
//! ([`heuristic`]), a fixed-size transposition table kept across the moves of a game ([`tt`]),
//! a cumulative-probability cutoff, and a depth set by the board ([`Budget::Distinct`], the
//! default: deeper as the board holds more distinct tiles) or by iterative deepening to a node or
//! time budget (for comparison runs in the arena).
//!
//! Portable to wasm32: no threads and no `std::time` here. A time budget reads the caller's
//! [`Clock`] (the arena passes one over `std::time::Instant`); the depth rule and node budgets
//! need no clock and make every decision reproducible, so the page's worker and the arena make
//! the same move on the same board after the same history.

mod frontier;
pub mod heuristic;
pub mod leaf;
pub mod tt;

use game_core::{Board, Direction, SPAWN_ODDS, packed};

use crate::search::best_of;
use crate::{Decision, Searcher};
pub use leaf::Evaluation;
use leaf::{Evaluator, Leaf};
use tt::{Reuse, TranspositionTable};

/// A monotonic clock in milliseconds from any origin.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

/// No clock: for node and depth budgets, which never read one.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// How much search one decision may spend.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// Exactly this many player moves deep, root included (no deepening, no abort): for tests.
    Depth(u32),
    /// Iterative deepening while the next depth is predicted to fit in this many positions.
    Nodes(u64),
    /// Iterative deepening while the next depth is predicted to fit in this many milliseconds of
    /// the searcher's [`Clock`] (with [`NoClock`] it runs to `max_depth`).
    Millis(f64),
    /// nneonneo/2048-ai's rule: as many moves beyond the root as the board has distinct tiles,
    /// less `minus`, within `min..=max`. More distinct tiles is a tighter board, where looking
    /// further pays; the probability cutoff keeps open boards cheap. No clock, no abort: the
    /// same board always gets the same search.
    Distinct { minus: u32, min: u32, max: u32 },
}

/// Everything that sets how Strong searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StrongConfig {
    pub budget: Budget,
    /// What leaves are scored with.
    pub evaluation: Evaluation,
    /// A chance node reached with a cumulative probability below this is scored as a leaf.
    pub cutoff: f64,
    /// The deepest iteration, root move included.
    pub max_depth: u32,
    /// log2 of the transposition table's slots; `None` searches without one.
    pub tt_bits: Option<u32>,
    pub reuse: Reuse,
    /// Chance nodes with fewer moves left than this skip the table (their subtrees are cheaper
    /// to search again than a likely cache miss).
    pub tt_min_depth: u32,
    /// An iteration already started is abandoned (its result dropped, the previous depth's kept)
    /// once the budget is exceeded by this factor.
    pub hard_limit: f64,
    /// The most the next depth is assumed to cost relative to the last one when deciding whether
    /// it fits: lower starts deeper iterations more eagerly (the hard limit catches misses).
    pub growth_cap: f64,
}

impl StrongConfig {
    /// The default, the "Strong" of the page and the arena: nneonneo's depth rule (distinct tiles
    /// less two) capped at 6 moves beyond the root, with a cutoff forty times nneonneo's 1e-4.
    /// Chosen with `replay-time --reference` (README): on 14,820 replayed positions it searches
    /// 123 k positions a move against 143 k for the previous default (cutoff 0.005, up to 10
    /// moves deep) and picks the move of a far deeper search (cutoff 0.0005) more often (77.1 %
    /// against 75.7 %), with less regret. The cap pays because on crowded boards, where few
    /// tiles can land, the cutoff barely prunes and the depth alone bounded the search.
    /// Reproducible: no clock.
    pub const FAST: StrongConfig = StrongConfig {
        budget: Budget::Distinct { minus: 2, min: 2, max: 6 },
        evaluation: Evaluation::Heuristic,
        cutoff: 0.004,
        max_depth: 12,
        tt_bits: Some(18),
        reuse: Reuse::Deeper,
        tt_min_depth: 1,
        hard_limit: 1.5,
        growth_cap: 16.0,
    };

    /// A deeper search for the arena's long runs ("strong-deep"): nneonneo's rule up to 10 moves
    /// beyond the root with a cutoff of 0.001, several times the time of [`Self::FAST`].
    pub const DEEP: StrongConfig = StrongConfig {
        budget: Budget::Distinct { minus: 2, min: 2, max: 10 },
        cutoff: 0.001,
        ..StrongConfig::FAST
    };

    /// The same with another budget.
    pub const fn with_budget(self, budget: Budget) -> StrongConfig {
        StrongConfig { budget, ..self }
    }
}

impl Default for StrongConfig {
    fn default() -> StrongConfig {
        StrongConfig::FAST
    }
}

/// The Strong searcher. Keep one per game: its transposition table carries over between moves.
#[derive(Clone, Debug)]
pub struct Strong<C: Clock = NoClock> {
    config: StrongConfig,
    leaf: Leaf,
    tt: Option<TranspositionTable>,
    clock: C,
}

impl Strong<NoClock> {
    pub fn new(config: StrongConfig) -> Strong<NoClock> {
        Strong::with_clock(config, NoClock)
    }
}

impl Default for Strong<NoClock> {
    fn default() -> Strong<NoClock> {
        Strong::new(StrongConfig::FAST)
    }
}

impl<C: Clock> Strong<C> {
    pub fn with_clock(config: StrongConfig, clock: C) -> Strong<C> {
        Strong {
            config,
            leaf: Leaf::of(config.evaluation),
            tt: config.tt_bits.map(TranspositionTable::new),
            clock,
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
    }

    pub fn table(&self) -> Option<&TranspositionTable> {
        self.tt.as_ref()
    }

    /// One full search `depth` moves deep; `aborted` when it was abandoned at `limit`.
    fn search_depth(&mut self, board: Board, depth: u32, limit: Limit, nodes_before: u64) -> Outcome {
        match self.leaf {
            Leaf::Heuristic(h) => self.search_with(h, board, depth, limit, nodes_before),
            Leaf::Learned(n) => self.search_with(n, board, depth, limit, nodes_before),
        }
    }

    fn search_with<E: Evaluator>(
        &mut self,
        leaf: E,
        board: Board,
        depth: u32,
        limit: Limit,
        nodes_before: u64,
    ) -> Outcome {
        let mut tree = Tree {
            leaf,
            tt: self.tt.as_mut(),
            reuse: self.config.reuse,
            tt_min_depth: self.config.tt_min_depth.max(1),
            cutoff: self.config.cutoff,
            nodes: 1,
            nodes_before,
            limit,
            clock: &self.clock,
            aborted: false,
            hit_depth: false,
        };
        let mut values = [None; 4];
        for direction in Direction::ALL {
            let slide = board.slide(direction);
            if slide.moved {
                values[direction.index()] = Some(tree.chance_of(slide.board, depth - 1, 1.0));
            }
        }
        Outcome {
            decision: Decision { best: best_of(&values), values, nodes: tree.nodes, depth },
            hit_depth: tree.hit_depth,
            aborted: tree.aborted,
        }
    }
}

impl<C: Clock> Searcher for Strong<C> {
    fn decide(&mut self, board: Board) -> Decision {
        if let Some(tt) = self.tt.as_mut() {
            tt.next_generation();
        }
        let legal = Direction::ALL.iter().filter(|&&d| board.slide(d).moved).count();
        let budget = self.config.budget;
        if let Budget::Depth(depth) = budget {
            assert!(depth >= 1, "a search looks at least at the root move");
            return self.search_depth(board, depth, Limit::None, 0).decision;
        }
        if let Budget::Distinct { minus, min, max } = budget {
            let beyond = distinct_tiles(board).saturating_sub(minus).clamp(min, max.max(min));
            return self.search_depth(board, beyond + 1, Limit::None, 0).decision;
        }
        let first = self.search_depth(board, 1, Limit::None, 0);
        if legal <= 1 {
            return first.decision;
        }
        let start = self.clock.now_ms();
        let cost = |s: &Self, nodes: u64| match budget {
            Budget::Nodes(_) => nodes as f64,
            _ => s.clock.now_ms() - start,
        };
        let allowed = match budget {
            Budget::Nodes(n) => n as f64,
            Budget::Millis(ms) => ms,
            Budget::Depth(_) | Budget::Distinct { .. } => unreachable!(),
        };
        let mut best = first.decision;
        let mut nodes = best.nodes;
        let mut hit_depth = first.hit_depth;
        let mut last = cost(self, nodes);
        let mut growth = self.config.growth_cap.clamp(2.0, 12.0);
        for depth in 2..=self.config.max_depth.max(1) {
            let spent = cost(self, nodes);
            if !hit_depth || spent + last * growth > allowed {
                break;
            }
            let hard = allowed * self.config.hard_limit;
            let limit = match budget {
                Budget::Nodes(_) => Limit::Nodes(hard as u64),
                _ => Limit::Millis(start + hard),
            };
            let outcome = self.search_depth(board, depth, limit, nodes);
            nodes += outcome.decision.nodes;
            if outcome.aborted {
                // Abandoned: its positions count, the previous depth's choice stands.
                break;
            }
            let this = cost(self, nodes) - spent;
            if last > 0.0 {
                growth = (this / last).clamp(2.0, self.config.growth_cap.max(2.0));
            }
            last = this;
            hit_depth = outcome.hit_depth;
            best = outcome.decision;
        }
        best.nodes = nodes;
        best
    }
}

/// How many different tile values `board` holds.
pub fn distinct_tiles(board: Board) -> u32 {
    let seen = (0..16).map(|cell| board.exponent(cell)).filter(|&e| e > 0).fold(0u32, |m, e| m | 1 << e);
    seen.count_ones()
}

struct Outcome {
    decision: Decision,
    /// Whether some leaf was scored because the depth ran out (not the cutoff): if none was,
    /// a deeper search would visit the same tree.
    hit_depth: bool,
    aborted: bool,
}

#[derive(Clone, Copy, Debug)]
enum Limit {
    None,
    /// Abandon when the positions of the whole decision pass this.
    Nodes(u64),
    /// Abandon when the clock passes this.
    Millis(f64),
}

struct Tree<'a, C: Clock, E: Evaluator> {
    leaf: E,
    tt: Option<&'a mut TranspositionTable>,
    reuse: Reuse,
    tt_min_depth: u32,
    cutoff: f64,
    nodes: u64,
    nodes_before: u64,
    limit: Limit,
    clock: &'a C,
    aborted: bool,
    hit_depth: bool,
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
    fn player<C: Clock, E: Evaluator>(
        self,
        tree: &mut Tree<'_, C, E>,
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

    fn player<C: Clock, E: Evaluator>(
        self,
        tree: &mut Tree<'_, C, E>,
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
    fn player<C: Clock, E: Evaluator>(
        self,
        tree: &mut Tree<'_, C, E>,
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

impl<C: Clock, E: Evaluator> Tree<'_, C, E> {
    #[inline]
    fn over_limit(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let over = match self.limit {
            Limit::None => false,
            Limit::Nodes(n) => self.nodes_before + self.nodes > n,
            Limit::Millis(deadline) => self.nodes & 0x3FF == 0 && self.clock.now_ms() > deadline,
        };
        self.aborted = over;
        over
    }

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
            self.hit_depth = true;
        }
    }

    fn chance<P: Position>(&mut self, after: P, moves_left: u32, probability: f64) -> f64 {
        if self.children_are_leaves(moves_left + 1, probability) {
            return self.leaf(after, moves_left);
        }
        self.nodes += 1;
        if self.over_limit() {
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
                self.hit_depth |= moves_left == 1 && frontier.scored_leaves;
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
            && !self.aborted
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
