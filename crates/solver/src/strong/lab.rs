//! Strong's experiments, for the arena (the `lab` feature): iterative deepening to a node or
//! time budget ([`Budget::Nodes`], [`Budget::Millis`]), which the distinct-tiles rule replaced
//! as the default, and a second, deeper look at boards in danger. Both run the one search of
//! `strong/mod.rs`, watched here by a `Limit` that abandons an iteration past its budget.

use game_core::{Board, Direction};

use super::rollout::Rollouts;
use super::{Budget, Strong, StrongConfig, Watch};
use crate::{Decision, Searcher};

/// A monotonic clock in milliseconds from any origin, for [`Budget::Millis`].
pub type Clock = fn() -> f64;

/// The clock of a searcher made without one: it never moves, so a time budget runs to
/// [`LabConfig::max_depth`].
pub fn no_clock() -> f64 {
    0.0
}

/// The settings of the experiments, part of every [`super::StrongConfig`] in the lab.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabConfig {
    /// The deepest iteration of a node or time budget, root move included.
    pub max_depth: u32,
    /// An iteration already started is abandoned (its result dropped, the previous depth's kept)
    /// once the budget is exceeded by this factor.
    pub hard_limit: f64,
    /// The most the next depth is assumed to cost relative to the last one when deciding whether
    /// it fits: lower starts deeper iterations more eagerly (the hard limit catches misses).
    pub growth_cap: f64,
    /// A deeper search of the boards the first finds in danger; `None`: one search a move.
    pub second_look: Option<SecondLook>,
    /// Another late search for the late stage's tight boards; `None`: the late search alone.
    pub tight: Option<Tight>,
    /// This many times the ordered chain ([`super::chain`]) added to the value of every late
    /// leaf; 0: none.
    pub chain: f64,
    /// Rollouts of the late stage's crowded boards' near-best moves; `None`: none.
    pub rollouts: Option<Rollouts>,
}

/// The late search of the late stage's tight root boards, those with at most `empty` empty
/// cells: `depth` moves beyond the root at `cutoff`. Most games that make no 32768 are lost on
/// such boards, their largest tiles built in a line and the next one to be made in the cells
/// left; few tiles can land there, so a deeper search of them costs less than of an open board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tight {
    pub empty: u32,
    pub depth: u32,
    pub cutoff: f64,
}

/// A second, deeper search of a board whose first search expects it to lose value: most of
/// the fast search's regret against a deep one is on a few such boards (`tune-weights danger`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SecondLook {
    /// The first search's best value this far below the board's own evaluation (in the
    /// heuristic's units) asks for the second.
    pub drop: f64,
    /// The second search's cutoff and depth cap (moves beyond the root; its depth rule is the
    /// first's otherwise).
    pub cutoff: f64,
    pub max_depth: u32,
}

impl SecondLook {
    /// The second searcher's setting: `first`'s with this cutoff and depth cap, and no look of
    /// its own.
    pub fn config(&self, first: StrongConfig) -> StrongConfig {
        let budget = match first.budget {
            Budget::Distinct { minus, min, .. } => Budget::Distinct { minus, min, max: self.max_depth },
            other => other,
        };
        StrongConfig {
            budget,
            cutoff: self.cutoff,
            lab: LabConfig { second_look: None, ..first.lab },
            ..first
        }
    }
}

impl LabConfig {
    /// The heuristic, and the deepening's settings from when it was the default.
    pub const DEFAULT: LabConfig = LabConfig {
        max_depth: 12,
        hard_limit: 1.5,
        growth_cap: 16.0,
        second_look: None,
        tight: None,
        chain: 0.0,
        rollouts: None,
    };
}

impl Strong {
    /// `first`, or the second searcher's decision when `first` finds `board` in danger (its
    /// positions then count both searches').
    pub(super) fn second_look(&mut self, board: Board, first: Decision) -> Decision {
        let (Some(look), Some(best)) =
            (self.config.lab.second_look, first.values.iter().flatten().copied().reduce(f64::max))
        else {
            return first;
        };
        if self.heuristic.evaluate(board) - best <= look.drop {
            return first;
        }
        let second = self.second.as_mut().expect("a second look has its searcher");
        let mut decision = second.decide(board);
        decision.nodes += first.nodes;
        decision
    }
}

impl Strong {
    /// A searcher whose [`Budget::Millis`] reads `clock`.
    pub fn with_clock(config: super::StrongConfig, clock: Clock) -> Strong {
        Strong { clock, ..Strong::new(config) }
    }
}

/// Watches one iteration: abandons it past its limit, and notes whether the depth ran out.
#[derive(Clone, Copy)]
struct Limit {
    kind: LimitKind,
    /// Positions searched by the decision's earlier iterations.
    nodes_before: u64,
    clock: Clock,
    aborted: bool,
    /// Whether some leaf was scored because the depth ran out (not the cutoff): if none was,
    /// a deeper search would visit the same tree.
    hit_depth: bool,
}

