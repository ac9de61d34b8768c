//! The browser front end of 2048: the thin shell that connects the page's core (the crate
//! `page-core`: model, events, update, effects, every word; pure Rust, tested natively) to the
//! DOM, storage, timers and the solver's Web Worker, and the worker itself.
//!
//! - [`shell`]: DOM events in, effects out: the only place that runs the core;
//! - [`dom`]: every id of `index.html` the page uses;
//! - [`view`] and [`tiles`]: what the page shows (the tiles, and everything around them);
//! - [`announce`]: the live region for screen readers;
//! - [`input`]: which key or swipe means which move, and their listeners;
//! - [`storage`]: what is kept in the browser between visits (`localStorage`), validated on the
//!   way in by `page_core::saved`;
//! - [`first_board`]: the small program that plays the saved game before the page has loaded;
//! - [`solver_client`]: the page's end of the solver worker;
//! - [`protocol`]: the messages between page and worker;
//! - [`worker`]: the solver's Web Worker (its state and answers, Max shared with helpers);
//! - [`timer`]: one-shot timers and animation-frame callbacks.
//!
//! Two programs link this library: the page (`src/main.rs`, which calls [`start`]) and the
//! worker (`src/bin/worker.rs`). No rule of the game lives here: every move, merge, spawn,
//! score, win and loss comes from `game-core`.

pub mod announce;
pub mod dom;
pub mod first_board;
pub mod input;
pub mod protocol;
pub mod shell;
pub mod solver_client;
pub mod storage;
pub mod tiles;
pub mod timer;
pub mod view;
pub mod worker;

use page_core::text::{self, Message};

/// Starts the game in the page: run once, by the page's `main`.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        // Log with a stack trace first, then tell the player: a panic must never leave a
        // silently dead or blank page behind.
        console_error_panic_hook::hook(info);
        view::show_error(&text::current().message(&Message::Crashed));
    }));
    if let Err(error) = shell::launch() {
        web_sys::console::error_1(&error);
        view::show_error(&text::current().message(&Message::StartFailed));
    }
}
