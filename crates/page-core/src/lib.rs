//! The game page's core: its behaviour as plain Rust, with no browser in sight (no web-sys,
//! js-sys, wasm-bindgen or gloo in this crate's dependency tree: `cargo tree -p page-core`
//! shows it). A [`Model`] of everything on screen and in flight, the [`Event`]s that can happen
//! to it, and [`update`], which changes the model and returns the [`Effect`]s the browser shell
//! (`wasm-ui`) must carry out (animate, ask the solver, save, announce, set a timer or ask for
//! a frame). Every flow of the page (a move, Hint, Autoplay's pacing, the solver worker's
//! start-up, deadlines and failures, Max's download, autosave, the banners, the New game
//! confirmation, settings, another tab's game) is decided here and tested natively as
//! sequences of events and effects (`tests/core/`).
//!
//! With it, what the core speaks in and keeps: [`text`] (every word, in three languages),
//! [`request`] (what it asks the solver), [`saved`] (the documents kept between visits, as
//! text), and [`first_board`] (what the small program that plays before the page loads may
//! play).
//!
//! The rules themselves (what moved, merged, spawned, won or lost) all come from `game-core`.

pub mod daily;
pub mod days;
pub mod first_board;
pub mod request;
pub mod saved;
pub mod text;

mod analysis;
mod asking;
pub mod autoplay;
pub mod autosave;
mod coach;
mod connection;
pub mod deck;
pub mod drill;
mod effect;
mod entered;
mod event;
pub mod game_review;
pub mod history;
mod keep;
mod model;
mod network;
mod panels;
mod play;
mod practice;
mod quality;
pub mod replay;
mod replaying;
mod review;
pub mod review_chart;
mod reviewing;
mod settings;
mod solving;
pub mod stats;
mod telling;
mod today;
mod update;

pub use analysis::{Analysis, Search};
pub use coach::{Coach, CoachSave, Feedback, Mistake};
pub use connection::{START_TIMEOUT_MS, deadline_ms};
pub use effect::{Effect, Saving, Timer};
pub use entered::{EntryError, MAX_ADDRESS_LEN, board_address};
pub use event::{Control, Event, WorkerEvent};
pub use keep::{Tally, TallySave, resume};
pub use model::{Model, Start};
pub use network::{MAX_DOWNLOAD_BYTES, NetworkProblem, STAND_IN};
pub use panels::Panel;
pub use quality::{Quality, Thresholds};
pub use replaying::Step;
pub use review::Review;
pub use today::DailyView;
pub use update::update;
