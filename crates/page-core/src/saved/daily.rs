//! The days' results under `2048.daily` ([`Days`]), as versioned JSON, every field checked on
//! the way in:
//!
//! ```json
//! {"version":1,"days":[
//!   {"date":"2026-12-05","score":3120,"tile":256,"moves":231,"counted":true,"finished":true,
//!    "agreed":[180,231],"solver":{"score":71548,"tile":4096,"moves":3340}}]}
//! ```
//! `date` is the UTC day (`YYYY-MM-DD`), oldest first, one entry a day; `agreed` is `[moves the
//! solver's choice, moves judged]` or `null` (the coach did not judge every move); `solver` is
//! `null` until the worker has played the day's game. The document's shape is read by
//! `game_core::document`; a document that is not this one is set aside by the shell (see
//! `storage`), never written over.

use std::error::Error;

use game_core::document::Format;
use serde::{Deserialize, Serialize};

use crate::daily::Day;
use crate::days::{DayResult, Days, MAX_DAYS, Outcome};

/// The version written, and the only one read.
pub const DAILY_VERSION: u64 = 1;

/// The longest day written (ten-digit numbers everywhere) is under 250 characters.
const MAX_DAY_LEN: usize = 250;

const FORMAT: Format = Format {
    fields: &["version", "days"],
    versions: &[DAILY_VERSION],
    max_len: Some(64 + MAX_DAYS * MAX_DAY_LEN),
};

/// The largest tile a 4x4 game can make is 2^17.
const MAX_TILE: u32 = 1 << 17;

#[derive(Serialize)]
struct Doc<'a> {
    version: u64,
    days: &'a [DayDoc],
}

/// A day as written, and read by its derive.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DayDoc {
    date: String,
    score: u32,
    tile: u32,
    moves: u32,
    counted: bool,
    finished: bool,
    agreed: Option<(u32, u32)>,
    solver: Option<OutcomeDoc>,
}

#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct OutcomeDoc {
    score: u32,
    tile: u32,
    moves: u32,
}

impl From<Outcome> for OutcomeDoc {
    fn from(o: Outcome) -> OutcomeDoc {
        OutcomeDoc { score: o.score, tile: o.tile, moves: o.moves }
    }
}

pub fn encode(days: &Days) -> String {
    let days: Vec<DayDoc> = days
        .all()
        .iter()
        .map(|d| DayDoc {
            date: d.day.to_string(),
            score: d.player.score,
            tile: d.player.tile,
            moves: d.player.moves,
            counted: d.counted,
            finished: d.finished,
            agreed: d.agreed,
            solver: d.solver.map(OutcomeDoc::from),
        })
        .collect();
    serde_json::to_string(&Doc { version: DAILY_VERSION, days: &days }).unwrap_or_default()
}

/// The days a document holds, or why it is not the days' results. The reason names fields and
/// the entry's place, never repeats what the document holds.
pub fn decode(text: &str) -> Result<Days, String> {
    read(text).map_err(|e| e.to_string())
}

fn read(text: &str) -> Result<Days, Box<dyn Error>> {
    let value = FORMAT.parse(text)?;
    let fields = FORMAT.read(&value)?;
    let docs: Vec<DayDoc> = fields.deserialize("days")?;
    if docs.len() > MAX_DAYS {
        return Err(format!("{} days; at most {MAX_DAYS} are kept", docs.len()).into());
    }
    let mut days: Vec<DayResult> = Vec::with_capacity(docs.len());
    for (index, doc) in docs.into_iter().enumerate() {
        let day = Day::parse(&doc.date).ok_or_else(|| format!("day {index}: `date` is not a date"))?;
        if days.last().is_some_and(|last| last.day >= day) {
            return Err(format!("day {index}: not after the day before it").into());
        }
        let player = outcome(OutcomeDoc { score: doc.score, tile: doc.tile, moves: doc.moves })
            .ok_or_else(|| format!("day {index}: `tile` is not a tile"))?;
        let solver = match doc.solver {
            Some(o) => {
                Some(outcome(o).ok_or_else(|| format!("day {index}: the solver's `tile` is not a tile"))?)
            }
            None => None,
        };
        if doc.agreed.is_some_and(|(agreed, judged)| agreed > judged || judged > doc.moves) {
            return Err(format!("day {index}: `agreed` counts more moves than were played").into());
        }
        days.push(DayResult {
            day,
            player,
            counted: doc.counted,
            finished: doc.finished,
            agreed: doc.agreed,
            solver,
        });
    }
    Ok(Days::from_checked(days))
}

/// `doc` if its tile is none (0) or one a game can hold.
fn outcome(doc: OutcomeDoc) -> Option<Outcome> {
    let tile_ok = doc.tile == 0 || (doc.tile.is_power_of_two() && (2..=MAX_TILE).contains(&doc.tile));
    tile_ok.then_some(Outcome { score: doc.score, tile: doc.tile, moves: doc.moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Days {
        let mut days = Days::default();
        let first = Day::parse("2026-12-04").unwrap();
        let second = Day::parse("2026-12-05").unwrap();
        days.start(second);
        days.start(first);
        days.update(first, Outcome { score: 3120, tile: 256, moves: 231 }, true, true, Some((180, 231)));
        days.solved(first, Outcome { score: 71548, tile: 4096, moves: 3340 });
        days.update(second, Outcome { score: 16, tile: 8, moves: 5 }, false, false, None);
        days
    }

    #[test]
    fn the_days_round_trip_oldest_first() {
        let days = sample();
        let text = encode(&days);
        assert!(text.starts_with(r#"{"version":1,"days":[{"date":"2026-12-04","score":3120,"#), "{text}");
        assert_eq!(decode(&text).unwrap(), days);
        assert_eq!(decode(r#"{"version":1,"days":[]}"#).unwrap(), Days::default());
    }

    #[test]
    fn anything_else_is_refused_without_repeating_it() {
        let text = encode(&sample());
        for bad in [
            String::new(),
            "[]".into(),
            text.replace("\"version\":1", "\"version\":2"),
            text.replace("2026-12-04", "2026-12-05"),
            text.replace("2026-12-04", "2026-02-30"),
            text.replace("2026-12-04", "26-12-04xx"),
            text.replace("\"tile\":256", "\"tile\":300"),
            text.replace("\"tile\":4096", "\"tile\":262144"),
            text.replace("[180,231]", "[232,231]"),
            text.replace("\"score\":3120", "\"score\":-1"),
            text.replace("\"counted\":true", "\"counted\":\"yes\""),
            text.replacen("\"finished\":true", "\"finished\":true,\"<script>alert(1)</script>\":1", 1),
            format!("{{\"version\":1,\"days\":[{}]}}", vec![r#"{"date":"x"}"#; MAX_DAYS + 1].join(",")),
        ] {
            let error = decode(&bad).expect_err(&bad);
            assert!(!error.contains("<script>"), "{error}");
        }
    }
}
