//! The store's validation and its refusals, against an in-memory backend.

use super::*;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// An in-memory store whose reads and writes can be made to throw, or that is full (refuses
/// new keys but lets existing ones be written).
#[derive(Clone, Default)]
struct Memory {
    items: Rc<RefCell<HashMap<String, String>>>,
    reads_throw: bool,
    writes_throw: bool,
    full: bool,
    writes: Rc<RefCell<Vec<String>>>,
}

impl Backend for Memory {
    fn get(&self, key: &str) -> Result<Option<String>, Blocked> {
        if self.reads_throw {
            return Err(Blocked);
        }
        Ok(self.items.borrow().get(key).cloned())
    }

    fn set(&self, key: &str, value: &str) -> Result<(), Blocked> {
        if self.writes_throw || (self.full && !self.items.borrow().contains_key(key)) {
            return Err(Blocked);
        }
        self.writes.borrow_mut().push(key.to_owned());
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
fn a_corrupt_best_is_reported_and_read_as_none() {
    let (store, _) = store_with(&[(GAME_KEY, SAVED), (BEST_KEY, "-7")]);
    let loaded = store.load();
    assert_eq!(loaded.best, 0);
    assert_eq!(loaded.problems, vec![Problem::CorruptBest]);
    let (store, _) = store_with(&[(BEST_KEY, "lots")]);
    assert_eq!(store.load().best, 0);
}

#[test]
fn the_best_is_read_as_saved() {
    let (store, _) = store_with(&[(GAME_KEY, SAVED), (BEST_KEY, "4")]);
    assert_eq!(store.load().best, 4, "the page folds the resumed score in, where it counts");
}

#[test]
fn throwing_storage_is_unavailable_but_still_loads_a_playable_state() {
    let memory = Memory { reads_throw: true, writes_throw: true, ..Memory::default() };
    let store = Store::with_backend(Box::new(memory));
    assert_eq!(store.load(), Loaded { game: None, best: 0, problems: vec![Problem::Unavailable] });
    assert_eq!(store.save_game(&Game::from_json(SAVED).unwrap()), Err(Problem::Unavailable));
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
    assert_eq!(store.save_language(Language::Ko), Err(Problem::Unavailable), "not read, so not written");
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
    assert_eq!(store.save_strength(Strength::Strong), Err(Problem::Unavailable), "not read, so not written");
    assert_eq!(Store::none().load_strength(), Strength::Spec);
    assert_eq!(Store::none().save_strength(Strength::Strong), Err(Problem::Unavailable));
}

#[test]
fn a_key_that_could_not_be_read_is_never_written_over() {
    // getItem throws for the page's keys, setItem works: what is there may be a game.
    let memory = Memory { reads_throw: true, ..Memory::default() };
    let store = Store::with_backend(Box::new(memory.clone()));
    let loaded = store.load();
    assert_eq!(loaded.problems, vec![Problem::Unavailable]);
    assert_eq!(store.save_game(&Game::from_json(SAVED).unwrap()), Err(Problem::Unavailable));
    assert_eq!(store.save_best(0), Err(Problem::Unavailable));
    assert_eq!(store.save_best(500), Err(Problem::Unavailable));
    let _ = store.load_language();
    let _ = store.save_language(Language::Ko);
    assert!(memory.writes.borrow().is_empty(), "wrote {:?}", memory.writes.borrow());
}

#[test]
fn full_storage_that_holds_the_game_saves_it_and_says_nothing() {
    let (_, memory) = store_with(&[(GAME_KEY, SAVED)]);
    let memory = Memory { full: true, ..memory };
    let store = Store::with_backend(Box::new(memory.clone()));
    let loaded = store.load();
    assert_eq!(loaded.problems, vec![]);
    assert_eq!(store.save_best(0), Ok(()), "no best to write where none is saved");
    assert!(memory.writes.borrow().is_empty());
    assert_eq!(store.save_game(&loaded.game.unwrap()), Ok(()), "an existing key can be written");
    assert_eq!(store.save_best(16), Err(Problem::SaveFailed), "a new key cannot");
}

#[test]
fn the_days_results_read_back_and_a_foreign_document_is_set_aside_not_lost() {
    let (store, _) = store_with(&[]);
    assert_eq!(store.load_days(), Ok(Days::default()));
    let mut days = Days::default();
    days.start(page_core::daily::Day::parse("2026-12-05").unwrap());
    store.save_days(&days).unwrap();
    assert_eq!(store.load_days(), Ok(days.clone()));

    let foreign = r#"{"version":1,"days":[{"date":"<b>x</b>"}]}"#;
    let (store, memory) = store_with(&[(DAILY_KEY, foreign)]);
    let Err(Problem::CorruptDaily(why)) = store.load_days() else { panic!("read a foreign document") };
    assert!(!why.contains("<b>"), "{why}");
    assert_eq!(memory.items.borrow().get(DAILY_SET_ASIDE_KEY).map(String::as_str), Some(foreign));
    // Set aside: the days start again, and are written.
    store.save_days(&days).unwrap();
    assert_eq!(store.load_days(), Ok(days.clone()));

    // Where it cannot be set aside (storage full), it is not written over either.
    let (store, memory) = store_with(&[(DAILY_KEY, foreign)]);
    let full = Store::with_backend(Box::new(Memory { full: true, ..memory.clone() }));
    assert!(matches!(full.load_days(), Err(Problem::CorruptDaily(_))));
    assert!(full.save_days(&days).is_err());
    assert_eq!(memory.items.borrow().get(DAILY_KEY).map(String::as_str), Some(foreign));
    drop(store);
}
