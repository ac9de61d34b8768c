//! What the search said about a board, as Hint explains it: every move's value, the moves
//! ranked by it, and what the search did (strength, depth, positions, time).

use game_core::{Board, Direction};

use crate::request::Strength;
use crate::text::{Message, tenths};

/// The search's answer for one board, as the worker sent it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Search {
    /// The move to play; `None` when no move is left.
    pub best: Option<Direction>,
    /// Each move's value in `Direction::ALL` order; `None` for a move that changes nothing.
    pub values: [Option<f64>; 4],
    /// Positions the search visited.
    pub nodes: u64,
    /// Player moves looked ahead, the root move included.
    pub depth: u32,
    /// The search's time in the worker, in microseconds.
    pub micros: u64,
    /// Max's endgame tables decided, without a search: each value is the exact chance of
    /// building the 32768's last 256 after that move.
    pub solved: bool,
}

/// A search's answer and the board and strength it was for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Analysis {
    pub board: Board,
    pub strength: Strength,
    pub search: Search,
}

impl Analysis {
    /// Each move's rank in `Direction::ALL` order: 1 for the best value, the next lower value
    /// 2, and so on (equal values share a rank); `None` for a move that is not possible.
    pub fn ranks(&self) -> [Option<u8>; 4] {
        let values = self.search.values;
        values.map(|value| {
            let value = value?;
            let mut higher: Vec<f64> = values.iter().flatten().copied().filter(|&v| v > value).collect();
            higher.sort_by(f64::total_cmp);
            higher.dedup();
            Some(1 + higher.len() as u8)
        })
    }

    /// What the solver did, as said under the moves: how far it searched, or, when the endgame
    /// tables decided, the best move's exact chance.
    pub fn said(&self) -> Message {
        let Search { best, values, nodes, depth, micros, solved } = self.search;
        match best.and_then(|b| values[b.index()]).filter(|_| solved) {
            Some(chance) => Message::Solved { strength: self.strength, tenths: tenths(chance) },
            None => Message::Searched { strength: self.strength, depth, nodes, micros },
        }
    }

    /// The chance that the solver playing on from this board makes its next goal tile
    /// (`solver::chance`): the endgame tables' exact chance where they decided, else the
    /// strength's model (none for a strength without one).
    pub fn chance(&self) -> Option<solver::chance::Chance> {
        if self.search.solved {
            return Some(solver::chance::solved(self.board, self.search.values));
        }
        solver::chance::chance(self.board, self.strength.strategy())
    }

    /// The moves from best to worst (the impossible ones last), with their ranks.
    pub fn ranked(&self) -> Vec<(Direction, Option<u8>)> {
        let ranks = self.ranks();
        let mut moves: Vec<(Direction, Option<u8>)> = Direction::ALL.into_iter().zip(ranks).collect();
        moves.sort_by_key(|&(direction, rank)| (rank.unwrap_or(u8::MAX), direction.index()));
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analysis(values: [Option<f64>; 4]) -> Analysis {
        let board = Board::from_rows([[2, 0, 0, 0], [0; 4], [0; 4], [0, 0, 0, 2]]).unwrap();
        let search = Search { best: None, values, nodes: 1, depth: 1, micros: 1, solved: false };
        Analysis { board, strength: Strength::Spec, search }
    }

    #[test]
    fn ranks_follow_the_values_and_impossible_moves_have_none() {
        let a = analysis([Some(5.0), None, Some(9.0), Some(-1.0)]);
        assert_eq!(a.ranks(), [Some(2), None, Some(1), Some(3)]);
        let order: Vec<Direction> = a.ranked().into_iter().map(|(d, _)| d).collect();
        assert_eq!(order, [Direction::Left, Direction::Up, Direction::Right, Direction::Down]);
    }

    #[test]
    fn equal_values_share_a_rank() {
        let a = analysis([Some(3.0), Some(3.0), Some(1.0), None]);
        assert_eq!(a.ranks(), [Some(1), Some(1), Some(2), None]);
        assert_eq!(analysis([None; 4]).ranks(), [None; 4]);
    }

    #[test]
    fn the_tables_decision_is_said_as_its_best_moves_chance_and_a_search_as_its_work() {
        let mut a = analysis([Some(0.0), Some(0.7349), None, Some(0.5)]);
        a.strength = Strength::Max;
        a.search.best = Some(Direction::Down);
        assert_eq!(a.said(), Message::Searched { strength: Strength::Max, depth: 1, nodes: 1, micros: 1 });
        a.search.solved = true;
        assert_eq!(a.said(), Message::Solved { strength: Strength::Max, tenths: 734 });
    }
}
