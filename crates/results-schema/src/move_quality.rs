//! The move-quality document (`www/results/move-quality.json`) and the rule that turns a
//! search's move values into the Hint's words, declared once: `arena --bin move-quality` writes
//! the document, the site quotes it, and the page's Hint applies [`words`] with its thresholds.
//!
//! The words are measured, not guessed: the arena plays each move of sampled positions many
//! times on to a target tile (since issue 41, 2048, with a weaker player than the solver playing
//! on, as a person would not recover as the solver does), and the thresholds are the gaps at
//! which the chance of getting there falls by 2 and by 10 points (see `docs/coach.md`).

use serde::{Deserialize, Serialize};

/// How a move-quality document's file name starts, in `www/results/` (`move-quality.json` for
/// Spec, `move-quality-strong.json` for Strong: one per strength measured). The site and the
/// page's build find the documents by it.
pub const FILE_PREFIX: &str = "move-quality";

/// How far a move's value is below the best move's: the quantity the thresholds are set on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GapMeasure {
    /// `best − value`, in the strength's own evaluation units. Spec's values stay in the same
    /// range (about 10 to 30) from the first move to the last, and go near or below zero when the
    /// board is crowded, where a ratio would blow up; so the difference is the measure.
    Absolute,
    /// `(best − value) / |best|`, for comparison (`--gap relative`).
    Relative,
}

impl GapMeasure {
    /// The gap of a move worth `value` when the best move is worth `best` (0 for the best move,
    /// never negative). A zero best value under the relative measure divides by 1e-9 instead.
    pub fn gap(self, best: f64, value: f64) -> f64 {
        let difference = (best - value).max(0.0);
        match self {
            GapMeasure::Absolute => difference,
            GapMeasure::Relative if difference == 0.0 => 0.0,
            GapMeasure::Relative => difference / best.abs().max(1e-9),
        }
    }
}

/// The thresholds of the words, on the gap: `0 < g ≤ about_as_good` is "about as good",
/// `about_as_good < g ≤ worse` is "worse", and above `worse` "much worse". `worse` is `None`
/// when no measured gap lost enough to call a move "much worse".
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    pub about_as_good: f64,
    pub worse: Option<f64>,
}

/// The Hint's word for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Word {
    Best,
    AboutAsGood,
    Worse,
    MuchWorse,
    NotPossible,
}

impl Word {
    pub const fn english(self) -> &'static str {
        match self {
            Word::Best => "best",
            Word::AboutAsGood => "about as good",
            Word::Worse => "worse",
            Word::MuchWorse => "much worse",
            Word::NotPossible => "not possible",
        }
    }

    /// As the Korean page and game say it: a noun phrase ("더 나쁜 수").
    pub const fn korean(self) -> &'static str {
        match self {
            Word::Best => "최선의 수",
            Word::AboutAsGood => "거의 같은 수",
            Word::Worse => "더 나쁜 수",
            Word::MuchWorse => "훨씬 나쁜 수",
            Word::NotPossible => "둘 수 없는 수",
        }
    }

    /// As the Traditional Chinese game says it.
    pub const fn chinese(self) -> &'static str {
        match self {
            Word::Best => "最佳",
            Word::AboutAsGood => "差不多",
            Word::Worse => "較差",
            Word::MuchWorse => "差很多",
            Word::NotPossible => "不可行",
        }
    }
}

/// The word for each of a decision's four move values (`None`: the move does not count): the
/// rule of the document's thresholds. A move level with the best is "best".
pub fn words(values: &[Option<f64>; 4], measure: GapMeasure, thresholds: Thresholds) -> [Word; 4] {
    let best = values.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
    values.map(|value| match value {
        None => Word::NotPossible,
        Some(v) => word_for_gap(measure.gap(best, v), thresholds),
    })
}

/// The word for a gap: the thresholds' rule.
pub fn word_for_gap(gap: f64, thresholds: Thresholds) -> Word {
    if gap <= 0.0 {
        Word::Best
    } else if gap <= thresholds.about_as_good {
        Word::AboutAsGood
    } else if thresholds.worse.is_none_or(|worse| gap <= worse) {
        Word::Worse
    } else {
        Word::MuchWorse
    }
}

