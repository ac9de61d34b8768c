//! The Max strength: Strong's search at nneonneo/2048-ai's own depth rule and cutoff
//! ([`StrongConfig::MAX`]), split at the root. Each of the four moves has a searcher of its own,
//! with its own transposition table kept across the game's moves, so that the four can be
//! searched at once, on threads natively or in Web Workers in the page, and the decision is the
//! same however many run them: a move's value depends only on the boards its own searcher was
//! asked about. Played one after the other here; whoever runs them at once asks
//! [`Max::value`] of each searcher and combines with [`Max::combine`].

use game_core::{Board, Direction};

use crate::search::best_of;
use crate::{Decision, Searcher, Strong, StrongConfig};

/// One root move's search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveValue {
    /// `None`: the move does not count.
    pub value: Option<f64>,
    pub nodes: u64,
    pub depth: u32,
}

/// The four root searchers, by [`Direction::ALL`] order.
#[derive(Clone, Debug)]
pub struct Max {
    searchers: [Strong; 4],
}

impl Default for Max {
    fn default() -> Max {
        Max::new()
    }
}

impl Max {
    pub fn new() -> Max {
        Max::with_config(StrongConfig::MAX)
    }

    /// Max with another setting for its four searchers (the arena's trials of a setting).
    pub fn with_config(config: StrongConfig) -> Max {
        Max { searchers: std::array::from_fn(|_| Strong::new(config)) }
    }

    /// The value of `direction` on `board`, from that move's own searcher.
    pub fn value(&mut self, board: Board, direction: Direction) -> MoveValue {
        let (value, nodes, depth) = self.searchers[direction.index()].root_value(board, direction);
        MoveValue { value, nodes, depth }
    }

    /// The decision from the four moves' values (in [`Direction::ALL`] order).
    pub fn combine(values: [MoveValue; 4]) -> Decision {
        let each = values.map(|v| v.value);
        Decision {
            best: best_of(&each),
            values: each,
            nodes: values.iter().map(|v| v.nodes).sum(),
            depth: values.iter().map(|v| v.depth).max().unwrap_or(0),
        }
    }

    /// A root move's searcher alone, as a worker that searches some of the four holds one for
    /// each of its moves.
    pub fn root_searcher() -> Strong {
        Strong::new(StrongConfig::MAX)
    }
}

impl Searcher for Max {
    fn decide(&mut self, board: Board) -> Decision {
        Max::combine(Direction::ALL.map(|direction| self.value(board, direction)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Game;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    fn boards(moves: usize) -> Vec<Board> {
        let mut rng = StdRng::seed_from_u64(3);
        let mut game = Game::new(&mut rng);
        let mut spec = crate::Spec;
        let mut seen = Vec::new();
        for _ in 0..moves {
            let Some(best) = spec.decide(game.board()).best else { break };
            seen.push(game.board());
            game.play(best, &mut rng);
        }
        seen
    }

    #[test]
    fn a_decision_is_the_same_whichever_order_or_grouping_its_moves_are_searched_in() {
        let mut whole = Max::new();
        let mut split: [Strong; 4] = std::array::from_fn(|_| Max::root_searcher());
        for board in boards(60) {
            let decided = whole.decide(board);
            // The moves searched the other way round, each by a searcher of its own.
            let mut values = [MoveValue { value: None, nodes: 0, depth: 0 }; 4];
            for direction in Direction::ALL.into_iter().rev() {
                let (value, nodes, depth) = split[direction.index()].root_value(board, direction);
                values[direction.index()] = MoveValue { value, nodes, depth };
            }
            let combined = Max::combine(values);
            assert_eq!(
                decided.values.map(|v| v.map(f64::to_bits)),
                combined.values.map(|v| v.map(f64::to_bits))
            );
            assert_eq!((decided.best, decided.nodes), (combined.best, combined.nodes));
            assert_eq!(decided.best.is_some(), Direction::ALL.iter().any(|&d| board.slide(d).moved));
        }
    }

    #[test]
    fn on_a_tight_board_it_looks_further_than_strong_and_at_far_more_positions() {
        // Ten distinct tiles: Strong stops at its cap, Max goes on (distinct less two).
        let board =
            Board::from_rows([[2, 4, 8, 16], [256, 128, 64, 32], [512, 1024, 0, 0], [0, 0, 0, 2]]).unwrap();
        let max = Max::new().decide(board);
        let fast = Strong::new(StrongConfig::FAST).decide(board);
        assert_eq!((max.depth, fast.depth), (9, 7));
        assert!(max.nodes > 10 * fast.nodes, "{} vs {}", max.nodes, fast.nodes);
        assert!(max.best.is_some());
    }
}
