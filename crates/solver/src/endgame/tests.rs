//! The endgame tables against a brute force over `Board::slide`, their frames and limits.

use super::*;
use game_core::Direction;
use std::collections::HashMap;

/// A board in the last step's frame for building `2^goal`: `top` the top two rows, `end`
/// the snake's end.
fn framed(goal: u8, top: [[u8; 4]; 2], end: u8) -> Board {
    Board::from_exponents([
        top[0],
        top[1],
        [end, goal, goal + 1, goal + 2],
        [goal + 6, goal + 5, goal + 4, goal + 3],
    ])
    .unwrap()
}

/// The same chances, computed another way: by the game's own `Board` moves, the snake's
/// cells compared tile by tile, memoized by board and step.
struct Brute {
    goal: u8,
    memo: HashMap<(Board, usize), f64>,
}

impl Brute {
    fn value(&mut self, board: Board, open: usize) -> f64 {
        if let Some(&v) = self.memo.get(&(board, open)) {
            return v;
        }
        let end = 7 + open;
        let snake = |b: Board| (end + 1..16).map(|c| b.exponent(c)).collect::<Vec<_>>();
        let mut best: f64 = 0.0;
        for d in Direction::ALL {
            let slide = board.slide(d);
            if slide.moved && snake(slide.board) == snake(board) {
                best = best.max(self.after(slide.board, open));
            }
        }
        self.memo.insert((board, open), best);
        best
    }

    fn after(&mut self, after: Board, open: usize) -> f64 {
        let end = 7 + open;
        if after.exponent(end) == self.goal {
            return if open == 1 { 1.0 } else { self.after(after, open - 1) };
        }
        if (0..=end).any(|c| after.exponent(c) >= self.goal) {
            return 0.0;
        }
        let empty: Vec<usize> = (0..=end).filter(|&c| after.exponent(c) == 0).collect();
        let sum: f64 = empty
            .iter()
            .map(|&c| {
                0.9 * self.value(after.with_exponent(c, 1), open)
                    + 0.1 * self.value(after.with_exponent(c, 2), open)
            })
            .sum();
        if empty.is_empty() { 0.0 } else { sum / empty.len() as f64 }
    }
}

#[test]
fn the_tables_are_the_exact_expectimax_of_the_rules() {
    // Building an 8 (goal 3) from 2s and 4s: small enough to check every line.
    let mut tables = Tables::new(3, 2, Limits::NONE);
    let mut brute = Brute { goal: 3, memo: HashMap::new() };
    for (top, end) in [
        ([[0, 0, 0, 0], [0, 0, 0, 1]], 1),
        ([[1, 0, 0, 0], [2, 1, 0, 0]], 2),
        ([[0, 0, 1, 2], [2, 1, 2, 1]], 1),
        ([[2, 1, 2, 1], [1, 2, 1, 2]], 0),
    ] {
        let board = framed(3, top, end);
        let ours = f64::from(tables.value(0, board.nibbles().unwrap()).unwrap());
        let theirs = brute.value(board, 1);
        assert!((ours - theirs).abs() < 1e-5, "{top:?} {end}: {ours} against {theirs}");
    }
    // The step before: the 8 (exponent 3) not yet built beside the 16.
    for (top, row) in [
        ([[0, 0, 0, 0], [0, 0, 1, 1]], [0, 2]),
        ([[1, 2, 0, 0], [0, 0, 0, 1]], [1, 1]),
        ([[0, 1, 2, 1], [1, 2, 1, 2]], [2, 0]),
    ] {
        let board = Board::from_exponents([top[0], top[1], [row[0], row[1], 4, 5], [9, 8, 7, 6]]).unwrap();
        let ours = f64::from(tables.value(1, board.nibbles().unwrap()).unwrap());
        let theirs = brute.value(board, 2);
        assert!(ours > 0.0, "{top:?} {row:?}: a chance there");
        assert!((ours - theirs).abs() < 1e-5, "{top:?} {row:?}: {ours} against {theirs}");
    }
}

/// A board in the step before's frame for building a 16 (goal 4).
fn before(top: [[u8; 4]; 2], open: [u8; 2]) -> Board {
    Board::from_exponents([top[0], top[1], [open[0], open[1], 5, 6], [10, 9, 8, 7]]).unwrap()
}

