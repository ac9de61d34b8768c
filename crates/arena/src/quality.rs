//! The measurement behind the Hint's words (`--bin move-quality`): the raw records of its
//! JSONL file (one header, then one line per finished position), and the summary that bins
//! the measured moves by gap and chooses the thresholds. The binary plays; this module only
//! counts, so its rule can be tested on constructed data.

use serde::{Deserialize, Serialize};

use results_schema::Z95;
pub use results_schema::move_quality::{Bin, Document, Drop, GapMeasure, Thresholds};

/// The first line of a run's file: the settings every position in it was measured with. A
/// re-run must name the same ones to append to it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The strength whose values judge the moves.
    pub strength: String,
    /// Who plays the games and the rollouts, when not the strength (absent in the runs before
    /// 2026-12-05, which the strength played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The tile the rollouts aim at, when not the next one above the position's largest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
    pub seed: u64,
    pub rollouts: u32,
    pub per_stage: u32,
    pub min_tile: u32,
    pub max_tile: u32,
    pub move_cap: u32,
}

/// One measured move of a position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// `up`, `down`, `left` or `right`.
    pub direction: String,
    /// The search's value of the move.
    pub value: f64,
    /// Rollouts (of the header's number) that reached the target tile.
    pub reached: u32,
    /// Moves played over all its rollouts.
    pub played: u64,
}

/// One sampled position: where it is in its game, what the search said, and each legal
/// move's rollouts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Position {
    /// The game's index in the run (its seed is `game_seed(header.seed, game)`).
    pub game: u64,
    /// Moves played in the game before this position.
    #[serde(rename = "move")]
    pub move_index: u32,
    /// The position's largest tile; the rollouts aim at twice it.
    pub stage: u32,
    pub board: [[u32; 4]; 4],
    /// The search's best move.
    pub best: String,
    /// The legal moves, in up, down, left, right order.
    pub moves: Vec<MoveRecord>,
    pub cpu_seconds: f64,
}

impl Position {
    /// The measured drop of each move that is not the best: (gap, drop in reach chance).
    pub fn drops(&self, measure: GapMeasure, rollouts: u32) -> Vec<(f64, f64)> {
        let Some(best) = self.moves.iter().find(|m| m.direction == self.best) else { return Vec::new() };
        let rate = |m: &MoveRecord| f64::from(m.reached) / f64::from(rollouts.max(1));
        self.moves
            .iter()
            .filter(|m| m.direction != self.best)
            .map(|m| (measure.gap(best.value, m.value), rate(best) - rate(m)))
            .collect()
    }
}

/// The mean of `drops` and its 95 % normal interval. Moves of one position share its rollouts'
/// luck, so the interval is somewhat narrower than it should be; the bins are wide enough that
/// this does not change a threshold.
pub fn drop_of(drops: &[f64]) -> Drop {
    let n = drops.len();
    if n == 0 {
        return Drop { moves: 0, mean_drop: 0.0, low: 0.0, high: 0.0 };
    }
    let mean = drops.iter().sum::<f64>() / n as f64;
    let variance =
        if n > 1 { drops.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1) as f64 } else { 0.0 };
    let half = Z95 * (variance / n as f64).sqrt();
    Drop { moves: n, mean_drop: mean, low: mean - half, high: mean + half }
}

/// Bins `(gap, drop)` pairs with a positive gap into `bins` bins of (nearly) equal counts, in
/// gap order; a run of equal gaps never straddles two bins. Equal counts give every bin the same
/// precision whatever the strength's units.
pub fn bin(moves: &[(f64, f64)], bins: usize) -> Vec<Bin> {
    let mut sorted: Vec<(f64, f64)> = moves.iter().copied().filter(|m| m.0 > 0.0).collect();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out = Vec::new();
    let mut start = 0;
    let n = sorted.len();
    for k in 1..=bins.max(1) {
        let mut end = (n * k / bins.max(1)).max(start);
        while end > start && end < n && sorted[end].0 == sorted[end - 1].0 {
            end += 1;
        }
        if end > start {
            let part = &sorted[start..end];
            let drops: Vec<f64> = part.iter().map(|m| m.1).collect();
            out.push(Bin {
                gap_low: part[0].0,
                gap_high: part[part.len() - 1].0,
                drop: drop_of(&drops),
                fitted_drop: 0.0,
            });
            start = end;
        }
    }
    let fitted =
        monotone_fit(&out.iter().map(|b| (b.drop.mean_drop, b.drop.moves as f64)).collect::<Vec<_>>());
    for (b, f) in out.iter_mut().zip(fitted) {
        b.fitted_drop = f;
    }
    out
}

