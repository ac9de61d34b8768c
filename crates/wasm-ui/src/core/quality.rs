//! The words Hint and the coach use for a move: best, about as good, worse, much worse, not
//! possible, from the gap between its value and the best move's, at thresholds measured by the
//! arena (`www/results/move-quality.json`, made by `arena --bin move-quality`).

use game_core::Direction;

use super::analysis::Analysis;

/// How a move compares with the solver's best on the same board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quality {
    Best,
    AboutAsGood,
    Worse,
    MuchWorse,
    NotPossible,
}

impl Quality {
    pub const ALL: [Quality; 5] =
        [Quality::Best, Quality::AboutAsGood, Quality::Worse, Quality::MuchWorse, Quality::NotPossible];
}

/// The gaps at which a move stops being about as good, and stops being merely worse.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    pub about_as_good: f64,
    pub worse: f64,
}

/// How far below the best a move's value is: 0 for the best.
pub fn gap(best: f64, value: f64) -> f64 {
    (best - value).max(0.0)
}

impl Thresholds {
    /// How full a move's bar is: the best's full, a move at the "much worse" threshold half,
    /// one twice as far down (or worse) nearly empty, an impossible one empty.
    pub fn share(&self, analysis: &Analysis, direction: Direction) -> f64 {
        let values = analysis.search.values;
        let Some(value) = values[direction.index()] else { return 0.0 };
        let best = values.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
        let scale = 2.0 * self.worse.max(f64::MIN_POSITIVE);
        (1.0 - gap(best, value) / scale).clamp(0.05, 1.0)
    }

    /// The word for `played` on the board `analysis` is of.
    pub fn rate(&self, analysis: &Analysis, played: Direction) -> Quality {
        let values = analysis.search.values;
        let Some(value) = values[played.index()] else { return Quality::NotPossible };
        if analysis.search.best == Some(played) {
            return Quality::Best;
        }
        let best = values.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
        let gap = gap(best, value);
        if gap <= 0.0 {
            Quality::Best
        } else if gap <= self.about_as_good {
            Quality::AboutAsGood
        } else if gap <= self.worse {
            Quality::Worse
        } else {
            Quality::MuchWorse
        }
    }
}

impl Thresholds {
    /// TEMPORARY until the arena's measurement lands.
    pub fn measured() -> Thresholds {
        Thresholds { about_as_good: f64::NAN, worse: f64::NAN }
    }
}
