//! The check of the chance of the next tile (`www/results/chance.json`), declared once: the
//! lab's `chance-check` writes it and the site's solver page reads it. For each strength with a
//! model, how the chance the game shows compared with what its games then did, on positions of
//! the seed it was fitted on and of a seed held apart.

use serde::{Deserialize, Serialize};

/// The file's name in `www/results/`.
pub const FILE: &str = "chance.json";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// The commands that remake the positions, the fit and this file.
    pub commands: Vec<String>,
    pub studies: Vec<Study>,
}

/// One strength's model, checked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Study {
    /// The strategy whose games it was fitted on (`spec`, `strong`).
    pub strength: String,
    /// The positions it was fitted on, and its figures there.
    pub fit: Sample,
    /// The positions of another seed, never seen by the fit.
    pub held_apart: Sample,
    /// The time one chance takes natively, in nanoseconds (the mean over the held-apart
    /// positions, of the fastest of five passes).
    pub nanos: f64,
}

/// Positions of the games of one seed or more, and how the chance did on them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sample {
    pub seeds: Vec<u64>,
    pub games: usize,
    pub positions: usize,
    /// Positions whose goal their game then made.
    pub made: usize,
    /// The mean squared gap between the chance and what happened (1 made, 0 not).
    pub brier: f64,
    /// The same for the baseline: the fitted seed's rate for the board's largest tile alone.
    pub baseline_brier: f64,
    /// The positions by their chance in ten bins of ten points.
    pub bins: Vec<Bin>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bin {
    /// The bin's chances, from `low` to below `high` (the last includes 1).
    pub low: f64,
    pub high: f64,
    pub positions: usize,
    /// The games they come from.
    pub games: usize,
    /// The mean chance shown.
    pub predicted: f64,
    /// The share whose game made the goal.
    pub observed: f64,
}
