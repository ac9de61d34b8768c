//! The first board: what makes the board playable before the page's own program (with the
//! solver, the coach, the history, the other views) has loaded. A small program of its own
//! draws the saved game (or a new one) and plays the player's moves on it, saving each as the
//! page does, until the page takes over; this is its logic, tested natively.
//!
//! It plays only the plain case, so that the page finds exactly what it would have made
//! itself: a game in progress (or none yet), read with no problem, with the coach off and no
//! Undo or entered board in it, no day's game, and no board in the page's address. Anything else is left to
//! the page ([`FirstBoard::start`] says `None`). A move that wins or ends the game is not
//! played here either but handed over ([`Played::HandOver`]): the page plays it, with its
//! banner, and keeps the finished game in the history.
//!
//! The rules, the record and the tally are the page's own (`game-core`, `crate::resume`,
//! `Tally::moved`); only the choice of what to play here lives in this module.

use game_core::{Direction, Game, MoveReport, Record, Status};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::saved::{Loaded, Problem};
use crate::{CoachSave, Tally, TallySave, resume};

/// What the first board is playing.
pub struct FirstBoard {
    record: Record,
    tally: Tally,
    rng: SmallRng,
    best: u32,
    /// A move was handed over: from then on every input is the page's.
    handed_over: bool,
    /// Whether the game was made here (no game was saved): it must be saved before any move.
    fresh: bool,
}

/// What one move did.
#[derive(Debug)]
pub enum Played {
    /// It does not count on this board: nothing happened.
    Nothing,
    /// Played: its report for the tiles; the game, its tally and Best are to be saved.
    Moved(MoveReport),
    /// Not played here (it wins or ends the game, or a move was handed over before): the page
    /// plays it once it runs.
    HandOver,
}

/// What the page left in storage, as the first board reads it.
pub struct Saved {
    pub loaded: Loaded,
    pub tally: Option<TallySave>,
    pub coach: Result<Option<CoachSave>, Problem>,
}

impl FirstBoard {
    /// The first board of a visit, or `None` when the page must start it itself (see the
    /// module's notes). `seed` seeds the tiles of the moves played here, as the page's own
    /// seed does its moves.
    pub fn start(saved: Saved, board_in_address: bool, seed: u64) -> Option<FirstBoard> {
        let Saved { loaded, tally, coach } = saved;
        if board_in_address || !loaded.problems.is_empty() {
            return None;
        }
        let coach = coach.ok()?.unwrap_or_default();
        if coach.coach.on {
            return None;
        }
        let mut rng = SmallRng::seed_from_u64(seed);
        let fresh = loaded.game.is_none();
        let game = loaded.game.unwrap_or_else(|| Game::new(&mut rng));
        if game.status() != Status::Playing {
            return None;
        }
        let resumed = resume(game, Some(&coach), tally);
        // A day's game draws its tiles from the day (`crate::daily`), which is the page's.
        if !resumed.counts_for_best() || resumed.daily.is_some() {
            return None;
        }
        Some(FirstBoard {
            best: loaded.best.max(game.score()),
            record: resumed.record,
            tally: resumed.tally,
            rng,
            handed_over: false,
            fresh,
        })
    }

    /// Plays `direction` at `at` (ms since 1970), unless the page must.
    pub fn play(&mut self, direction: Direction, at: u64) -> Played {
        if self.handed_over {
            return Played::HandOver;
        }
        let mut record = self.record.clone();
        let mut rng = self.rng.clone();
        let report = record.play(direction, &mut rng);
        if !report.moved {
            return Played::Nothing;
        }
        if report.won_now || record.game().status() != Status::Playing {
            self.handed_over = true;
            return Played::HandOver;
        }
        self.record = record;
        self.rng = rng;
        // No Hint, Autoplay or coach can have helped: the page has not started.
        self.tally.moved(at, false, false, false);
        self.best = self.best.max(self.record.game().score());
        self.fresh = false;
        Played::Moved(report)
    }

    /// Whether storage, as `loaded` read it just now, still holds the game on this board (or
    /// no game at all). Another tab may have played on while this page loads: then this board
    /// must not play its older game and write it over the newer one, nor write over what it
    /// cannot read.
    pub fn is_current(&self, loaded: &Loaded) -> bool {
        loaded.problems.is_empty() && loaded.game.is_none_or(|game| game == self.game())
    }

    /// The game on the board.
    pub fn game(&self) -> Game {
        self.record.game()
    }

    pub fn best(&self) -> u32 {
        self.best
    }

    /// The game in progress's tally and record, as the page saves them (`2048.tally`).
    pub fn tally_save(&self) -> TallySave {
        TallySave {
            tally: self.tally,
            record: self.record.clone(),
            practised: false,
            entered: false,
            daily: None,
        }
    }

    /// Whether the game was made here and not yet saved: the page would save a game it made at
    /// once, so the first board does too.
    pub fn is_unsaved(&self) -> bool {
        self.fresh
    }

    /// Whether a move was handed over to the page.
    pub fn handed_over(&self) -> bool {
        self.handed_over
    }
}
