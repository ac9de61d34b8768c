//! One game: board, score, the win and keep-going state, game over, and what each move did.

use rand::Rng;
use serde::Serialize;

use crate::board::{Board, value_of};
use crate::direction::Direction;
use crate::line::slide_line;
use crate::spawn::random_spawn;

/// The exponent of the winning tile, 2048.
pub const WIN_EXPONENT: u8 = 11;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Moves are played.
    Playing,
    /// A 2048 was made and the player has not yet chosen to keep going: moves wait for that choice.
    /// Shown even when no move is left, so a 2048 made on the last move still shows the win.
    Won,
    /// No move changes the board.
    Over,
}

/// A cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Cell {
    pub row: u8,
    pub col: u8,
}

impl Cell {
    /// The cell at index `4 * row + col`.
    pub const fn from_index(index: usize) -> Cell {
        Cell { row: (index / 4) as u8, col: (index % 4) as u8 }
    }
}

/// One tile's journey in a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TileMove {
    pub from: Cell,
    pub to: Cell,
    /// The tile's value before the move.
    pub value: u32,
    /// True when the tile ends inside a merge at `to` (it disappears into the new tile).
    pub merged: bool,
}

/// A tile created by a merge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Merge {
    pub at: Cell,
    pub value: u32,
}

/// The new tile that appeared after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Spawned {
    pub at: Cell,
    pub value: u32,
}

/// Everything one call to [`Game::play`] did, in enough detail to animate it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    pub direction: Direction,
    /// Whether the move counted. When false nothing else happened.
    pub moved: bool,
    /// Every tile on the board before the move, with where it went.
    pub tiles: Vec<TileMove>,
    /// The tiles created by merges.
    pub merges: Vec<Merge>,
    pub spawned: Option<Spawned>,
    pub score_gained: u32,
    /// True only on the move that first makes a 2048.
    pub won_now: bool,
    /// The status after the move.
    pub status: Status,
}

/// A game of 2048.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    pub(crate) board: Board,
    pub(crate) score: u32,
    pub(crate) won: bool,
    pub(crate) keep_going: bool,
}

impl Game {
    /// A new game: two tiles on two distinct random empty cells.
    pub fn new<R: Rng + ?Sized>(rng: &mut R) -> Game {
        let mut board = Board::EMPTY;
        for _ in 0..2 {
            let spawn = random_spawn(board, rng).expect("a board with at most one tile has room");
            board = board.with_exponent(spawn.cell, spawn.exponent);
        }
        Game { board, score: 0, won: false, keep_going: false }
    }

    pub fn board(&self) -> Board {
        self.board
    }

    pub fn score(&self) -> u32 {
        self.score
    }

    /// Whether a 2048 has been made in this game.
    pub fn won(&self) -> bool {
        self.won
    }

    /// Whether the player chose to keep going after the win.
    pub fn keeps_going(&self) -> bool {
        self.keep_going
    }

    pub fn status(&self) -> Status {
        if self.won && !self.keep_going {
            Status::Won
        } else if self.board.has_moves() {
            Status::Playing
        } else {
            Status::Over
        }
    }

    /// The player's choice after the win: play on with the same board. No effect before a win.
    pub fn continue_after_win(&mut self) {
        if self.won {
            self.keep_going = true;
        }
    }

    /// Plays one move. A move that does not change the board, or one made while the win waits
    /// for the player's choice, does nothing and reports `moved: false`.
    pub fn play<R: Rng + ?Sized>(&mut self, direction: Direction, rng: &mut R) -> MoveReport {
        let slide = self.board.slide(direction);
        if !slide.moved || self.status() != Status::Playing {
            return MoveReport {
                direction,
                moved: false,
                tiles: Vec::new(),
                merges: Vec::new(),
                spawned: None,
                score_gained: 0,
                won_now: false,
                status: self.status(),
            };
        }
        let (tiles, merges) = trace(self.board, direction);
        let spawn = random_spawn(slide.board, rng).expect("a move that counts leaves an empty cell");
        self.board = slide.board.with_exponent(spawn.cell, spawn.exponent);
        self.score += slide.score;
        let won_now = !self.won && slide.board.max_exponent() >= WIN_EXPONENT;
        self.won |= won_now;
        MoveReport {
            direction,
            moved: true,
            tiles,
            merges,
            spawned: Some(Spawned { at: Cell::from_index(spawn.cell), value: value_of(spawn.exponent) }),
            score_gained: slide.score,
            won_now,
            status: self.status(),
        }
    }
}

/// The cells of each line for `direction`, front (the edge the tiles move toward) first.
fn lines(direction: Direction) -> [[usize; 4]; 4] {
    std::array::from_fn(|k| {
        std::array::from_fn(|i| match direction {
            Direction::Left => 4 * k + i,
            Direction::Right => 4 * k + (3 - i),
            Direction::Up => 4 * i + k,
            Direction::Down => 4 * (3 - i) + k,
        })
    })
}

/// Where every tile goes and which merges happen, from the same line rule the board uses.
fn trace(board: Board, direction: Direction) -> (Vec<TileMove>, Vec<Merge>) {
    let mut tiles = Vec::new();
    let mut merges = Vec::new();
    for cells in lines(direction) {
        let line = cells.map(|cell| board.exponent(cell));
        let slid = slide_line(line);
        for (i, destination) in slid.destination.iter().enumerate() {
            if let Some(j) = destination {
                let j = usize::from(*j);
                tiles.push(TileMove {
                    from: Cell::from_index(cells[i]),
                    to: Cell::from_index(cells[j]),
                    value: value_of(line[i]),
                    merged: slid.merged[j],
                });
            }
        }
        for (j, &was_merged) in slid.merged.iter().enumerate() {
            if was_merged {
                merges.push(Merge { at: Cell::from_index(cells[j]), value: value_of(slid.line[j]) });
            }
        }
    }
    (tiles, merges)
}
