//! The coach's document under `2048.coach`: whether it is on, the game's agreement counts, its
//! mistakes (each with the coach's word for it), whether Undo was used, and (while coaching) the
//! game's record, as versioned JSON, every field checked on the way in.
//!
//! ```json
//! {"version":2,"on":true,"moves":9,"agreed":7,
//!  "mistakes":[{"board":[[2,4,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,2]],"played":"up","best":"left",
//!    "word":"worse"}],
//!  "practised":false,"entered":false,"record":null}
//! ```
//! `word` is `worse` or `much-worse`. Version 1 (before 2026-12-05) listed only much worse
//! moves and stored no word: its mistakes read as much worse. `record` is
//! `game_core::Record`'s document, or `null` while the coach is off. The document's shape is
//! read by `game_core::document`.

use std::error::Error;

use game_core::document::Format;
use game_core::{Board, Direction, Record};
use results_schema::move_quality::Word;
use serde::{Deserialize, Serialize};

use crate::{Coach, CoachSave, Mistake, Quality};

/// The version written: version 1's mistakes had no word (all were much worse).
pub const COACH_VERSION: u64 = 2;
/// More mistakes than a long game could make is not a coach's record.
const MAX_MISTAKES: usize = 5_000;

/// The longest mistake written (six-digit tiles, `"much-worse"`) is 184 characters.
const MAX_MISTAKE_LEN: usize = 200;

const FORMAT: Format = Format {
    fields: &["version", "on", "moves", "agreed", "mistakes", "practised", "entered", "record"],
    versions: &[1, COACH_VERSION],
    max_len: Some(game_core::record::MAX_RECORD_LEN + MAX_MISTAKES * MAX_MISTAKE_LEN),
};

/// The document as written.
#[derive(Serialize)]
struct Doc {
    version: u64,
    on: bool,
    moves: u32,
    agreed: u32,
    mistakes: Vec<MistakeDoc>,
    practised: bool,
    entered: bool,
    record: Option<Record>,
}

/// A mistake as written, and read by its derive (see `read`).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MistakeDoc {
    board: [[u32; 4]; 4],
    played: Direction,
    best: Direction,
    word: Word,
}

/// A mistake of version 1: much worse, with no word stored.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MistakeDocV1 {
    board: [[u32; 4]; 4],
    played: Direction,
    best: Direction,
}

impl From<MistakeDocV1> for MistakeDoc {
    fn from(old: MistakeDocV1) -> MistakeDoc {
        MistakeDoc { board: old.board, played: old.played, best: old.best, word: Word::MuchWorse }
    }
}

/// The document for `saved`.
pub fn encode(saved: &CoachSave) -> String {
    let coach = &saved.coach;
    let mistakes = coach
        .mistakes
        .iter()
        // A mistake is worse or much worse, always a word; any other would not be read back.
        .filter_map(|m| {
            let word = m.quality.word()?;
            Some(MistakeDoc { board: m.board.rows(), played: m.played, best: m.best, word })
        })
        .collect();
    let doc = Doc {
        version: COACH_VERSION,
        on: coach.on,
        moves: coach.moves,
        agreed: coach.agreed,
        mistakes,
        practised: saved.practised,
        entered: saved.entered,
        record: saved.record.clone(),
    };
    // Integers, booleans and tile arrays always serialize.
    serde_json::to_string(&doc).unwrap_or_default()
}

/// What a document describes, or why it is not the coach's.
pub fn decode(text: &str) -> Result<CoachSave, String> {
    read(text).map_err(|e| e.to_string())
}

fn read(text: &str) -> Result<CoachSave, Box<dyn Error>> {
    let value = FORMAT.parse(text)?;
    let fields = FORMAT.read(&value)?;
    let version: u64 = fields.get("version")?;
    let on = fields.get("on")?;
    let moves: u32 = fields.get("moves")?;
    let agreed: u32 = fields.get("agreed")?;
    // Each mistake as its derive has always read it (an object, or a list in field order);
    // version 1's, which had no word, as much worse.
    let mistakes: Vec<MistakeDoc> = if version == 1 {
        fields.deserialize::<Vec<MistakeDocV1>>("mistakes")?.into_iter().map(MistakeDoc::from).collect()
    } else {
        fields.deserialize("mistakes")?
    };
    let practised = fields.get("practised")?;
    let entered = fields.get("entered")?;
    // Absent or `null` while the coach is off.
    let record = fields.optional("record")?.map(Record::from_value).transpose()?;
    if agreed > moves {
        return Err(format!("{agreed} moves agreed of {moves}").into());
    }
    if mistakes.len() > MAX_MISTAKES || mistakes.len() > moves as usize {
        return Err(format!("{} mistakes in {moves} moves", mistakes.len()).into());
    }
    let mistakes = mistakes.into_iter().map(mistake).collect::<Result<Vec<_>, _>>()?;
    let coach = Coach::restored(on, moves, agreed, mistakes);
    Ok(CoachSave { coach, record, practised, entered })
}

