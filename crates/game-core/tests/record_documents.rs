//! A record's document: its shape, its example, its limits, and every document refused.

mod common;

use common::{random_record, replayed, with, without};
use game_core::{Direction, DocumentError, MAX_STEPS, Record, RecordError, SpawnError, Status, random_spawn};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

const E: [u32; 4] = [0; 4];

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
        add(without(valid_doc(), field).to_string(), |e| {
            matches!(e, RecordError::Document(DocumentError::MissingField(_)))
        });
    }
    add(with(valid_doc(), "extra", json!(1)).to_string(), |e| {
        matches!(e, RecordError::Document(DocumentError::UnknownField(_)))
    });
    add(with(valid_doc(), "game", json!({})).to_string(), |e| {
        matches!(e, RecordError::Document(DocumentError::UnknownField(_)))
    });
    for version in [json!(0), json!(2), json!("1"), json!(1.5), json!(null)] {
        add(with(valid_doc(), "version", version).to_string(), |e| {
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
    add(with(valid_doc(), "start", json!(null)).to_string(), |e| matches!(e, RecordError::Start(_)));
    for steps in [json!(null), json!({}), json!("left"), json!(3)] {
        add(with(valid_doc(), "steps", steps).to_string(), |e| {
            matches!(e, RecordError::Document(DocumentError::BadField("steps")))
        });
    }
    let many = vec![json!(["left", 0, 2]); MAX_STEPS + 1];
    add(
        with(valid_doc(), "steps", json!(many)).to_string(),
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
        add(with(valid_doc(), "cursor", cursor).to_string(), |e| {
            matches!(e, RecordError::Document(DocumentError::BadField("cursor")))
        });
    }
    for flag in [json!(0), json!("false"), json!(null)] {
        add(with(valid_doc(), "keep_going", flag).to_string(), |e| {
            matches!(e, RecordError::Document(DocumentError::BadField("keep_going")))
        });
    }
    add(with(valid_doc(), "keep_going", json!(true)).to_string(), |e| {
        matches!(e, RecordError::KeepGoingWithoutWin)
    });
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
