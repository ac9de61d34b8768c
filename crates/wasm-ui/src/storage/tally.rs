//! The tally of the game in progress under `2048.tally`: when its first and last moves were
//! played, the time played, the help used, whether it is kept already, and its record, so that
//! the game's entry in the history is whole across a reload. Written when the page is hidden
//! or left, when a game starts and when one is kept, not at every move: the record grows with
//! the game, and a write of it per move is main-thread time a phone cannot spare.
//!
//! ```json
//! {"version":1,"started":1764589000000,"last_move":1764589090000,"played_ms":90000,
//!  "hint":false,"autoplay":true,"coach":false,"kept":false,"record":{…}}
//! ```
//! `record` is `game_core::Record`'s document; the tally is used only if the record ends on
//! the saved game (another tab may have moved on).

use game_core::Record;
use serde::{Deserialize, Serialize};

use crate::core::TallySave;
use crate::core::history::Tally;

/// The version written, and the only one read so far.
pub const TALLY_VERSION: u64 = 1;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Doc {
    version: u64,
    started: Option<u64>,
    last_move: Option<u64>,
    played_ms: u64,
    hint: bool,
    autoplay: bool,
    coach: bool,
    kept: bool,
    record: Record,
}

pub fn encode(saved: &TallySave) -> String {
    let t = saved.tally;
    let doc = Doc {
        version: TALLY_VERSION,
        started: t.started,
        last_move: t.last_move,
        played_ms: t.played_ms,
        hint: t.hint,
        autoplay: t.autoplay,
        coach: t.coach,
        kept: t.kept,
        record: saved.record.clone(),
    };
    serde_json::to_string(&doc).unwrap_or_default()
}

/// What a document describes, or why it is not a tally.
pub fn decode(text: &str) -> Result<TallySave, String> {
    if text.len() > game_core::record::MAX_RECORD_LEN + 1024 {
        return Err(format!("{} bytes", text.len()));
    }
    let version = serde_json::from_str::<serde_json::Value>(text)
        .map_err(|e| format!("not JSON: {e}"))?
        .get("version")
        .and_then(serde_json::Value::as_u64);
    if version != Some(TALLY_VERSION) {
        return Err(format!("version {version:?}; this page reads version {TALLY_VERSION}"));
    }
    let doc: Doc = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if doc.started.is_some() != doc.last_move.is_some() || doc.started > doc.last_move {
        return Err("the first move is not before the last".into());
    }
    let tally = Tally {
        started: doc.started,
        last_move: doc.last_move,
        played_ms: doc.played_ms,
        hint: doc.hint,
        autoplay: doc.autoplay,
        coach: doc.coach,
        kept: doc.kept,
    };
    Ok(TallySave { tally, record: doc.record })
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
        let saved = TallySave { tally, record };
        let text = encode(&saved);
        assert_eq!(decode(&text).unwrap(), saved);
        for bad in [
            String::new(),
            "{}".into(),
            text.replace("\"version\":1", "\"version\":2"),
            text.replace("\"hint\":true", "\"hint\":1"),
            text.replace("\"kept\":false", "\"kept\":false,\"x\":1"),
            text.replace("\"started\":1000", "\"started\":9000"),
            text.replacen("\"steps\":[[", "\"steps\":[[\"sideways\",", 1),
        ] {
            assert!(decode(&bad).is_err(), "accepted {bad}");
        }
    }
}
