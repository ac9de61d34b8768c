//! The page's flows, natively: each test is a sequence of events handed to the core and the
//! effects it answers with, as the browser shell would see them.
#![cfg(not(target_arch = "wasm32"))]

mod autoplay;
mod banners;
mod coach;
mod coach_solver;
mod daily;
mod entered;
mod entries;
mod first_board;
mod game_review;
mod harness;
mod hint;
mod history;
mod network;
mod practice;
mod replay;
mod review;
mod saving;
mod settings;
mod stats;
mod tabs;
mod today;
mod undo;
mod update;
mod worker;
