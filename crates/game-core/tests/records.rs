//! A game's record: moves with given tiles, Undo and replay exactness (its document: `record_documents.rs`).

mod common;

use common::{random_direction, random_record, replayed};

use game_core::{Direction, Game, MoveReport, Record, Spawn, SpawnError, Status};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

const E: [u32; 4] = [0; 4];

fn spawn_of(report: &MoveReport) -> Option<(u8, u8, u32)> {
    report.spawned.map(|s| (s.at.row, s.at.col, s.value))
}

#[test]
fn play_with_the_spawn_play_drew_is_the_same_move() {
    for seed in 0..30 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Game::new(&mut rng);
        while game.status() != Status::Over {
            let direction = random_direction(&mut rng);
            let mut replica = game;
            let report = game.play(direction, &mut rng);
            let spawn = report.spawned.map_or(Spawn { cell: 0, exponent: 1 }, |s| Spawn {
                cell: 4 * usize::from(s.at.row) + usize::from(s.at.col),
                exponent: s.value.trailing_zeros() as u8,
            });
            assert_eq!(replica.play_with_spawn(direction, spawn), Ok(report));
            assert_eq!(replica, game);
            game.continue_after_win();
        }
    }
}

#[test]
fn play_with_spawn_refuses_a_tile_that_cannot_appear_and_leaves_the_game_as_it_was() {
    let game = common::game([[2, 2, 0, 0], [0, 0, 4, 0], E, E], 4);
    // After Left: [[4, 0, 0, 0], [4, 0, 0, 0], E, E].
    let cases = [
        (Spawn { cell: 0, exponent: 1 }, SpawnError::CellTaken(0)),
        (Spawn { cell: 4, exponent: 2 }, SpawnError::CellTaken(4)),
        (Spawn { cell: 16, exponent: 1 }, SpawnError::NoSuchCell(16)),
        (Spawn { cell: usize::MAX, exponent: 1 }, SpawnError::NoSuchCell(usize::MAX)),
        (Spawn { cell: 5, exponent: 0 }, SpawnError::NotATwoOrFour(0)),
        (Spawn { cell: 5, exponent: 3 }, SpawnError::NotATwoOrFour(3)),
        (Spawn { cell: 5, exponent: 255 }, SpawnError::NotATwoOrFour(255)),
    ];
    for (spawn, error) in cases {
        let mut g = game;
        assert_eq!(g.play_with_spawn(Direction::Left, spawn), Err(error), "{spawn:?}");
        assert_eq!(g, game);
        assert!(!error.to_string().is_empty());
    }
    // The cell of the 2 the slide moved away is free: it may receive the new tile.
    let mut g = game;
    let report = g.play_with_spawn(Direction::Left, Spawn { cell: 6, exponent: 2 }).unwrap();
    assert!(report.moved);
    assert_eq!(g.board().rows(), [[4, 0, 0, 0], [4, 0, 4, 0], E, E]);
    assert_eq!(g.score(), 8);
}

#[test]
fn play_with_spawn_ignores_the_spawn_of_a_move_that_does_not_count() {
    let game = common::game([[2, 4, 0, 0], [8, 0, 0, 0], E, E], 8);
    let mut g = game;
    let report = g.play_with_spawn(Direction::Left, Spawn { cell: 0, exponent: 9 }).unwrap();
    assert!(!report.moved && report.spawned.is_none());
    assert_eq!(g, game);
}

#[test]
fn recording_draws_exactly_what_an_unrecorded_game_draws() {
    for seed in 0..20 {
        let mut a = StdRng::seed_from_u64(seed);
        let mut b = StdRng::seed_from_u64(seed);
        let mut game = Game::new(&mut a);
        let mut record = Record::new(Game::new(&mut b));
        let mut directions = StdRng::seed_from_u64(seed + 1000);
        for _ in 0..400 {
            let direction = random_direction(&mut directions);
            assert_eq!(record.play(direction, &mut b), game.play(direction, &mut a));
            game.continue_after_win();
            record.continue_after_win();
            assert_eq!(record.game(), game);
        }
    }
}

