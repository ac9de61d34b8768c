//! The arena's results document (`www/results/STRATEGY.json`), declared once: the arena writes
//! it and the site generator reads it, so the two can never disagree about a field.

use serde::{Deserialize, Serialize};

/// The share of games whose largest tile reached `tile`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reach {
    pub tile: u32,
    pub games: usize,
    pub share: f64,
    /// The 95 % Wilson interval of the share.
    pub low: f64,
    pub high: f64,
}

/// Everything the arena's table shows for one run of one strategy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub strategy: String,
    pub seed: u64,
    pub games: usize,
    pub reach: Vec<Reach>,
    pub mean_score: f64,
    pub median_score: f64,
    /// The 95 % distribution-free interval of the median score.
    pub median_score_interval: (f64, f64),
    pub median_moves: f64,
    pub median_moves_interval: (f64, f64),
    pub mean_moves: f64,
    /// Think time per move over every move of every game, in milliseconds.
    pub mean_think_ms: f64,
    pub p99_think_ms: f64,
    /// Positions searched per second of think time (per thread, as each search is single-threaded).
    pub nodes_per_second: f64,
    pub threads: usize,
    pub wall_seconds: f64,
    /// The arena command that wrote the document (empty in documents older than the field).
    #[serde(default)]
    pub command: String,
}

/// One game. The seed is a hex string because JavaScript numbers lose integers above 2^53.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub index: u64,
    pub seed: String,
    pub score: u32,
    pub moves: u32,
    pub max_tile: u32,
    /// Total think time of the game, in microseconds.
    pub think_us: u64,
}

/// A whole results file: the summary, then one record per game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Document {
    pub summary: Summary,
    pub games: Vec<Record>,
}