/// The mean drop in the chance of reaching the next tile over a group of moves, with its 95 %
/// interval (normal, from the moves' spread).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Drop {
    pub moves: usize,
    pub mean_drop: f64,
    pub low: f64,
    pub high: f64,
}

/// One bin of moves by gap: the moves whose gap lies in `gap_low..=gap_high`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bin {
    pub gap_low: f64,
    pub gap_high: f64,
    #[serde(flatten)]
    pub drop: Drop,
    /// The bin's mean drop after the monotone (non-decreasing in the gap) fit the thresholds
    /// are read from.
    pub fitted_drop: f64,
}

/// The whole document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Document {
    /// The command that wrote this document.
    pub command: String,
    /// The command that plays the positions and rollouts it summarizes (resumable).
    pub run_command: String,
    /// The strength whose values were measured (the judge): `spec` or `strong`.
    pub strength: String,
    /// Who played the games the positions come from and the rollouts from them, when not the
    /// strength itself: `spec-depth-2`, Spec's evaluation searched to a fixed depth of 2, a
    /// weaker player that stands for a person (who does not recover as the solver does).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The tile every rollout aims at, when not the next tile above the position's largest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
    pub gap: GapMeasure,
    /// The base seed: game `i` is `arena::play::game_seed(seed, i)`.
    pub seed: u64,
    pub games: usize,
    pub positions: usize,
    /// Moves measured that are not the search's best.
    pub moves: usize,
    pub rollouts: u32,
    /// Positions sampled per stage (largest tile) of each game, and the stages.
    pub per_stage: u32,
    pub min_tile: u32,
    pub max_tile: u32,
    /// A rollout that has not reached the next tile after this many moves counts as not reaching it.
    pub move_cap: u32,
    /// The drops the thresholds stand for: "about as good" loses less than `about`, "much worse" more than `much`.
    pub about: f64,
    pub much: f64,
    /// CPU seconds of the rollouts and searches the positions took.
    pub cpu_seconds: f64,
    /// Moves level with the best (gap 0) that the search did not pick.
    pub ties: Drop,
    pub bins: Vec<Bin>,
    pub thresholds: Thresholds,
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: Thresholds = Thresholds { about_as_good: 1.0, worse: Some(5.0) };

    #[test]
    fn words_follow_the_thresholds() {
        let values = [Some(20.0), Some(19.5), None, Some(10.0)];
        assert_eq!(
            words(&values, GapMeasure::Absolute, T),
            [Word::Best, Word::AboutAsGood, Word::NotPossible, Word::MuchWorse]
        );
        // The edges belong to the milder word.
        assert_eq!(word_for_gap(1.0, T), Word::AboutAsGood);
        assert_eq!(word_for_gap(5.0, T), Word::Worse);
        assert_eq!(word_for_gap(5.01, T), Word::MuchWorse);
        // Ties are all "best"; with no upper threshold nothing is "much worse".
        assert_eq!(words(&[Some(3.0), Some(3.0), None, None], GapMeasure::Absolute, T)[1], Word::Best);
        assert_eq!(word_for_gap(1e6, Thresholds { worse: None, ..T }), Word::Worse);
    }

    #[test]
    fn gaps_are_never_negative_and_relative_scales_by_the_best() {
        assert_eq!(GapMeasure::Absolute.gap(-3.0, -5.0), 2.0);
        assert_eq!(GapMeasure::Relative.gap(-4.0, -5.0), 0.25);
        assert_eq!(GapMeasure::Relative.gap(20.0, 20.0), 0.0);
        assert_eq!(GapMeasure::Absolute.gap(1.0, 2.0), 0.0);
        assert!(GapMeasure::Relative.gap(0.0, -1.0).is_finite());
    }

    #[test]
    fn word_names_read_back() {
        let json = r#"["best","about-as-good","worse","much-worse","not-possible"]"#;
        let all: Vec<Word> = serde_json::from_str(json).unwrap();
        assert_eq!(
            all.iter().map(|w| w.english()).collect::<Vec<_>>().join("/"),
            "best/about as good/worse/much worse/not possible"
        );
    }
}
