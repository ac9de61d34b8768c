//! The whole app on index.html's markup in a real browser: resuming a save, keys, Keep going,
//! the New game confirmation, the solver strength, and a solver worker that cannot load. One test, because the app
//! installs its listeners on the window for the page's lifetime.
#![cfg(target_arch = "wasm32")]

mod common;

use common::{board_on, by_id, document, html, mount_page};
use game_core::Game;
use js_sys::Promise;
use page_core::text::{Label, Language, Message};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;
use wasm_ui::storage::{BEST_KEY, GAME_KEY, LANGUAGE_KEY, SPEED_KEY, STRENGTH_KEY};
use web_sys::{EventTarget, KeyboardEvent, KeyboardEventInit};

wasm_bindgen_test_configure!(run_in_browser);

const WON: &str = r#"{"version":1,"board":[[2048,2,0,0],[0,0,0,0],[0,0,4,0],[0,0,0,0]],"score":20480,"won":true,"keep_going":false}"#;

async fn sleep(ms: i32) {
    let promise = Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    JsFuture::from(promise).await.unwrap();
}

/// Dispatches a keydown on `target`; returns whether the page took it (prevented its default).
fn press(target: &EventTarget, key: &str, ctrl: bool) -> bool {
    let init = KeyboardEventInit::new();
    init.set_key(key);
    init.set_ctrl_key(ctrl);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    !target.dispatch_event(&event).unwrap()
}

fn moves() -> u32 {
    by_id("board").get_attribute("data-moves").unwrap().parse().unwrap()
}

fn text_of(id: &str) -> String {
    by_id(id).text_content().unwrap_or_default()
}

fn saved_game() -> Game {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    Game::from_json(&storage.get_item(GAME_KEY).unwrap().unwrap()).unwrap()
}

