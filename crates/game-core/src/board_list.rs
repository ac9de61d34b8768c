//! A board as text: its 16 tile values, row by row from the top left, comma-separated, 0 for an
//! empty cell, as in the page's address `#board=0,0,2,0,...` and its board editor.
//!
//! ```
//! use game_core::{Board, board_list};
//! let board = board_list::parse("0,0,2,0, 0,0,0,0, 0,4,0,0, 0,0,0,2048").unwrap();
//! assert_eq!(board.tile(3, 3), 2048);
//! assert_eq!(board_list::format(board), "0,0,2,0,0,0,0,0,0,4,0,0,0,0,0,2048");
//! ```
//! Whitespace around a value is tolerated (text typed or pasted by hand), nothing else: no
//! signs, no brackets, no other separator. Errors are data ([`ListError`]) for the page to put
//! into words in the player's language; their `Display` is English, for logs.

use std::fmt;

use crate::board::{Board, MAX_TILE, exponent_of, value_of};

/// The longest text [`parse`] reads. The longest board, sixteen 131072s, is 111 characters;
/// the rest is room for spaces. Anything longer is refused before it is looked at.
pub const MAX_LIST_LEN: usize = 200;

/// Why a text is not a board. Cells are numbered `4 * row + col`, 0 at the top left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListError {
    /// The text is longer than `limit` bytes.
    TooLong { length: usize, limit: usize },
    /// The text holds `found` values, not 16.
    WrongCount { found: usize },
    /// The value for `cell` is not a whole number written in digits (`found`, trimmed).
    NotANumber { cell: usize, found: String },
    /// The value for `cell` is a number but not 0 or a power of two from 2 to 131072.
    NotATile { cell: usize, found: String },
    /// Every cell is empty.
    NoTile,
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListError::TooLong { length, limit } => {
                write!(f, "the board text is {length} characters long; at most {limit} are read")
            }
            ListError::WrongCount { found } => write!(f, "the board text has {found} values, not 16"),
            ListError::NotANumber { cell, found } => {
                write!(f, "the value {found:?} for cell {cell} is not a number")
            }
            ListError::NotATile { cell, found } => write!(
                f,
                "the value {found} for cell {cell} is not a tile \
                 (a tile is a power of two from 2 to {MAX_TILE}; 0 is an empty cell)"
            ),
            ListError::NoTile => write!(f, "the board has no tile"),
        }
    }
}

impl std::error::Error for ListError {}

/// Reads a board from its 16 values (see the module's documentation).
pub fn parse(text: &str) -> Result<Board, ListError> {
    if text.len() > MAX_LIST_LEN {
        return Err(ListError::TooLong { length: text.len(), limit: MAX_LIST_LEN });
    }
    // Blank text is no values at all rather than one empty value.
    if text.trim().is_empty() {
        return Err(ListError::WrongCount { found: 0 });
    }
    let values: Vec<&str> = text.split(',').map(str::trim).collect();
    if values.len() != 16 {
        return Err(ListError::WrongCount { found: values.len() });
    }
    let mut board = Board::EMPTY;
    for (cell, value) in values.into_iter().enumerate() {
        // Digits only: `u64::from_str` would also take a sign ("+2").
        if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ListError::NotANumber { cell, found: value.to_string() });
        }
        // A number too large for u64 is still a number, and no tile.
        let exponent = value.parse::<u64>().ok().and_then(exponent_of);
        let exponent = exponent.ok_or_else(|| ListError::NotATile { cell, found: value.to_string() })?;
        board = board.with_exponent(cell, exponent);
    }
    if board.tile_count() == 0 {
        return Err(ListError::NoTile);
    }
    Ok(board)
}

/// The board's 16 values, comma-separated, with no spaces: the text [`parse`] reads back.
pub fn format(board: Board) -> String {
    let values: Vec<String> = (0..16).map(|cell| value_of(board.exponent(cell)).to_string()).collect();
    values.join(",")
}
