//! A practice card's document (`deck::Card`), one per card, kept under its board's key: read
//! through `game_core::document` and checked field by field (a board a game can hold, two
//! different moves both possible on it, a schedule that is one). A card that fails is set aside
//! by the shell, never dropped.
//!
//! ```json
//! {"version":1,"board":[[2,4,8,16],[0,0,0,0],[0,0,0,0],[0,0,0,2]],"played":"up","best":"left",
//!  "added":1764590000000,"due":1764590000000,"streak":0,"right":0,"wrong":0}
//! ```

use std::error::Error;

use game_core::document::Format;
use game_core::{Board, Direction};
use serde::Serialize;

use crate::deck::{Card, key_of};

/// The version written, and the only one read.
pub const CARD_VERSION: u64 = 1;

const FORMAT: Format = Format {
    fields: &["version", "board", "played", "best", "added", "due", "streak", "right", "wrong"],
    versions: &[CARD_VERSION],
    max_len: Some(1000),
};

/// The latest time a card may name: the year 2500, well past any clock's now, within what a
/// JavaScript number holds exactly.
const MAX_TIME: u64 = 16_725_225_600_000;

#[derive(Serialize)]
struct Doc {
    version: u64,
    board: [[u32; 4]; 4],
    played: Direction,
    best: Direction,
    added: u64,
    due: u64,
    streak: u8,
    right: u32,
    wrong: u32,
}

/// The document for `card`.
pub fn encode(card: &Card) -> String {
    let doc = Doc {
        version: CARD_VERSION,
        board: card.board.rows(),
        played: card.played,
        best: card.best,
        added: card.added,
        due: card.due,
        streak: card.streak,
        right: card.right,
        wrong: card.wrong,
    };
    // Numbers and names always serialize.
    serde_json::to_string(&doc).unwrap_or_default()
}

/// The card a document kept under `key` holds, or why it is not one.
pub fn decode(key: &str, text: &str) -> Result<Card, String> {
    read(key, text).map_err(|e| e.to_string())
}

fn read(key: &str, text: &str) -> Result<Card, Box<dyn Error>> {
    let value = FORMAT.parse(text)?;
    let fields = FORMAT.read(&value)?;
    let rows: [[u32; 4]; 4] = fields.deserialize("board")?;
    let board = Board::from_rows(rows)?;
    let played: Direction = fields.deserialize("played")?;
    let best: Direction = fields.deserialize("best")?;
    let (added, due): (u64, u64) = (fields.get("added")?, fields.get("due")?);
    let streak: u32 = fields.get("streak")?;
    let (right, wrong): (u32, u32) = (fields.get("right")?, fields.get("wrong")?);
    if key_of(board) != key {
        return Err("its board is not its key's".into());
    }
    if played == best || !board.slide(played).moved || !board.slide(best).moved {
        return Err("its moves are not two different moves possible on its board".into());
    }
    if added > MAX_TIME || due > MAX_TIME {
        return Err("a time past what any clock gives".into());
    }
    let streak = u8::try_from(streak).map_err(|_| "a streak past what is counted")?;
    Ok(Card { board, played, best, added, due, streak, right, wrong })
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = r#"{"version":1,"board":[[2,4,8,16],[0,0,0,0],[0,0,0,0],[0,0,0,2]],"played":"up","best":"left","added":1764590000000,"due":1764676400000,"streak":1,"right":1,"wrong":2}"#;

    fn key() -> String {
        key_of(Board::from_rows([[2, 4, 8, 16], [0; 4], [0; 4], [0, 0, 0, 2]]).unwrap())
    }

    #[test]
    fn a_card_round_trips() {
        let card = decode(&key(), DOC).unwrap();
        assert_eq!((card.played, card.best), (Direction::Up, Direction::Left));
        assert_eq!(
            (card.added, card.due, card.streak, card.right, card.wrong),
            (1764590000000, 1764676400000, 1, 1, 2)
        );
        assert_eq!(encode(&card), DOC);
    }

    #[test]
    fn what_is_not_a_card_is_refused_with_its_reason() {
        let bad = |from: &str, to: &str| decode(&key(), &DOC.replace(from, to)).unwrap_err();
        assert!(bad("\"version\":1", "\"version\":2").contains("version"));
        assert!(bad("[2,4,8,16]", "[2,4,8,17]").contains("17"));
        assert!(bad("\"played\":\"up\"", "\"played\":\"left\"").contains("two different moves"));
        // Right is not possible on that board: every tile is against the right wall or blocked.
        assert!(bad("\"best\":\"left\"", "\"best\":\"right\"").contains("possible"));
        assert!(bad("1764676400000", "99999999999999999").contains("time"));
        assert!(bad("\"streak\":1", "\"streak\":300").contains("streak"));
        assert!(bad("\"wrong\":2", "\"wrong\":2,\"extra\":1").contains("extra"));
        assert!(decode("0", DOC).unwrap_err().contains("key"));
        assert!(decode(&key(), "{").is_err());
    }
}
