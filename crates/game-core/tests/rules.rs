//! One table test per official rule, with the rule book's own examples.

mod common;

use common::{board, game};
use game_core::{Board, BoardError, Direction, Game, Status};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn rng() -> StdRng {
    StdRng::seed_from_u64(7)
}

/// (name, board before, direction, board after the slide, score gained)
type Case = (&'static str, [[u32; 4]; 4], Direction, [[u32; 4]; 4], u32);

const E: [u32; 4] = [0; 4];

fn slide_cases() -> Vec<Case> {
    use Direction::*;
    vec![
        // Rule 1: a tile merges at most once per move.
        ("4 4 4 4 left", [[4, 4, 4, 4], E, E, E], Left, [[8, 8, 0, 0], E, E, E], 16),
        ("4 4 4 4 right", [[4, 4, 4, 4], E, E, E], Right, [[0, 0, 8, 8], E, E, E], 16),
        ("2 2 4 4 left", [[2, 2, 4, 4], E, E, E], Left, [[4, 8, 0, 0], E, E, E], 12),
        ("4 4 8 . left: the new 8 stays", [[4, 4, 8, 0], E, E, E], Left, [[8, 8, 0, 0], E, E, E], 8),
        (
            "column 4 4 4 4 up",
            [[4, 0, 0, 0], [4, 0, 0, 0], [4, 0, 0, 0], [4, 0, 0, 0]],
            Up,
            [[8, 0, 0, 0], [8, 0, 0, 0], E, E],
            16,
        ),
        // Rule 2: pairing starts at the edge the tiles move toward.
        ("4 4 4 . left", [[4, 4, 4, 0], E, E, E], Left, [[8, 4, 0, 0], E, E, E], 8),
        ("2 2 2 . right", [[2, 2, 2, 0], E, E, E], Right, [[0, 0, 2, 4], E, E, E], 4),
        (
            "column 2 2 2 . down",
            [[2, 0, 0, 0], [2, 0, 0, 0], [2, 0, 0, 0], E],
            Down,
            [E, E, [2, 0, 0, 0], [4, 0, 0, 0]],
            4,
        ),
        (
            "gaps close before pairing: 2 . . 2 left",
            [[2, 0, 0, 2], E, E, E],
            Left,
            [[4, 0, 0, 0], E, E, E],
            4,
        ),
        // Rule 3: only tiles that meet while sliding in this move merge.
        ("horizontal pair, up", [E, E, E, [2, 2, 0, 0]], Up, [[2, 2, 0, 0], E, E, E], 0),
        ("horizontal pair, down", [[2, 2, 0, 0], E, E, E], Down, [E, E, E, [2, 2, 0, 0]], 0),
        (
            "vertical pair, left",
            [[0, 0, 0, 8], [0, 0, 0, 8], E, E],
            Left,
            [[8, 0, 0, 0], [8, 0, 0, 0], E, E],
            0,
        ),
        // Scoring: every merge adds the value of the tile it creates.
        ("256 + 256 scores 512", [[256, 256, 0, 0], E, E, E], Left, [[512, 0, 0, 0], E, E, E], 512),
        // The largest tiles.
        ("65536 + 65536", [[65_536, 65_536, 0, 0], E, E, E], Left, [[131_072, 0, 0, 0], E, E, E], 131_072),
        (
            "32768 + 32768 next to 65536",
            [[32_768, 32_768, 65_536, 2], E, E, E],
            Right,
            [[0, 65_536, 65_536, 2], E, E, E],
            65_536,
        ),
        (
            "131072 stays after a merge up",
            [[131_072, 4, 0, 0], [0, 4, 0, 0], E, E],
            Up,
            [[131_072, 8, 0, 0], E, E, E],
            8,
        ),
    ]
}

#[test]
fn slides_follow_the_three_merge_rules() {
    for (name, before, direction, after, score) in slide_cases() {
        let slide = board(before).slide(direction);
        assert_eq!(slide.board.rows(), after, "{name}: board");
        assert_eq!(slide.score, score, "{name}: score");
        assert_eq!(slide.moved, before != after, "{name}: moved");
    }
}

#[test]
fn a_move_that_changes_nothing_does_nothing() {
    let rows = [[2, 4, 0, 0], [8, 0, 0, 0], E, E];
    let mut g = game(rows, 8);
    let before = g;
    let report = g.play(Direction::Left, &mut rng());
    assert!(!report.moved);
    assert!(report.spawned.is_none() && report.tiles.is_empty() && report.score_gained == 0);
    assert_eq!(g, before, "no spawn, no score");
    assert!(!g.play(Direction::Up, &mut rng()).moved);
}

#[test]
fn a_move_that_counts_adds_exactly_one_tile_on_an_empty_cell() {
    for seed in 0..200 {
        let mut r = StdRng::seed_from_u64(seed);
        let mut g = game([[2, 2, 0, 0], [0, 0, 4, 0], E, E], 4);
        let slid = g.board().slide(Direction::Left).board;
        let report = g.play(Direction::Left, &mut r);
        let spawned = report.spawned.expect("a counted move spawns");
        let (row, col) = (spawned.at.row as usize, spawned.at.col as usize);
        assert_eq!(slid.tile(row, col), 0, "the new tile lands on an empty cell");
        assert!(spawned.value == 2 || spawned.value == 4);
        let mut expected = slid.rows();
        expected[row][col] = spawned.value;
        assert_eq!(g.board().rows(), expected);
        assert_eq!(g.score(), 4 + 4);
    }
}

#[test]
fn a_new_game_has_two_tiles_of_two_or_four_on_distinct_cells() {
    for seed in 0..500 {
        let g = Game::new(&mut StdRng::seed_from_u64(seed));
        let tiles: Vec<u32> = g.board().rows().into_iter().flatten().filter(|&v| v != 0).collect();
        assert_eq!(tiles.len(), 2, "seed {seed}");
        assert!(tiles.iter().all(|&v| v == 2 || v == 4));
        assert_eq!(g.score(), 0);
        assert_eq!(g.status(), Status::Playing);
    }
}

#[test]
fn making_2048_wins_and_waits_for_the_players_choice() {
    let mut g = game([[1024, 1024, 0, 0], [2, 0, 0, 0], E, E], 18_000);
    let report = g.play(Direction::Left, &mut rng());
    assert!(report.won_now);
    assert_eq!(report.status, Status::Won);
    assert!(g.won());
    // While the banner is up, moves wait for the choice.
    let before = g;
    assert!(!g.play(Direction::Right, &mut rng()).moved);
    assert_eq!(g, before);
    g.continue_after_win();
    assert_eq!(g.status(), Status::Playing);
    assert!(g.play(Direction::Right, &mut rng()).moved);
}

#[test]
fn a_later_2048_is_not_a_new_win() {
    let mut g = game([[2048, 0, 0, 0], [1024, 1024, 0, 0], E, E], 36_000);
    g.continue_after_win();
    let report = g.play(Direction::Left, &mut rng());
    assert!(report.moved && !report.won_now);
    assert_eq!(g.status(), Status::Playing);
}

#[test]
fn a_2048_made_on_the_last_possible_move_still_shows_the_win() {
    // Left makes the 2048, and the new tile fills the last empty cell with no pair left.
    let mut g = game([[1024, 1024, 8, 16], [32, 64, 128, 256], [512, 32, 8, 64], [4, 2, 4, 2]], 25_000);
    let report = g.play(Direction::Left, &mut rng());
    assert!(report.won_now);
    assert!(!g.board().has_moves(), "the board is stuck");
    assert_eq!(g.status(), Status::Won, "the win is shown first");
    g.continue_after_win();
    assert_eq!(g.status(), Status::Over, "then the game is over");
}

#[test]
fn game_over_only_when_full_and_no_equal_neighbours() {
    let stuck = board([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]]);
    assert!(!stuck.has_moves());
    let full_with_pair = board([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 4]]);
    assert!(full_with_pair.has_moves(), "a full board with a pair goes on");
    let vertical_pair = board([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [2, 8, 16, 32]]);
    assert!(vertical_pair.has_moves());
    let one_gap = board([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 0]]);
    assert!(one_gap.has_moves());
    let g = game([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]], 0);
    assert_eq!(g.status(), Status::Over);
}

