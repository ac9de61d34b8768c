//! The official rules of 2048, as a pure library: no I/O, no clock, randomness injected.
//!
//! - [`line`](mod@line): the merge rule for one line of four cells (the only implementation of it);
//! - [`board`]: the packed 4x4 board and the slide of a whole board in any [`Direction`];
//! - [`board_list`]: a board as the text of its 16 values, for addresses and the board editor;
//! - [`packed`]: the bare 64-bit form of boards below 65536, for the solver's inner loop;
//! - [`spawn`]: where the new tile appears and whether it is a 2 or a 4;
//! - [`motion`]: where each tile goes in a move, for animation;
//! - [`game`]: score, win, keep going, game over, and the report of each move;
//! - [`document`]: the one reader of versioned JSON documents, and its errors;
//! - [`save`]: the versioned saved-game document and its validation;
//! - [`record`]: a game's history, replayed exactly, for Undo, and its own saved document.

pub mod board;
pub mod board_list;
pub mod direction;
pub mod document;
pub mod game;
pub mod line;
pub mod motion;
pub mod packed;
pub mod record;
pub mod save;
pub mod spawn;
mod tables;

pub use board::{Board, BoardError, MAX_EXPONENT, MAX_TILE, Slide};
pub use board_list::ListError;
pub use direction::Direction;
pub use document::DocumentError;
pub use game::{Game, MoveReport, Status, WIN_EXPONENT};
pub use motion::{Cell, Merge, Spawned, TileMove};
pub use record::{MAX_STEPS, RECORD_VERSION, Record, RecordError, Step};
pub use save::{LoadError, SAVE_VERSION, maximum_score, minimum_score};
pub use spawn::{SPAWN_ODDS, Spawn, SpawnError, random_spawn, random_spawn_in};
