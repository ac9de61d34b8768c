//! The searches' choices on boards whose right answer is known, and the shape of the tree.

mod common;

use std::sync::OnceLock;

use game_core::{Board, Direction, SPAWN_ODDS};
use solver::eval::evaluate;
use solver::search::{TileModel, search};
use solver::{LOST, Strategy, decide, spec_depth};

/// A fresh searcher of `strategy`, Max's with the repository's network.
fn searcher(strategy: Strategy, seed: u64) -> Box<dyn solver::Searcher + Send> {
    let network = solver::max::repository_network().unwrap();
    strategy.searcher(seed, Some(network)).unwrap()
}

fn ranks(rows: [[u8; 4]; 4]) -> Board {
    Board::from_exponents(rows).unwrap()
}

/// Every board the new tile can make from `after`, with its probability.
fn spawns(after: Board) -> Vec<(Board, f64)> {
    let cells: Vec<usize> = after.empty_cell_indices().collect();
    let n = cells.len() as f64;
    cells
        .iter()
        .flat_map(|&cell| SPAWN_ODDS.map(|(exponent, p)| (after.with_exponent(cell, exponent), p / n)))
        .collect()
}

/// Positions from seeded games played by the spec solver, every 37th move.
fn played_boards() -> Vec<Board> {
    static BOARDS: OnceLock<Vec<Board>> = OnceLock::new();
    BOARDS.get_or_init(play).clone()
}

fn play() -> Vec<Board> {
    common::spec_game_positions(0..3, 399, |m| m % 37 == 0).into_iter().map(|(_, b)| b).collect()
}

#[test]
fn depth_follows_the_empty_cells() {
    for (empty, depth) in [(16, 2), (7, 2), (6, 3), (4, 3), (3, 4), (0, 4)] {
        assert_eq!(spec_depth(empty), depth, "{empty} empty cells");
    }
    let crowded = ranks([[1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6], [0, 0, 0, 1]]);
    assert_eq!(decide(crowded).depth, 4);
}

#[test]
fn the_only_legal_move_is_taken() {
    // A full left column: only Right changes the board.
    let board = ranks([[1, 0, 0, 0], [2, 0, 0, 0], [1, 0, 0, 0], [2, 0, 0, 0]]);
    for strategy in Strategy::ALL {
        let d = searcher(strategy, 1).decide(board);
        assert_eq!(d.best, Some(Direction::Right), "{strategy}");
        assert_eq!(d.values.iter().filter(|v| v.is_some()).count(), 1, "{strategy}");
    }
}

#[test]
fn no_legal_move_gives_no_move() {
    let board = ranks([[1, 2, 1, 2], [2, 1, 2, 1], [1, 2, 1, 2], [2, 1, 2, 1]]);
    assert!(!board.has_moves());
    for strategy in Strategy::ALL {
        let d = searcher(strategy, 1).decide(board);
        assert_eq!(d.best, None, "{strategy}");
        assert_eq!(d.values, [None; 4], "{strategy}");
    }
}

#[test]
fn the_one_move_that_survives_is_chosen() {
    let board = ranks([[5, 7, 9, 6], [6, 4, 8, 4], [8, 9, 4, 3], [9, 6, 4, 4]]);
    // Check the premise with the rules alone: up, down and left leave a board that is dead
    // whatever tile appears; right leaves one that lives whatever tile appears.
    for direction in Direction::ALL {
        let slide = board.slide(direction);
        assert!(slide.moved);
        let dies = spawns(slide.board).iter().all(|(b, _)| !b.has_moves());
        let lives = spawns(slide.board).iter().all(|(b, _)| b.has_moves());
        assert_eq!((dies, lives), (direction != Direction::Right, direction == Direction::Right));
    }
    let d = decide(board);
    assert_eq!(d.best, Some(Direction::Right));
    assert!(d.values[Direction::Right.index()].unwrap() > LOST);
    // Minimax also sees the three sure losses (it may find that the worst tiles kill the
    // survivor later too, so its choice among equal losses is not asserted).
    let worst = searcher(Strategy::Minimax, 1).decide(board);
    for direction in [Direction::Up, Direction::Down, Direction::Left] {
        assert_eq!(d.values[direction.index()], Some(LOST), "{direction}");
        assert_eq!(worst.values[direction.index()], Some(LOST), "{direction}");
    }
}