#[test]
fn the_record_is_the_source_of_truth_at_every_point() {
    let (mut waiting, mut kept_going) = (0, 0);
    for seed in 0..40 {
        let mut rng = StdRng::seed_from_u64(seed);
        // Half the games start near a win, so that undo and redo cross it and its choice.
        let start = if seed % 2 == 0 {
            Game::new(&mut rng)
        } else {
            let near_win = common::board([[1024, 1024, 512, 512], [256, 256, 0, 0], [2, 0, 0, 0], E]);
            Game::from_board(near_win, None).unwrap()
        };
        let mut record = Record::new(start);
        for turn in 0..600 {
            match rng.random_range(0..10) {
                0 | 1 => {
                    record.undo();
                }
                2 => {
                    record.redo();
                }
                _ => {
                    record.play(random_direction(&mut rng), &mut rng);
                }
            }
            if rng.random_bool(0.5) {
                record.continue_after_win();
            }
            assert_eq!(replayed(&record), record.game(), "seed {seed} turn {turn}");
            waiting += usize::from(record.game().status() == Status::Won);
            kept_going += usize::from(record.game().keeps_going());
            assert!(record.cursor() <= record.steps().len());
            assert_eq!(record.can_undo(), record.cursor() > 0);
            assert_eq!(record.can_redo(), record.cursor() < record.steps().len());
            if turn % 3 == 0 {
                let text = record.to_json();
                assert_eq!(Record::from_json(&text).as_ref(), Ok(&record), "seed {seed} turn {turn}: {text}");
            }
        }
    }
    assert!(waiting > 0 && kept_going > 0, "the win and its choice crossed: {waiting}, {kept_going}");
}

#[test]
fn undo_k_moves_then_the_same_moves_gives_the_same_boards_scores_and_tiles() {
    for seed in 0..60 {
        let (mut record, games) = random_record(seed, 300);
        let mut rng = StdRng::seed_from_u64(seed ^ 0xABCD);
        let played = record.cursor();
        assert_eq!(played + 1, games.len());
        let k = rng.random_range(0..=played);
        let end = record.clone();
        for back in 1..=k {
            let game = record.undo().expect("a move to take back");
            assert_eq!(game, games[played - back], "seed {seed}: {back} back");
            assert_eq!(record.game(), game);
        }
        assert_eq!(record.cursor(), played - k);
        assert_eq!(record.steps(), end.steps(), "undo keeps the steps");
        // The same moves again, with a different RNG: the same tiles must appear, not new draws.
        for (i, step) in end.steps()[played - k..].iter().enumerate() {
            let before = record.game();
            let report = record.play(step.direction, &mut rng);
            assert!(report.moved);
            let mut expected = before;
            let expected_report = expected.play_with_spawn(step.direction, step.spawn).unwrap();
            assert_eq!(spawn_of(&report), spawn_of(&expected_report));
            assert_eq!(report, expected_report);
            // The win of the original game waited for the choice only at its end.
            record.continue_after_win();
            assert_eq!(record.game(), games[played - k + i + 1], "seed {seed}: step {i} again");
        }
        assert_eq!(record, end, "seed {seed}: back where it was");
    }
}

#[test]
fn every_position_saves_and_loads_on_the_way_back_and_forward_again() {
    let near_win = common::board([[1024, 1024, 512, 512], [256, 256, 0, 0], [2, 0, 0, 0], E]);
    let mut wins_redone = 0;
    for seed in 0..20 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut record = Record::new(Game::from_board(near_win, None).unwrap());
        for _ in 0..80 {
            record.play(random_direction(&mut rng), &mut rng);
            record.continue_after_win();
        }
        let check = |record: &Record| {
            assert_eq!(replayed(record), record.game(), "seed {seed} at {}", record.cursor());
            assert_eq!(Record::from_json(&record.to_json()).as_ref(), Ok(record), "seed {seed}");
        };
        check(&record);
        while record.undo().is_some() {
            check(&record);
        }
        // Forward again: a win redone waits for the choice, and is saved waiting.
        while record.can_redo() {
            if record.redo().is_none() {
                assert_eq!(record.game().status(), Status::Won);
                wins_redone += 1;
                record.continue_after_win();
            }
            check(&record);
        }
    }
    assert!(wins_redone > 0);
}

#[test]
fn undo_to_the_start_and_no_further() {
    let (mut record, games) = random_record(5, 200);
    let mut count = 0;
    while let Some(game) = record.undo() {
        count += 1;
        assert_eq!(game, games[games.len() - 1 - count]);
    }
    assert_eq!(count, games.len() - 1);
    assert_eq!(record.game(), record.start());
    assert!(!record.can_undo());
    assert_eq!(record.undo(), None);
    assert_eq!(record.game(), record.start());
    // And all the way forward again.
    while record.redo().is_some() {}
    assert_eq!(record.game(), *games.last().unwrap());
    assert_eq!(record.redo(), None);
}

