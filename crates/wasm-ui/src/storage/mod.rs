//! What the browser keeps between visits: the game in progress, the best score, the speed, the
//! language, the solver's strength.
//!
//! | key | value |
//! | --- | --- |
//! | `2048.game` | the saved-game document of `game-core`, exactly `Game::to_json` |
//! | `2048.best` | the best score, a JSON number |
//! | `2048.speed` | the Autoplay speed, a JSON number |
//! | `2048.language` | the language the player chose on the page: `en`, `ko` or `zh-Hant` (plain text) |
//! | `2048.strength` | the solver strength of Hint and Autoplay: `spec`, `strong` or `max` (plain text) |
//! | `2048.coach` | the coach: on or off, the game's agreement and its mistakes, each with its word (see [`coach`]) |
//! | `2048.tally` | the game in progress's record, time played, help used and flags, written just before the game (see [`tally`]) |
//! | `2048.daily` | the days' games: each day's first try and the solver's result (see [`daily`]) |
//! | `2048.daily.set-aside` | a `2048.daily` that could not be read, kept as it was (the last one only) |
//!
//! Finished games are kept in IndexedDB, not here (see `shell::history_db`).
//!
//! Anything can be under those keys (an older version, another app, a hand edit) and storage
//! itself can throw (private windows, disabled cookies, quotas; even reading
//! `window.localStorage` can throw). So every read is validated, every failure becomes a
//! [`Problem`] for the page to mention, and nothing here panics: the game is always playable.
//! Nothing is ever written over a key whose value could not be read: what is there may be a
//! game that a later visit can still read.
//!
//! The browser's storage is reached through `gloo-storage`'s `LocalStorage`, once
//! [`Store::browser`] has probed that `window.localStorage` can be had at all (gloo's own
//! accessor throws where it cannot). Its handle's `getItem` and `setItem` are called with
//! their errors caught: gloo's typed `get` would abort the page's code where `getItem` throws
//! (it expects it never to), and the values here are the documents themselves, written as
//! text.
//!
//! When the game is written is the core's business ([`page_core::autosave`]): after every move
//! the player makes, but at most every half second while Autoplay plays (and when it stops, on
//! a win or game over, and when the page is hidden or left).

use std::cell::RefCell;

use game_core::Game;
use gloo_storage::Storage as _;
use page_core::days::Days;
use page_core::request::Strength;
pub use page_core::saved::{Loaded, Problem};
use page_core::saved::{coach, daily, decode_best, decode_speed, tally};
use page_core::text::Language;
use page_core::{CoachSave, TallySave};

pub const GAME_KEY: &str = "2048.game";
pub const BEST_KEY: &str = "2048.best";
pub const SPEED_KEY: &str = "2048.speed";
pub const LANGUAGE_KEY: &str = "2048.language";
pub const STRENGTH_KEY: &str = "2048.strength";
pub const COACH_KEY: &str = "2048.coach";
pub const TALLY_KEY: &str = "2048.tally";
pub const DAILY_KEY: &str = "2048.daily";
pub const DAILY_SET_ASIDE_KEY: &str = "2048.daily.set-aside";

/// A storage call that threw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blocked;

/// A key-value store: the browser's `localStorage`, or a stand-in in the tests.
pub trait Backend {
    fn get(&self, key: &str) -> Result<Option<String>, Blocked>;
    fn set(&self, key: &str, value: &str) -> Result<(), Blocked>;
}

/// The page's `localStorage`, through gloo-storage (only ever made after the probe).
struct Local;

impl Backend for Local {
    fn get(&self, key: &str) -> Result<Option<String>, Blocked> {
        gloo_storage::LocalStorage::raw().get_item(key).map_err(|_| Blocked)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), Blocked> {
        gloo_storage::LocalStorage::raw().set_item(key, value).map_err(|_| Blocked)
    }
}

/// The page's storage, or none when the browser refuses it.
pub struct Store {
    backend: Option<Box<dyn Backend>>,
    /// Keys whose value could not be read: never written over.
    unreadable: RefCell<Vec<&'static str>>,
}

impl Store {
    /// The browser's `localStorage`, or a store that keeps nothing when it is missing or throws.
    pub fn browser() -> Store {
        let usable = web_sys::window().is_some_and(|window| matches!(window.local_storage(), Ok(Some(_))));
        if usable { Store::with_backend(Box::new(Local)) } else { Store::none() }
    }

    pub fn with_backend(backend: Box<dyn Backend>) -> Store {
        Store { backend: Some(backend), unreadable: RefCell::default() }
    }

    /// A store that keeps nothing.
    pub fn none() -> Store {
        Store { backend: None, unreadable: RefCell::default() }
    }

    /// Reads `key`, remembering when it could not be read.
    fn get(&self, key: &'static str) -> Result<Option<String>, Blocked> {
        let backend = self.backend.as_ref().ok_or(Blocked)?;
        let read = backend.get(key);
        if read.is_err() && !self.unreadable.borrow().contains(&key) {
            self.unreadable.borrow_mut().push(key);
        }
        read
    }

