//! The documents the page keeps in the browser between visits, as text in and out: what is
//! wrong with one that cannot be read ([`Problem`]), what a visit finds ([`Loaded`]), and the
//! codecs of each (the best score, the speed, the coach's document, the tally of the game in
//! progress). Pure: the browser's storage itself is `wasm-ui`'s `storage`.

use game_core::{Game, LoadError};

pub mod card;
pub mod coach;
pub mod daily;
pub mod review;
pub mod tally;

/// Something the player should be told about their saved data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Storage cannot be read at all: nothing will be saved.
    Unavailable,
    /// A write failed: progress is not being saved.
    SaveFailed,
    /// `2048.game` held something that is not a game; a new game started instead.
    CorruptGame(LoadError),
    /// `2048.best` held something that is not a score; it was reset.
    CorruptBest,
    /// `2048.coach` held something that is not the coach's record; it starts again.
    CorruptCoach(String),
    /// `2048.daily` held something that is not the days' results: set aside (under
    /// `2048.daily.set-aside`), and the days start again.
    CorruptDaily(String),
}

/// What an earlier visit left.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    /// The game to resume, if a valid one was saved.
    pub game: Option<Game>,
    /// The best score as saved (0 when none is, or it cannot be read). Whether the resumed
    /// game's score counts towards it is the page's to decide (not when Undo was used in it, or
    /// it started from an entered board).
    pub best: u32,
    pub problems: Vec<Problem>,
}

/// A best score as saved: a JSON number that is a whole score (0 to 4294967295).
pub fn decode_best(text: &str) -> Option<u32> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    value.as_u64().and_then(|n| u32::try_from(n).ok())
}

/// A speed as saved: a JSON number from 0 to `max`.
pub fn decode_speed(text: &str, max: u8) -> Option<u8> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    value.as_u64().and_then(|n| u8::try_from(n).ok()).filter(|&n| n <= max)
}
