//! A kept game's document: it round-trips, its numbers are its record's, and anything else
//! (another version, a field too many or missing, a record that could not have been played,
//! numbers that disagree with the record, a huge text) is refused with its reason.

use game_core::{Direction, DocumentError, Game, Record};
use page_core::history::{Ending, Help, HistoryError, Kept, MAX_ENTRY_LEN, Tally};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::Value;

fn played(moves: usize) -> Record {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut record = Record::new(Game::new(&mut rng));
    let mut played = 0;
    for direction in Direction::ALL.into_iter().cycle() {
        if played == moves {
            break;
        }
        if record.play(direction, &mut rng).moved {
            played += 1;
        }
    }
    record
}

fn entry() -> Kept {
    let mut tally = Tally::default();
    tally.moved(1_000, false, false, false);
    tally.moved(2_000, false, false, true);
    let help = Help { coach: true, ..Help::default() };
    Kept::new(5_000, &tally, 5_000, help, Ending::NewGame, &played(40))
}

#[test]
fn an_entry_round_trips_with_the_score_as_a_plain_number() {
    let kept = entry();
    let text = kept.to_json();
    let back = Kept::from_json(&text).unwrap();
    assert_eq!(back, kept);
    assert_eq!(back.summary.bytes, text.len());
    let value: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["score"].as_u64(), Some(u64::from(kept.record.game().score())));
    assert_eq!(value["moves"], 40);
    assert_eq!(value["help"]["coach"], true);
    assert_eq!(value["ending"], "new-game");
    assert_eq!((kept.summary.started, kept.summary.played_ms), (1_000, 1_000));
}

#[test]
fn anything_else_is_refused_with_its_reason() {
    let good: Value = serde_json::from_str(&entry().to_json()).unwrap();
    let with = |f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        v.to_string()
    };
    let score = good["score"].as_u64().unwrap();
    let cases: Vec<(String, HistoryError)> = vec![
        ("[]".into(), HistoryError::Document(DocumentError::NotAnObject)),
        ("{".into(), HistoryError::Document(DocumentError::NotJson(String::new()))),
        (
            with(&|v| v["version"] = 2.into()),
            HistoryError::Document(DocumentError::UnknownVersion { found: Some(2), read: &[1] }),
        ),
        (
            with(&|v| v["extra"] = 1.into()),
            HistoryError::Document(DocumentError::UnknownField("extra".into())),
        ),
        (
            with(&|v| v["help"]["magic"] = true.into()),
            HistoryError::Document(DocumentError::UnknownField("magic".into())),
        ),
        (
            with(&|v| drop(v.as_object_mut().unwrap().remove("record"))),
            HistoryError::Document(DocumentError::MissingField("record")),
        ),
        (with(&|v| v["score"] = (score + 4).into()), HistoryError::Mismatch("score")),
        (with(&|v| v["score"] = "lots".into()), HistoryError::Document(DocumentError::BadField("score"))),
        (with(&|v| v["best_tile"] = 2.into()), HistoryError::Mismatch("best_tile")),
        (with(&|v| v["moves"] = 41.into()), HistoryError::Mismatch("moves")),
        (with(&|v| v["started"] = 9_000.into()), HistoryError::Document(DocumentError::BadField("started"))),
        (with(&|v| v["ending"] = "won".into()), HistoryError::Document(DocumentError::BadField("ending"))),
        (with(&|v| v["help"]["hint"] = 1.into()), HistoryError::Document(DocumentError::BadField("hint"))),
    ];
    for (text, expected) in cases {
        let error = Kept::from_json(&text).unwrap_err();
        match expected {
            HistoryError::Document(DocumentError::NotJson(_)) => {
                assert!(matches!(error, HistoryError::Document(DocumentError::NotJson(_))), "{error:?}")
            }
            expected => assert_eq!(error, expected, "{text}"),
        }
    }
    // A record whose step could not have been played.
    let bad_step = with(&|v| v["record"]["steps"][3][0] = "sideways".into());
    assert!(matches!(Kept::from_json(&bad_step), Err(HistoryError::Record(_))));
    let mut moved = good.clone();
    let steps = moved["record"]["steps"].as_array_mut().unwrap();
    steps.swap(0, 1);
    assert!(matches!(Kept::from_json(&moved.to_string()), Err(HistoryError::Record(_))));
}

#[test]
fn a_huge_text_is_refused_before_it_is_read() {
    let huge = format!("{{\"version\":1,\"pad\":\"{}\"}}", "x".repeat(MAX_ENTRY_LEN));
    assert!(matches!(Kept::from_json(&huge), Err(HistoryError::Document(DocumentError::TooLong { .. }))));
}

/// JavaScript's `Number.MAX_SAFE_INTEGER`: the largest id IndexedDB keeps as itself (a key is a
/// JS number; a larger one rounds to a neighbour's).
const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;
/// The last millisecond a JS `Date` holds (100,000,000 days after 1970): past it, "Invalid Date".
const MAX_DATE_MS: u64 = 8_640_000_000_000_000;

#[test]
fn ids_past_exact_js_numbers_and_times_past_dates_are_refused() {
    let good: Value = serde_json::from_str(&entry().to_json()).unwrap();
    let with = |f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        v.to_string()
    };
    let at_the_edge = with(&|v| {
        v["id"] = MAX_SAFE_INTEGER.into();
        v["ended"] = MAX_DATE_MS.into();
    });
    let kept = Kept::from_json(&at_the_edge).expect("the largest exact id and the last date are read");
    assert_eq!((kept.summary.id, kept.summary.ended), (MAX_SAFE_INTEGER, MAX_DATE_MS));
    let cases = [
        (
            with(&|v| v["id"] = (MAX_SAFE_INTEGER + 1).into()),
            HistoryError::Document(DocumentError::BadField("id")),
        ),
        (with(&|v| v["id"] = u64::MAX.into()), HistoryError::Document(DocumentError::BadField("id"))),
        (
            with(&|v| v["ended"] = (MAX_DATE_MS + 1).into()),
            HistoryError::Document(DocumentError::BadField("ended")),
        ),
        (
            with(&|v| {
                v["started"] = (MAX_DATE_MS + 1).into();
                v["ended"] = (MAX_DATE_MS + 1).into();
            }),
            HistoryError::Document(DocumentError::BadField("started")),
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(Kept::from_json(&text).err(), Some(expected), "{text:.120}");
    }
}