    /// Reads the saved game and best score, validating both.
    pub fn load(&self) -> Loaded {
        if self.backend.is_none() {
            return Loaded { game: None, best: 0, problems: vec![Problem::Unavailable] };
        }
        let mut problems = Vec::new();
        let game = match self.get(GAME_KEY) {
            Ok(Some(text)) => match Game::from_json(&text) {
                Ok(game) => Some(game),
                Err(error) => {
                    problems.push(Problem::CorruptGame(error));
                    None
                }
            },
            Ok(None) => None,
            Err(Blocked) => {
                problems.push(Problem::Unavailable);
                None
            }
        };
        let best = match self.get(BEST_KEY) {
            Ok(Some(text)) => decode_best(&text).unwrap_or_else(|| {
                problems.push(Problem::CorruptBest);
                0
            }),
            Ok(None) => 0,
            Err(Blocked) => {
                if !problems.contains(&Problem::Unavailable) {
                    problems.push(Problem::Unavailable);
                }
                0
            }
        };
        Loaded { game, best, problems }
    }

    /// Saves the game in progress.
    pub fn save_game(&self, game: &Game) -> Result<(), Problem> {
        self.set(GAME_KEY, &game.to_json())
    }

    /// Saves `best` unless a score at least as high is already saved (another tab's, say):
    /// the saved best never goes down, and a best of 0 is not written where none is saved.
    pub fn save_best(&self, best: u32) -> Result<(), Problem> {
        let saved = match self.get(BEST_KEY) {
            Ok(None) => Some(0),
            Ok(Some(text)) => decode_best(&text),
            // Not read, so not written over (`set` refuses it).
            Err(Blocked) => None,
        };
        if saved.is_some_and(|saved| saved >= best) {
            return Ok(());
        }
        self.set(BEST_KEY, &best.to_string())
    }

    /// The coach as saved: `None` when nothing is, a problem when it cannot be read (the game
    /// plays on, and the coach starts again).
    pub fn load_coach(&self) -> Result<Option<CoachSave>, Problem> {
        match self.get(COACH_KEY) {
            Ok(Some(text)) => coach::decode(&text).map(Some).map_err(Problem::CorruptCoach),
            Ok(None) | Err(Blocked) => Ok(None),
        }
    }

    pub fn save_coach(&self, saved: &CoachSave) -> Result<(), Problem> {
        self.set(COACH_KEY, &coach::encode(saved))
    }

    /// The tally of the game in progress as saved: `None` when nothing is or it cannot be read
    /// (the game's entry then starts from the game as it loads; a warning says why).
    pub fn load_tally(&self) -> Result<Option<TallySave>, String> {
        match self.get(TALLY_KEY) {
            Ok(Some(text)) => tally::decode(&text).map(Some),
            Ok(None) | Err(Blocked) => Ok(None),
        }
    }

    pub fn save_tally(&self, saved: &TallySave) -> Result<(), Problem> {
        self.set(TALLY_KEY, &tally::encode(saved))
    }

    /// The days' results as saved: none when nothing is (or storage cannot be read: the game
    /// plays on). A document that is not the days' results is set aside under
    /// [`DAILY_SET_ASIDE_KEY`] and reported; the days start again, and a write goes over it
    /// only if it could be set aside, so that it is never lost unsaid.
    pub fn load_days(&self) -> Result<Days, Problem> {
        match self.get(DAILY_KEY) {
            Ok(Some(text)) => daily::decode(&text).map_err(|error| {
                if self.set(DAILY_SET_ASIDE_KEY, &text).is_err() {
                    self.unreadable.borrow_mut().push(DAILY_KEY);
                }
                Problem::CorruptDaily(error)
            }),
            Ok(None) | Err(Blocked) => Ok(Days::default()),
        }
    }

    pub fn save_days(&self, days: &Days) -> Result<(), Problem> {
        self.set(DAILY_KEY, &daily::encode(days))
    }

    /// The saved Autoplay speed, if it is a whole number up to `max`.
    pub fn load_speed(&self, max: u8) -> Option<u8> {
        let text = self.get(SPEED_KEY).ok()??;
        decode_speed(&text, max)
    }

    pub fn save_speed(&self, speed: u8) -> Result<(), Problem> {
        self.set(SPEED_KEY, &speed.to_string())
    }

    /// The language the player chose, if one was saved and the page still speaks it. Not
    /// reported when unreadable: the browser's languages choose instead.
    pub fn load_language(&self) -> Option<Language> {
        let text = self.get(LANGUAGE_KEY).ok()??;
        Language::from_code(&text)
    }

    /// Remembers the player's choice of language. A failure is the caller's to ignore: the
    /// choice then lasts for the visit only.
    pub fn save_language(&self, language: Language) -> Result<(), Problem> {
        self.set(LANGUAGE_KEY, language.code())
    }

    /// The solver strength the player chose: Spec when none was saved, when storage throws,
    /// or when the saved text names no strength (an unreadable choice is not worth a notice:
    /// the default is one click away).
    pub fn load_strength(&self) -> Strength {
        let saved = self.get(STRENGTH_KEY).ok().flatten();
        saved.and_then(|text| Strength::from_code(&text)).unwrap_or_default()
    }

    /// Remembers the player's choice of strength. A failure is the caller's to ignore: the
    /// choice then lasts for the visit only.
    pub fn save_strength(&self, strength: Strength) -> Result<(), Problem> {
        self.set(STRENGTH_KEY, strength.code())
    }

    fn set(&self, key: &'static str, value: &str) -> Result<(), Problem> {
        let backend = self.backend.as_ref().ok_or(Problem::Unavailable)?;
        if self.unreadable.borrow().contains(&key) {
            return Err(Problem::Unavailable);
        }
        backend.set(key, value).map_err(|Blocked| Problem::SaveFailed)
    }
}

#[cfg(test)]
mod tests;
