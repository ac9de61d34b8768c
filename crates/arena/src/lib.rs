//! The arena's library: playing many games ([`play`]), their statistics ([`stats`]) and the
//! report ([`report`]), the measurement of the Hint's words ([`quality`]), the deep search
//! that settings are scored against ([`reference`](mod@reference)), the names of runs ([`naming`]), games started from given boards ([`starts`]), and the search that tunes the heuristic's
//! weights ([`cma`], [`weights`]), and what the binaries parse arguments with ([`args`]). `main.rs`
//! only parses arguments and draws the progress bar.

pub mod args;
pub mod cma;
pub mod cpu_time;
pub mod naming;
pub mod play;
pub mod quality;
pub mod reference;
pub mod report;
pub mod resume;
pub mod starts;
pub mod stats;
pub mod weights;
