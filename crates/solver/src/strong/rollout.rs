//! Rollouts of the late stage's crowded boards (an experiment, the lab's): where the search
//! finds two or more moves within a hair of each other, each is played on by the search's own
//! leaf evaluation one move deep, a few times and a few hundred moves each, and the move whose
//! games last longest is played. In the late stage the search values every move within about
//! 0.1 % of the others until a few dozen moves before the game is lost (docs/lab/late-game.md, "Where
//! a lost late game goes wrong"): the loss lies past its horizon, and a rollout reaches it.

use crate::rng::GameRng;
use game_core::{Board, Direction};
use rand::SeedableRng;

use super::leaf::Evaluator;
use super::{Strong, WithLeaf};
use crate::Decision;
use crate::ntuple::learn::{afterstates, spawn};
use crate::rng::splitmix64;

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

impl Strong {
    /// `first`, or the move among its near-best ones whose rollouts last longest (the first's
    /// own when they tie).
    pub(super) fn rolled_out(&mut self, board: Board, first: Decision) -> Decision {
        let Some(rollouts) = self.config.lab.rollouts else { return first };
        if self.late(board).is_none() || board.empty_cells() > rollouts.empty {
            return first;
        }
        let (Some(best), Some(chosen)) =
            (first.values.iter().flatten().copied().reduce(f64::max), first.best)
        else {
            return first;
        };
        let near = first.values.map(|v| v.is_some_and(|v| v >= best - rollouts.margin * best.abs()));
        if near.iter().filter(|&&n| n).count() < 2 {
            return first;
        }
        let (lasted, nodes) = self.with_leaf(Rollout { board, near, rollouts });
        let longest = Direction::ALL
            .into_iter()
            .filter(|d| near[d.index()])
            .max_by_key(|d| (lasted[d.index()], *d == chosen))
            .expect("two moves at least");
        Decision { best: Some(longest), nodes: first.nodes + nodes, ..first }
    }
}

/// The rollouts of the `near` moves of `board`: the moves each lasted in all, and the
/// afterstates valued.
struct Rollout {
    board: Board,
    near: [bool; 4],
    rollouts: Rollouts,
}

impl WithLeaf for Rollout {
    type Out = ([u64; 4], u64);

    fn run<E: Evaluator>(self, _strong: &mut Strong, leaf: E) -> ([u64; 4], u64) {
        let (mut lasted, mut nodes) = ([0u64; 4], 0u64);
        let Some(x) = self.board.nibbles() else { return (lasted, nodes) };
        for direction in Direction::ALL.into_iter().filter(|d| self.near[d.index()]) {
            let slid = self.board.slide(direction);
            let Some(after) = slid.board.nibbles() else { continue };
            for k in 0..self.rollouts.count {
                // The same tiles for every move's k-th rollout, so that the moves, not the
                // tiles, make the difference; and the same on every run.
                let mut rng = GameRng::seed_from_u64(splitmix64(x ^ splitmix64(u64::from(k))));
                let mut y = after;
                for _ in 0..self.rollouts.moves {
                    let z = spawn(y, &mut rng);
                    let next = afterstates(z)
                        .into_iter()
                        .flatten()
                        .map(|(a, _)| (a, leaf.nibbles(a)))
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
    use crate::strong::{Late, Stage};
    use crate::{Budget, Searcher, StrongConfig};
    use game_core::Game;

    /// A heuristic search with a late stage its games reach (a 256 and a 128), no table (so
    /// that each decision depends on its board alone), with or without rollouts.
    fn config(rollouts: Option<Rollouts>) -> StrongConfig {
        let late =
            Late { stage: Stage { largest: 8, second: Some(7) }, depth: 2, cutoff: 0.05, shaping: None };
        let mut config = StrongConfig {
            budget: Budget::Depth(2),
            cutoff: 0.05,
            tt_bits: None,
            late: Some(late),
            ..StrongConfig::FAST
        };
        config.lab.rollouts = rollouts;
        config
    }

    #[test]
    fn rollouts_only_choose_among_the_near_best_moves_of_crowded_late_boards_and_repeat_exactly() {
        let rollouts = Rollouts { empty: 4, margin: 0.05, count: 3, moves: 40 };
        let (mut plain, mut rolled, mut again) = (
            Strong::new(config(None)),
            Strong::new(config(Some(rollouts))),
            Strong::new(config(Some(rollouts))),
        );
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
