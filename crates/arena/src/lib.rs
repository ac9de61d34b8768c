//! The arena's library: playing many games ([`play`]), their statistics ([`stats`]) and the
//! report ([`report`]). `main.rs` only parses arguments and draws the progress bar.

pub mod cpu_time;
pub mod play;
pub mod report;
pub mod stats;
