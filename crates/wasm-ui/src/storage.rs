//! What the browser keeps between visits: the game in progress, the best score, the speed, the
//! language, the solver's strength.
//!
//! | key | value |
//! | --- | --- |
//! | `2048.game` | the saved-game document of `game-core`, exactly `Game::to_json` |
//! | `2048.best` | the best score, a JSON number |
//! | `2048.speed` | the Autoplay speed, a JSON number |
//! | `2048.language` | the language the player chose on the page: `en`, `ko` or `zh-Hant` (plain text) |
//! | `2048.strength` | the solver strength of Hint and Autoplay: `spec` or `strong` (plain text) |
//!
//! Anything can be under those keys (an older version, another app, a hand edit) and storage
//! itself can throw (private windows, disabled cookies, quotas; even reading
//! `window.localStorage` can throw). So every read is validated, every failure becomes a
//! [`Problem`] for the page to mention, and nothing here panics: the game is always playable.
//! `web_sys::Storage` is used directly because gloo-storage throws when storage is blocked.
//!
//! When the game is written is `app`'s and [`crate::autosave`]'s business: after every move
//! the player makes, but at most every half second while Autoplay plays (and when it stops, on
//! a win or game over, and when the page is hidden or left).

use game_core::{Game, LoadError};

use crate::protocol::Strength;
use crate::text::Language;

pub const GAME_KEY: &str = "2048.game";
pub const BEST_KEY: &str = "2048.best";
pub const SPEED_KEY: &str = "2048.speed";
pub const LANGUAGE_KEY: &str = "2048.language";
pub const STRENGTH_KEY: &str = "2048.strength";

/// A storage call that threw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blocked;

/// A key-value store: the browser's `localStorage`, or a stand-in in the tests.
pub trait Backend {
    fn get(&self, key: &str) -> Result<Option<String>, Blocked>;
    fn set(&self, key: &str, value: &str) -> Result<(), Blocked>;
}

impl Backend for web_sys::Storage {
    fn get(&self, key: &str) -> Result<Option<String>, Blocked> {
        self.get_item(key).map_err(|_| Blocked)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), Blocked> {
        self.set_item(key, value).map_err(|_| Blocked)
    }
}

/// Something the player should be told about their saved data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Storage cannot be read at all: nothing will be saved.
    Unavailable,
    /// A write failed: progress is not being saved.
    SaveFailed,
    /// `2048.game` held something that is not a game; a new game started instead.
    CorruptGame(LoadError),
    /// `2048.best` held something that is not a score; it was reset.
    CorruptBest,
}

/// What an earlier visit left.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    /// The game to resume, if a valid one was saved.
    pub game: Option<Game>,
    /// The best score: the saved one, never below the resumed game's score; when the saved one
    /// is unreadable, the resumed game's score (0 for a new game).
    pub best: u32,
    pub problems: Vec<Problem>,
}

/// The page's storage, or none when the browser refuses it.
pub struct Store {
    backend: Option<Box<dyn Backend>>,
}

impl Store {
    /// The browser's `localStorage`, or a store that keeps nothing when it is missing or throws.
    pub fn browser() -> Store {
        let storage = web_sys::window().and_then(|window| window.local_storage().ok().flatten());
        Store { backend: storage.map(|s| Box::new(s) as Box<dyn Backend>) }
    }

    pub fn with_backend(backend: Box<dyn Backend>) -> Store {
        Store { backend: Some(backend) }
    }

    /// A store that keeps nothing.
    pub fn none() -> Store {
        Store { backend: None }
    }

