//! The record of a game: where it started and every move that counted with the tile that
//! appeared after it, so that the game replays exactly and steps back (Undo) any number of moves.
//!
//! The record is the source of truth: the current game is its start with the steps before the
//! cursor replayed. Stepping back moves the cursor and keeps the steps after it, so that playing
//! the recorded next move again brings back the same tile; any other move drops them and draws
//! a new tile. The page saves it beside the game, as a small versioned JSON document:
//!
//! ```json
//! {"version":1,
//!  "start":{"version":1,"board":[[0,2,0,0],[0,0,0,0],[0,0,0,2],[0,0,0,0]],"score":0,"won":false,"keep_going":false},
//!  "steps":[["left",3,2],["down",0,4]],
//!  "cursor":2,
//!  "keep_going":false}
//! ```
//! `start` is a saved game ([`crate::save`]); each step is `[direction, cell, value]`, the cell
//! `4 * row + col` and the value (2 or 4) of the new tile; `cursor` counts the steps played
//! (those after it can be redone); `keep_going` is the current game's, whether the player chose
//! to play on after the win. That choice is not a step: a move played after the win shows it
//! was made, so Undo back to the winning position gives the game as the player left it, kept
//! going; a win made or redone waits for the choice again, and the flag says whether it was
//! made. Loading replays every step and refuses, as a [`RecordError`] and never a panic,
//! anything this engine could not have written. The document's shape is read by
//! [`crate::document`].

use std::fmt;

use rand::Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::board::value_of;
use crate::direction::Direction;
use crate::document::{DocumentError, Format};
use crate::game::{Game, MoveReport, Status};
use crate::motion::Spawned;
use crate::save::LoadError;
use crate::spawn::{Spawn, SpawnError};

/// The version this engine writes, and the only one it reads.
pub const RECORD_VERSION: u64 = 1;

/// The most steps a record keeps: past it, the oldest step becomes the start (Undo goes back at
/// most this far). Real games are far shorter: a move adds 2 or 4 to the sum of the tiles, so a
/// 2048 takes about 1,000 moves.
pub const MAX_STEPS: usize = 200_000;

/// The longest document [`Record::from_json`] reads, refused before parsing so that a huge text
/// cannot make a huge JSON tree. A written record of [`MAX_STEPS`] steps (15 bytes each at
/// most, `["right",15,4],`) and its start fit with room to spare.
pub const MAX_RECORD_LEN: usize = 4 << 20;

const FORMAT: Format = Format {
    fields: &["version", "start", "steps", "cursor", "keep_going"],
    versions: &[RECORD_VERSION],
    max_len: Some(MAX_RECORD_LEN),
};

/// One move that counted, and the tile that appeared after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub direction: Direction,
    pub spawn: Spawn,
}

/// A game and its history. See the module's documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    start: Game,
    steps: Vec<Step>,
    /// The game as it stood when each step before the cursor was played (`before[i]` ahead of
    /// `steps[i]`): what Undo returns to, kept so that it costs no replay. Derived from `start`
    /// and `steps`, and rebuilt from them on load.
    before: Vec<Game>,
    /// The game after `steps[..cursor]`, where `cursor == before.len()`.
    current: Game,
}

impl Record {
    /// The record of a game that starts at `start`, with no move played yet.
    pub fn new(start: Game) -> Record {
        Record { start, steps: Vec::new(), before: Vec::new(), current: start }
    }

    /// The current game.
    pub fn game(&self) -> Game {
        self.current
    }

    /// Where the game started.
    pub fn start(&self) -> Game {
        self.start
    }

    /// Every recorded step, those after the cursor included.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// How many steps of [`Record::steps`] have been played to reach the current game.
    pub fn cursor(&self) -> usize {
        self.before.len()
    }

    /// Whether [`Record::undo`] has a move to take back.
    pub fn can_undo(&self) -> bool {
        !self.before.is_empty()
    }

    /// Whether [`Record::redo`] has a move to play again.
    pub fn can_redo(&self) -> bool {
        self.cursor() < self.steps.len()
    }

    /// Plays a move as [`Game::play`] does, and records it. When it is the recorded next move
    /// (after an [`Record::undo`]) the recorded tile appears again; any other move that counts
    /// forgets the steps after the cursor and draws its tile from `rng`. A move that does not
    /// count changes nothing, the record included.
    pub fn play<R: Rng + ?Sized>(&mut self, direction: Direction, rng: &mut R) -> MoveReport {
        if self.steps.get(self.cursor()).is_some_and(|next| next.direction == direction)
            && let Some(report) = self.redo()
        {
            return report;
        }
        let mut game = self.current;
        let report = game.play(direction, rng);
        if let Some(spawned) = report.spawned {
            self.steps.truncate(self.cursor());
            self.push(Step { direction, spawn: spawn_of(spawned) }, game, MAX_STEPS);
        }
        report
    }

