//! The results of the days' games ([`Days`]): for each day played, its first try (the one that
//! counts: its score, largest tile, moves, whether Undo was used, whether it has ended, the
//! share of its moves the coach found the solver's), and the solver's own result on the same
//! game once the worker has played it. Kept under `2048.daily` (`saved::daily`), newest last,
//! at most [`MAX_DAYS`] days.

use game_core::Game;

use crate::daily::Day;

/// The most days kept: over a year of daily play; past it, the oldest day goes.
pub const MAX_DAYS: usize = 400;

/// How a game of the day ended up: its score, largest tile and moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub score: u32,
    /// The largest tile (0 before the game has a tile, which never happens to a game in play).
    pub tile: u32,
    pub moves: u32,
}

impl Outcome {
    /// `game` after `moves` moves.
    pub fn of(game: &Game, moves: usize) -> Outcome {
        Outcome {
            score: game.score(),
            tile: game.board().max_tile(),
            moves: u32::try_from(moves).unwrap_or(u32::MAX),
        }
    }
}

/// One day: its first try and the solver's result on the same game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayResult {
    pub day: Day,
    /// The first try, as far as it went.
    pub player: Outcome,
    /// Whether the first try counts as played: no Undo in it (as for Best).
    pub counted: bool,
    /// The first try has ended (game over, or given up for another game).
    pub finished: bool,
    /// Of the first try's moves, (the solver's choice, judged): known when the coach judged
    /// every move of it.
    pub agreed: Option<(u32, u32)>,
    /// The solver's (Strong's) result on the day's game, once the worker has played it.
    pub solver: Option<Outcome>,
}

/// The days played, oldest first, one entry per day.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Days {
    days: Vec<DayResult>,
}

impl Days {
    /// `days` as read: already checked to be in order, one per day, at most [`MAX_DAYS`].
    pub(crate) fn from_checked(days: Vec<DayResult>) -> Days {
        Days { days }
    }

    pub fn all(&self) -> &[DayResult] {
        &self.days
    }

    pub fn get(&self, day: Day) -> Option<&DayResult> {
        self.days.iter().find(|d| d.day == day)
    }

    /// Whether `day`'s first try has been started: a new try that day is practice.
    pub fn tried(&self, day: Day) -> bool {
        self.get(day).is_some()
    }

    /// `day`'s first try starts: its entry, unless it has one (then nothing changes).
    pub fn start(&mut self, day: Day) -> bool {
        if self.tried(day) {
            return false;
        }
        let entry = DayResult {
            day,
            player: Outcome::default(),
            counted: true,
            finished: false,
            agreed: None,
            solver: None,
        };
        let at = self.days.partition_point(|d| d.day < day);
        self.days.insert(at, entry);
        if self.days.len() > MAX_DAYS {
            self.days.remove(0);
        }
        true
    }

    /// `day`'s first try stands at `player` (it `finished` or not), `counted` unless Undo was
    /// used, with the coach's `agreed` if it judged every move. Returns whether anything changed.
    pub fn update(
        &mut self,
        day: Day,
        player: Outcome,
        counted: bool,
        finished: bool,
        agreed: Option<(u32, u32)>,
    ) -> bool {
        let Some(entry) = self.days.iter_mut().find(|d| d.day == day && !d.finished) else {
            return false;
        };
        let next = DayResult { player, counted, finished, agreed, ..*entry };
        let changed = next != *entry;
        *entry = next;
        changed
    }

    /// The coach's count `agreed` of `day`'s first try, which ended after `moves` moves.
    /// Returns whether anything changed.
    pub fn set_agreed(&mut self, day: Day, moves: usize, agreed: (u32, u32)) -> bool {
        match self.days.iter_mut().find(|d| d.day == day) {
            Some(entry)
                if entry.finished && entry.player.moves as usize == moves && entry.agreed != Some(agreed) =>
            {
                entry.agreed = Some(agreed);
                true
            }
            _ => false,
        }
    }

    /// The solver's result on `day`'s game: kept if that day has an entry and no result yet.
    pub fn solved(&mut self, day: Day, outcome: Outcome) -> bool {
        match self.days.iter_mut().find(|d| d.day == day) {
            Some(entry) if entry.solver.is_none() => {
                entry.solver = Some(outcome);
                true
            }
            _ => false,
        }
    }
}