    /// Reads the saved game and best score, validating both.
    pub fn load(&self) -> Loaded {
        let Some(backend) = &self.backend else {
            return Loaded { game: None, best: 0, problems: vec![Problem::Unavailable] };
        };
        let mut problems = Vec::new();
        let game = match backend.get(GAME_KEY) {
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
        let score = game.map_or(0, |game| game.score());
        let best = match backend.get(BEST_KEY) {
            Ok(Some(text)) => match decode_best(&text) {
                Some(best) => best.max(score),
                None => {
                    problems.push(Problem::CorruptBest);
                    score
                }
            },
            Ok(None) => score,
            Err(Blocked) => {
                if !problems.contains(&Problem::Unavailable) {
                    problems.push(Problem::Unavailable);
                }
                score
            }
        };
        Loaded { game, best, problems }
    }

    /// Saves the game in progress.
    pub fn save_game(&self, game: &Game) -> Result<(), Problem> {
        self.set(GAME_KEY, &game.to_json())
    }

    /// Saves `best` unless a score at least as high is already saved (another tab's, say):
    /// the saved best never goes down.
    pub fn save_best(&self, best: u32) -> Result<(), Problem> {
        let saved =
            self.backend.as_ref().and_then(|b| b.get(BEST_KEY).ok().flatten()).and_then(|t| decode_best(&t));
        if saved.is_some_and(|saved| saved >= best) {
            return Ok(());
        }
        self.set(BEST_KEY, &best.to_string())
    }

    /// The saved Autoplay speed, if it is a whole number up to `max`.
    pub fn load_speed(&self, max: u8) -> Option<u8> {
        let text = self.backend.as_ref()?.get(SPEED_KEY).ok()??;
        decode_speed(&text, max)
    }

    pub fn save_speed(&self, speed: u8) -> Result<(), Problem> {
        self.set(SPEED_KEY, &speed.to_string())
    }

    /// The language the player chose, if one was saved and the page still speaks it. Not
    /// reported when unreadable: the browser's languages choose instead.
    pub fn load_language(&self) -> Option<Language> {
        let text = self.backend.as_ref()?.get(LANGUAGE_KEY).ok()??;
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
        let saved = self.backend.as_ref().and_then(|b| b.get(STRENGTH_KEY).ok().flatten());
        saved.and_then(|text| Strength::from_code(&text)).unwrap_or_default()
    }

    /// Remembers the player's choice of strength. A failure is the caller's to ignore: the
    /// choice then lasts for the visit only.
    pub fn save_strength(&self, strength: Strength) -> Result<(), Problem> {
        self.set(STRENGTH_KEY, strength.code())
    }

    fn set(&self, key: &str, value: &str) -> Result<(), Problem> {
        let backend = self.backend.as_ref().ok_or(Problem::Unavailable)?;
        backend.set(key, value).map_err(|Blocked| Problem::SaveFailed)
    }
}

/// A best score as saved: a JSON number that is a whole score (0 to 4294967295).
pub fn decode_best(text: &str) -> Option<u32> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    value.as_u64().and_then(|n| u32::try_from(n).ok())
}