#[test]
fn same_board_and_seed_give_the_same_move() {
    let boards = played_boards();
    assert!(boards.len() > 20);
    for &board in &boards {
        assert_eq!(decide(board), decide(board));
    }
    for strategy in Strategy::ALL {
        let moves =
            |seed| boards.iter().map(|&b| searcher(strategy, seed).decide(b).best).collect::<Vec<_>>();
        assert_eq!(moves(5), moves(5), "{strategy}");
    }
}

#[test]
fn live_moves_have_finite_values_above_lost() {
    for board in played_boards() {
        let d = decide(board);
        assert!(d.nodes > 0);
        for direction in Direction::ALL {
            let slide = board.slide(direction);
            let value = d.values[direction.index()];
            assert_eq!(value.is_some(), slide.moved);
            if let Some(v) = value {
                assert!(v.is_finite());
                // A move after which some tile leaves a move scores above a sure loss.
                if spawns(slide.board).iter().any(|(b, _)| b.has_moves()) {
                    assert!(v > LOST, "{board:?} {direction}");
                }
            }
        }
        let best = d.best.unwrap();
        let top = d.values.iter().flatten().fold(f64::NEG_INFINITY, |a, &b| a.max(b));
        assert_eq!(d.values[best.index()], Some(top));
    }
}

#[test]
fn one_move_deep_scores_the_board_after_the_move() {
    for board in played_boards() {
        let d = search(board, 1, TileModel::Expected);
        let greedy = searcher(Strategy::Greedy, 0).decide(board);
        assert_eq!(d.values, greedy.values);
        for direction in Direction::ALL {
            let slide = board.slide(direction);
            assert_eq!(d.values[direction.index()], slide.moved.then(|| evaluate(slide.board)));
        }
    }
}

/// The best value a player can reach from `board` searching `depth` moves, or LOST.
fn best_value(board: Board, depth: u32, model: TileModel) -> f64 {
    search(board, depth, model).values.into_iter().flatten().fold(LOST, f64::max)
}

#[test]
fn chance_nodes_average_every_spawn_with_the_game_odds() {
    // One level deeper = the new tile on each empty cell (0.9 a 2, 0.1 a 4, cells equally
    // likely), then the best of the shallower search.
    for board in played_boards().into_iter().step_by(3) {
        let d = search(board, 2, TileModel::Expected);
        for direction in Direction::ALL {
            let slide = board.slide(direction);
            if !slide.moved {
                continue;
            }
            let expected: f64 =
                spawns(slide.board).iter().map(|&(b, p)| p * best_value(b, 1, TileModel::Expected)).sum();
            let got = d.values[direction.index()].unwrap();
            assert!((got - expected).abs() < 1e-9 * expected.abs().max(1.0), "{got} vs {expected}");
        }
    }
}

#[test]
fn minimax_takes_the_worst_spawn_and_is_never_above_expectimax() {
    for board in played_boards().into_iter().step_by(3) {
        let worst = search(board, 2, TileModel::Worst);
        let average = search(board, 2, TileModel::Expected);
        for direction in Direction::ALL {
            let slide = board.slide(direction);
            if !slide.moved {
                continue;
            }
            let expected = spawns(slide.board)
                .iter()
                .map(|&(b, _)| best_value(b, 1, TileModel::Worst))
                .fold(f64::MAX, f64::min);
            let got = worst.values[direction.index()].unwrap();
            assert_eq!(got, expected);
            assert!(got <= average.values[direction.index()].unwrap() + 1e-9);
        }
    }
}

#[test]
fn corner_follows_its_fixed_order() {
    // Down does not count (the bottom row is full and nothing can fall), left does.
    let board = ranks([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 1, 2, 3]]);
    assert_eq!(searcher(Strategy::Corner, 0).decide(board).best, Some(Direction::Left));
    let board = ranks([[0, 0, 0, 1], [0; 4], [0; 4], [0; 4]]);
    assert_eq!(searcher(Strategy::Corner, 0).decide(board).best, Some(Direction::Down));
}

#[test]
fn random_spreads_over_the_legal_moves() {
    let board = ranks([[0, 0, 0, 0], [0, 1, 0, 0], [0; 4], [0; 4]]);
    let mut searcher = searcher(Strategy::Random, 3);
    let mut counts = [0u32; 4];
    for _ in 0..4_000 {
        counts[searcher.decide(board).best.unwrap().index()] += 1;
    }
    assert!(counts.iter().all(|&c| (800..1200).contains(&c)), "{counts:?}");
}

#[test]
fn strategy_ids_round_trip() {
    for strategy in Strategy::ALL {
        assert_eq!(Strategy::from_id(strategy.id()), Some(strategy));
    }
    assert_eq!(Strategy::from_id("expectimax"), None);
}
