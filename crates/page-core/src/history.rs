//! Your games: what is kept of each finished game (a [`Kept`] entry: when, the score, the
//! largest tile, the moves, the time played, the help used, and its `game_core::Record`, which
//! replays it exactly), the entry's versioned document and its validation, and the bound on
//! how many are kept and the space they take ([`History`]). An entry is made from the game's
//! [`Tally`].
//!
//! The browser keeps the entries in IndexedDB (the shell's `history_db`); this module decides
//! what is written and what is evicted, so that the policy is tested natively. One entry's
//! document (the value stored, and the replay file's `game`):
//!
//! ```json
//! {"version":1,"id":1764590000000,"started":1764589000000,"ended":1764590000000,
//!  "score":1234,"best_tile":128,"moves":150,"played_ms":90000,"ending":"over",
//!  "help":{"hint":false,"autoplay":false,"coach":false,"undo":false,"entered":false},
//!  "record":{"version":1,"start":{…},"steps":[["left",3,2],…],"cursor":150,"keep_going":false}}
//! ```
//! Times are milliseconds since 1970 (UTC), at most [`MAX_TIME_MS`] (a JS date's last); the id
//! is at most [`MAX_ID`] (a JS number exactly, as its IndexedDB key is). `score`, `best_tile`
//! and `moves` are the record's final game's, checked against it on load: a document whose
//! numbers disagree with its own record, or out of those bounds, is refused. The document's
//! shape is read by `game_core::document`.

use std::fmt;

use game_core::document::{DocumentError, Format};
use game_core::{Record, RecordError};
use serde_json::{Value, json};

pub use game_core::document::excerpt;

pub use super::keep::Tally;

/// The version of an entry's document this page writes, and the only one it reads.
pub const HISTORY_VERSION: u64 = 1;
/// The most games kept: past it, the oldest go.
pub const MAX_KEPT: usize = 500;
/// The most bytes of documents kept (the entries' JSON, records included): past it, the oldest
/// go. A game to 2048 takes about 15 KB, so this holds the last [`MAX_KEPT`] of those easily,
/// and fewer very long ones.
pub const MAX_HISTORY_BYTES: usize = 8 << 20;
/// The longest entry read, refused before it is parsed.
pub const MAX_ENTRY_LEN: usize = game_core::record::MAX_RECORD_LEN + 4096;
/// The largest id an entry may have: its key in IndexedDB is a JS number, exact only up to
/// `Number.MAX_SAFE_INTEGER`; a larger id would round onto another entry's key and overwrite it.
pub const MAX_ID: u64 = (1 << 53) - 1;
/// The latest time an entry may give (`started`, `ended`), in ms since 1970: the last a JS `Date`
/// holds (100,000,000 days), past which the page would show "Invalid Date".
pub const MAX_TIME_MS: u64 = 8_640_000_000_000_000;
/// A pause between two moves longer than this counts as this much time played: a game left
/// open overnight was not played all night.
pub const MAX_PAUSE_MS: u64 = 30_000;

const FORMAT: Format = Format {
    fields: &[
        "version",
        "id",
        "started",
        "ended",
        "score",
        "best_tile",
        "moves",
        "played_ms",
        "ending",
        "help",
        "record",
    ],
    versions: &[HISTORY_VERSION],
    max_len: Some(MAX_ENTRY_LEN),
};
const HELP_FIELDS: [&str; 5] = ["hint", "autoplay", "coach", "undo", "entered"];

/// What helped in a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Help {
    pub hint: bool,
    pub autoplay: bool,
    pub coach: bool,
    pub undo: bool,
    /// The game started from an entered board.
    pub entered: bool,
}

impl Help {
    /// Whether anything helped: the game was not played alone.
    pub fn any(self) -> bool {
        self.hint || self.autoplay || self.coach || self.undo || self.entered
    }
}

/// How a kept game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// No move was left.
    Over,
    /// New game was started while it was in progress.
    NewGame,
    /// "Play from here" on an entered board gave it up.
    PlayEntered,
}

impl Ending {
    pub const ALL: [Ending; 3] = [Ending::Over, Ending::NewGame, Ending::PlayEntered];

    pub const fn code(self) -> &'static str {
        match self {
            Ending::Over => "over",
            Ending::NewGame => "new-game",
            Ending::PlayEntered => "play-entered",
        }
    }

    pub fn from_code(code: &str) -> Option<Ending> {
        Ending::ALL.into_iter().find(|e| e.code() == code)
    }
}

