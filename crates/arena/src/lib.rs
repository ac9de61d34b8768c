//! The arena's library: playing many games ([`play`]), their statistics ([`stats`]) and the
//! report ([`report`]), run files and resuming them ([`resume`]), a sitting of a run
//! ([`runner`]), a run spread over machines ([`shard`]), the names of runs
//! ([`naming`]), games started from given boards ([`starts`]), the measurement of the Hint's
//! words ([`quality`]), CPU time ([`cpu_time`]) and what the binaries parse arguments with
//! ([`args`]). `main.rs` only parses arguments and draws the progress bar. The arena plays the
//! solver the page ships; the lab (`crates/lab`) plays its experiments through this library.

pub mod args;
pub mod cpu_time;
pub mod naming;
pub mod play;
pub mod quality;
pub mod report;
pub mod resume;
pub mod runner;
pub mod shard;
pub mod starts;
pub mod stats;
