//! The comparison strategies that do not search: random, a fixed corner order, and greedy.
//!
//! They exist to put the spec's results in context; for the rule-based two the move values are
//! only a preference (1 for the move taken, 0 for the other moves that count).

use game_core::{Board, Direction};

use crate::eval::evaluate;
use crate::search::best_of;
use crate::{Decision, SplitMix64};

/// The values of a rule-based choice among the moves that count.
fn preference(board: Board, chosen: Option<Direction>) -> Decision {
    let values =
        Direction::ALL.map(|d| board.slide(d).moved.then_some(if Some(d) == chosen { 1.0 } else { 0.0 }));
    Decision { best: chosen, values, nodes: 0, depth: 0 }
}

/// A uniformly random move among those that count.
pub fn random(board: Board, rng: &mut SplitMix64) -> Decision {
    let legal: Vec<Direction> = Direction::ALL.into_iter().filter(|&d| board.slide(d).moved).collect();
    let chosen = (!legal.is_empty()).then(|| legal[rng.below(legal.len() as u64) as usize]);
    preference(board, chosen)
}

/// The order of the classic beginner's plan: keep the tiles down and to the left.
pub const CORNER_ORDER: [Direction; 4] = [Direction::Down, Direction::Left, Direction::Right, Direction::Up];

/// The first move in [`CORNER_ORDER`] that counts.
pub fn corner(board: Board) -> Decision {
    preference(board, CORNER_ORDER.into_iter().find(|&d| board.slide(d).moved))
}

/// The move whose resulting position (before the new tile) evaluates best.
pub fn greedy(board: Board) -> Decision {
    let mut nodes = 1;
    let values = Direction::ALL.map(|d| {
        let slide = board.slide(d);
        slide.moved.then(|| {
            nodes += 1;
            evaluate(slide.board)
        })
    });
    Decision { best: best_of(&values), values, nodes, depth: 1 }
}
