//! The game of the day: which day it is (UTC), how a day becomes its seed, and where every tile of
//! the day's game comes from. Declared here once, for the page and for the worker that plays the
//! same game with the solver.
//!
//! Each tile is drawn from a generator of its own, seeded by the day and the number of moves
//! played before it (`Day::tiles`): draw 0 makes the first board, draw `n + 1` the tile after
//! the move played with `n` moves before it. So no generator state is ever saved or shared: a
//! reload mid-game, another tab, Undo then the same move, and the worker's own play all draw the
//! very same tile from the board and the move count alone. The cost is that a move taken back
//! and played differently gets its tile from the same draw (on other empty cells): the day's game
//! is one game for everyone, and Undo cannot fish for a better tile.
//!
//! This is a compatibility contract: a date must give the same game in every later version
//! (players compare their results), so `tests/core/daily.rs` pins the first boards and tiles.

use std::fmt;

use game_core::{Direction, Game, MoveReport, Record};
use rand::SeedableRng;
use solver::rng::{GameRng, splitmix64};

/// Mixed into every day's seed, so that the day's games are no arena run's games (whose seeds
/// are small numbers). Never change it: every day's game would change.
const DAILY_TAG: u64 = 0x2048_da11_9a3e_0001;

const MS_PER_DAY: u64 = 86_400_000;

/// A day, as the whole days since 1970-01-01 UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(u32);

impl Day {
    /// The UTC day of `epoch_ms` (milliseconds since 1970): everyone on Earth plays the same
    /// game at the same moment, whatever their time zone.
    pub fn of_epoch_ms(epoch_ms: u64) -> Day {
        Day(u32::try_from(epoch_ms / MS_PER_DAY).unwrap_or(u32::MAX))
    }

    /// The day `year-month-day` (the proleptic Gregorian calendar), if it is one from 1970 on.
    pub fn from_date(year: i64, month: u32, day: u32) -> Option<Day> {
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return None;
        }
        // Howard Hinnant's days_from_civil.
        let y = if month <= 2 { year - 1 } else { year };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        u32::try_from(era * 146_097 + doe - 719_468).ok().map(Day)
    }

    /// The day written as `YYYY-MM-DD`, exactly as [`Day`]'s `Display` writes it.
    pub fn parse(text: &str) -> Option<Day> {
        let bytes = text.as_bytes();
        if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
            return None;
        }
        let number = |range: std::ops::Range<usize>| -> Option<u32> {
            let part = &text[range];
            part.bytes().all(|b| b.is_ascii_digit()).then(|| part.parse().ok())?
        };
        Day::from_date(i64::from(number(0..4)?), number(5..7)?, number(8..10)?)
    }

    /// The date: year, month (1-12), day of the month (1-31).
    pub fn date(self) -> (i64, u32, u32) {
        // Howard Hinnant's civil_from_days.
        let z = i64::from(self.0) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        (yoe + era * 400 + i64::from(month <= 2), month, day)
    }

    /// The day's seed: every tile of its game comes from it (see the module's documentation).
    pub fn seed(self) -> u64 {
        splitmix64(DAILY_TAG ^ u64::from(self.0))
    }

    /// The generator of draw `draw` of the day's game: ChaCha12 keyed by the day's seed and the
    /// draw's number, each written little-endian (bytes 0-7 and 8-15 of the key).
    fn tiles(self, draw: u64) -> GameRng {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&self.seed().to_le_bytes());
        key[8..16].copy_from_slice(&draw.to_le_bytes());
        GameRng::from_seed(key)
    }

    /// The day's first board.
    pub fn first_game(self) -> Game {
        Game::new(&mut self.tiles(0))
    }

    /// Plays `direction` on `game`, which has had `moves_before` moves, with the day's tile.
    pub fn play(self, game: &mut Game, moves_before: usize, direction: Direction) -> MoveReport {
        game.play(direction, &mut self.tiles(moves_before as u64 + 1))
    }

    /// Plays `direction` on the day's game `record`, with the day's tile (a move taken back and
    /// played again brings its recorded tile back, as [`Record::play`] does).
    pub fn play_record(self, record: &mut Record, direction: Direction) -> MoveReport {
        // The record's cursor counts the moves before this one (a record of the day's game never
        // nears `MAX_STEPS`, where its start would move).
        record.play(direction, &mut self.tiles(record.cursor() as u64 + 1))
    }
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (year, month, day) = self.date();
        write!(f, "{year:04}-{month:02}-{day:02}")
    }
}

/// A try at a day's game: the day, and whether it counts (the day's first try) or is practice
/// (its tiles are known by then: it never raises Best).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyTry {
    pub day: Day,
    pub counts: bool,
}