#[test]
fn a_different_move_after_undo_forgets_the_rest_and_draws_a_new_tile() {
    for seed in 0..60 {
        let (mut record, _) = random_record(seed, 150);
        let mut rng = StdRng::seed_from_u64(seed + 77);
        let k = rng.random_range(1..=record.cursor().max(1)).min(record.cursor());
        for _ in 0..k {
            record.undo();
        }
        let cursor = record.cursor();
        let Some(next) = record.steps().get(cursor).copied() else { continue };
        let before = record.game();
        let other =
            Direction::ALL.into_iter().find(|&d| d != next.direction && before.board().slide(d).moved);
        let Some(other) = other else { continue };
        let report = record.play(other, &mut rng);
        assert!(report.moved);
        assert_eq!(record.steps().len(), cursor + 1, "the steps after the cursor are gone");
        assert_eq!(record.cursor(), cursor + 1);
        let step = record.steps()[cursor];
        assert_eq!(step.direction, other);
        // A legal game: the new tile is a 2 or a 4 on a cell the slide left empty.
        let slid = before.board().slide(other).board;
        assert_eq!(slid.exponent(step.spawn.cell), 0);
        assert!(matches!(step.spawn.exponent, 1 | 2));
        let mut expected = before;
        expected.play_with_spawn(other, step.spawn).unwrap();
        assert_eq!(record.game(), expected);
        assert_eq!(replayed(&record), record.game());
        assert_eq!(Record::from_json(&record.to_json()), Ok(record.clone()));
        assert_eq!(record.undo(), Some(before));
    }
}

#[test]
fn a_move_that_does_not_count_keeps_the_steps_to_redo() {
    let mut record = Record::new(common::game([[2, 0, 0, 0], [4, 0, 0, 0], E, E], 0));
    let mut rng = StdRng::seed_from_u64(1);
    assert!(record.play(Direction::Right, &mut rng).moved);
    record.undo();
    let steps = record.steps().to_vec();
    let report = record.play(Direction::Left, &mut rng);
    assert!(!report.moved);
    assert_eq!(record.steps(), steps);
    assert!(record.can_redo());
}

#[test]
fn undo_returns_the_win_as_it_was() {
    let start = common::game([[1024, 1024, 0, 0], [2, 0, 0, 0], E, E], 18_000);
    let mut record = Record::new(start);
    let mut rng = StdRng::seed_from_u64(9);
    let win = record.play(Direction::Left, &mut rng);
    assert!(win.won_now);
    assert_eq!(record.game().status(), Status::Won);
    // While the win waits for the choice, moves do nothing and record nothing.
    assert!(!record.play(Direction::Right, &mut rng).moved);
    assert_eq!(record.steps().len(), 1);
    // The choice survives a save with no move after it.
    record.continue_after_win();
    let won_kept_going = record.game();
    let back = Record::from_json(&record.to_json()).unwrap();
    assert_eq!(back.game().status(), Status::Playing);
    assert_eq!(back, record);
    assert!(record.play(Direction::Right, &mut rng).moved);
    // One back: the game as it was just before that move, won and kept going.
    assert_eq!(record.undo(), Some(won_kept_going));
    assert!(record.game().won() && record.game().keeps_going());
    assert_eq!(Record::from_json(&record.to_json()), Ok(record.clone()));
    // Two back: before the win.
    assert_eq!(record.undo(), Some(start));
    assert!(!record.game().won());
    assert_eq!(Record::from_json(&record.to_json()), Ok(record.clone()));
    // The win made again shows again, with the same tile.
    let again = record.play(Direction::Left, &mut StdRng::seed_from_u64(12345));
    assert_eq!(again, win);
    assert_eq!(record.game().status(), Status::Won);
    assert!(record.can_redo());
    assert_eq!(record.redo(), None, "the next move waits for the choice");
    assert_eq!(Record::from_json(&record.to_json()), Ok(record.clone()), "and so it is saved");
    record.continue_after_win();
    assert!(record.redo().is_some());
}

#[test]
fn a_record_can_start_anywhere_a_game_can() {
    // A won game waiting for the choice, loaded from a save.
    let start = common::game([[2048, 0, 0, 0], [2, 2, 0, 0], E, E], 20_000);
    assert_eq!(start.status(), Status::Won);
    let mut record = Record::new(start);
    assert_eq!(Record::from_json(&record.to_json()), Ok(record.clone()));
    record.continue_after_win();
    assert_eq!(Record::from_json(&record.to_json()), Ok(record.clone()));
    assert!(record.play(Direction::Left, &mut StdRng::seed_from_u64(4)).moved);
    assert_eq!(replayed(&record), record.game());
    let undone = record.undo().unwrap();
    assert!(undone.keeps_going(), "the move was played after the choice");
    assert_eq!(record.start(), start, "the start stays as it was saved");
    assert_eq!(Record::from_json(&record.to_json()), Ok(record.clone()));
}
