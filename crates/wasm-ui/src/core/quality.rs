//! The words Hint and the coach use for a move: best, about as good, worse, much worse, not
//! possible. The rule and its thresholds are the arena's measurement
//! (`www/results/move-quality.json`, made by `arena --bin move-quality`; the rule is
//! `results_schema::move_quality`), for the strength it measured. A move of a strength with no
//! measurement is ranked and barred but given no word beyond best and not possible: a word there
//! would be a guess.

use game_core::Direction;
use results_schema::move_quality::{self, GapMeasure, Word};

use super::analysis::Analysis;
use crate::protocol::Strength;

/// How a move compares with the solver's best on the same board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quality {
    Best,
    AboutAsGood,
    Worse,
    MuchWorse,
    NotPossible,
    /// Below the best, at a strength whose words have not been measured.
    Unrated,
}

impl Quality {
    pub const ALL: [Quality; 6] = [
        Quality::Best,
        Quality::AboutAsGood,
        Quality::Worse,
        Quality::MuchWorse,
        Quality::NotPossible,
        Quality::Unrated,
    ];

    /// The measured word this is, in every language the words are written in; `None` for
    /// [`Quality::Unrated`], which is no measured word.
    pub const fn word(self) -> Option<Word> {
        match self {
            Quality::Best => Some(Word::Best),
            Quality::AboutAsGood => Some(Word::AboutAsGood),
            Quality::Worse => Some(Word::Worse),
            Quality::MuchWorse => Some(Word::MuchWorse),
            Quality::NotPossible => Some(Word::NotPossible),
            Quality::Unrated => None,
        }
    }

    fn from_word(word: Word) -> Quality {
        match word {
            Word::Best => Quality::Best,
            Word::AboutAsGood => Quality::AboutAsGood,
            Word::Worse => Quality::Worse,
            Word::MuchWorse => Quality::MuchWorse,
            Word::NotPossible => Quality::NotPossible,
        }
    }
}

/// The measured thresholds, and the strength and gap they were measured for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    pub strength: Strength,
    pub gap: GapMeasure,
    pub levels: move_quality::Thresholds,
}

// The measurement the page ships with: MEASURED_STRENGTH, MEASURED_GAP and MEASURED_LEVELS,
// read from `www/results/move-quality.json` by build.rs.
include!(concat!(env!("OUT_DIR"), "/thresholds.rs"));

impl Thresholds {
    /// The thresholds of the shipped measurement; `None` if it names no strength of the page
    /// (a test checks that it does).
    pub fn measured() -> Option<Thresholds> {
        let strength = Strength::from_code(MEASURED_STRENGTH)?;
        Some(Thresholds { strength, gap: MEASURED_GAP, levels: MEASURED_LEVELS })
    }

    /// The word for `direction` on the board `analysis` is of.
    pub fn rate(this: Option<&Thresholds>, analysis: &Analysis, direction: Direction) -> Quality {
        let values = analysis.search.values;
        if values[direction.index()].is_none() {
            return Quality::NotPossible;
        }
        let best = best_value(&values);
        let measured = this.filter(|t| t.strength == analysis.strength);
        let gap = measured
            .map_or(GapMeasure::Absolute, |t| t.gap)
            .gap(best, values[direction.index()].unwrap_or(best));
        if analysis.search.best == Some(direction) || gap <= 0.0 {
            return Quality::Best;
        }
        let Some(thresholds) = measured else { return Quality::Unrated };
        Quality::from_word(move_quality::word_for_gap(gap, thresholds.levels))
    }

    /// How full a move's bar is, from its value: the best's full, the worst possible move's a
    /// sliver, the others in proportion between; an impossible move's empty.
    pub fn share(analysis: &Analysis, direction: Direction) -> f64 {
        let values = analysis.search.values;
        let Some(value) = values[direction.index()] else { return 0.0 };
        let best = best_value(&values);
        let worst = values.iter().flatten().copied().fold(f64::INFINITY, f64::min);
        if best <= worst {
            return 1.0;
        }
        (0.1 + 0.9 * (value - worst) / (best - worst)).clamp(0.1, 1.0)
    }
}

fn best_value(values: &[Option<f64>; 4]) -> f64 {
    values.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_measurement_reads_and_names_a_strength_of_the_page() {
        let thresholds = Thresholds::measured().expect("www/results/move-quality.json reads");
        assert!(thresholds.levels.about_as_good > 0.0);
        assert!(thresholds.levels.worse.is_none_or(|worse| worse > thresholds.levels.about_as_good));
    }
}
