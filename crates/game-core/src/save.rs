//! The saved game: a small versioned JSON document, and its strict validation on load.
//!
//! ```json
//! {"version":1,"board":[[0,2,0,0],[0,0,0,0],[0,0,4,0],[0,0,0,0]],"score":0,"won":false,"keep_going":false}
//! ```
//! Loading never panics: anything that is not a game this engine could have produced is a
//! [`LoadError`] that says what is wrong. The document's shape is read by [`crate::document`].

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::board::{Board, BoardError, exponent_of};
use crate::document::{DocumentError, Format};
use crate::game::{Game, WIN_EXPONENT};

/// The version this engine writes, and the only one it reads.
pub const SAVE_VERSION: u64 = 1;

const FORMAT: Format = Format {
    fields: &["version", "board", "score", "won", "keep_going"],
    versions: &[SAVE_VERSION],
    // Never bounded: every saved game written so far must still load.
    max_len: None,
};

/// Why a saved document is not a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not a document of this shape: not JSON, not an object, another version, a field
    /// missing, unknown, or not what it must be (`score` a whole number of points below
    /// 4294967296, `won` and `keep_going` true or false).
    Document(DocumentError),
    /// `board` is not four rows of four numbers.
    BoardShape,
    /// A cell holds something that is not a tile.
    NotATile { row: usize, col: usize, found: String },
    /// Every game has at least two tiles on the board.
    TooFewTiles(u32),
    /// `won` must be true exactly when the board holds a tile of 2048 or more.
    WonContradictsBoard { won: bool },
    /// `keep_going` can only be true after a win.
    KeepGoingWithoutWin,
    /// The tiles on the board took merges worth at least `minimum` points to make.
    ScoreBelowBoard { score: u32, minimum: u64 },
    /// The tiles on the board could have earned at most `maximum` points: a higher score is
    /// forged (and would let later merges overflow it).
    ScoreAboveBoard { score: u32, maximum: u64 },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Document(why) => write!(f, "the saved game cannot be read: {why}"),
            LoadError::BoardShape => write!(f, "the saved board is not four rows of four numbers"),
            LoadError::NotATile { row, col, found } => {
                write!(f, "the saved board has {found} at row {row}, column {col}, which is not a tile")
            }
            LoadError::TooFewTiles(n) => {
                write!(f, "the saved board has {n} tiles; a game always has at least 2")
            }
            LoadError::WonContradictsBoard { won: true } => {
                write!(f, "the saved game claims a win but has no tile of 2048 or more")
            }
            LoadError::WonContradictsBoard { won: false } => {
                write!(f, "the saved game has a tile of 2048 or more but does not record the win")
            }
            LoadError::KeepGoingWithoutWin => write!(f, "the saved game keeps going without having won"),
            LoadError::ScoreBelowBoard { score, minimum } => {
                write!(f, "the saved score {score} is below the {minimum} points its tiles must have scored")
            }
            LoadError::ScoreAboveBoard { score, maximum } => {
                write!(f, "the saved score {score} is above the {maximum} points its tiles can have scored")
            }
        }
    }
}

impl std::error::Error for LoadError {}

impl From<DocumentError> for LoadError {
    fn from(error: DocumentError) -> LoadError {
        LoadError::Document(error)
    }
}

/// The least score a board's tiles must have earned: a tile `2^k` needs merges worth at least
/// `(k - 2) * 2^k` when every tile it was built from appeared as a 4.
pub fn minimum_score(board: Board) -> u64 {
    (0..16).map(|cell| u64::from(board.exponent(cell))).filter(|&k| k > 2).map(|k| (k - 2) << k).sum()
}

/// The most a board's tiles can have earned: a tile `2^k` was worth at most `(k - 1) * 2^k`
/// in merges, when every tile it was built from appeared as a 2. No board reaches `u32::MAX`
/// (16 tiles of 131072 would be 33,554,432), so a valid game's score never overflows.
pub fn maximum_score(board: Board) -> u64 {
    (0..16).map(|cell| u64::from(board.exponent(cell))).filter(|&k| k > 1).map(|k| (k - 1) << k).sum()
}

#[derive(Serialize)]
struct SavedGame {
    version: u64,
    board: [[u32; 4]; 4],
    score: u32,
    won: bool,
    keep_going: bool,
}

impl Game {
    /// The saved-game document for this game.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a game always serializes")
    }

    /// Reads a saved-game document, checking every field and that the game could exist.
    pub fn from_json(text: &str) -> Result<Game, LoadError> {
        Game::from_value(&FORMAT.parse(text)?)
    }

    /// Like [`Game::from_json`], from an already parsed JSON value.
    pub fn from_value(value: &Value) -> Result<Game, LoadError> {
        let fields = FORMAT.read(value)?;
        let board = parse_board(fields.value("board")?)?;
        checked(board, fields.get("score")?, fields.get("won")?, fields.get("keep_going")?)
    }

    /// A game on a board entered by hand (the coach's editor, a `#board=` address), with `score`
    /// or, when `None`, the least score its tiles imply ([`minimum_score`]). It must pass the
    /// checks of a saved game. A board with a tile of 2048 or more is a game already won and
    /// kept going: the player asked to play on from it, so no win banner stops the first move.
    pub fn from_board(board: Board, score: Option<u32>) -> Result<Game, LoadError> {
        // The least score always fits (see `maximum_score`); were it not, the check below says so.
        let score = score.unwrap_or_else(|| u32::try_from(minimum_score(board)).unwrap_or(u32::MAX));
        let won = board.max_exponent() >= WIN_EXPONENT;
        checked(board, score, won, won)
    }
}

/// The checks every game from outside passes, whether loaded or entered: could it exist?
fn checked(board: Board, score: u32, won: bool, keep_going: bool) -> Result<Game, LoadError> {
    let tiles = board.tile_count();
    if tiles < 2 {
        return Err(LoadError::TooFewTiles(tiles));
    }
    if won != (board.max_exponent() >= WIN_EXPONENT) {
        return Err(LoadError::WonContradictsBoard { won });
    }
    if keep_going && !won {
        return Err(LoadError::KeepGoingWithoutWin);
    }
    let minimum = minimum_score(board);
    if u64::from(score) < minimum {
        return Err(LoadError::ScoreBelowBoard { score, minimum });
    }
    let maximum = maximum_score(board);
    if u64::from(score) > maximum {
        return Err(LoadError::ScoreAboveBoard { score, maximum });
    }
    Ok(Game { board, score, won, keep_going })
}

fn parse_board(value: &Value) -> Result<Board, LoadError> {
    let rows = value.as_array().filter(|rows| rows.len() == 4).ok_or(LoadError::BoardShape)?;
    let mut exponents = [[0u8; 4]; 4];
    for (row, cells) in rows.iter().enumerate() {
        let cells = cells.as_array().filter(|cells| cells.len() == 4).ok_or(LoadError::BoardShape)?;
        for (col, cell) in cells.iter().enumerate() {
            exponents[row][col] = cell.as_u64().and_then(exponent_of).ok_or_else(|| LoadError::NotATile {
                row,
                col,
                found: cell.to_string(),
            })?;
        }
    }
    Board::from_exponents(exponents).map_err(|BoardError::NotATile { row, col, value }| LoadError::NotATile {
        row,
        col,
        found: value.to_string(),
    })
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SavedGame {
            version: SAVE_VERSION,
            board: self.board.rows(),
            score: self.score,
            won: self.won,
            keep_going: self.keep_going,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Game::from_value(&value).map_err(serde::de::Error::custom)
    }
}