/// What is kept of a finished game, its record aside: all that the statistics need.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// The entry's key: when it was kept (ms since 1970), made unique.
    pub id: u64,
    /// When its first move was played (ms since 1970).
    pub started: u64,
    pub ended: u64,
    pub score: u32,
    pub best_tile: u32,
    /// The moves of the game as it ended (moves taken back by Undo not counted).
    pub moves: u32,
    pub played_ms: u64,
    pub help: Help,
    pub ending: Ending,
    /// The length of its document, for the bound on space.
    pub bytes: usize,
}

/// A kept game: its summary and its record.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    pub summary: Summary,
    pub record: Record,
}

/// Why a document is not a kept game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HistoryError {
    /// Not a document of this shape, or a field not what it must be (a whole number, a flag,
    /// an ending; an id or a time past its bound; a start after the end).
    Document(DocumentError),
    /// The record is not one this game could have played.
    Record(RecordError),
    /// A number disagrees with the record's game.
    Mismatch(&'static str),
}

impl fmt::Display for HistoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HistoryError::Document(why) => write!(f, "{why}"),
            HistoryError::Record(why) => write!(f, "{why}"),
            HistoryError::Mismatch(name) => write!(f, "`{name}` is not the record's"),
        }
    }
}

impl std::error::Error for HistoryError {}

impl From<DocumentError> for HistoryError {
    fn from(error: DocumentError) -> HistoryError {
        HistoryError::Document(error)
    }
}

impl Kept {
    /// The entry of a game that ended as `record` stands (only the moves up to its cursor are
    /// kept: those Undo took back are no part of the game).
    pub fn new(id: u64, tally: &Tally, ended: u64, help: Help, ending: Ending, record: &Record) -> Kept {
        let record = played_part(record);
        let game = record.game();
        let mut kept = Kept {
            summary: Summary {
                id,
                started: tally.started.unwrap_or(ended).min(ended),
                ended,
                score: game.score(),
                best_tile: game.board().max_tile(),
                moves: u32::try_from(record.cursor()).unwrap_or(u32::MAX),
                played_ms: tally.played_ms,
                help,
                ending,
                bytes: 0,
            },
            record,
        };
        kept.summary.bytes = kept.to_json().len();
        kept
    }

    pub fn to_value(&self) -> Value {
        let s = &self.summary;
        json!({
            "version": HISTORY_VERSION,
            "id": s.id,
            "started": s.started,
            "ended": s.ended,
            "score": s.score,
            "best_tile": s.best_tile,
            "moves": s.moves,
            "played_ms": s.played_ms,
            "ending": s.ending.code(),
            "help": {
                "hint": s.help.hint,
                "autoplay": s.help.autoplay,
                "coach": s.help.coach,
                "undo": s.help.undo,
                "entered": s.help.entered,
            },
            "record": self.record,
        })
    }

    /// The entry's document (see the module's documentation).
    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }

    /// Reads an entry's document, refusing one longer than [`MAX_ENTRY_LEN`] unparsed.
    pub fn from_json(text: &str) -> Result<Kept, HistoryError> {
        let value = FORMAT.parse(text)?;
        let mut kept = Kept::from_value(&value)?;
        kept.summary.bytes = text.len();
        Ok(kept)
    }

    /// Like [`Kept::from_json`], from a parsed value: every field checked, the record replayed
    /// and its final game compared with the numbers.
    pub fn from_value(value: &Value) -> Result<Kept, HistoryError> {
        let fields = FORMAT.read(value)?;
        let help_fields = fields.object("help", &HELP_FIELDS)?;
        let help = Help {
            hint: help_fields.get("hint")?,
            autoplay: help_fields.get("autoplay")?,
            coach: help_fields.get("coach")?,
            undo: help_fields.get("undo")?,
            entered: help_fields.get("entered")?,
        };
        let ending = Ending::from_code(fields.get("ending")?).ok_or(DocumentError::BadField("ending"))?;
        let record = Record::from_value(fields.value("record")?).map_err(HistoryError::Record)?;
        let summary = Summary {
            id: fields.get("id")?,
            started: fields.get("started")?,
            ended: fields.get("ended")?,
            score: fields.get("score")?,
            best_tile: fields.get("best_tile")?,
            moves: fields.get("moves")?,
            played_ms: fields.get("played_ms")?,
            help,
            ending,
            // The caller knows the document's length (see `from_json`).
            bytes: 0,
        };
        if summary.id > MAX_ID {
            return Err(DocumentError::BadField("id").into());
        }
        if summary.started > summary.ended || summary.started > MAX_TIME_MS {
            return Err(DocumentError::BadField("started").into());
        }
        if summary.ended > MAX_TIME_MS {
            return Err(DocumentError::BadField("ended").into());
        }
        let game = record.game();
        if game.score() != summary.score {
            return Err(HistoryError::Mismatch("score"));
        }
        if game.board().max_tile() != summary.best_tile {
            return Err(HistoryError::Mismatch("best_tile"));
        }
        if record.cursor() != summary.moves as usize {
            return Err(HistoryError::Mismatch("moves"));
        }
        Ok(Kept { summary, record })
    }
}

