//! A kept game replayed: every position it went through, from its start to its end, to step,
//! play and scrub through; and the replay file, exported and imported, validated on the way in.
//!
//! The file is a small versioned JSON document holding one kept game's entry (see
//! [`super::history`]):
//!
//! ```json
//! {"format":"2048-replay","version":1,"game":{"version":1,"id":…,"score":1234,…,"record":{…}}}
//! ```
//! A file longer than [`MAX_REPLAY_LEN`] is refused before it is parsed (the shell refuses it
//! by its size before even reading it); anything else that is not such a document, a game whose
//! moves cannot be played, or numbers that are not its record's, is refused with the reason, as
//! a [`ReplayError`]. An imported replay is only shown: the kept games and the game in progress
//! are never touched by it.

use game_core::{Direction, DocumentError, Game, RecordError};
use serde_json::{Value, json};

use super::analysis::Analysis;
use super::history::{HistoryError, Kept, MAX_ENTRY_LEN, excerpt};

/// What the file's `format` says.
pub const REPLAY_FORMAT: &str = "2048-replay";
/// The version of the file this page writes, and the only one it reads.
pub const REPLAY_VERSION: u64 = 1;
/// The longest file read: a kept game's longest entry, and the wrapping.
pub const MAX_REPLAY_LEN: usize = MAX_ENTRY_LEN + 256;
/// The pause between two moves while a replay plays, in milliseconds.
pub const REPLAY_STEP_MS: u32 = 400;

/// Why a file is not a replay, as the player is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// Longer than `limit` bytes: not read.
    TooLarge { length: usize, limit: usize },
    /// The browser could not read the file.
    Unreadable,
    /// Not JSON, or JSON that is not a replay.
    NotAReplay,
    /// A replay of another version: the one found if it is a whole number (the page never
    /// repeats anything else a file says).
    WrongVersion(Option<u64>),
    /// Move `index` (from 0) cannot be played where it is.
    BadMove { index: usize },
    /// A game that could not have been played (its start, its numbers), for the console.
    Impossible(String),
}

/// The replay file of `kept`.
pub fn export(kept: &Kept) -> String {
    json!({"format": REPLAY_FORMAT, "version": REPLAY_VERSION, "game": kept.to_value()}).to_string()
}

/// The kept game a replay file holds, or why it holds none.
pub fn import(text: &str) -> Result<Kept, ReplayError> {
    if text.len() > MAX_REPLAY_LEN {
        return Err(ReplayError::TooLarge { length: text.len(), limit: MAX_REPLAY_LEN });
    }
    let value: Value = serde_json::from_str(text).map_err(|_| ReplayError::NotAReplay)?;
    let object = value.as_object().ok_or(ReplayError::NotAReplay)?;
    if object.get("format").and_then(Value::as_str) != Some(REPLAY_FORMAT) {
        return Err(ReplayError::NotAReplay);
    }
    if let Some(unknown) = object.keys().find(|k| !["format", "version", "game"].contains(&k.as_str())) {
        return Err(ReplayError::Impossible(format!("an unknown field `{}`", excerpt(unknown))));
    }
    let version = object.get("version").ok_or(ReplayError::NotAReplay)?.as_u64();
    if version != Some(REPLAY_VERSION) {
        return Err(ReplayError::WrongVersion(version));
    }
    let game = object.get("game").ok_or(ReplayError::NotAReplay)?;
    let mut kept = Kept::from_value(game).map_err(|error| match error {
        HistoryError::Document(DocumentError::UnknownVersion { found, .. }) => {
            ReplayError::WrongVersion(found)
        }
        HistoryError::Record(
            RecordError::StepShape { index }
            | RecordError::BadDirection { index, .. }
            | RecordError::BadCell { index, .. }
            | RecordError::BadTile { index, .. }
            | RecordError::MoveDoesNotCount { index }
            | RecordError::IllegalSpawn { index, .. },
        ) => ReplayError::BadMove { index },
        other => ReplayError::Impossible(other.to_string()),
    })?;
    kept.summary.bytes = game.to_string().len();
    Ok(kept)
}

/// A kept game being replayed, and the position shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    pub kept: Kept,
    /// From a file, not from the kept games.
    pub imported: bool,
    /// Every position, the start first: `positions[i]` after `i` moves.
    positions: Vec<Game>,
    /// The move played from each position but the last.
    moves: Vec<Direction>,
    /// The position shown.
    at: usize,
    /// The solver's answer for the position shown, once asked for and come.
    pub analysis: Option<Analysis>,
    /// The solver was asked about the position shown.
    pub asked: bool,
}

impl Replay {
    /// The replay of `kept` at its start. Its record replays (checked when it was read).
    pub fn new(kept: Kept, imported: bool) -> Replay {
        let steps = &kept.record.steps()[..kept.record.cursor()];
        let mut game = kept.record.start();
        let mut positions = vec![game];
        let mut moves = Vec::with_capacity(steps.len());
        for step in steps {
            // A move played after the win shows the choice to play on was made.
            if game.status() == game_core::Status::Won {
                game.continue_after_win();
            }
            match game.play_with_spawn(step.direction, step.spawn) {
                Ok(report) if report.moved => {
                    positions.push(game);
                    moves.push(step.direction);
                }
                // Never, for a record that was read: it stops where it could not go on.
                _ => break,
            }
        }
        Replay { kept, imported, positions, moves, at: 0, analysis: None, asked: false }
    }

    /// The moves in the game.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// How many moves have been played in the position shown.
    pub fn at(&self) -> usize {
        self.at
    }

    /// The position shown.
    pub fn game(&self) -> Game {
        self.positions[self.at]
    }

    /// The move the game played from the position shown (none at its end).
    pub fn next_move(&self) -> Option<Direction> {
        self.move_from(self.at)
    }

    /// The position after `at` moves, if the game has it.
    pub fn position(&self, at: usize) -> Option<Game> {
        self.positions.get(at).copied()
    }

    /// The move the game played from the position after `at` moves (none at its end).
    pub fn move_from(&self, at: usize) -> Option<Direction> {
        self.moves.get(at).copied()
    }

    /// Shows the position after `at` moves (the end if past it); returns whether it changed.
    pub fn seek(&mut self, at: usize) -> bool {
        let at = at.min(self.len());
        if at == self.at {
            return false;
        }
        self.at = at;
        self.analysis = None;
        self.asked = false;
        true
    }

    pub fn at_end(&self) -> bool {
        self.at == self.len()
    }
}