fn mistake(doc: MistakeDoc) -> Result<Mistake, String> {
    let board = Board::from_rows(doc.board).map_err(|e| e.to_string())?;
    let counts = |d: Direction| board.slide(d).moved;
    let quality = Quality::from_word(doc.word);
    if doc.played == doc.best || !counts(doc.played) || !counts(doc.best) || !quality.is_mistake() {
        return Err(format!("a mistake of {} for {} that is not one", doc.played.name(), doc.best.name()));
    }
    Ok(Mistake { board, played: doc.played, best: doc.best, quality })
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = r#"{"version":2,"on":true,"moves":9,"agreed":7,"mistakes":[{"board":[[2,4,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,2]],"played":"up","best":"left","word":"much-worse"},{"board":[[2,0,0,0],[4,2,0,0],[8,4,2,0],[16,8,4,2]],"played":"right","best":"up","word":"worse"}],"practised":true,"entered":false,"record":null}"#;

    /// A record as the version before 2026-12-05 wrote it: only much worse moves, no word.
    const VERSION_1: &str = r#"{"version":1,"on":true,"moves":9,"agreed":7,"mistakes":[{"board":[[2,4,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,2]],"played":"up","best":"left"}],"practised":true,"entered":false,"record":null}"#;

    #[test]
    fn a_coach_round_trips_with_each_mistakes_word() {
        let saved = decode(DOC).unwrap();
        let coach = &saved.coach;
        assert!(coach.on && saved.practised && saved.record.is_none());
        assert_eq!((coach.moves, coach.agreed, coach.mistakes.len()), (9, 7, 2));
        let words: Vec<Quality> = coach.mistakes.iter().map(|m| m.quality).collect();
        assert_eq!(words, [Quality::MuchWorse, Quality::Worse]);
        assert_eq!(encode(&saved), DOC);
    }

    #[test]
    fn a_version_1_record_loads_its_mistakes_as_much_worse_and_is_written_as_version_2() {
        let saved = decode(VERSION_1).unwrap();
        let coach = &saved.coach;
        assert_eq!((coach.moves, coach.agreed, coach.mistakes.len()), (9, 7, 1));
        let mistake = coach.mistakes[0];
        assert_eq!(
            (mistake.played, mistake.best, mistake.quality),
            (Direction::Up, Direction::Left, Quality::MuchWorse)
        );
        assert_eq!(mistake.board.rows(), [[2, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]]);
        let written = encode(&saved);
        assert_eq!(
            written,
            VERSION_1
                .replace("\"version\":1", "\"version\":2")
                .replace("\"left\"}", "\"left\",\"word\":\"much-worse\"}")
        );
        assert_eq!(decode(&written).unwrap(), saved);
    }

    #[test]
    fn the_record_comes_back_and_a_corrupt_one_refuses_the_document() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(4);
        let mut record = Record::new(game_core::Game::new(&mut rng));
        for direction in Direction::ALL.into_iter().cycle().take(40) {
            record.play(direction, &mut rng);
        }
        record.undo();
        let saved = CoachSave {
            coach: Coach::default(),
            record: Some(record.clone()),
            practised: true,
            entered: false,
        };
        let text = encode(&saved);
        assert_eq!(decode(&text).unwrap().record, Some(record));
        let broken = text.replacen("\"steps\":[[", "\"steps\":[[\"sideways\",", 1);
        assert!(decode(&broken).is_err());
    }

    #[test]
    fn anything_else_is_refused_with_a_reason() {
        let bad = [
            "",
            "[]",
            "{}",
            r#"{"version":3,"on":true,"moves":0,"agreed":0,"mistakes":[],"practised":false,"entered":false,"record":null}"#,
            r#"{"version":1,"on":true,"moves":0,"agreed":0,"practised":false,"entered":false,"record":null}"#,
            r#"{"version":1,"on":"yes","moves":0,"agreed":0,"mistakes":[],"practised":false,"entered":false,"record":null}"#,
            r#"{"version":1,"on":true,"moves":1,"agreed":2,"mistakes":[],"practised":false,"entered":false,"record":null}"#,
            r#"{"version":1,"on":true,"moves":-1,"agreed":0,"mistakes":[],"practised":false,"entered":false,"record":null}"#,
            r#"{"version":1,"on":true,"moves":0,"agreed":0,"mistakes":[],"practised":false,"entered":false,"record":null,"x":1}"#,
            r#"{"version":1,"on":true,"moves":0,"agreed":0,"mistakes":[],"practised":false,"entered":false,"record":{}}"#,
            &DOC.replace("\"moves\":9", "\"moves\":0").replace("\"agreed\":7", "\"agreed\":0"),
            &DOC.replace("[2,4,0,0]", "[3,4,0,0]"),
            &DOC.replace("\"played\":\"up\"", "\"played\":\"left\""),
            &DOC.replace("\"played\":\"up\"", "\"played\":\"sideways\""),
            // Only worse and much worse moves are mistakes; version 2 says which, version 1 never.
            &DOC.replace("\"word\":\"worse\"", "\"word\":\"about-as-good\""),
            &DOC.replace("\"word\":\"worse\"", "\"word\":\"lower\""),
            &DOC.replace(",\"word\":\"worse\"", ""),
            &VERSION_1.replace("\"left\"}", "\"left\",\"word\":\"worse\"}"),
            // Right changes nothing on that board: not a move that was played.
            &DOC.replace("\"played\":\"up\"", "\"played\":\"right\"").replace("[2,4,0,0]", "[0,0,2,4]"),
        ];
        for text in bad {
            assert!(decode(text).is_err(), "accepted {text}");
        }
    }
}
