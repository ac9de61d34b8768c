use game_core::{Board, Direction};
use rand::SeedableRng;

use super::*;

fn board(rows: [[u32; 4]; 4]) -> Board {
    Board::from_rows(rows).unwrap()
}

fn chance_of(rows: [[u32; 4]; 4], strategy: Strategy) -> Chance {
    chance(board(rows), strategy).unwrap()
}

#[test]
fn the_goal_is_the_next_power_of_two_above_the_largest_tile_and_at_least_2048() {
    let one = |tile| goal_of(board([[tile, 2, 0, 0], [0; 4], [0; 4], [0; 4]]));
    assert_eq!(goal_of(Board::default()), 2048, "an empty board");
    assert_eq!(one(2), 2048);
    assert_eq!(one(512), 2048);
    assert_eq!(one(1024), 2048);
    assert_eq!(one(2048), 4096, "once the goal is made, the next is the goal");
    assert_eq!(one(4096), 8192);
    assert_eq!(one(16384), 32768);
    assert_eq!(one(65536), 131072);
}

#[test]
fn a_board_with_no_move_left_has_no_chance_and_the_goal_of_its_largest_tile() {
    let stuck = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 1024]];
    assert!(!board(stuck).has_moves());
    for strategy in [Strategy::Spec, Strategy::Strong, Strategy::Max] {
        assert_eq!(chance_of(stuck, strategy), Chance { tile: 2048, probability: 0.0 });
    }
}

#[test]
fn only_the_strengths_have_a_chance() {
    let rows = [[2, 2, 0, 0], [0; 4], [0; 4], [0; 4]];
    for strategy in [Strategy::Greedy, Strategy::Random, Strategy::Corner] {
        assert_eq!(chance(board(rows), strategy), None, "{strategy}");
    }
}

#[test]
fn every_chance_of_a_played_game_is_a_probability() {
    let mut game = game_core::Game::new(&mut crate::rng::GameRng::seed_from_u64(5));
    let mut rng = crate::rng::GameRng::seed_from_u64(6);
    while game.board().has_moves() {
        for strategy in [Strategy::Spec, Strategy::Strong] {
            let c = chance(game.board(), strategy).unwrap();
            assert!((0.0..=1.0).contains(&c.probability), "{strategy}: {c:?} on {:?}", game.board());
            assert!(c.percent() <= 100);
        }
        let direction = Direction::ALL.into_iter().find(|&d| game.board().slide(d).moved).unwrap();
        game.play(direction, &mut rng);
    }
}

// The fitted model, judged where its answer is plain to a player.

/// The snake 1024 512 256 128 along the bottom, then the next row back: one step from a 2048.
const NEARLY: [[u32; 4]; 4] = [[0, 0, 0, 2], [0, 0, 2, 4], [8, 16, 32, 64], [1024, 512, 256, 128]];
/// The same 1024 with little else, scattered.
const FAR: [[u32; 4]; 4] = [[0, 4, 0, 2], [0, 1024, 2, 0], [8, 0, 0, 0], [0, 0, 0, 2]];

#[test]
fn a_board_nearer_its_goal_and_in_order_has_the_better_chance() {
    let (near, far) = (chance_of(NEARLY, Strategy::Spec), chance_of(FAR, Strategy::Spec));
    assert_eq!((near.tile, far.tile), (2048, 2048));
    assert!(near.probability > far.probability, "Standard: {near:?} against {far:?}");
    // Strong makes its 2048s (no game of its lost one short of it): what matters is the 32768.
    let (near, far) = (chance_of(NEARLY_32768, Strategy::Strong), chance_of(FAR_32768, Strategy::Strong));
    assert_eq!((near.tile, far.tile), (32768, 32768));
    assert!(near.probability > far.probability, "Strong: {near:?} against {far:?}");
}

/// The 16384 with the snake 8192 … 256 behind it: the 32768 nearly built.
const NEARLY_32768: [[u32; 4]; 4] =
    [[0, 2, 4, 0], [16, 32, 64, 128], [2048, 1024, 512, 256], [16384, 8192, 4096, 2048]];
/// A 16384 just made, little else.
const FAR_32768: [[u32; 4]; 4] = [[2, 0, 4, 0], [8, 16, 0, 2], [64, 32, 8, 4], [16384, 128, 16, 2]];

#[test]
fn strong_has_the_better_chance_of_the_next_tile_on_the_same_board() {
    // A 2048 in the corner: Standard makes a 4096 about half the time, Strong nearly always.
    let rows = [[0, 0, 2, 2], [0, 4, 8, 16], [32, 64, 128, 256], [2048, 1024, 512, 4]];
    let (spec, strong) = (chance_of(rows, Strategy::Spec), chance_of(rows, Strategy::Strong));
    assert_eq!(spec.tile, 4096);
    assert!(strong.probability > spec.probability + 0.2, "{spec:?} against {strong:?}");
    assert_eq!(chance_of(rows, Strategy::Max), strong, "Max reads Strong's model");
}

#[test]
fn the_endgame_tables_chance_is_their_best_moves_value_of_the_32768() {
    let rows = [[2, 4, 2, 4], [128, 2, 4, 2], [128, 256, 512, 1024], [16384, 8192, 4096, 2048]];
    let values = [None, Some(0.25), Some(1.0), Some(0.5)];
    assert_eq!(solved(board(rows), values), Chance { tile: 32768, probability: 1.0 });
    let values = [Some(0.125), None, Some(0.75), None];
    assert_eq!(solved(board(rows), values), Chance { tile: 32768, probability: 0.75 });
}

#[test]
fn the_percent_is_rounded_to_a_whole_one() {
    assert_eq!(Chance { tile: 2048, probability: 0.834 }.percent(), 83);
    assert_eq!(Chance { tile: 2048, probability: 0.835 }.percent(), 84);
    assert_eq!(Chance { tile: 2048, probability: 1.0 }.percent(), 100);
    assert_eq!(Chance { tile: 2048, probability: 0.0 }.percent(), 0);
    assert_eq!(Chance { tile: 2048, probability: 0.9996 }.percent(), 99, "likely is not sure");
    assert_eq!(Chance { tile: 2048, probability: 0.0004 }.percent(), 1);
}