    /// Plays the recorded next move again, with its tile: `None` when there is none (or when
    /// the game waits for the player's choice after a win).
    pub fn redo(&mut self) -> Option<MoveReport> {
        let step = *self.steps.get(self.cursor())?;
        let mut game = self.current;
        // Every recorded step replays from where it was played (checked on load); `ok` and
        // `moved` keep this total all the same.
        let report = game.play_with_spawn(step.direction, step.spawn).ok().filter(|r| r.moved)?;
        self.before.push(self.current);
        self.current = game;
        Some(report)
    }

    /// Takes back the last move played: the game becomes exactly what it was before it, tiles,
    /// score and the win's state; the step stays recorded for [`Record::redo`]. Returns that
    /// game, or `None` at the start.
    pub fn undo(&mut self) -> Option<Game> {
        self.current = self.before.pop()?;
        Some(self.current)
    }

    /// The player's choice after the win to play on (see [`Game::continue_after_win`]).
    pub fn continue_after_win(&mut self) {
        self.current.continue_after_win();
    }

    /// Appends `step`, which led to `next`; past `limit` steps the oldest becomes the start.
    fn push(&mut self, step: Step, next: Game, limit: usize) {
        self.steps.push(step);
        self.before.push(self.current);
        self.current = next;
        if self.steps.len() > limit {
            self.steps.remove(0);
            self.before.remove(0);
            // The game as it stood when the new first step was played: a game like any other.
            self.start = self.before.first().copied().unwrap_or(self.current);
        }
    }

    /// The record's document (see the module's documentation).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record always serializes")
    }

    /// Reads a record's document, replaying every step to check that the game could exist.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        Record::from_value(&FORMAT.parse(text)?)
    }

    /// Like [`Record::from_json`], from an already parsed JSON value.
    pub fn from_value(value: &Value) -> Result<Record, RecordError> {
        let fields = FORMAT.read(value)?;
        let start = Game::from_value(fields.value("start")?).map_err(RecordError::Start)?;
        let list: &[Value] = fields.get("steps")?;
        if list.len() > MAX_STEPS {
            return Err(RecordError::TooManySteps { count: list.len(), limit: MAX_STEPS });
        }
        let steps =
            list.iter().enumerate().map(|(index, step)| parse_step(index, step)).collect::<Result<_, _>>()?;
        let cursor: usize = fields.get("cursor")?;
        // A step count, so no more than the steps there are.
        if cursor > list.len() {
            return Err(DocumentError::BadField("cursor").into());
        }
        replay(start, steps, cursor, fields.get("keep_going")?)
    }
}

/// The record of `start` and `steps` with `cursor` of them played, each checked to be a move
/// that counts from where it is played, with its tile on an empty cell.
fn replay(start: Game, steps: Vec<Step>, cursor: usize, keep_going: bool) -> Result<Record, RecordError> {
    let mut before = Vec::with_capacity(cursor);
    let mut current = start;
    let mut game = start;
    // The steps after the cursor are checked too, as they would be redone.
    for (index, step) in steps.iter().enumerate() {
        // A move played while the win waited shows the player chose to play on first.
        if game.status() == Status::Won {
            game.continue_after_win();
        }
        if index < cursor {
            before.push(game);
        }
        let report = game
            .play_with_spawn(step.direction, step.spawn)
            .map_err(|error| RecordError::IllegalSpawn { index, error })?;
        if !report.moved {
            return Err(RecordError::MoveDoesNotCount { index });
        }
        if index + 1 == cursor {
            current = game;
        }
    }
    // The choice to play on is the current game's, made already if a step before the cursor
    // followed the win. One after it does not make it: a win redone waits for the choice again.
    if keep_going && !current.won() {
        return Err(RecordError::KeepGoingWithoutWin);
    }
    if current.keeps_going() && !keep_going {
        return Err(RecordError::KeepGoingTakenBack);
    }
    if keep_going {
        current.continue_after_win();
    }
    Ok(Record { start, steps, before, current })
}

fn parse_step(index: usize, value: &Value) -> Result<Step, RecordError> {
    let [direction, cell, tile] = value
        .as_array()
        .and_then(|parts| <&[Value; 3]>::try_from(parts.as_slice()).ok())
        .ok_or(RecordError::StepShape { index })?;
    let direction = direction
        .as_str()
        .and_then(Direction::from_name)
        .ok_or_else(|| RecordError::BadDirection { index, found: direction.to_string() })?;
    let cell = cell
        .as_u64()
        .and_then(|c| usize::try_from(c).ok())
        .filter(|&c| c < 16)
        .ok_or_else(|| RecordError::BadCell { index, found: cell.to_string() })?;
    let exponent = match tile.as_u64() {
        Some(2) => 1,
        Some(4) => 2,
        _ => return Err(RecordError::BadTile { index, found: tile.to_string() }),
    };
    Ok(Step { direction, spawn: Spawn { cell, exponent } })
}

