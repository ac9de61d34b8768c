//! The lab's searchers: Strong with the experiments its search was once threaded with, now
//! built around it on its public steps ([`Strong::begin_move`], [`Strong::solved`],
//! [`Strong::horizon`], [`Strong::search`]): iterative deepening to a node or time budget
//! ([`deepen`]), another late search for tight boards ([`Tight`]), a second, deeper look at
//! boards in danger ([`SecondLook`]) and rollouts of near-best moves ([`rollout`]). With none of
//! them, [`LabSearcher`] decides exactly as Strong does.

pub mod deepen;
pub mod rollout;

use game_core::Board;
use solver::strong::heuristic::Heuristic;
use solver::strong::{Horizon, NoWatch};
use solver::{Budget, Decision, Searcher, Strong, StrongConfig};

use deepen::{Clock, Deepening};
use rollout::Rollouts;

/// The experiments a [`LabSearcher`] adds to Strong's search; [`LabConfig::NONE`]: none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabConfig {
    /// Iterative deepening instead of the budget's depth rule, before the late stage.
    pub deepening: Option<Deepening>,
    /// A deeper search of the boards the first finds in danger; `None`: one search a move.
    pub second_look: Option<SecondLook>,
    /// Another late search for the late stage's tight boards; `None`: the late search alone.
    pub tight: Option<Tight>,
    /// Rollouts of the late stage's crowded boards' near-best moves; `None`: none.
    pub rollouts: Option<Rollouts>,
}

impl LabConfig {
    pub const NONE: LabConfig = LabConfig { deepening: None, second_look: None, tight: None, rollouts: None };
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
    /// The second searcher's setting: `first`'s with this cutoff and depth cap.
    pub fn config(&self, first: StrongConfig) -> StrongConfig {
        let budget = match first.budget {
            Budget::Distinct { minus, min, .. } => Budget::Distinct { minus, min, max: self.max_depth },
            other => other,
        };
        StrongConfig { budget, cutoff: self.cutoff, ..first }
    }
}

/// Strong with the lab's experiments ([`LabConfig`]). Keep one per game, as Strong.
#[derive(Clone, Debug)]
pub struct LabSearcher {
    strong: Strong,
    lab: LabConfig,
    /// What a time budget reads ([`deepen`]).
    clock: Clock,
    /// The searcher of [`SecondLook`], with a table of its own and the same experiments but
    /// the second look.
    second: Option<Box<LabSearcher>>,
}

impl LabSearcher {
    /// Strong with `config`, scoring with `heuristic`'s weights, and `lab`'s experiments; a time
    /// budget reads `clock`.
    pub fn new(
        config: StrongConfig,
        heuristic: &'static Heuristic,
        lab: LabConfig,
        clock: Clock,
    ) -> LabSearcher {
        let second = lab.second_look.map(|look| {
            let lab = LabConfig { second_look: None, ..lab };
            Box::new(LabSearcher::new(look.config(config), heuristic, lab, clock))
        });
        LabSearcher { strong: Strong::with_heuristic(config, heuristic), lab, clock, second }
    }

    /// How far the search of `board` looks: Strong's horizon, or the tight boards' own.
    fn horizon(&self, board: Board) -> Horizon {
        match self.lab.tight {
            Some(tight) if self.strong.late(board).is_some() && board.empty_cells() <= tight.empty => {
                Horizon { depth: tight.depth + 1, cutoff: tight.cutoff }
            }
            _ => self.strong.horizon(board),
        }
    }

    /// `first`, or the second searcher's decision when `first` finds `board` in danger (its
    /// positions then count both searches').
    fn second_look(&mut self, board: Board, first: Decision) -> Decision {
        let (Some(look), Some(best)) =
            (self.lab.second_look, first.values.iter().flatten().copied().reduce(f64::max))
        else {
            return first;
        };
        if self.strong.heuristic().evaluate(board) - best <= look.drop {
            return first;
        }
        let second = self.second.as_mut().expect("a second look has its searcher");
        let mut decision = second.decide(board);
        decision.nodes += first.nodes;
        decision
    }
}

impl Searcher for LabSearcher {
    fn decide(&mut self, board: Board) -> Decision {
        self.strong.begin_move();
        if let Some(deepening) = self.lab.deepening
            && self.strong.late(board).is_none()
        {
            return deepen::deepen(&mut self.strong, board, deepening, self.clock);
        }
        if let Some(decision) = self.strong.solved(board) {
            return decision;
        }
        let first = self.strong.search(board, self.horizon(board), NoWatch).0;
        let first = self.second_look(board, first);
        match self.lab.rollouts {
            Some(rollouts) if self.strong.late(board).is_some() => {
                rollouts.rolled_out(&mut self.strong, board, first)
            }
            _ => first,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::strong::{Late, Stage};

    #[test]
    fn a_tight_late_board_gets_the_tight_search_and_an_open_one_the_late_search() {
        let late =
            Late { stage: Stage { largest: 14, second: Some(13) }, depth: 2, cutoff: 0.05, shaping: None };
        let tight = Tight { empty: 3, depth: 1, cutoff: 0.1 };
        let config =
            StrongConfig { budget: Budget::Depth(4), tt_bits: None, late: Some(late), ..StrongConfig::FAST };
        let lab = LabConfig { tight: Some(tight), ..LabConfig::NONE };
        let mut searcher = LabSearcher::new(config, Heuristic::nneonneo(), lab, deepen::no_clock);
        let board = |rows| Board::from_exponents(rows).unwrap();
        let open = board([[14, 13, 3, 1], [0, 2, 0, 0], [0; 4], [0, 0, 0, 2]]);
        let crowded = board([[14, 13, 3, 1], [5, 2, 6, 4], [1, 7, 3, 8], [0, 9, 0, 2]]);
        let early = board([[12, 11, 3, 1], [5, 2, 6, 4], [1, 7, 3, 8], [0, 9, 0, 2]]);
        assert_eq!(searcher.decide(open).depth, late.depth + 1, "an open late board: the late search");
        assert_eq!(searcher.decide(crowded).depth, tight.depth + 1, "two empty cells: the tight search");
        assert_eq!(searcher.decide(early).depth, 4, "before the late stage: the budget's");
    }
}
