//! A game's record: moves with given tiles, Undo and replay exactness, the record's document.

mod common;

use game_core::{
    Direction, DocumentError, Game, MAX_STEPS, MoveReport, Record, RecordError, Spawn, SpawnError, Status,
    random_spawn,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

const E: [u32; 4] = [0; 4];

fn random_direction(rng: &mut StdRng) -> Direction {
    Direction::ALL[rng.random_range(0..4)]
}

/// Replays the record's start and the steps before its cursor, by hand: what the record says
/// the current game is.
fn replayed(record: &Record) -> Game {
    let mut game = record.start();
    for step in &record.steps()[..record.cursor()] {
        if game.status() == Status::Won {
            game.continue_after_win();
        }
        let report = game.play_with_spawn(step.direction, step.spawn).expect("a recorded step replays");
        assert!(report.moved, "a recorded step counts");
    }
    if record.game().keeps_going() {
        game.continue_after_win();
    }
    game
}

fn spawn_of(report: &MoveReport) -> Option<(u8, u8, u32)> {
    report.spawned.map(|s| (s.at.row, s.at.col, s.value))
}

/// A record of a random game of up to `moves` moves, playing on after any win; the games after
/// each move that counted, the start first.
fn random_record(seed: u64, moves: usize) -> (Record, Vec<Game>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut record = Record::new(Game::new(&mut rng));
    let mut games = vec![record.game()];
    for _ in 0..moves {
        if record.game().status() == Status::Over {
            break;
        }
        let report = record.play(random_direction(&mut rng), &mut rng);
        if report.moved {
            games.push(record.game());
        }
        record.continue_after_win();
        *games.last_mut().unwrap() = record.game();
    }
    (record, games)
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

#[test]
fn the_document_has_the_documented_shape() {
    let start = common::game([[0, 2, 0, 0], E, [0, 0, 0, 2], E], 0);
    let mut record = Record::new(start);
    // Left: the 2s go to column 0; the new tile is the RNG's, so read it back from the steps.
    record.play(Direction::Left, &mut StdRng::seed_from_u64(0));
    record.play(Direction::Down, &mut StdRng::seed_from_u64(0));
    let steps = record.steps();
    let value: Value = serde_json::from_str(&record.to_json()).unwrap();
    let step =
        |i: usize| json!([steps[i].direction.name(), steps[i].spawn.cell, 1u32 << steps[i].spawn.exponent]);
    assert_eq!(
        value,
        json!({
            "version": 1,
            "start": {
                "version": 1, "board": [[0, 2, 0, 0], E, [0, 0, 0, 2], E],
                "score": 0, "won": false, "keep_going": false
            },
            "steps": [step(0), step(1)],
            "cursor": 2,
            "keep_going": false
        })
    );
    // And through serde, with the same validation.
    let back: Record = serde_json::from_value(value).unwrap();
    assert_eq!(back, record);
    assert!(serde_json::from_value::<Record>(json!({"version": 2})).is_err());
}

#[test]
fn the_example_of_the_module_documentation_loads() {
    let text = r#"{"version":1,
     "start":{"version":1,"board":[[0,2,0,0],[0,0,0,0],[0,0,0,2],[0,0,0,0]],"score":0,"won":false,"keep_going":false},
     "steps":[["left",3,2],["down",0,4]],
     "cursor":2,
     "keep_going":false}"#;
    let record = Record::from_json(text).unwrap();
    assert_eq!(record.game().board().rows(), [[4, 0, 0, 0], E, E, [4, 0, 0, 2]]);
    assert_eq!(record.game().score(), 4);
    let value: Value = serde_json::from_str(&record.to_json()).unwrap();
    assert_eq!(value, serde_json::from_str::<Value>(text).unwrap());
}

#[test]
fn long_records_stay_within_the_limits() {
    // Each step is written in at most 15 bytes, so a full record fits the text bound.
    let longest_step = json!(["right", 15, 4]).to_string().len() + ",".len();
    assert_eq!(longest_step, 15);
    let longest_start = 300;
    assert!(MAX_STEPS * longest_step + longest_start + 100 < game_core::record::MAX_RECORD_LEN);
}

/// A valid document to break: a start and three steps, the last one undone.
fn valid_doc() -> Value {
    json!({
        "version": 1,
        "start": {
            "version": 1, "board": [[2, 0, 0, 2], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
            "score": 0, "won": false, "keep_going": false
        },
        // Left: row 0 is [4 . . .], and a 2 appears at cell 15; Up: that 2 goes to cell 3, and a 4
        // appears at cell 12; Right (undone): row 0 is [. . 4 2], row 3 [. . . 4], and a 2 at cell 0.
        "steps": [["left", 15, 2], ["up", 12, 4], ["right", 0, 2]],
        "cursor": 2,
        "keep_going": false
    })
}

fn with(field: &str, value: Value) -> Value {
    let mut doc = valid_doc();
    doc[field] = value;
    doc
}

fn without(field: &str) -> Value {
    let mut doc = valid_doc();
    doc.as_object_mut().unwrap().remove(field);
    doc
}

fn with_step(index: usize, step: Value) -> Value {
    let mut doc = valid_doc();
    doc["steps"][index] = step;
    doc
}

#[test]
fn the_valid_document_loads_as_documented() {
    let record = Record::from_json(&valid_doc().to_string()).unwrap();
    assert_eq!(record.cursor(), 2);
    assert_eq!(record.steps().len(), 3);
    assert_eq!(record.game().board().rows(), [[4, 0, 0, 2], E, E, [4, 0, 0, 0]]);
    assert_eq!(record.game().score(), 4);
    let value: Value = serde_json::from_str(&record.to_json()).unwrap();
    assert_eq!(value, valid_doc());
}

type Case = (String, fn(&RecordError) -> bool);

fn malformed() -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    let mut add = |text: String, check: fn(&RecordError) -> bool| cases.push((text, check));
    add(" ".repeat(game_core::record::MAX_RECORD_LEN + 1), |e| {
        matches!(e, RecordError::Document(DocumentError::TooLong { .. }))
    });
    for text in ["", "{", "nul", "{\"version\":1,}", "[1,2", "🙂", "NaN"] {
        add(text.to_string(), |e| matches!(e, RecordError::Document(DocumentError::NotJson(_))));
    }
    // Nesting deep enough to overflow a recursive reader is refused by the JSON parser's limit.
    add("[".repeat(100_000), |e| matches!(e, RecordError::Document(DocumentError::NotJson(_))));
    for text in ["null", "1", "\"record\"", "[]", "true"] {
        add(text.to_string(), |e| matches!(e, RecordError::Document(DocumentError::NotAnObject)));
    }
    for field in ["version", "start", "steps", "cursor", "keep_going"] {
        add(without(field).to_string(), |e| {
            matches!(e, RecordError::Document(DocumentError::MissingField(_)))
        });
    }
    add(with("extra", json!(1)).to_string(), |e| {
        matches!(e, RecordError::Document(DocumentError::UnknownField(_)))
    });
    add(with("game", json!({})).to_string(), |e| {
        matches!(e, RecordError::Document(DocumentError::UnknownField(_)))
    });
    for version in [json!(0), json!(2), json!("1"), json!(1.5), json!(null)] {
        add(with("version", version).to_string(), |e| {
            matches!(e, RecordError::Document(DocumentError::UnknownVersion { .. }))
        });
    }
    let mut start = valid_doc();
    start["start"]["score"] = json!(-1);
    add(start.to_string(), |e| {
        matches!(e, RecordError::Start(game_core::LoadError::Document(DocumentError::BadField("score"))))
    });
    let mut start = valid_doc();
    start["start"]["board"] = json!([[2, 0, 0, 0], E, E, E]);
    add(start.to_string(), |e| matches!(e, RecordError::Start(game_core::LoadError::TooFewTiles(1))));
    let mut start = valid_doc();
    start["start"]["version"] = json!(7);
    add(start.to_string(), |e| {
        matches!(e, RecordError::Start(game_core::LoadError::Document(DocumentError::UnknownVersion { .. })))
    });
    add(with("start", json!(null)).to_string(), |e| matches!(e, RecordError::Start(_)));
    for steps in [json!(null), json!({}), json!("left"), json!(3)] {
        add(with("steps", steps).to_string(), |e| {
            matches!(e, RecordError::Document(DocumentError::BadField("steps")))
        });
    }
    let many = vec![json!(["left", 0, 2]); MAX_STEPS + 1];
    add(
        with("steps", json!(many)).to_string(),
        |e| matches!(e, RecordError::TooManySteps { count, .. } if *count == MAX_STEPS + 1),
    );
    for step in [
        json!(null),
        json!([]),
        json!(["left", 15]),
        json!(["left", 15, 2, 0]),
        json!({"direction": "left", "cell": 15, "value": 2}),
        json!("left,15,2"),
    ] {
        add(with_step(0, step).to_string(), |e| matches!(e, RecordError::StepShape { index: 0 }));
    }
    for direction in [json!("Left"), json!("west"), json!(""), json!(2), json!(null)] {
        add(with_step(1, json!([direction, 12, 4])).to_string(), |e| {
            matches!(e, RecordError::BadDirection { index: 1, .. })
        });
    }
    for cell in [json!(16), json!(-1), json!(1.5), json!("15"), json!(null), json!(u64::MAX)] {
        add(with_step(0, json!(["left", cell, 2])).to_string(), |e| {
            matches!(e, RecordError::BadCell { index: 0, .. })
        });
    }
    for tile in [json!(0), json!(1), json!(8), json!(2.0), json!("2"), json!(null), json!(-2)] {
        add(with_step(2, json!(["right", 0, tile])).to_string(), |e| {
            matches!(e, RecordError::BadTile { index: 2, .. })
        });
    }
    // Moves that do not change the board, before and after the cursor: Left, a 2 beside the 4
    // it made, then Left again.
    for cursor in [0, 1, 2] {
        let mut doc = valid_doc();
        doc["steps"] = json!([["left", 1, 2], ["left", 5, 2]]);
        doc["cursor"] = json!(cursor);
        add(doc.to_string(), |e| matches!(e, RecordError::MoveDoesNotCount { index: 1 }));
    }
    add(with_step(0, json!(["up", 15, 2])).to_string(), |e| {
        matches!(e, RecordError::MoveDoesNotCount { index: 0 })
    });
    add(with_step(0, json!(["down", 15, 2])).to_string(), |e| {
        matches!(e, RecordError::IllegalSpawn { index: 0, error: SpawnError::CellTaken(15) })
    });
    // New tiles on cells that hold a tile after the move.
    add(with_step(0, json!(["left", 0, 2])).to_string(), |e| {
        matches!(e, RecordError::IllegalSpawn { index: 0, error: SpawnError::CellTaken(0) })
    });
    add(with_step(1, json!(["up", 3, 4])).to_string(), |e| {
        matches!(e, RecordError::IllegalSpawn { index: 1, error: SpawnError::CellTaken(3) })
    });
    add(with_step(2, json!(["right", 15, 2])).to_string(), |e| {
        matches!(e, RecordError::IllegalSpawn { index: 2, error: SpawnError::CellTaken(15) })
    });
    for cursor in [json!(4), json!(-1), json!(1.5), json!("2"), json!(null), json!(true)] {
        add(with("cursor", cursor).to_string(), |e| {
            matches!(e, RecordError::Document(DocumentError::BadField("cursor")))
        });
    }
    for flag in [json!(0), json!("false"), json!(null)] {
        add(with("keep_going", flag).to_string(), |e| {
            matches!(e, RecordError::Document(DocumentError::BadField("keep_going")))
        });
    }
    add(with("keep_going", json!(true)).to_string(), |e| matches!(e, RecordError::KeepGoingWithoutWin));
    // A game that played on after its win cannot take the choice back: a step after the win
    // before the cursor, or a start that kept going.
    let mut played_on = kept_going_doc(2, true);
    played_on["keep_going"] = json!(false);
    add(played_on.to_string(), |e| matches!(e, RecordError::KeepGoingTakenBack));
    let mut started_on = kept_going_doc(0, false);
    started_on["start"]["board"][0] = json!([2048, 0, 0, 0]);
    started_on["start"]["score"] = json!(20_000);
    started_on["start"]["won"] = json!(true);
    started_on["start"]["keep_going"] = json!(true);
    started_on["steps"] = json!([]);
    add(started_on.to_string(), |e| matches!(e, RecordError::KeepGoingTakenBack));
    cases
}

#[test]
fn hostile_documents_are_refused_with_the_right_error() {
    let cases = malformed();
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    for (text, expected) in &cases {
        let shown: String = text.chars().take(300).collect();
        match Record::from_json(text) {
            Ok(record) => panic!("accepted {shown:?} as {record:?}"),
            Err(err) => {
                assert!(expected(&err), "{shown:?} gave the wrong error: {err:?}");
                assert!(!err.to_string().is_empty());
            }
        }
    }
}

/// A game that wins on its first step (Left) and plays on (Right), with `cursor` steps played.
fn kept_going_doc(cursor: usize, keep_going: bool) -> Value {
    json!({
        "version": 1,
        "start": {
            "version": 1, "board": [[1024, 1024, 0, 0], [2, 0, 0, 0], E, E],
            "score": 18_000, "won": false, "keep_going": false
        },
        "steps": [["left", 15, 2], ["right", 0, 2]],
        "cursor": cursor,
        "keep_going": keep_going
    })
}

#[test]
fn the_choice_to_play_on_loads_as_it_was_saved() {
    // Before the win; at the win, waiting for the choice (a redone win) or made; after it.
    for (cursor, keep_going, status) in [
        (0, false, Status::Playing),
        (1, false, Status::Won),
        (1, true, Status::Playing),
        (2, true, Status::Playing),
    ] {
        let doc = kept_going_doc(cursor, keep_going);
        let record = Record::from_json(&doc.to_string()).unwrap_or_else(|e| panic!("cursor {cursor}: {e}"));
        assert_eq!(record.game().status(), status, "cursor {cursor}");
        let value: Value = serde_json::from_str(&record.to_json()).unwrap();
        assert_eq!(value, doc);
    }
    let mut not_won = kept_going_doc(0, true);
    assert_eq!(Record::from_value(&not_won), Err(RecordError::KeepGoingWithoutWin));
    not_won["keep_going"] = json!(false);
    assert!(Record::from_value(&not_won).is_ok());
}

#[test]
fn every_prefix_and_cut_of_real_records_loads_or_is_refused_without_panicking() {
    // Truncated texts of real records: each is an error value or a record, never a panic.
    let (record, _) = random_record(11, 60);
    let text = record.to_json();
    for end in (0..text.len()).step_by(7) {
        let _ = Record::from_json(&text[..end]);
    }
    // Every tile of every step moved to each other cell: refused unless legal, never a panic.
    let value: Value = serde_json::from_str(&text).unwrap();
    let mut rng = StdRng::seed_from_u64(2);
    for index in 0..record.steps().len() {
        let mut doc = value.clone();
        doc["steps"][index][1] = json!(rng.random_range(0..16));
        if let Ok(loaded) = Record::from_value(&doc) {
            assert_eq!(replayed(&loaded), loaded.game());
        }
    }
    // The spawn helper agrees: a recorded tile always lands on a cell the move left empty.
    let mut game = record.start();
    for step in record.steps() {
        let slid = game.board().slide(step.direction).board;
        assert!(random_spawn(slid, &mut rng).is_some());
        assert_eq!(slid.exponent(step.spawn.cell), 0);
        game.continue_after_win();
        game.play_with_spawn(step.direction, step.spawn).unwrap();
    }
}
