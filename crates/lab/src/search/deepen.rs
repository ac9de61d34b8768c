//! Iterative deepening to a node or time budget, which the distinct-tiles rule replaced as the
//! heuristic Strong's default: depth 1, then each next depth while it is predicted to fit, each
//! iteration one run of Strong's search watched by a `Limit` that abandons it past the budget.

use game_core::{Board, Direction};
use solver::strong::{Horizon, Watch};
use solver::{Decision, Strong};

/// A monotonic clock in milliseconds from any origin, for [`Budget::Millis`].
pub type Clock = fn() -> f64;

/// The clock of a searcher made without one: it never moves, so a time budget runs to
/// [`Deepening::max_depth`].
pub fn no_clock() -> f64 {
    0.0
}

/// What one decision may spend.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// Positions searched.
    Nodes(u64),
    /// Milliseconds of the searcher's [`Clock`].
    Millis(f64),
}

/// The iterative deepening's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Deepening {
    pub budget: Budget,
    /// The deepest iteration, root move included.
    pub max_depth: u32,
    /// An iteration already started is abandoned (its result dropped, the previous depth's kept)
    /// once the budget is exceeded by this factor.
    pub hard_limit: f64,
    /// The most the next depth is assumed to cost relative to the last one when deciding whether
    /// it fits: lower starts deeper iterations more eagerly (the hard limit catches misses).
    pub growth_cap: f64,
}

impl Deepening {
    /// `budget` with the settings from when deepening was the default.
    pub const fn new(budget: Budget) -> Deepening {
        Deepening { budget, max_depth: 12, hard_limit: 1.5, growth_cap: 16.0 }
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

/// A decision of `strong` on `board` by iterative deepening: depth 1, then each next depth
/// while it is predicted to fit in the budget (by the growth of the last step), the last
/// finished depth's choice kept. The positions of every iteration count, abandoned ones
/// included. The caller has begun the move ([`Strong::begin_move`]).
pub fn deepen(strong: &mut Strong, board: Board, deepening: Deepening, clock: Clock) -> Decision {
    let cutoff = strong.horizon(board).cutoff;
    let at = |depth| Horizon { depth, cutoff };
    let (first, watched) = strong.search(board, at(1), Limit::new(LimitKind::None, 0, clock));
    let legal = Direction::ALL.iter().filter(|&&d| board.slide(d).moved).count();
    if legal <= 1 {
        return first;
    }
    let start = clock();
    let (allowed, by_nodes) = match deepening.budget {
        Budget::Nodes(n) => (n as f64, true),
        Budget::Millis(ms) => (ms, false),
    };
    let cost = |nodes: u64| if by_nodes { nodes as f64 } else { clock() - start };
    let mut best = first;
    let mut nodes = best.nodes;
    let mut hit_depth = watched.hit_depth;
    let mut last = cost(nodes);
    let mut growth = deepening.growth_cap.clamp(2.0, 12.0);
    for depth in 2..=deepening.max_depth.max(1) {
        let spent = cost(nodes);
        if !hit_depth || spent + last * growth > allowed {
            break;
        }
        let hard = allowed * deepening.hard_limit;
        let kind = if by_nodes { LimitKind::Nodes(hard as u64) } else { LimitKind::Millis(start + hard) };
        let (decision, watched) = strong.search(board, at(depth), Limit::new(kind, nodes, clock));
        nodes += decision.nodes;
        if watched.aborted {
            // Abandoned: its positions count, the previous depth's choice stands.
            break;
        }
        let this = cost(nodes) - spent;
        if last > 0.0 {
            growth = (this / last).clamp(2.0, deepening.growth_cap.max(2.0));
        }
        last = this;
        hit_depth = watched.hit_depth;
        best = decision;
    }
    best.nodes = nodes;
    best
}
