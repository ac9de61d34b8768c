//! Rollouts of the late stage's crowded boards (an experiment): where the search finds two or
//! more moves within a hair of each other, each is played on by the search's own leaf
//! evaluation one move deep, a few times and a few hundred moves each, and the move whose games
//! last longest is played. In the late stage the search values every move within about 0.1 % of
//! the others until a few dozen moves before the game is lost (docs/lab/late-game.md, "Where a
//! lost late game goes wrong"): the loss lies past its horizon, and a rollout reaches it.

use game_core::{Board, Direction};
use rand::SeedableRng;
use solver::rng::{GameRng, splitmix64};
use solver::{Decision, Strong};

use crate::learn::{afterstates, spawn};

/// When and how much to roll out: root boards of the late stage with at most `empty` empty
/// cells, the moves valued within `margin` (a share of the best value) of the best, `count`
/// rollouts of at most `moves` moves each.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rollouts {
    pub empty: u32,
    pub margin: f64,
    pub count: u32,
    pub moves: u32,
}

impl Rollouts {
    /// `first`, `strong`'s decision on the late board `board`, or the move among its near-best
    /// ones whose rollouts last longest (the first's own when they tie).
    pub fn rolled_out(self, strong: &mut Strong, board: Board, first: Decision) -> Decision {
        if board.empty_cells() > self.empty {
            return first;
        }
        let (Some(best), Some(chosen)) =
            (first.values.iter().flatten().copied().reduce(f64::max), first.best)
        else {
            return first;
        };
        let near = first.values.map(|v| v.is_some_and(|v| v >= best - self.margin * best.abs()));
        if near.iter().filter(|&&n| n).count() < 2 {
            return first;
        }
        let (lasted, nodes) = strong.with_leaf_value(|leaf| self.roll(board, near, leaf));
        let longest = Direction::ALL
            .into_iter()
            .filter(|d| near[d.index()])
            .max_by_key(|d| (lasted[d.index()], *d == chosen))
            .expect("two moves at least");
        Decision { best: Some(longest), nodes: first.nodes + nodes, ..first }
    }

    /// The rollouts of the `near` moves of `board` by the leaf evaluation `leaf`: the moves
    /// each lasted in all, and the afterstates valued.
    fn roll(self, board: Board, near: [bool; 4], leaf: &dyn Fn(u64) -> f64) -> ([u64; 4], u64) {
        let (mut lasted, mut nodes) = ([0u64; 4], 0u64);
        let Some(x) = board.nibbles() else { return (lasted, nodes) };
        for direction in Direction::ALL.into_iter().filter(|d| near[d.index()]) {
            let slid = board.slide(direction);
            let Some(after) = slid.board.nibbles() else { continue };
            for k in 0..self.count {
                // The same tiles for every move's k-th rollout, so that the moves, not the
                // tiles, make the difference; and the same on every run.
                let mut rng = GameRng::seed_from_u64(splitmix64(x ^ splitmix64(u64::from(k))));
                let mut y = after;
                for _ in 0..self.moves {
                    let z = spawn(y, &mut rng);
                    let next = afterstates(z)
                        .into_iter()
                        .flatten()
                        .map(|(a, _)| (a, leaf(a)))
                        .inspect(|_| nodes += 1)
                        .max_by(|a, b| a.1.total_cmp(&b.1));
                    let Some((a, _)) = next else { break };
                    y = a;
                    lasted[direction.index()] += 1;
                }
            }
        }
        (lasted, nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::deepen::no_clock;
    use crate::search::{LabConfig, LabSearcher};
    use game_core::Game;
    use solver::strong::heuristic::Heuristic;
    use solver::strong::{Late, Stage};
    use solver::{Budget, Searcher, StrongConfig};

    /// A heuristic search with a late stage its games reach (a 256 and a 128), no table (so
    /// that each decision depends on its board alone), with or without rollouts.
    fn searcher(rollouts: Option<Rollouts>) -> LabSearcher {
        let late =
            Late { stage: Stage { largest: 8, second: Some(7) }, depth: 2, cutoff: 0.05, shaping: None };
        let config = StrongConfig {
            budget: Budget::Depth(2),
            cutoff: 0.05,
            tt_bits: None,
            late: Some(late),
            ..StrongConfig::FAST
        };
        LabSearcher::new(config, Heuristic::nneonneo(), LabConfig { rollouts, ..LabConfig::NONE }, no_clock)
    }

    #[test]
    fn rollouts_only_choose_among_the_near_best_moves_of_crowded_late_boards_and_repeat_exactly() {
        let rollouts = Rollouts { empty: 4, margin: 0.05, count: 3, moves: 40 };
        let (mut plain, mut rolled, mut again) =
            (searcher(None), searcher(Some(rollouts)), searcher(Some(rollouts)));
        let stage = Stage { largest: 8, second: Some(7) };
        let mut rng = GameRng::seed_from_u64(11);
        let mut game = Game::new(&mut rng);
        let (mut changed, mut crowded_late) = (0, 0);
        for _ in 0..3000 {
            let board = game.board();
            let first = plain.decide(board);
            let decision = rolled.decide(board);
            assert_eq!(decision.best, again.decide(board).best, "the same rollouts on the same board");
            let Some(best) = first.best else { break };
            if stage.reached(board) && board.empty_cells() <= rollouts.empty {
                crowded_late += 1;
                let top = first.values.iter().flatten().copied().fold(f64::MIN, f64::max);
                let chosen = decision.best.expect("a move");
                let value = first.values[chosen.index()].expect("a move that counts");
                assert!(value >= top - rollouts.margin * top.abs(), "{chosen:?} is not near the best");
                changed += usize::from(chosen != best);
            } else {
                assert_eq!(decision.best, first.best, "no rollout off crowded late boards");
            }
            game.play(decision.best.expect("a move"), &mut rng);
        }
        assert!(crowded_late > 20, "crowded late boards: {crowded_late}");
        assert!(changed > 0, "the rollouts changed no decision in {crowded_late} boards");
    }
}
