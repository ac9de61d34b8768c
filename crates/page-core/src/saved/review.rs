//! A game review's document: kept beside its game so that a second visit shows it at once and
//! a review cut short goes on from its last verdict. Read through `game_core::document` and
//! checked field by field; whether it is the review of a given kept game (its id and its number
//! of moves) is for the page to check when it opens that game.
//!
//! ```json
//! {"version":1,"game":1764590000000,"strength":"strong","moves":3,
//!  "verdicts":[["best","left",2048,994],["worse","down",2048,990]]}
//! ```
//! A verdict is the word, the solver's move, and the chance of the next goal tile on the board
//! before the move (the tile, thousandths), `null` and `null` where the solver gave none.

use std::error::Error;

use game_core::Direction;
use game_core::document::Format;
use results_schema::move_quality::Word;
use serde::{Deserialize, Serialize};

use crate::game_review::{Chance, GameReview, Verdict};
use crate::history::MAX_ID;
use crate::quality::Quality;
use crate::request::Strength;

/// The version written, and the only one read.
pub const REVIEW_VERSION: u64 = 1;
/// The most moves a review is read for: more than any record this page keeps can hold
/// (`game_core::record::MAX_RECORD_LEN` at some 14 bytes a move).
pub const MAX_REVIEW_MOVES: usize = 400_000;
/// The longest verdict written (`["about-as-good","right",131072,1000]`) is 36 characters.
const MAX_VERDICT_LEN: usize = 40;
/// The largest goal tile a chance can be of: the largest tile a board can hold.
const MAX_GOAL: u32 = 1 << 17;
/// The smallest goal: 2048, the game's.
const MIN_GOAL: u32 = 2048;

const FORMAT: Format = Format {
    fields: &["version", "game", "strength", "moves", "verdicts"],
    versions: &[REVIEW_VERSION],
    max_len: Some(200 + MAX_REVIEW_MOVES * MAX_VERDICT_LEN),
};

/// A verdict as written: the word, the solver's move, the goal tile and the chance in
/// thousandths (both `null` or both there).
#[derive(Serialize, Deserialize)]
struct VerdictDoc(Word, Direction, Option<u32>, Option<u16>);

#[derive(Serialize)]
struct Doc<'a> {
    version: u64,
    game: u64,
    strength: Strength,
    moves: usize,
    verdicts: &'a [VerdictDoc],
}

/// The document for `review`.
pub fn encode(review: &GameReview) -> String {
    let verdicts: Vec<VerdictDoc> = review
        .verdicts()
        .iter()
        // A verdict's quality is always one of the four words (`GameReview::judge`).
        .filter_map(|v| {
            let chance = v.chance.map(|c| (c.tile, c.permille));
            Some(VerdictDoc(v.quality.word()?, v.best, chance.map(|c| c.0), chance.map(|c| c.1)))
        })
        .collect();
    let doc = Doc {
        version: REVIEW_VERSION,
        game: review.game,
        strength: review.strength,
        moves: review.moves,
        verdicts: &verdicts,
    };
    // Numbers, names and words always serialize.
    serde_json::to_string(&doc).unwrap_or_default()
}

/// The review a document holds, or why it is not one.
pub fn decode(text: &str) -> Result<GameReview, String> {
    read(text).map_err(|e| e.to_string())
}

fn read(text: &str) -> Result<GameReview, Box<dyn Error>> {
    let value = FORMAT.parse(text)?;
    let fields = FORMAT.read(&value)?;
    let game: u64 = fields.get("game")?;
    let strength =
        Strength::from_code(fields.get("strength")?).ok_or("a strength this page does not have")?;
    let moves: usize = fields.get("moves")?;
    let verdicts: Vec<VerdictDoc> = fields.deserialize("verdicts")?;
    if game > MAX_ID {
        return Err("a game id past what this page gives".into());
    }
    if moves > MAX_REVIEW_MOVES || verdicts.len() > moves {
        return Err(format!("{} verdicts for {moves} moves", verdicts.len()).into());
    }
    let verdicts = verdicts.into_iter().map(verdict).collect::<Result<Vec<_>, _>>()?;
    Ok(GameReview::restored(game, strength, moves, verdicts).ok_or("more verdicts than moves")?)
}

fn verdict(doc: VerdictDoc) -> Result<Verdict, String> {
    let VerdictDoc(word, best, tile, permille) = doc;
    let quality = Quality::from_word(word);
    if quality == Quality::NotPossible {
        return Err("a move played that was not possible".into());
    }
    let chance = match (tile, permille) {
        (None, None) => None,
        (Some(tile), Some(permille))
            if tile.is_power_of_two() && (MIN_GOAL..=MAX_GOAL).contains(&tile) && permille <= 1000 =>
        {
            Some(Chance { tile, permille })
        }
        _ => return Err("a chance that is not one".into()),
    };
    Ok(Verdict { quality, best, chance })
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = r#"{"version":1,"game":1764590000000,"strength":"strong","moves":3,"verdicts":[["best","left",2048,994],["much-worse","down",null,null]]}"#;

    #[test]
    fn a_review_round_trips_with_its_words_and_chances() {
        let review = decode(DOC).unwrap();
        assert_eq!(
            (review.game, review.strength, review.moves, review.judged()),
            (1764590000000, Strength::Strong, 3, 2)
        );
        let v = review.verdicts();
        assert_eq!(
            (v[0].quality, v[0].best, v[0].chance),
            (Quality::Best, Direction::Left, Some(Chance { tile: 2048, permille: 994 }))
        );
        assert_eq!((v[1].quality, v[1].best, v[1].chance), (Quality::MuchWorse, Direction::Down, None));
        assert!(!review.is_complete());
        assert_eq!(encode(&review), DOC);
    }

    #[test]
    fn a_document_that_is_not_a_review_is_refused_with_its_reason() {
        let with = |from: &str, to: &str| DOC.replacen(from, to, 1);
        let cases = [
            (with(r#""version":1"#, r#""version":2"#), "version 2"),
            (with(r#""moves":3"#, r#""moves":1"#), "2 verdicts for 1 moves"),
            (with(r#""strength":"strong""#, r#""strength":"god""#), "strength"),
            (with(r#""best","left""#, r#""not-possible","left""#), "not possible"),
            (with(r#""best","left""#, r#""great","left""#), "verdicts"),
            (with("2048,994", "2048,1001"), "chance"),
            (with("2048,994", "3000,994"), "chance"),
            (with("2048,994", "1024,994"), "chance"),
            (with("2048,994", "2048,null"), "chance"),
            (with(r#""game":1764590000000"#, r#""game":9007199254740992"#), "game id"),
            (with(r#","moves":3"#, r#","moves":3,"extra":1"#), "extra"),
            ("[]".to_string(), "object"),
        ];
        for (text, reason) in cases {
            let error = decode(&text).expect_err(&text);
            assert!(error.contains(reason), "{text}: {error}");
        }
    }

    #[test]
    fn a_huge_document_is_refused_before_it_is_read() {
        let huge = format!(r#"{{"version":1,"pad":"{}"}}"#, "x".repeat(FORMAT.max_len.unwrap()));
        assert!(decode(&huge).unwrap_err().contains("at most"));
    }
}