/// The non-decreasing fit to `(value, weight)` points in order that is closest in weighted
/// least squares (pool adjacent violators): a bin whose mean dips below its left neighbour's by
/// noise is pooled with it, so one lucky bin cannot move a threshold.
pub fn monotone_fit(points: &[(f64, f64)]) -> Vec<f64> {
    // Blocks of pooled points: (mean, weight, how many points).
    let mut blocks: Vec<(f64, f64, usize)> = Vec::new();
    for &(value, weight) in points {
        blocks.push((value, weight.max(f64::MIN_POSITIVE), 1));
        while blocks.len() > 1 && blocks[blocks.len() - 2].0 > blocks[blocks.len() - 1].0 {
            let (v2, w2, n2) = blocks.pop().unwrap();
            let (v1, w1, n1) = blocks.pop().unwrap();
            blocks.push(((v1 * w1 + v2 * w2) / (w1 + w2), w1 + w2, n1 + n2));
        }
    }
    blocks.iter().flat_map(|&(v, _, n)| std::iter::repeat_n(v, n)).collect()
}

/// The thresholds from the fitted bins: `about_as_good` is the largest gap of the last bin whose
/// fitted drop is below `about` (0 when even the first is not), and `worse` the largest gap of
/// the last bin whose fitted drop is at most `much`, so every bin above it loses more than
/// `much` (`None` when no bin does). The fit is monotone, so each is a single cut.
pub fn thresholds(bins: &[Bin], about: f64, much: f64) -> Thresholds {
    let last_below = |limit: f64, strict: bool| {
        bins.iter()
            .take_while(|b| if strict { b.fitted_drop < limit } else { b.fitted_drop <= limit })
            .last()
            .map(|b| b.gap_high)
    };
    let about_as_good = last_below(about, true).unwrap_or(0.0);
    let worse = if bins.iter().any(|b| b.fitted_drop > much) {
        Some(last_below(much, false).unwrap_or(0.0).max(about_as_good))
    } else {
        None
    };
    Thresholds { about_as_good, worse }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bins_of(means: &[f64]) -> Vec<Bin> {
        let fitted = monotone_fit(&means.iter().map(|&m| (m, 10.0)).collect::<Vec<_>>());
        means
            .iter()
            .zip(fitted)
            .enumerate()
            .map(|(i, (&m, f))| Bin {
                gap_low: i as f64,
                gap_high: i as f64 + 1.0,
                // Dyadic numbers, so that JSON carries them exactly (serde_json's default parser
                // can land one ulp off a decimal).
                drop: Drop { moves: 10, mean_drop: m, low: m - 0.0078125, high: m + 0.0078125 },
                fitted_drop: f,
            })
            .collect()
    }

    #[test]
    fn the_monotone_fit_pools_violators_and_keeps_ordered_data() {
        assert_eq!(monotone_fit(&[(0.0, 1.0), (0.1, 1.0), (0.3, 1.0)]), [0.0, 0.1, 0.3]);
        // A dip is pooled with its left neighbour, weighted by the counts.
        let fit = monotone_fit(&[(0.0, 1.0), (0.3, 1.0), (0.1, 3.0), (0.5, 1.0)]);
        assert!(fit.iter().zip([0.0, 0.15, 0.15, 0.5]).all(|(f, e)| (f - e).abs() < 1e-12), "{fit:?}");
        let fit = monotone_fit(&[(0.5, 1.0), (0.4, 1.0), (0.3, 1.0)]);
        assert!(fit.iter().all(|&f| (f - 0.4).abs() < 1e-12));
    }

    #[test]
    fn thresholds_cut_where_the_fitted_drop_passes_the_limits() {
        // Bin i covers gaps (i, i + 1]: drops 0, 0.01, 0.03, 0.08, 0.2.
        let t = thresholds(&bins_of(&[0.0, 0.01, 0.03, 0.08, 0.2]), 0.02, 0.10);
        assert_eq!(t, Thresholds { about_as_good: 2.0, worse: Some(4.0) });
        // One noisy bin below its neighbour does not open a second "about as good" stretch.
        let t = thresholds(&bins_of(&[0.0, 0.05, 0.01, 0.3]), 0.02, 0.10);
        assert_eq!(t, Thresholds { about_as_good: 1.0, worse: Some(3.0) });
        // Nothing measurably worse: everything is "about as good" and no move "much worse".
        let t = thresholds(&bins_of(&[0.0, 0.001, 0.01]), 0.02, 0.10);
        assert_eq!(t, Thresholds { about_as_good: 3.0, worse: None });
        // Even the smallest gaps lose: no "about as good"; and "worse" never below it.
        let t = thresholds(&bins_of(&[0.5, 0.6]), 0.02, 0.10);
        assert_eq!(t, Thresholds { about_as_good: 0.0, worse: Some(0.0) });
    }

    #[test]
    fn bins_have_equal_counts_and_never_split_equal_gaps() {
        let moves: Vec<(f64, f64)> = (1..=100).map(|i| (f64::from(i), f64::from(i) / 100.0)).collect();
        let bins = bin(&moves, 4);
        assert_eq!(bins.iter().map(|b| b.drop.moves).collect::<Vec<_>>(), [25, 25, 25, 25]);
        assert_eq!((bins[0].gap_low, bins[0].gap_high, bins[3].gap_high), (1.0, 25.0, 100.0));
        assert!((bins[0].drop.mean_drop - 0.13).abs() < 1e-12);
        // Gap 0 (ties) is left out; a block of one gap stays in one bin.
        let mut moves = vec![(0.0, 0.5); 7];
        moves.extend(std::iter::repeat_n((2.0, 0.1), 6));
        moves.extend([(1.0, 0.0), (3.0, 0.2)]);
        let bins = bin(&moves, 4);
        assert_eq!(bins.iter().map(|b| b.drop.moves).sum::<usize>(), 8);
        assert!(bins.windows(2).all(|w| w[0].gap_high < w[1].gap_low), "{bins:?}");
        assert!(bins.iter().any(|b| b.gap_low <= 2.0 && 2.0 <= b.gap_high && b.drop.moves >= 6));
    }

    #[test]
    fn drops_measure_against_the_best_move() {
        let position = Position {
            game: 0,
            move_index: 5,
            stage: 256,
            board: [[0; 4]; 4],
            best: "left".into(),
            moves: ["up", "left", "right"]
                .iter()
                .zip([(18.0, 3), (20.0, 8), (19.0, 8)])
                .map(|(d, (value, reached))| MoveRecord {
                    direction: d.to_string(),
                    value,
                    reached,
                    played: 0,
                })
                .collect(),
            cpu_seconds: 0.0,
        };
        let drops = position.drops(GapMeasure::Absolute, 10);
        assert_eq!(drops, [(2.0, 0.5), (1.0, 0.0)]);
        let d = drop_of(&[0.1, 0.3]);
        assert!((d.mean_drop - 0.2).abs() < 1e-12 && d.low < 0.2 && d.high > 0.2);
    }

    #[test]
    fn the_document_round_trips_through_json() {
        let bins = bins_of(&[0.0, 0.0625, 0.25]);
        let document = Document {
            command: "move-quality --summarize x.jsonl".into(),
            run_command: "move-quality --out x.jsonl".into(),
            strength: "spec".into(),
            player: Some("spec-depth-2".into()),
            target: Some(2048),
            gap: GapMeasure::Absolute,
            seed: 1,
            games: 2,
            positions: 3,
            moves: 30,
            rollouts: 8,
            per_stage: 2,
            min_tile: 256,
            max_tile: 1024,
            move_cap: 5000,
            about: 0.02,
            much: 0.125,
            cpu_seconds: 12.5,
            ties: Drop { moves: 4, mean_drop: 0.015625, low: -0.5, high: 0.5 },
            thresholds: thresholds(&bins, 0.02, 0.125),
            bins,
        };
        let json = serde_json::to_string_pretty(&document).unwrap();
        assert_eq!(serde_json::from_str::<Document>(&json).unwrap(), document);
        for field in [
            "\"about_as_good\"",
            "\"worse\"",
            "\"gap_low\"",
            "\"mean_drop\"",
            "\"fitted_drop\"",
            "\"gap\": \"absolute\"",
        ] {
            assert!(json.contains(field), "{field} in {json}");
        }
    }
}