/// The spawn of a move's report, to record it.
fn spawn_of(spawned: Spawned) -> Spawn {
    Spawn {
        cell: 4 * usize::from(spawned.at.row) + usize::from(spawned.at.col),
        exponent: spawned.value.trailing_zeros() as u8,
    }
}

/// Why a record's document is not a record. `index` counts steps from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not a document of this shape: longer than [`MAX_RECORD_LEN`], not JSON, not an object,
    /// another version, a field missing, unknown, or not what it must be (`steps` a list,
    /// `cursor` a whole number from 0 to the number of steps, `keep_going` true or false).
    Document(DocumentError),
    /// `start` is not a game, for the reason given.
    Start(LoadError),
    /// More than `limit` steps.
    TooManySteps { count: usize, limit: usize },
    /// A step is not a list of a direction, a cell and a tile value.
    StepShape { index: usize },
    /// A step's direction is not `"up"`, `"down"`, `"left"` or `"right"`.
    BadDirection { index: usize, found: String },
    /// A step's cell is not a whole number from 0 to 15.
    BadCell { index: usize, found: String },
    /// A step's new tile is not 2 or 4.
    BadTile { index: usize, found: String },
    /// A step's move does not change the board it is played on (or the game was over).
    MoveDoesNotCount { index: usize },
    /// A step's new tile cannot appear where it says, after its move.
    IllegalSpawn { index: usize, error: SpawnError },
    /// `keep_going` is true but the current game has not won.
    KeepGoingWithoutWin,
    /// `keep_going` is false but the game already played on after its win, before the cursor.
    KeepGoingTakenBack,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Document(why) => write!(f, "the record cannot be read: {why}"),
            RecordError::Start(why) => write!(f, "the record's start is not a game: {why}"),
            RecordError::TooManySteps { count, limit } => {
                write!(f, "the record has {count} steps; at most {limit} are kept")
            }
            RecordError::StepShape { index } => {
                write!(f, "step {index} is not [direction, cell, new tile]")
            }
            RecordError::BadDirection { index, found } => {
                write!(f, "step {index} has the direction {found}, which is not up, down, left or right")
            }
            RecordError::BadCell { index, found } => {
                write!(f, "step {index} has the cell {found}, which is not a cell from 0 to 15")
            }
            RecordError::BadTile { index, found } => {
                write!(f, "step {index} has the new tile {found}, which is not 2 or 4")
            }
            RecordError::MoveDoesNotCount { index } => {
                write!(f, "step {index} is a move that does not change the board")
            }
            RecordError::IllegalSpawn { index, error } => write!(f, "step {index}: {error}"),
            RecordError::KeepGoingWithoutWin => write!(f, "the record keeps going without having won"),
            RecordError::KeepGoingTakenBack => {
                write!(f, "the record does not keep going although its game played on after the win")
            }
        }
    }
}

impl std::error::Error for RecordError {}

impl From<DocumentError> for RecordError {
    fn from(error: DocumentError) -> RecordError {
        RecordError::Document(error)
    }
}

impl Serialize for Step {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (self.direction, self.spawn.cell, value_of(self.spawn.exponent)).serialize(serializer)
    }
}

#[derive(Serialize)]
struct Document<'a> {
    version: u64,
    start: Game,
    steps: &'a [Step],
    cursor: usize,
    keep_going: bool,
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Document {
            version: RECORD_VERSION,
            start: self.start,
            steps: &self.steps,
            cursor: self.cursor(),
            keep_going: self.current.keeps_going(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Record, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Record::from_value(&value).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    /// Past the limit the oldest step becomes the start; the rest replays as before.
    #[test]
    fn past_the_limit_the_oldest_step_becomes_the_start() {
        let mut rng = StdRng::seed_from_u64(3);
        let mut record = Record::new(Game::new(&mut rng));
        let mut games = vec![record.game()];
        let limit = 5;
        let mut played = 0;
        while played < 12 {
            let direction = Direction::ALL[played % 4];
            let mut game = record.current;
            let report = game.play(direction, &mut rng);
            if let Some(spawned) = report.spawned {
                record.steps.truncate(record.cursor());
                record.push(Step { direction, spawn: spawn_of(spawned) }, game, limit);
                games.push(game);
            }
            played += 1;
            assert!(record.steps.len() <= limit);
        }
        let kept = record.steps.len();
        assert_eq!(record.start, games[games.len() - 1 - kept]);
        let back = Record::from_json(&record.to_json()).unwrap();
        assert_eq!(back, record);
        while record.undo().is_some() {}
        assert_eq!(record.game(), record.start);
    }
}
