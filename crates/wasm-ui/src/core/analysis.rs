//! What the search said about a board, as Hint explains it: every move's value, the moves
//! ranked by it, and what the search did (strength, depth, positions, time).

use game_core::{Board, Direction};

use crate::protocol::Strength;

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
        let search = Search { best: None, values, nodes: 1, depth: 1, micros: 1 };
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
}
