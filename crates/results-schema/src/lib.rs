//! The arena's results document (`www/results/STRATEGY.json`), declared once: the arena writes
//! it and the site generator reads it, so the two can never disagree about a field. The
//! move-quality document and the Hint's words are in [`move_quality`].

pub mod chance;
pub mod move_quality;

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

impl Reach {
    /// `games` of `trials` games reached `tile`: the share and its 95 % Wilson interval. The
    /// arena fills its summaries with this, and the site a tile an older summary leaves out,
    /// so the two columns read alike.
    pub fn from_count(tile: u32, games: usize, trials: usize) -> Reach {
        let (low, high) = wilson(games, trials, Z95);
        Reach { tile, games, share: games as f64 / trials.max(1) as f64, low, high }
    }
}

/// The 95 % two-sided normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `successes` out of `trials` at normal quantile `z`:
/// unlike the plain p ± z·se it stays inside [0, 1] and is honest near 0 % and 100 %.
/// `(0, 1)` when there are no trials.
pub fn wilson(successes: usize, trials: usize, z: f64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At 0 % and 100 % the bound is exactly 0 or 1; rounding would leave a speck.
    let low = if successes == 0 { 0.0 } else { (centre - half).max(0.0) };
    let high = if successes >= trials { 1.0 } else { (centre + half).min(1.0) };
    (low, high)
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
    /// For a strategy split at the root (Max), the slowest of each move's four root searches, in
    /// milliseconds: a move's time with the four searched at once, each on a core of its own.
    /// The mean and 99th percentile over the `split_moves` moves that measured it (none in
    /// games played before it was measured, or by the other strategies).
    #[serde(default)]
    pub mean_split_ms: Option<f64>,
    #[serde(default)]
    pub p99_split_ms: Option<f64>,
    #[serde(default)]
    pub split_moves: usize,
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