#[derive(Clone, Copy)]
enum LimitKind {
    None,
    /// Abandon when the positions of the whole decision pass this.
    Nodes(u64),
    /// Abandon when the clock passes this.
    Millis(f64),
}

impl Limit {
    fn new(kind: LimitKind, nodes_before: u64, clock: Clock) -> Limit {
        Limit { kind, nodes_before, clock, aborted: false, hit_depth: false }
    }
}

impl Watch for Limit {
    #[inline]
    fn stop(&mut self, nodes: u64) -> bool {
        if self.aborted {
            return true;
        }
        self.aborted = match self.kind {
            LimitKind::None => false,
            LimitKind::Nodes(n) => self.nodes_before + nodes > n,
            // The clock is read once every 1,024 positions: reading it costs more than one.
            LimitKind::Millis(deadline) => nodes & 0x3FF == 0 && (self.clock)() > deadline,
        };
        self.aborted
    }

    #[inline]
    fn stopped(&self) -> bool {
        self.aborted
    }

    #[inline]
    fn depth_ran_out(&mut self) {
        self.hit_depth = true;
    }
}

/// A decision by iterative deepening: depth 1, then each next depth while it is predicted to
/// fit in the budget (by the growth of the last step), the last finished depth's choice kept.
/// The positions of every iteration count, abandoned ones included.
pub(super) fn deepen(strong: &mut Strong, board: Board) -> Decision {
    let config = strong.config;
    let clock = strong.clock;
    let (first, watched) = strong.search_depth(board, 1, Limit::new(LimitKind::None, 0, clock));
    let legal = Direction::ALL.iter().filter(|&&d| board.slide(d).moved).count();
    if legal <= 1 {
        return first;
    }
    let start = clock();
    let (allowed, by_nodes) = match config.budget {
        Budget::Nodes(n) => (n as f64, true),
        Budget::Millis(ms) => (ms, false),
        Budget::Depth(_) | Budget::Distinct { .. } => unreachable!("not a deepening budget"),
    };
    let cost = |nodes: u64| if by_nodes { nodes as f64 } else { clock() - start };
    let lab = config.lab;
    let mut best = first;
    let mut nodes = best.nodes;
    let mut hit_depth = watched.hit_depth;
    let mut last = cost(nodes);
    let mut growth = lab.growth_cap.clamp(2.0, 12.0);
    for depth in 2..=lab.max_depth.max(1) {
        let spent = cost(nodes);
        if !hit_depth || spent + last * growth > allowed {
            break;
        }
        let hard = allowed * lab.hard_limit;
        let kind = if by_nodes { LimitKind::Nodes(hard as u64) } else { LimitKind::Millis(start + hard) };
        let (decision, watched) = strong.search_depth(board, depth, Limit::new(kind, nodes, clock));
        nodes += decision.nodes;
        if watched.aborted {
            // Abandoned: its positions count, the previous depth's choice stands.
            break;
        }
        let this = cost(nodes) - spent;
        if last > 0.0 {
            growth = (this / last).clamp(2.0, lab.growth_cap.max(2.0));
        }
        last = this;
        hit_depth = watched.hit_depth;
        best = decision;
    }
    best.nodes = nodes;
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strong::{Late, Stage};

    #[test]
    fn a_tight_late_board_gets_the_tight_search_and_an_open_one_the_late_search() {
        let late =
            Late { stage: Stage { largest: 14, second: Some(13) }, depth: 2, cutoff: 0.05, shaping: None };
        let tight = Tight { empty: 3, depth: 1, cutoff: 0.1 };
        let config = StrongConfig {
            budget: Budget::Depth(4),
            tt_bits: None,
            late: Some(late),
            lab: LabConfig { tight: Some(tight), ..LabConfig::DEFAULT },
            ..StrongConfig::FAST
        };
        let mut searcher = Strong::new(config);
        let board = |rows| Board::from_exponents(rows).unwrap();
        let open = board([[14, 13, 3, 1], [0, 2, 0, 0], [0; 4], [0, 0, 0, 2]]);
        let crowded = board([[14, 13, 3, 1], [5, 2, 6, 4], [1, 7, 3, 8], [0, 9, 0, 2]]);
        let early = board([[12, 11, 3, 1], [5, 2, 6, 4], [1, 7, 3, 8], [0, 9, 0, 2]]);
        let depth = |searcher: &mut Strong, b: Board| {
            let values = Direction::ALL.map(|d| searcher.root_value(b, d));
            values.iter().filter(|v| v.value.is_some()).map(|v| v.depth).max()
        };
        assert_eq!(depth(&mut searcher, open), Some(late.depth + 1), "an open late board: the late search");
        assert_eq!(depth(&mut searcher, crowded), Some(tight.depth + 1), "two empty cells: the tight search");
        assert_eq!(depth(&mut searcher, early), Some(4), "before the late stage: the budget's");
    }
}