/// A speed as saved: a JSON number from 0 to `max`.
pub fn decode_speed(text: &str, max: u8) -> Option<u8> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    value.as_u64().and_then(|n| u8::try_from(n).ok()).filter(|&n| n <= max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::collections::HashMap;
    use std::rc::Rc;

    /// An in-memory store whose reads and writes can be made to throw.
    #[derive(Clone, Default)]
    struct Memory {
        items: Rc<RefCell<HashMap<String, String>>>,
        reads_throw: bool,
        writes_throw: bool,
    }

    impl Backend for Memory {
        fn get(&self, key: &str) -> Result<Option<String>, Blocked> {
            if self.reads_throw {
                return Err(Blocked);
            }
            Ok(self.items.borrow().get(key).cloned())
        }

        fn set(&self, key: &str, value: &str) -> Result<(), Blocked> {
            if self.writes_throw {
                return Err(Blocked);
            }
            self.items.borrow_mut().insert(key.to_owned(), value.to_owned());
            Ok(())
        }
    }

    fn store_with(items: &[(&str, &str)]) -> (Store, Memory) {
        let memory = Memory::default();
        for (k, v) in items {
            memory.items.borrow_mut().insert((*k).to_owned(), (*v).to_owned());
        }
        (Store::with_backend(Box::new(memory.clone())), memory)
    }

    const SAVED: &str = r#"{"version":1,"board":[[0,2,0,0],[0,0,0,0],[0,0,4,0],[8,0,0,0]],"score":16,"won":false,"keep_going":false}"#;

    #[test]
    fn best_scores_are_whole_json_numbers() {
        assert_eq!(decode_best("0"), Some(0));
        assert_eq!(decode_best(" 1234 "), Some(1234));
        assert_eq!(decode_best("4294967295"), Some(u32::MAX));
        for bad in ["", "-1", "12.5", "\"12\"", "null", "4294967296", "1e3", "[1]", "12abc"] {
            assert_eq!(decode_best(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn speeds_are_bounded() {
        assert_eq!(decode_speed("0", 10), Some(0));
        assert_eq!(decode_speed("10", 10), Some(10));
        assert_eq!(decode_speed("11", 10), None);
        assert_eq!(decode_speed("-1", 10), None);
        assert_eq!(decode_speed("fast", 10), None);
    }

    #[test]
    fn a_saved_game_and_best_come_back() {
        let (store, _) = store_with(&[(GAME_KEY, SAVED), (BEST_KEY, "500")]);
        let loaded = store.load();
        assert_eq!(loaded.game, Some(Game::from_json(SAVED).unwrap()));
        assert_eq!(loaded.best, 500);
        assert_eq!(loaded.problems, vec![]);
    }

    #[test]
    fn nothing_saved_is_a_new_game_and_no_problem() {
        let (store, _) = store_with(&[]);
        assert_eq!(store.load(), Loaded { game: None, best: 0, problems: vec![] });
    }

    #[test]
    fn a_corrupt_game_is_reported_and_keeps_a_valid_best() {
        for bad in ["{", "[]", r#"{"version":2}"#, &SAVED.replace("\"score\":16", "\"score\":-5")] {
            let (store, _) = store_with(&[(GAME_KEY, bad), (BEST_KEY, "300")]);
            let loaded = store.load();
            assert_eq!(loaded.game, None, "{bad}");
            assert_eq!(loaded.best, 300);
            assert!(matches!(loaded.problems[..], [Problem::CorruptGame(_)]), "{bad}: {:?}", loaded.problems);
        }
    }

    #[test]
    fn a_corrupt_best_resets_to_the_current_score() {
        let (store, _) = store_with(&[(GAME_KEY, SAVED), (BEST_KEY, "-7")]);
        let loaded = store.load();
        assert_eq!(loaded.best, 16, "the resumed game's score");
        assert_eq!(loaded.problems, vec![Problem::CorruptBest]);
        let (store, _) = store_with(&[(BEST_KEY, "lots")]);
        assert_eq!(store.load().best, 0);
    }

    #[test]
    fn the_best_is_never_below_the_resumed_score() {
        let (store, _) = store_with(&[(GAME_KEY, SAVED), (BEST_KEY, "4")]);
        assert_eq!(store.load().best, 16);
    }

    #[test]
    fn throwing_storage_is_unavailable_but_still_loads_a_playable_state() {
        let memory = Memory { reads_throw: true, writes_throw: true, ..Memory::default() };
        let store = Store::with_backend(Box::new(memory));
        assert_eq!(store.load(), Loaded { game: None, best: 0, problems: vec![Problem::Unavailable] });
        assert_eq!(store.save_game(&Game::from_json(SAVED).unwrap()), Err(Problem::SaveFailed));
        assert_eq!(Store::none().load().problems, vec![Problem::Unavailable]);
        assert_eq!(Store::none().save_best(3), Err(Problem::Unavailable));
    }

    #[test]
    fn writes_that_throw_are_save_failures() {
        let memory = Memory { writes_throw: true, ..Memory::default() };
        let store = Store::with_backend(Box::new(memory));
        assert_eq!(store.load().problems, vec![]);
        assert_eq!(store.save_best(10), Err(Problem::SaveFailed));
        assert_eq!(store.save_speed(3), Err(Problem::SaveFailed));
    }

    #[test]
    fn the_saved_best_never_goes_down() {
        let (store, memory) = store_with(&[(BEST_KEY, "100")]);
        store.save_best(40).unwrap();
        assert_eq!(memory.items.borrow()[BEST_KEY], "100");
        store.save_best(140).unwrap();
        assert_eq!(memory.items.borrow()[BEST_KEY], "140");
        // A corrupt saved best is replaced.
        memory.items.borrow_mut().insert(BEST_KEY.into(), "oops".into());
        store.save_best(7).unwrap();
        assert_eq!(memory.items.borrow()[BEST_KEY], "7");
    }

    #[test]
    fn the_game_is_saved_as_the_core_document() {
        let (store, memory) = store_with(&[]);
        let game = Game::from_json(SAVED).unwrap();
        store.save_game(&game).unwrap();
        assert_eq!(memory.items.borrow()[GAME_KEY], game.to_json());
        store.save_speed(4).unwrap();
        assert_eq!(store.load_speed(10), Some(4));
    }

    #[test]
    fn the_language_is_kept_by_its_code() {
        let (store, memory) = store_with(&[]);
        assert_eq!(store.load_language(), None);
        store.save_language(Language::ZhHant).unwrap();
        assert_eq!(memory.items.borrow()[LANGUAGE_KEY], "zh-Hant");
        assert_eq!(store.load_language(), Some(Language::ZhHant));
        store.save_language(Language::Ko).unwrap();
        assert_eq!(store.load_language(), Some(Language::Ko));
        for bad in ["", "fr", "\"ko\"", "zh-TW"] {
            memory.items.borrow_mut().insert(LANGUAGE_KEY.into(), bad.into());
            assert_eq!(store.load_language(), None, "{bad:?}");
        }
    }

    #[test]
    fn a_language_that_cannot_be_kept_is_no_problem_on_load() {
        let memory = Memory { reads_throw: true, writes_throw: true, ..Memory::default() };
        let store = Store::with_backend(Box::new(memory));
        assert_eq!(store.load_language(), None);
        assert_eq!(store.save_language(Language::Ko), Err(Problem::SaveFailed));
        assert_eq!(Store::none().load_language(), None);
        assert_eq!(Store::none().save_language(Language::Ko), Err(Problem::Unavailable));
    }

    #[test]
    fn the_strength_is_kept_by_its_name_and_anything_else_is_spec() {
        let (store, memory) = store_with(&[]);
        assert_eq!(store.load_strength(), Strength::Spec, "nothing saved");
        store.save_strength(Strength::Strong).unwrap();
        assert_eq!(memory.items.borrow()[STRENGTH_KEY], "strong");
        assert_eq!(store.load_strength(), Strength::Strong);
        store.save_strength(Strength::Spec).unwrap();
        assert_eq!(memory.items.borrow()[STRENGTH_KEY], "spec");
        assert_eq!(store.load_strength(), Strength::Spec);
        for bad in ["", "Strong", "\"strong\"", "strongest", " strong", "1", "{}"] {
            memory.items.borrow_mut().insert(STRENGTH_KEY.into(), bad.into());
            assert_eq!(store.load_strength(), Strength::Spec, "{bad:?}");
        }
        // Nothing else is touched by it.
        assert_eq!(memory.items.borrow().len(), 1);
    }

    #[test]
    fn a_strength_that_cannot_be_kept_is_spec_and_no_problem_on_load() {
        let memory = Memory { reads_throw: true, writes_throw: true, ..Memory::default() };
        let store = Store::with_backend(Box::new(memory));
        assert_eq!(store.load_strength(), Strength::Spec);
        assert_eq!(store.save_strength(Strength::Strong), Err(Problem::SaveFailed));
        assert_eq!(Store::none().load_strength(), Strength::Spec);
        assert_eq!(Store::none().save_strength(Strength::Strong), Err(Problem::Unavailable));
    }
}