fn unlimited(board: Board) -> (Decision, usize) {
    let mut tables = Tables::new(4, 2, Limits::NONE);
    let decision = tables.decide(board).expect("a chance");
    (decision, tables.computed())
}

#[test]
fn a_decision_past_its_slice_is_left_to_the_search_and_the_next_goes_on_from_it() {
    let board = before([[0, 0, 0, 0], [1, 0, 0, 0]], [0, 1]);
    let (expected, needed) = unlimited(board);
    let slice = needed / 6;
    let mut tables = Tables::new(4, 2, Limits { entries: usize::MAX, slice });
    let mut calls = 1;
    let decision = loop {
        let before = tables.computed();
        match tables.decide(board) {
            Some(decision) => break decision,
            None => {
                // A slice's worth, give or take the positions under way when it ran out.
                let added = tables.computed() - before;
                assert!(added >= slice && added < slice + 100, "{added} added");
                calls += 1;
            }
        }
    };
    assert!(calls >= 5, "{calls} calls");
    assert_eq!(decision.values.map(|v| v.map(f64::to_bits)), expected.values.map(|v| v.map(f64::to_bits)));
    assert_eq!(tables.computed(), needed, "the same positions, computed once");
}

#[test]
fn full_tables_keep_only_the_positions_a_later_board_reaches() {
    let early = before([[0, 0, 0, 0], [1, 0, 0, 0]], [0, 1]);
    let later = before([[1, 0, 0, 0], [2, 1, 0, 0]], [2, 3]);
    let ((_, early_needs), (expected, later_needs)) = (unlimited(early), unlimited(later));
    let entries = (early_needs + later_needs) / 2;
    assert!(later_needs < entries && entries < early_needs);
    let mut tables = Tables::new(4, 2, Limits { entries, slice: usize::MAX });
    assert!(tables.decide(early).is_none(), "too many positions for the tables");
    assert!(tables.computed() <= entries + 100);

    let decision = tables.decide(later).expect("room made for the later board's positions");
    assert_eq!(decision.values.map(|v| v.map(f64::to_bits)), expected.values.map(|v| v.map(f64::to_bits)));
    assert!(tables.computed() <= entries + 100);
}

#[test]
fn a_goal_one_slide_away_is_certain_and_the_table_plays_it() {
    // An 8 above an 8 at the snake's end: down makes the 16.
    let board = framed(4, [[0, 0, 0, 0], [3, 1, 0, 0]], 3);
    let mut tables = Tables::new(4, 1, Limits::NONE);
    let decision = tables.decide(board).expect("in the frame");
    assert_eq!(decision.best, Some(Direction::Down));
    assert_eq!(decision.values[Direction::Down.index()], Some(1.0));
}

#[test]
fn every_turn_of_the_frame_is_recognised_and_decided_alike() {
    let board = framed(4, [[1, 0, 2, 0], [3, 2, 1, 0]], 2);
    let mut tables = Tables::new(4, 1, Limits::NONE);
    let first = tables.decide(board).expect("in the frame");
    let turns = symmetries(board.nibbles().unwrap());
    let distinct: std::collections::HashSet<u64> = turns.into_iter().collect();
    assert_eq!(distinct.len(), 8);
    let best = |d: &Decision| d.values.iter().flatten().copied().fold(0.0, f64::max);
    for y in turns {
        let decision = tables.decide(Board::from_nibbles(y)).expect("a turned frame is a frame");
        assert!((best(&decision) - best(&first)).abs() < 1e-6);
    }
}

#[test]
fn boards_outside_the_frame_are_left_to_the_search() {
    let mut tables = Tables::new(4, 2, Limits::NONE);
    // The snake's 32 and 16 swapped.
    let swapped = Board::from_exponents([[0; 4], [1, 0, 0, 0], [2, 5, 4, 6], [10, 9, 8, 7]]).unwrap();
    assert!(tables.decide(swapped).is_none());
    // A 16 already in the region.
    let built = framed(4, [[4, 0, 0, 0], [1, 0, 0, 0]], 2);
    assert!(tables.decide(built).is_none());
    // In the frame but every move that counts moves the snake (the end cell empty).
    let stuck = framed(4, [[0; 4], [0, 0, 0, 1]], 0);
    assert!(tables.decide(stuck).is_none());
}
