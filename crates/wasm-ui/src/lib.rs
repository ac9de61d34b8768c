//! The browser front end of 2048: thin glue between the DOM and the rules in `game-core`.
//!
//! - [`app`]: the game state and the event loop (keys and buttons in, renders out);
//! - [`view`]: everything that touches the DOM;
//! - [`input`]: which key means which move;
//! - [`storage`]: what is kept in the browser between visits.
//!
//! No rule of the game lives here: every move, merge, spawn and score comes from `game-core`.

pub mod app;
pub mod input;
pub mod storage;
pub mod view;

use wasm_bindgen::prelude::*;

/// The wasm entry point, run once when the module loads.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        // Log with a stack trace first, then tell the player: a panic must never leave a
        // silently dead or blank page behind.
        console_error_panic_hook::hook(info);
        view::show_error("Something went wrong. Reload the page to play again.");
    }));
    if let Err(error) = app::App::launch() {
        web_sys::console::error_1(&error);
        view::show_error("The game could not start. Reload the page to try again.");
    }
}
