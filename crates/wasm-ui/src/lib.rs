//! The browser front end of 2048: thin glue between the DOM and the rules in `game-core`, and
//! the client of the solver, which runs in a Web Worker.
//!
//! - [`app`]: the game state and the event loop (input in, saves and renders out);
//! - [`tiles`]: the tile elements on the board and their animation;
//! - [`view`]: the rest of the page (scores, banner, buttons, hint arrow, grid, notices);
//! - [`input`]: which key or swipe means which move, and their listeners;
//! - [`storage`]: what is kept in the browser between visits, validated on the way in;
//! - [`autoplay`]: Autoplay's on/off state and its speed scale;
//! - [`autosave`]: when the game is saved (at once, or at most every half second during
//!   Autoplay);
//! - [`solver_client`]: the page's side of the solver worker;
//! - [`protocol`]: the messages between page and worker, the solver strengths, and the
//!   worker's answer (its searchers, kept across requests);
//! - [`text`]: every user-visible word, by message, in English, Korean and Traditional Chinese,
//!   and the choice of language;
//! - [`announce`]: the live region for screen readers;
//! - [`timer`]: one-shot timers and animation-frame callbacks.
//!
//! Two programs link this library: the page (`src/main.rs`, which calls [`start`]) and the
//! worker (`src/bin/worker.rs`). No rule of the game lives here: every move, merge, spawn,
//! score, win and loss comes from `game-core`.

pub mod announce;
pub mod app;
pub mod autoplay;
pub mod autosave;
pub mod input;
pub mod protocol;
pub mod solver_client;
pub mod storage;
pub mod text;
pub mod tiles;
pub mod timer;
pub mod view;

use text::Message;

/// Starts the game in the page: run once, by the page's `main`.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        // Log with a stack trace first, then tell the player: a panic must never leave a
        // silently dead or blank page behind.
        console_error_panic_hook::hook(info);
        view::show_error(&text::current().message(&Message::Crashed));
    }));
    if let Err(error) = app::App::launch() {
        web_sys::console::error_1(&error);
        view::show_error(&text::current().message(&Message::StartFailed));
    }
}