#[wasm_bindgen_test]
async fn the_app_resumes_plays_confirms_and_survives_a_missing_solver() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.clear().unwrap();
    storage.set_item(GAME_KEY, WON).unwrap();
    storage.set_item(BEST_KEY, "not a number").unwrap();
    storage.set_item(SPEED_KEY, "3").unwrap();
    storage.set_item(STRENGTH_KEY, "strong").unwrap();
    // Whatever the languages of the browser running the tests, English was chosen last time.
    storage.set_item(LANGUAGE_KEY, "en").unwrap();
    mount_page();
    wasm_ui::shell::launch().expect("the app starts on index.html");
    let window: EventTarget = web_sys::window().unwrap().into();
    let en = Language::En;

    // The won game is back, banner up; the unreadable best became the score, with a notice.
    assert_eq!(by_id("board").get_attribute("data-ready").as_deref(), Some("true"));
    assert_eq!(board_on(&by_id("board")), Game::from_json(WON).unwrap().board().rows());
    assert_eq!(by_id("message").get_attribute("data-status").as_deref(), Some("won"));
    assert!(!by_id("message").has_attribute("hidden"));
    assert_eq!(text_of("score"), "20480");
    assert_eq!(text_of("best"), "20480");
    assert!(text_of("notice").contains(&en.message(&Message::CorruptBest)), "{}", text_of("notice"));
    assert_eq!(storage.get_item(BEST_KEY).unwrap().as_deref(), Some("20480"), "the reset best is saved");
    assert_eq!(by_id("speed").unchecked_into::<web_sys::HtmlInputElement>().value(), "3");
    let radio = |code: &str| -> web_sys::HtmlInputElement {
        document()
            .query_selector(&format!("#strength input[value='{code}']"))
            .unwrap()
            .unwrap()
            .unchecked_into()
    };
    assert!(radio("strong").checked() && !radio("spec").checked(), "the saved strength is chosen");

    // While the banner waits for a choice, keys play nothing (but still never scroll).
    assert!(press(&window, "ArrowDown", false));
    assert_eq!(moves(), 0);
    html("keep-going").click();
    assert!(by_id("message").has_attribute("hidden"));
    assert!(saved_game().keeps_going(), "Keep going is saved");

    // Shortcuts and typing belong to the browser and the field.
    assert!(!press(&window, "ArrowLeft", true));
    let field = document().create_element("input").unwrap();
    document().body().unwrap().append_child(&field).unwrap();
    assert!(!press(&field, "ArrowLeft", false));
    assert!(!press(&field, "h", false));
    field.remove();
    // So do the strength radios' (the browser's own arrow keys move between them).
    assert!(!press(&radio("strong"), "ArrowLeft", false));
    assert_eq!(moves(), 0);
    // Choosing a strength remembers it; nothing else changes.
    radio("spec").click();
    assert!(radio("spec").checked());
    assert_eq!(storage.get_item(STRENGTH_KEY).unwrap().as_deref(), Some("spec"));
    radio("strong").click();
    assert_eq!(storage.get_item(STRENGTH_KEY).unwrap().as_deref(), Some("strong"));
    assert_eq!(moves(), 0);

    // A direction that counts is one move: played, shown, announced and saved.
    for key in ["ArrowLeft", "j", "d", "w", "ArrowRight", "ArrowUp"] {
        press(&window, key, false);
        if moves() > 0 {
            break;
        }
    }
    assert_eq!(moves(), 1);
    let saved = saved_game();
    assert_eq!(board_on(&by_id("board")), saved.board().rows());
    assert_eq!(text_of("score"), saved.score().to_string());
    assert!(text_of("announcer").starts_with("Moved "), "{}", text_of("announcer"));

    // New game asks first; Cancel keeps the game, confirming starts over.
    html("new-game").click();
    let dialog: web_sys::HtmlDialogElement = by_id("confirm").unchecked_into();
    assert!(dialog.open());
    assert!(press(&window, "ArrowLeft", false) || moves() == 1, "no move while the dialog is open");
    assert_eq!(moves(), 1);
    html("confirm-no").click();
    assert!(!dialog.open());
    assert_eq!(saved_game(), saved);
    html("new-game").click();
    html("confirm-yes").click();
    assert!(!dialog.open());
    assert_eq!(text_of("score"), "0");
    assert_eq!(board_on(&by_id("board")).iter().flatten().filter(|&&v| v != 0).count(), 2);
    assert_eq!(saved_game().score(), 0, "the new game is saved");
    assert_eq!(text_of("best"), "20480", "the best stays");
    // A fresh game has had no move: New game needs no confirmation.
    html("new-game").click();
    assert!(!dialog.open());

    // The test server has no worker script: Hint ends in a notice instead of waiting for ever.
    html("hint").click();
    let unavailable = en.message(&Message::SolverUnavailable);
    for _ in 0..50 {
        if text_of("notice").contains(&unavailable) {
            break;
        }
        sleep(100).await;
    }
    assert!(text_of("notice").contains(&unavailable), "{}", text_of("notice"));
    assert_eq!(document().query_selector_all("[data-hint]").unwrap().length(), 0);
    // Strong is chosen, but with no solver at all the status under the selector claims nothing
    // (that Spec answers meanwhile, say): the notice has said it all.
    assert!(radio("strong").checked());
    assert!(by_id("strength-status").has_attribute("hidden"), "{}", text_of("strength-status"));
    html("autoplay").click();
    assert_eq!(by_id("autoplay").get_attribute("aria-pressed").as_deref(), Some("false"));

    // Choosing Korean says everything in Korean at once, the notices too, and remembers it;
    // the game is untouched.
    let board = board_on(&by_id("board"));
    let moves_before = moves();
    let select: web_sys::HtmlSelectElement = by_id("language").unchecked_into();
    select.set_value("ko");
    let change = web_sys::Event::new("change").unwrap();
    select.dispatch_event(&change).unwrap();
    let ko = Language::Ko;
    assert_eq!(document().document_element().unwrap().get_attribute("lang").as_deref(), Some("ko"));
    assert_eq!(text_of("new-game"), ko.label(Label::NewGame));
    assert_eq!(text_of("hint"), "힌트");
    assert_eq!(by_id("grid").get_attribute("aria-label").as_deref(), Some(ko.label(Label::Board)));
    assert!(text_of("notice").contains(&ko.message(&Message::SolverUnavailable)), "{}", text_of("notice"));
    assert!(!text_of("notice").contains(&unavailable), "no English notice left");
    assert_eq!(by_id("speed").get_attribute("aria-valuetext").as_deref(), Some("10단계 중 3단계"));
    assert_eq!(text_of("announcer"), ko.message(&Message::LanguageChanged));
    assert_eq!(storage.get_item(LANGUAGE_KEY).unwrap().as_deref(), Some("ko"));
    assert_eq!(board_on(&by_id("board")), board, "the board stays");
    assert_eq!(moves(), moves_before);
    // Keys typed in the selector are the selector's.
    assert!(!press(&select, "ArrowDown", false));
    assert!(!press(&select, "h", false));
    assert_eq!(moves(), moves_before);
    // A move is announced in Korean now.
    for key in ["ArrowLeft", "ArrowDown", "ArrowRight", "ArrowUp"] {
        press(&window, key, false);
        if moves() > moves_before {
            break;
        }
    }
    assert!(text_of("announcer").contains("밀었습니다"), "{}", text_of("announcer"));
    // And back to English.
    select.set_value("en");
    select.dispatch_event(&change).unwrap();
    assert_eq!(text_of("new-game"), "New game");
    assert_eq!(storage.get_item(LANGUAGE_KEY).unwrap().as_deref(), Some("en"));
}
