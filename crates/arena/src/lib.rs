//! The arena's library: playing many games ([`play`]), their statistics ([`stats`]) and the
//! report ([`report`]), and the measurement of the Hint's words ([`quality`]). `main.rs` only
//! parses arguments and draws the progress bar.

pub mod cpu_time;
pub mod play;
pub mod quality;
pub mod report;
pub mod resume;
pub mod stats;
