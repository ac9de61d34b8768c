//! The words Hint and the coach use for a move: best, about as good, worse, much worse, not
//! possible. The rule and its thresholds are the arena's measurement
//! (`www/results/move-quality.json`, made by `arena --bin move-quality`; the rule is
//! `results_schema::move_quality`), for the strength it measured. A move of a strength with no
//! measurement is ranked and barred but given no word beyond best and not possible: a word there
//! would be a guess.

use game_core::Direction;
use results_schema::move_quality::{self, GapMeasure, Word};

use super::analysis::Analysis;
use crate::request::Strength;

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

    /// Whether the coach lists a move of this word as a mistake: a "worse" move loses about 5
    /// points of a person's chance of 2048, a "much worse" one about 16 (docs/coach.md).
    pub const fn is_mistake(self) -> bool {
        matches!(self, Quality::Worse | Quality::MuchWorse)
    }

    pub(crate) fn from_word(word: Word) -> Quality {
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

// The measurements the page ships with (MEASURED: strength code, gap measure, thresholds),
// read from `www/results/move-quality*.json` by build.rs.
include!(concat!(env!("OUT_DIR"), "/thresholds.rs"));

impl Thresholds {
    /// The thresholds of the shipped measurements, one per strength measured; a document
    /// naming no strength of the page is left out (a test checks that none is).
    pub fn measured() -> Vec<Thresholds> {
        MEASURED
            .iter()
            .filter_map(|&(code, gap, levels)| {
                Some(Thresholds { strength: Strength::from_code(code)?, gap, levels })
            })
            .collect()
    }

    /// The word for `direction` on the board `analysis` is of, by the thresholds of the
    /// analysis's strength among `measured` (none: only best, not possible, or unrated).
    pub fn rate(measured: &[Thresholds], analysis: &Analysis, direction: Direction) -> Quality {
        let values = analysis.search.values;
        if values[direction.index()].is_none() {
            return Quality::NotPossible;
        }
        let best = best_value(&values);
        let measured = measured.iter().find(|t| t.strength == analysis.strength);
        let gap = measured
            .map_or(GapMeasure::Absolute, |t| t.gap)
            .gap(best, values[direction.index()].unwrap_or(best));
        if analysis.search.best == Some(direction) || gap <= 0.0 {
            return Quality::Best;
        }
        let Some(thresholds) = measured else { return Quality::Unrated };
        Quality::from_word(move_quality::word_for_gap(gap, thresholds.levels))
    }

    /// How full a move's bar is. Where the strength's words are measured, from the same gap as
    /// the word, so that the two tell one story: the best's full, an "about as good" move's at
    /// least `ABOUT_AS_GOOD_BAR`, a "worse" one's down to `WORSE_BAR`, a "much worse" one's
    /// below that and shrinking as its gap grows (a sliver at most `SLIVER` for the far worst);
    /// where they are not (Max), in proportion to the values between the worst move and the
    /// best. An impossible move's bar is empty.
    pub fn share(measured: &[Thresholds], analysis: &Analysis, direction: Direction) -> f64 {
        let values = analysis.search.values;
        let Some(value) = values[direction.index()] else { return 0.0 };
        let best = best_value(&values);
        let Some(thresholds) = measured.iter().find(|t| t.strength == analysis.strength) else {
            let worst = values.iter().flatten().copied().fold(f64::INFINITY, f64::min);
            if best <= worst {
                return 1.0;
            }
            return (SLIVER + (1.0 - SLIVER) * (value - worst) / (best - worst)).clamp(SLIVER, 1.0);
        };
        if analysis.search.best == Some(direction) {
            return 1.0;
        }
        let gap = thresholds.gap.gap(best, value);
        let about = thresholds.levels.about_as_good;
        match thresholds.levels.worse {
            _ if gap <= 0.0 => 1.0,
            _ if gap <= about => 1.0 - (1.0 - ABOUT_AS_GOOD_BAR) * gap / about,
            Some(worse) if gap <= worse => {
                ABOUT_AS_GOOD_BAR - (ABOUT_AS_GOOD_BAR - WORSE_BAR) * (gap - about) / (worse - about)
            }
            // Past the last threshold the bar shrinks towards a sliver, never to nothing.
            Some(worse) => SLIVER + (WORSE_BAR - SLIVER) * worse / gap,
            None => WORSE_BAR + (ABOUT_AS_GOOD_BAR - WORSE_BAR) * about / gap,
        }
    }
}

/// The bar of a move at the "about as good" threshold: "about as good" moves' bars are at least
/// this full.
pub const ABOUT_AS_GOOD_BAR: f64 = 0.75;
/// The bar of a move at the "worse" threshold: "much worse" moves' bars are shorter.
pub const WORSE_BAR: f64 = 0.4;
/// The least a possible move's bar holds: it still shows.
pub const SLIVER: f64 = 0.1;

fn best_value(values: &[Option<f64>; 4]) -> f64 {
    values.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_strength_is_worded_by_its_own_thresholds_and_max_by_none() {
        let measured = Thresholds::measured();
        let analysis = |strength: Strength, gap: f64| Analysis {
            board: game_core::Board::EMPTY,
            strength,
            search: super::super::analysis::Search {
                best: Some(Direction::Up),
                values: [Some(1_400_000.0), Some(1_400_000.0 - gap), None, None],
                nodes: 1,
                depth: 1,
                micros: 1,
                solved: false,
            },
        };
        let strong = measured.iter().find(|t| t.strength == Strength::Strong).unwrap().levels;
        let spec = measured.iter().find(|t| t.strength == Strength::Spec).unwrap().levels;
        // A gap just past Spec's "worse" is still "about as good" on Strong's scale.
        let gap = spec.worse.unwrap() * 1.01;
        assert!(gap < strong.about_as_good);
        assert_eq!(
            Thresholds::rate(&measured, &analysis(Strength::Spec, gap), Direction::Down),
            Quality::MuchWorse
        );
        assert_eq!(
            Thresholds::rate(&measured, &analysis(Strength::Strong, gap), Direction::Down),
            Quality::AboutAsGood
        );
        let far = strong.worse.unwrap() * 1.01;
        assert_eq!(
            Thresholds::rate(&measured, &analysis(Strength::Strong, far), Direction::Down),
            Quality::MuchWorse
        );
        assert_eq!(
            Thresholds::rate(&measured, &analysis(Strength::Max, far), Direction::Down),
            Quality::Unrated
        );
        assert_eq!(
            Thresholds::rate(&measured, &analysis(Strength::Max, far), Direction::Left),
            Quality::NotPossible
        );
    }

    #[test]
    fn a_moves_bar_tells_the_story_its_word_tells() {
        let measured = Thresholds::measured();
        for thresholds in &measured {
            let scale = thresholds.levels.worse.unwrap_or(thresholds.levels.about_as_good) * 3.0;
            let mut last = f64::INFINITY;
            for step in 0..=300 {
                let gap = scale * f64::from(step) / 300.0;
                // A board where the best is worth a million: the gap is the other move's loss,
                // as the thresholds measure it.
                let best = 1_000_000.0;
                let other = match thresholds.gap {
                    GapMeasure::Absolute => best - gap,
                    GapMeasure::Relative => best * (1.0 - gap),
                };
                let analysis = Analysis {
                    board: game_core::Board::EMPTY,
                    strength: thresholds.strength,
                    search: super::super::analysis::Search {
                        best: Some(Direction::Up),
                        values: [Some(best), Some(other), None, None],
                        nodes: 1,
                        depth: 1,
                        micros: 1,
                        solved: false,
                    },
                };
                let word = Thresholds::rate(&measured, &analysis, Direction::Down);
                let bar = Thresholds::share(&measured, &analysis, Direction::Down);
                let band = match word {
                    Quality::Best => (1.0, 1.0),
                    Quality::AboutAsGood => (ABOUT_AS_GOOD_BAR, 1.0),
                    Quality::Worse => (WORSE_BAR, ABOUT_AS_GOOD_BAR),
                    Quality::MuchWorse => (SLIVER, WORSE_BAR),
                    other => panic!("{other:?} for a possible move of a measured strength"),
                };
                assert!(
                    (band.0..=band.1).contains(&bar),
                    "{:?}: gap {gap}: {word:?} with a bar of {bar}",
                    thresholds.strength
                );
                assert!(bar <= last, "a larger gap never has a fuller bar");
                last = bar;
            }
            assert_eq!(Thresholds::share(&measured, &analysis_of(thresholds.strength), Direction::Left), 0.0);
        }
    }

    fn analysis_of(strength: Strength) -> Analysis {
        Analysis {
            board: game_core::Board::EMPTY,
            strength,
            search: super::super::analysis::Search {
                best: Some(Direction::Up),
                values: [Some(1.0), Some(0.5), None, None],
                nodes: 1,
                depth: 1,
                micros: 1,
                solved: false,
            },
        }
    }

    #[test]
    fn every_shipped_measurement_names_its_own_strength_of_the_page() {
        let measured = Thresholds::measured();
        assert_eq!(measured.len(), MEASURED.len(), "each document names a strength of the page");
        let mut strengths: Vec<Strength> = measured.iter().map(|t| t.strength).collect();
        strengths.sort_by_key(|s| Strength::ALL.iter().position(|a| a == s));
        assert_eq!(strengths, [Strength::Spec, Strength::Strong], "one document each");
        for thresholds in measured {
            assert!(thresholds.levels.about_as_good > 0.0);
            assert!(thresholds.levels.worse.is_none_or(|worse| worse > thresholds.levels.about_as_good));
        }
    }
}