#[test]
fn boards_accept_every_tile_up_to_131072_and_nothing_else() {
    for k in 1..=17 {
        let b = board([[1 << k, 0, 0, 0], E, E, E]);
        assert_eq!(b.max_tile(), 1 << k);
        assert_eq!(b.rows()[0][0], 1 << k);
    }
    for bad in [1, 3, 6, 100, 262_144, u32::MAX] {
        let err = Board::from_rows([E, [0, 0, bad, 0], E, E]).unwrap_err();
        assert_eq!(err, BoardError::NotATile { row: 1, col: 2, value: u64::from(bad) });
    }
}

#[test]
fn board_queries_count_what_is_on_the_board() {
    let b = board([[2, 0, 0, 65_536], [0, 131_072, 0, 0], E, [0, 0, 0, 4]]);
    assert_eq!(b.empty_cells(), 12);
    assert_eq!(b.max_tile(), 131_072);
    assert_eq!(b.empty_cell_indices().count(), 12);
    assert!(!b.empty_cell_indices().any(|c| c == 3 || c == 5));
    assert_eq!(Board::EMPTY.empty_cells(), 16);
}

#[test]
fn the_move_report_says_where_every_tile_went() {
    let mut g = game([[2, 2, 4, 0], [0, 0, 0, 8], E, E], 8);
    let report = g.play(Direction::Left, &mut rng());
    let moves: Vec<_> = report
        .tiles
        .iter()
        .map(|t| ((t.from.row, t.from.col), (t.to.row, t.to.col), t.value, t.merged))
        .collect();
    assert_eq!(
        moves,
        vec![
            ((0, 0), (0, 0), 2, true),
            ((0, 1), (0, 0), 2, true),
            ((0, 2), (0, 1), 4, false),
            ((1, 3), (1, 0), 8, false)
        ]
    );
    assert_eq!(report.merges.len(), 1);
    assert_eq!((report.merges[0].at.row, report.merges[0].at.col, report.merges[0].value), (0, 0, 4));
    assert_eq!(report.score_gained, 4);
}
