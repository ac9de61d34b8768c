//! Saving in a real browser: the real `localStorage`, filled with corrupt or foreign data, and
//! made to throw the way private modes and full quotas do.
#![cfg(target_arch = "wasm32")]

use game_core::{DocumentError, Game, LoadError};
use js_sys::{Function, Object, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use wasm_ui::protocol::Strength;
use wasm_ui::storage::{BEST_KEY, GAME_KEY, Problem, SPEED_KEY, STRENGTH_KEY, Store};

wasm_bindgen_test_configure!(run_in_browser);

const SAVED: &str = r#"{"version":1,"board":[[0,2,0,0],[0,0,0,0],[0,0,4,0],[8,0,0,0]],"score":16,"won":false,"keep_going":false}"#;
const WON: &str = r#"{"version":1,"board":[[2048,2,0,0],[0,0,0,0],[0,0,4,0],[0,0,0,0]],"score":20480,"won":true,"keep_going":false}"#;

fn local() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

fn fill(items: &[(&str, &str)]) {
    let storage = local();
    storage.clear().unwrap();
    for (key, value) in items {
        storage.set_item(key, value).unwrap();
    }
}

/// Replaces `Storage.prototype[method]` with a function that throws, for the length of `f`.
fn with_throwing(method: &str, f: impl FnOnce()) {
    let prototype =
        Reflect::get(&Reflect::get(&js_sys::global(), &"Storage".into()).unwrap(), &"prototype".into())
            .unwrap();
    let original = Reflect::get(&prototype, &method.into()).unwrap();
    let thrower =
        Function::new_no_args("throw new DOMException('The operation is insecure.', 'SecurityError');");
    Reflect::set(&prototype, &method.into(), &thrower).unwrap();
    f();
    Reflect::set(&prototype, &method.into(), &original).unwrap();
}

#[wasm_bindgen_test]
fn a_saved_game_comes_back_exactly() {
    fill(&[(GAME_KEY, WON), (BEST_KEY, "30000")]);
    let loaded = Store::browser().load();
    let game = loaded.game.expect("the won game");
    assert_eq!(game, Game::from_json(WON).unwrap());
    assert!(game.won() && !game.keeps_going());
    assert_eq!(loaded.best, 30000);
    assert!(loaded.problems.is_empty());
}

/// Whether a load error is the one a case expects.
type IsExpected = fn(&LoadError) -> bool;

#[wasm_bindgen_test]
fn corrupt_or_foreign_games_start_over_and_keep_a_valid_best() {
    let cases: [(&str, IsExpected); 5] = [
        ("this is not JSON", |e| matches!(e, LoadError::Document(DocumentError::NotJson(_)))),
        (
            r#"{"version":7,"board":[[2,2,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"score":0,"won":false,"keep_going":false}"#,
            |e| matches!(e, LoadError::Document(DocumentError::UnknownVersion { .. })),
        ),
        (
            r#"{"version":1,"board":[[3,2,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"score":0,"won":false,"keep_going":false}"#,
            |e| matches!(e, LoadError::NotATile { .. }),
        ),
        (
            r#"{"version":1,"board":[[2,2,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"score":-4,"won":false,"keep_going":false}"#,
            |e| matches!(e, LoadError::Document(DocumentError::BadField("score"))),
        ),
        (r#"{"name":"someone else's app","level":3}"#, |e| {
            matches!(
                e,
                LoadError::Document(DocumentError::UnknownField(_))
                    | LoadError::Document(DocumentError::MissingField(_))
            )
        }),
    ];
    for (text, expected) in cases {
        fill(&[(GAME_KEY, text), (BEST_KEY, "512")]);
        let loaded = Store::browser().load();
        assert_eq!(loaded.game, None, "{text}");
        assert_eq!(loaded.best, 512, "{text}: the valid best is kept");
        match &loaded.problems[..] {
            [Problem::CorruptGame(error)] => assert!(expected(error), "{text}: {error:?}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[wasm_bindgen_test]
fn a_corrupt_best_is_reported_and_read_as_none() {
    // The page then folds the resumed game's score in (see `core`'s tests).
    for bad in ["-1", "\"many\"", "{}", "1.5", "NaN"] {
        fill(&[(GAME_KEY, SAVED), (BEST_KEY, bad)]);
        let loaded = Store::browser().load();
        assert_eq!(loaded.best, 0, "{bad}");
        assert_eq!(loaded.problems, vec![Problem::CorruptBest], "{bad}");
        assert!(loaded.game.is_some());
    }
}

#[wasm_bindgen_test]
fn saves_are_the_core_document_and_a_json_best() {
    fill(&[]);
    let store = Store::browser();
    let game = Game::from_json(SAVED).unwrap();
    store.save_game(&game).unwrap();
    store.save_best(16).unwrap();
    store.save_best(8).unwrap();
    store.save_speed(9).unwrap();
    assert_eq!(local().get_item(GAME_KEY).unwrap().unwrap(), game.to_json());
    assert_eq!(local().get_item(BEST_KEY).unwrap().unwrap(), "16", "the best never goes down");
    assert_eq!(local().get_item(SPEED_KEY).unwrap().unwrap(), "9");
    assert_eq!(store.load_speed(10), Some(9));
}

#[wasm_bindgen_test]
fn reads_that_throw_mean_storage_is_unavailable() {
    fill(&[(GAME_KEY, SAVED), (BEST_KEY, "100")]);
    with_throwing("getItem", || {
        let store = Store::browser();
        let loaded = store.load();
        assert_eq!(loaded.game, None);
        assert_eq!(loaded.best, 0);
        assert_eq!(loaded.problems, vec![Problem::Unavailable]);
        assert_eq!(store.load_speed(10), None);
    });
}

#[wasm_bindgen_test]
fn writes_that_throw_are_save_failures() {
    fill(&[]);
    with_throwing("setItem", || {
        let store = Store::browser();
        assert!(store.load().problems.is_empty(), "reading still works");
        assert_eq!(store.save_game(&Game::from_json(SAVED).unwrap()), Err(Problem::SaveFailed));
        assert_eq!(store.save_best(5), Err(Problem::SaveFailed));
    });
}

#[wasm_bindgen_test]
fn a_local_storage_that_throws_on_access_is_unavailable() {
    let window: Object = web_sys::window().unwrap().unchecked_into();
    let descriptor = Object::get_own_property_descriptor(&window, &"localStorage".into());
    assert!(!descriptor.is_undefined(), "localStorage is an own property of window in Chromium");
    let thrower = Function::new_no_args(
        "throw new DOMException('Access is denied for this document.', 'SecurityError');",
    );
    let getter = Object::new();
    Reflect::set(&getter, &"get".into(), &thrower).unwrap();
    Reflect::set(&getter, &"configurable".into(), &true.into()).unwrap();
    Object::define_property(&window, &"localStorage".into(), &getter);
    assert!(web_sys::window().unwrap().local_storage().is_err(), "the override throws");

    let store = Store::browser();
    let loaded = store.load();
    assert_eq!((loaded.game, loaded.best, loaded.problems), (None, 0, vec![Problem::Unavailable]));
    assert_eq!(store.save_best(1), Err(Problem::Unavailable));

    Object::define_property(&window, &"localStorage".into(), descriptor.unchecked_ref());
    assert!(web_sys::window().unwrap().local_storage().is_ok());
}

#[wasm_bindgen_test]
fn the_strength_is_remembered_and_anything_unreadable_is_spec() {
    fill(&[(GAME_KEY, SAVED), (BEST_KEY, "40")]);
    let store = Store::browser();
    assert_eq!(store.load_strength(), Strength::Spec, "nothing saved yet");
    store.save_strength(Strength::Strong).unwrap();
    assert_eq!(local().get_item(STRENGTH_KEY).unwrap().as_deref(), Some("strong"));
    assert_eq!(Store::browser().load_strength(), Strength::Strong);
    for bad in ["STRONG", "\"strong\"", "", "expert", "null"] {
        local().set_item(STRENGTH_KEY, bad).unwrap();
        assert_eq!(Store::browser().load_strength(), Strength::Spec, "{bad:?}");
    }
    // A bad strength costs nothing else: the game and best still load, with no problem.
    let loaded = Store::browser().load();
    assert_eq!(loaded.game, Some(Game::from_json(SAVED).unwrap()));
    assert_eq!(loaded.best, 40);
    assert!(loaded.problems.is_empty());
}

#[wasm_bindgen_test]
fn a_strength_in_storage_that_throws_is_spec_and_its_save_fails_quietly() {
    fill(&[(STRENGTH_KEY, "strong")]);
    with_throwing("getItem", || assert_eq!(Store::browser().load_strength(), Strength::Spec));
    with_throwing("setItem", || {
        assert_eq!(Store::browser().save_strength(Strength::Spec), Err(Problem::SaveFailed));
    });
    assert_eq!(local().get_item(STRENGTH_KEY).unwrap().as_deref(), Some("strong"), "nothing lost");
}
