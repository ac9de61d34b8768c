//! The regret of the fast Strong on a positions file (the reference's value of its best move
//! less its value of the move chosen) with given weights: the tuner's loss, two weights set
//! side by side ([`score`]), and where it falls by the search's own signs of danger
//! ([`danger`]).

use std::path::Path;

use rayon::prelude::*;
use solver::strong::heuristic::{Heuristic, HeuristicWeights};
use solver::{Decision, Searcher, Strong, StrongConfig};

use super::positions::{Scored, read_positions};
use crate::{reference, weights};

/// The decision of a Strong with `config` and `heuristic` on each of `positions`, each searched afresh: one
/// searcher a thread, its table cleared between positions.
fn decisions(config: StrongConfig, heuristic: &'static Heuristic, positions: &[Scored]) -> Vec<Decision> {
    positions
        .par_chunks(positions.len().div_ceil(rayon::current_num_threads()).max(1))
        .flat_map_iter(|chunk| {
            let mut searcher = Strong::with_heuristic(config, heuristic);
            chunk
                .iter()
                .map(|(board, _)| {
                    searcher.reset();
                    searcher.decide(*board)
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The reference's value of its best move less its value of the move `decision` chose (0 where
/// they agree, or where no move counts).
fn regret_of(values: &[Option<f64>; 4], decision: &Decision) -> f64 {
    decision.best.and_then(|d| reference::regret(values, d)).unwrap_or(0.0)
}

/// The regret of the fast Strong with `weights` at each of `positions`.
pub fn regrets(weights: HeuristicWeights, positions: &[Scored]) -> Vec<f64> {
    let decided = decisions(StrongConfig::FAST, weights::leak(weights), positions);
    positions.iter().zip(&decided).map(|((_, values), d)| regret_of(values, d)).collect()
}

/// The mean regret of the fast Strong with `weights` over `positions`.
pub fn loss(weights: HeuristicWeights, positions: &[Scored]) -> f64 {
    let all = regrets(weights, positions);
    all.iter().sum::<f64>() / all.len() as f64
}
/// `best`'s and nneonneo's weights' mean regret and agreement with the reference's move on `positions`, and the
/// paired difference of their regrets with a 95 % interval (positions are the pairs).
pub fn score(best: HeuristicWeights, positions: &Path) -> Result<(), String> {
    let positions = read_positions(positions)?;
    let base = regrets(HeuristicWeights::NNEONNEO, &positions);
    let tuned = regrets(best, &positions);
    let n = positions.len() as f64;
    for (name, r) in [("nneonneo", &base), ("best", &tuned)] {
        let mut sorted = r.clone();
        sorted.sort_by(|a, b| b.total_cmp(a));
        let total: f64 = sorted.iter().sum();
        let top: f64 = sorted.iter().take(sorted.len().div_ceil(100)).sum();
        let agreed = r.iter().filter(|&&x| x == 0.0).count() as f64;
        println!(
            "{name:>8}: mean regret {:.1}, the reference's move {:.1} %, the worst 1 % of positions {:.0} % of the regret",
            total / n,
            100.0 * agreed / n,
            if total > 0.0 { 100.0 * top / total } else { 0.0 }
        );
    }
    let diff: Vec<f64> = tuned.iter().zip(&base).map(|(t, b)| t - b).collect();
    let mean = diff.iter().sum::<f64>() / n;
    let var = diff.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "best - nneonneo: {mean:.1} [{:.1}, {:.1}] mean regret over {} positions",
        mean - half,
        mean + half,
        positions.len()
    );
    Ok(())
}

/// Where the fast Strong's regret is on the positions at `path`: for the positions first by
/// each of its search's signs of danger, the share of the whole regret they hold.
pub fn danger(path: &Path) -> Result<(), String> {
    /// A position's signs: its drop (the board's own evaluation less the search's best value),
    /// the gap between the search's two best moves, its empty cells; and the regret.
    struct Signs {
        drop: f64,
        gap: f64,
        empty: f64,
        regret: f64,
    }
    let positions = read_positions(path)?;
    let decided = decisions(StrongConfig::FAST, Heuristic::nneonneo(), &positions);
    let signs: Vec<Signs> = positions
        .iter()
        .zip(&decided)
        .map(|((board, values), decision)| {
            let mut v: Vec<f64> = decision.values.iter().flatten().copied().collect();
            v.sort_by(|a, b| b.total_cmp(a));
            let best = v.first().copied().unwrap_or(0.0);
            Signs {
                drop: Heuristic::nneonneo().evaluate(*board) - best,
                gap: if v.len() > 1 { v[0] - v[1] } else { f64::INFINITY },
                empty: board.empty_cell_indices().count() as f64,
                regret: regret_of(values, decision),
            }
        })
        .collect();
    let total: f64 = signs.iter().map(|s| s.regret).sum();
    println!("{} positions; the positions first by each sign hold this share of the regret:", signs.len());
    let report = |name: &str, first: &dyn Fn(&Signs) -> f64| {
        let mut sorted: Vec<&Signs> = signs.iter().collect();
        sorted.sort_by(|a, b| first(a).total_cmp(&first(b)));
        let mut line = format!("{name:>22}:");
        for share in [0.01, 0.02, 0.05, 0.1, 0.2, 0.3] {
            let k = ((sorted.len() as f64) * share).ceil() as usize;
            let held: f64 = sorted.iter().take(k).map(|s| s.regret).sum();
            let bound = first(sorted[k - 1]).abs();
            line += &format!(
                "  {:.0} % {:.0} % ({bound:.0})",
                share * 100.0,
                100.0 * held / total.max(f64::MIN_POSITIVE)
            );
        }
        println!("{line}");
    };
    report("largest drop", &|s| -s.drop);
    report("smallest gap", &|s| s.gap);
    // Empty cells tie: a share of positions would split a tie in file order, so whole counts.
    let mut line = format!("{:>22}:", "empty cells at most");
    for most in 0..=3 {
        let (count, held) = signs
            .iter()
            .filter(|s| s.empty <= f64::from(most))
            .fold((0, 0.0), |(c, h), s| (c + 1, h + s.regret));
        let positions = 100.0 * f64::from(count) / signs.len() as f64;
        line += &format!("  {most}: {positions:.0} % {:.0} %", 100.0 * held / total.max(f64::MIN_POSITIVE));
    }
    println!("{line}");
    Ok(())
}
