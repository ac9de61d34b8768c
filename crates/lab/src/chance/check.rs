//! The check of a chance against what the games then did: the positions in ten bins of their
//! chance (how many, from how many games, the mean chance, the share made), the Brier score,
//! and the baseline's, which knows only the board's largest tile (the rate of the positions of
//! the fitted seed with that largest tile).

use std::collections::{BTreeMap, BTreeSet};

use results_schema::chance::{Bin, Sample};

use super::fit::Position;

/// The baseline: the share made among the fitted positions of each largest tile, and over all
/// of them for a largest tile they never had.
pub struct Baseline {
    by_tile: BTreeMap<u32, f64>,
    overall: f64,
}

impl Baseline {
    pub fn new(fitted: &[Position]) -> Baseline {
        let mut counts: BTreeMap<u32, (usize, usize)> = BTreeMap::new();
        for p in fitted {
            let c = counts.entry(p.board.max_tile()).or_default();
            c.0 += usize::from(p.made);
            c.1 += 1;
        }
        let made: usize = counts.values().map(|c| c.0).sum();
        Baseline {
            by_tile: counts.into_iter().map(|(t, (m, n))| (t, m as f64 / n as f64)).collect(),
            overall: made as f64 / fitted.len().max(1) as f64,
        }
    }

    pub fn predict(&self, p: &Position) -> f64 {
        self.by_tile.get(&p.board.max_tile()).copied().unwrap_or(self.overall)
    }
}

/// How the chances `predicted` (one per position) did on `positions` of seeds `seeds`.
pub fn sample(seeds: &[u64], positions: &[Position], predicted: &[f64], baseline: &Baseline) -> Sample {
    let outcome = |p: &Position| f64::from(u8::from(p.made));
    let n = positions.len().max(1) as f64;
    let brier = positions.iter().zip(predicted).map(|(p, q)| (q - outcome(p)).powi(2)).sum::<f64>() / n;
    let baseline_brier =
        positions.iter().map(|p| (baseline.predict(p) - outcome(p)).powi(2)).sum::<f64>() / n;
    let mut bins: Vec<(usize, BTreeSet<u64>, f64, f64)> = vec![(0, BTreeSet::new(), 0.0, 0.0); 10];
    for (p, &q) in positions.iter().zip(predicted) {
        let bin = &mut bins[((q * 10.0) as usize).min(9)];
        bin.0 += 1;
        bin.1.insert(p.game);
        bin.2 += q;
        bin.3 += outcome(p);
    }
    Sample {
        seeds: seeds.to_vec(),
        games: positions.iter().map(|p| p.game).collect::<BTreeSet<_>>().len(),
        positions: positions.len(),
        made: positions.iter().filter(|p| p.made).count(),
        brier,
        baseline_brier,
        bins: bins
            .into_iter()
            .enumerate()
            .map(|(i, (count, games, sum, made))| Bin {
                low: i as f64 / 10.0,
                high: (i + 1) as f64 / 10.0,
                positions: count,
                games: games.len(),
                predicted: sum / count.max(1) as f64,
                observed: made / count.max(1) as f64,
            })
            .collect(),
    }
}

/// The sample as a table for the terminal.
pub fn table(name: &str, s: &Sample) -> String {
    let mut t = format!(
        "{name}: seeds {:?}, {} games, {} positions ({} made); Brier {:.4}, baseline {:.4}\n  bin       positions games predicted observed\n",
        s.seeds, s.games, s.positions, s.made, s.brier, s.baseline_brier
    );
    for b in &s.bins {
        t.push_str(&format!(
            "  {:>3.0}-{:<3.0}%  {:>9} {:>5} {:>8.1}% {:>7.1}%\n",
            b.low * 100.0,
            b.high * 100.0,
            b.positions,
            b.games,
            b.predicted * 100.0,
            b.observed * 100.0
        ));
    }
    t
}
