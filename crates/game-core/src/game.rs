//! One game: board, score, the win and keep-going state, game over, and what each move did.

use std::convert::Infallible;

use rand::Rng;
use serde::Serialize;

use crate::board::{Board, value_of};
use crate::direction::Direction;
use crate::motion::{Cell, Merge, Spawned, TileMove, trace};
use crate::spawn::{Spawn, SpawnError, random_spawn};

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
        let Ok(report) = self.play_then(direction, |slid| {
            Ok::<_, Infallible>(random_spawn(slid, rng).expect("a move that counts leaves an empty cell"))
        });
        report
    }

    /// Plays one move like [`Game::play`], with `spawn` as the new tile instead of a random one:
    /// for replaying a recorded game, or setting up a position. The spawn is looked at only when
    /// the move counts (a move that does not is `Ok` with `moved: false`, as in `play`); it must
    /// then be a 2 or a 4 on a cell left empty by the slide, else the game is left as it was.
    pub fn play_with_spawn(&mut self, direction: Direction, spawn: Spawn) -> Result<MoveReport, SpawnError> {
        self.play_then(direction, |slid| spawn.check_on(slid))
    }

    /// The one implementation of a move: `spawn_on` is asked for the new tile, given the slid
    /// board, only when the move counts, so a seeded RNG draws exactly when a move spawns.
    fn play_then<E>(
        &mut self,
        direction: Direction,
        spawn_on: impl FnOnce(Board) -> Result<Spawn, E>,
    ) -> Result<MoveReport, E> {
        let slide = self.board.slide(direction);
        if !slide.moved || self.status() != Status::Playing {
            return Ok(MoveReport {
                direction,
                moved: false,
                tiles: Vec::new(),
                merges: Vec::new(),
                spawned: None,
                score_gained: 0,
                won_now: false,
                status: self.status(),
            });
        }
        let spawn = spawn_on(slide.board)?;
        let (tiles, merges) = trace(self.board, direction);
        self.board = slide.board.with_exponent(spawn.cell, spawn.exponent);
        // Never wraps for a game that passed `from_json` (see `save::maximum_score`); saturating
        // keeps a score that is shown and saved the one that loads back, whatever happens.
        self.score = self.score.saturating_add(slide.score);
        let won_now = !self.won && slide.board.max_exponent() >= WIN_EXPONENT;
        self.won |= won_now;
        Ok(MoveReport {
            direction,
            moved: true,
            tiles,
            merges,
            spawned: Some(Spawned { at: Cell::from_index(spawn.cell), value: value_of(spawn.exponent) }),
            score_gained: slide.score,
            won_now,
            status: self.status(),
        })
    }
}
