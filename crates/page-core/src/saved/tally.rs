//! The tally of the game in progress under `2048.tally`: when its first and last moves were
//! played, the time played, the help used, whether it is kept already, whether Undo was used
//! in it or it started from an entered board, and its record, so that the game's entry in the
//! history is whole across a reload, a crash, and a move to another tab. Written with the game
//! every time the game is written, just before it.
//!
//! ```json
//! {"version":2,"started":1764589000000,"last_move":1764589090000,"played_ms":90000,
//!  "hint":false,"autoplay":true,"coach":false,"kept":false,"practised":false,"entered":false,
//!  "record":{…}}
//! ```
//! `record` is `game_core::Record`'s document; the tally is used only if the record ends on
//! the saved game (another tab may have moved on). Version 1 had no `practised` and `entered`
//! (the coach's document said them, and still does): it reads as neither. Version 3 adds
//! `daily`, the try at a day's game the game is (`{"date":"2026-12-05","counts":true}`, see
//! `page_core::daily`); a game that is no day's is still written as version 2, which a page of
//! an earlier version (another tab, before it updates) reads. The document's shape is read by
//! `game_core::document`.

use std::error::Error;

use game_core::Record;
use game_core::document::Format;
use serde::{Deserialize, Serialize};

use crate::TallySave;
use crate::daily::{DailyTry, Day};
use crate::history::Tally;

/// The version written for a game of the day (version 2 for any other).
pub const TALLY_VERSION: u64 = 3;
/// The versions read.
const READ_VERSIONS: [u64; 3] = [1, 2, TALLY_VERSION];

const FORMAT: Format = Format {
    // Both versions' fields: which of the flags each version holds is checked below.
    fields: &[
        "version",
        "started",
        "last_move",
        "played_ms",
        "hint",
        "autoplay",
        "coach",
        "kept",
        "practised",
        "entered",
        "record",
        "daily",
    ],
    versions: &READ_VERSIONS,
    max_len: Some(game_core::record::MAX_RECORD_LEN + 1024),
};

/// The document as written.
#[derive(Serialize)]
struct Doc {
    version: u64,
    started: Option<u64>,
    last_move: Option<u64>,
    played_ms: u64,
    hint: bool,
    autoplay: bool,
    coach: bool,
    kept: bool,
    practised: Option<bool>,
    entered: Option<bool>,
    record: Record,
    #[serde(skip_serializing_if = "Option::is_none")]
    daily: Option<DailyDoc>,
}

/// The try at a day's game, as written and read.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DailyDoc {
    date: String,
    counts: bool,
}

pub fn encode(saved: &TallySave) -> String {
    let t = saved.tally;
    let doc = Doc {
        version: if saved.daily.is_some() { TALLY_VERSION } else { 2 },
        started: t.started,
        last_move: t.last_move,
        played_ms: t.played_ms,
        hint: t.hint,
        autoplay: t.autoplay,
        coach: t.coach,
        kept: t.kept,
        practised: Some(saved.practised),
        entered: Some(saved.entered),
        record: saved.record.clone(),
        daily: saved.daily.map(|d| DailyDoc { date: d.day.to_string(), counts: d.counts }),
    };
    serde_json::to_string(&doc).unwrap_or_default()
}

/// What a document describes, or why it is not a tally.
pub fn decode(text: &str) -> Result<TallySave, String> {
    read(text).map_err(|e| e.to_string())
}

fn read(text: &str) -> Result<TallySave, Box<dyn Error>> {
    let value = FORMAT.parse(text)?;
    let fields = FORMAT.read(&value)?;
    let version: u64 = fields.get("version")?;
    // Absent or `null` before the first move.
    let started: Option<u64> = fields.optional("started")?;
    let last_move: Option<u64> = fields.optional("last_move")?;
    let tally = Tally {
        started,
        last_move,
        played_ms: fields.get("played_ms")?,
        hint: fields.get("hint")?,
        autoplay: fields.get("autoplay")?,
        coach: fields.get("coach")?,
        kept: fields.get("kept")?,
    };
    // Absent (or `null`) in version 1.
    let flags: [Option<bool>; 2] = [fields.optional("practised")?, fields.optional("entered")?];
    let record = Record::from_value(fields.value("record")?)?;
    if version >= 2 && flags.contains(&None) || version == 1 && flags != [None, None] {
        return Err("practised and entered are written from version 2 on, and only then".into());
    }
    let daily = match fields.optional::<&serde_json::Value>("daily")? {
        None => None,
        Some(_) if version < TALLY_VERSION => return Err("`daily` is written from version 3 on".into()),
        Some(_) => {
            let doc: DailyDoc = fields.deserialize("daily")?;
            let day = Day::parse(&doc.date).ok_or("`daily` holds no date")?;
            Some(DailyTry { day, counts: doc.counts })
        }
    };
    if started.is_some() != last_move.is_some() || started > last_move {
        return Err("the first move is not before the last".into());
    }
    let [practised, entered] = flags.map(|flag| flag.unwrap_or(false));
    Ok(TallySave { tally, record, practised, entered, daily })
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{Direction, Game};
    use rand::SeedableRng;

    #[test]
    fn a_tally_round_trips_and_anything_else_is_refused() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
        let mut record = Record::new(Game::new(&mut rng));
        for direction in Direction::ALL.into_iter().cycle().take(30) {
            record.play(direction, &mut rng);
        }
        let mut tally = Tally::default();
        tally.moved(1_000, false, true, false);
        tally.moved(3_500, true, false, false);
        let saved = TallySave { tally, record, practised: true, entered: false, daily: None };
        let text = encode(&saved);
        assert_eq!(decode(&text).unwrap(), saved);
        // Version 1, written before the flags were: read as neither.
        let first = text
            .replace("\"version\":2", "\"version\":1")
            .replace("\"practised\":true,\"entered\":false,", "");
        let read = decode(&first).unwrap();
        assert_eq!((read.tally, read.practised, read.entered), (saved.tally, false, false));
        for bad in [
            String::new(),
            "{}".into(),
            text.replace("\"version\":2", "\"version\":4"),
            text.replace(
                "\"entered\":false,",
                "\"entered\":false,\"daily\":{\"date\":\"2026-12-05\",\"counts\":true},",
            ),
            text.replace("\"version\":2", "\"version\":1"),
            text.replace("\"entered\":false,", ""),
            text.replace("\"hint\":true", "\"hint\":1"),
            text.replace("\"kept\":false", "\"kept\":false,\"x\":1"),
            text.replace("\"started\":1000", "\"started\":9000"),
            text.replacen("\"steps\":[[", "\"steps\":[[\"sideways\",", 1),
        ] {
            assert!(decode(&bad).is_err(), "accepted {bad}");
        }
    }

    #[test]
    fn a_try_at_the_days_game_round_trips_as_version_3() {
        let day = Day::parse("2026-12-05").unwrap();
        let saved = TallySave {
            tally: Tally::default(),
            record: Record::new(day.first_game()),
            practised: false,
            entered: false,
            daily: Some(DailyTry { day, counts: false }),
        };
        let text = encode(&saved);
        assert!(text.starts_with("{\"version\":3,"), "{text}");
        assert!(text.contains("\"daily\":{\"date\":\"2026-12-05\",\"counts\":false}"), "{text}");
        assert_eq!(decode(&text).unwrap(), saved);
        for bad in [
            text.replace("2026-12-05", "2026-12-32"),
            text.replace("\"counts\":false", "\"counts\":false,\"x\":1"),
            text.replace("\"version\":3", "\"version\":2"),
        ] {
            assert!(decode(&bad).is_err(), "accepted {bad}");
        }
    }
}