/// `record` without the steps after its cursor (moves Undo took back and not played again).
fn played_part(record: &Record) -> Record {
    if !record.can_redo() {
        return record.clone();
    }
    let mut value = serde_json::to_value(record).expect("a record always serializes");
    if let Some(steps) = value.get_mut("steps").and_then(Value::as_array_mut) {
        steps.truncate(record.cursor());
    }
    // The same record with fewer steps after its cursor: still one.
    Record::from_value(&value).unwrap_or_else(|_| record.clone())
}

/// Where the history stands in this visit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HistoryState {
    /// Being read: games that end meanwhile wait to be written.
    #[default]
    Loading,
    /// Read: games are written as they end.
    Ready,
    /// The browser keeps none (no IndexedDB, or it throws): games are counted for this visit
    /// only.
    Unavailable,
}

/// The kept games the page knows of, oldest first, and those waiting to be written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    pub state: HistoryState,
    pub games: Vec<Summary>,
    waiting: Vec<Kept>,
}

/// A write of one entry, and the entries to remove to stay within the bounds.
#[derive(Clone, Debug, PartialEq)]
pub struct Write {
    pub entry: Box<Kept>,
    pub evict: Vec<u64>,
}

impl History {
    /// An id for a game kept at `ended`: that time, after every id there is, and never past
    /// [`MAX_ID`] (the ids read are no larger: see [`Kept::from_value`]).
    pub fn next_id(&self, ended: u64) -> u64 {
        let taken = || self.games.iter().chain(self.waiting.iter().map(|k| &k.summary)).map(|s| s.id);
        let after = taken().max().map_or(ended, |last| ended.max(last.saturating_add(1)));
        if after <= MAX_ID {
            return after;
        }
        // Only an id at the very top (no clock gets there: a JS date ends at `MAX_TIME_MS`)
        // leaves none after it: the highest free id below then, which there is, since far
        // fewer games are kept than there are ids.
        (0..=MAX_ID).rev().find(|id| !taken().any(|t| t == *id)).unwrap_or(0)
    }

    /// A game ended: counted at once, and written now if the history is read (else when it
    /// is, or never if it cannot be).
    pub fn keep(&mut self, kept: Kept) -> Option<Write> {
        self.games.push(kept.summary);
        match self.state {
            HistoryState::Ready => Some(self.write(kept)),
            HistoryState::Loading => {
                self.waiting.push(kept);
                None
            }
            HistoryState::Unavailable => None,
        }
    }

    /// The history was read: `games` (in any order) with the games kept meanwhile, which are
    /// written now.
    pub fn loaded(&mut self, mut games: Vec<Summary>) -> Vec<Write> {
        let waiting = std::mem::take(&mut self.waiting);
        games.retain(|g| !waiting.iter().any(|w| w.summary.id == g.id));
        games.sort_by_key(|g| g.id);
        self.games = games;
        self.state = HistoryState::Ready;
        let mut writes = Vec::new();
        for kept in waiting {
            self.games.push(kept.summary);
            writes.push(self.write(kept));
        }
        writes
    }

    /// The history cannot be kept: what was counted stays for the visit.
    pub fn unavailable(&mut self) {
        self.state = HistoryState::Unavailable;
        self.waiting.clear();
    }

    /// The write of `kept` (already counted), evicting the oldest games past the bounds.
    fn write(&mut self, kept: Kept) -> Write {
        let mut evict = Vec::new();
        let mut bytes: usize = self.games.iter().map(|g| g.bytes).sum();
        while self.games.len() > 1 && (self.games.len() > MAX_KEPT || bytes > MAX_HISTORY_BYTES) {
            let oldest = self.games.remove(0);
            bytes -= oldest.bytes;
            evict.push(oldest.id);
        }
        Write { entry: Box::new(kept), evict }
    }
}
