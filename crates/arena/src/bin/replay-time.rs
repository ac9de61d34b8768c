//! Times Strong's search settings on the same positions: plays games with the default Strong
//! (or the setting `--play-cutoff` / `--play-max-beyond` name, so that figures taken under an
//! earlier default stay reproducible), keeps every position it moved from, then replays each game's positions in order with each
//! setting (a fresh searcher per game, its table carried from move to move, as in play) and
//! prints the mean CPU time and positions searched per move, and for each setting the share of
//! its time spent on boards of each number of empty cells. Picks a cutoff for a time budget
//! without the noise of each setting playing different games.
//!
//! With `--reference CUTOFF`, every `--every`-th position is also searched by a much deeper
//! Strong (that cutoff with strong-deep's depth rule, a fresh searcher per position), and each setting is scored by how often
//! it picks the reference's move and by its mean regret: the reference's value of its best move
//! less that of the setting's move. A proxy for strength, as fast to measure as the time, for
//! ranking settings before the arena plays them.
//!
//! ```text
//! cargo run --release -p arena --bin replay-time -- [--games 2] [--seed 1000]
//!     [--cutoffs 0.006,0.005,0.004] [--tt-bits 18,20] [--max-beyond 10,8]
//!     [--reference 0.0005 --every 10] [--play-cutoff 0.005 --play-max-beyond 10]
//! ```

use std::process::ExitCode;

use arena::cpu_time::Stopwatch;
use arena::play::{game_seed, positions};
use game_core::Board;
use solver::{Budget, Decision, Searcher, Strong, StrongConfig};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("replay-time: {message}");
            ExitCode::FAILURE
        }
    }
}

fn list<T: std::str::FromStr>(text: &str) -> Result<Vec<T>, String> {
    text.split(',').map(|v| v.parse().map_err(|_| format!("{v:?} is not a number"))).collect()
}

fn run() -> Result<(), String> {
    let (mut games, mut seed) = (2u64, 1000u64);
    let base = StrongConfig::FAST;
    let Budget::Distinct { max: base_max, .. } = base.budget else {
        return Err("the default Strong has no distinct-tiles depth".into());
    };
    let (mut cutoffs, mut bits, mut maxes) =
        (vec![base.cutoff], vec![base.tt_bits.unwrap_or(18)], vec![base_max]);
    let (mut reference, mut every) = (None::<f64>, 10usize);
    let (mut play_cutoff, mut play_max) = (base.cutoff, base_max);
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--games" => games = value.parse().map_err(|_| "--games: a number")?,
            "--seed" => seed = value.parse().map_err(|_| "--seed: a number")?,
            "--cutoffs" => cutoffs = list(&value)?,
            "--tt-bits" => bits = list(&value)?,
            "--max-beyond" => maxes = list(&value)?,
            "--play-cutoff" => play_cutoff = value.parse().map_err(|_| "--play-cutoff: a number")?,
            "--play-max-beyond" => play_max = value.parse().map_err(|_| "--play-max-beyond: a number")?,
            "--reference" => reference = Some(value.parse().map_err(|_| "--reference: a cutoff")?),
            "--every" => every = value.parse().ok().filter(|&n| n > 0).ok_or("--every: a positive number")?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    let player = StrongConfig { cutoff: play_cutoff, ..base }.with_budget(with_max(base.budget, play_max));
    let played: Vec<Vec<Board>> = (0..games).map(|i| positions(game_seed(seed, i), player)).collect();
    let count: usize = played.iter().map(Vec::len).sum();
    println!(
        "{games} games of seed {seed} by Strong at cutoff {play_cutoff}, up to {play_max} beyond: {count} positions"
    );
    // The reference's move values at every `every`-th position of each game.
    let references: Option<Vec<Vec<Decision>>> = reference.map(|cutoff| {
        let config = arena::reference::config(cutoff);
        played
            .iter()
            .map(|positions| {
                positions.iter().step_by(every).map(|&b| Strong::new(config).decide(b)).collect()
            })
            .collect()
    });
    if let (Some(cutoff), Some(r)) = (reference, &references) {
        println!(
            "reference: cutoff {cutoff}, {} positions (every {every}th)",
            r.iter().map(Vec::len).sum::<usize>()
        );
    }
    for &cutoff in &cutoffs {
        for &tt_bits in &bits {
            for &max in &maxes {
                let config = StrongConfig {
                    cutoff,
                    tt_bits: Some(tt_bits),
                    budget: with_max(base.budget, max),
                    ..base
                };
                let (mut seconds, mut nodes) = (0.0, 0u64);
                // Seconds and positions by the number of empty cells of the board moved from.
                let mut by_empty = [(0.0, 0usize); 17];
                let mut quality = Quality::default();
                for (game, positions) in played.iter().enumerate() {
                    let mut searcher = Strong::new(config);
                    for (index, &board) in positions.iter().enumerate() {
                        let watch = Stopwatch::start();
                        let decision = searcher.decide(board);
                        let spent = watch.elapsed().as_secs_f64();
                        nodes += decision.nodes;
                        seconds += spent;
                        let bucket = &mut by_empty[board.empty_cells() as usize];
                        bucket.0 += spent;
                        bucket.1 += 1;
                        if let Some(r) = &references
                            && index % every == 0
                        {
                            quality.add(&r[game][index / every], &decision);
                        }
                    }
                }
                print!(
                    "cutoff {cutoff:<7} tt-bits {tt_bits:<3} max-beyond {max:<3} mean {:.3} ms  {:>8.0} positions a move",
                    1e3 * seconds / count as f64,
                    nodes as f64 / count as f64
                );
                if quality.positions > 0 {
                    print!(
                        "  reference's move {:.1} %  mean regret {:.1}",
                        100.0 * quality.agreed as f64 / quality.positions as f64,
                        quality.regret / quality.positions as f64
                    );
                }
                println!();
                let shares: Vec<String> = (0..by_empty.len())
                    .filter(|&e| by_empty[e].1 > 0)
                    .map(|e| {
                        let (spent, boards) = by_empty[e];
                        format!("{e}: {:.0} % of time, {boards} boards", 100.0 * spent / seconds)
                    })
                    .collect();
                println!("  by empty cells  {}", shares.join("; "));
            }
        }
    }
    Ok(())
}

/// How a setting's moves compare with the reference's.
#[derive(Default)]
struct Quality {
    positions: usize,
    agreed: usize,
    /// Summed: the reference's value of its best move less its value of the setting's move.
    regret: f64,
}

impl Quality {
    fn add(&mut self, reference: &Decision, decision: &Decision) {
        let (Some(best), Some(chosen)) = (reference.best, decision.best) else { return };
        self.positions += 1;
        self.agreed += usize::from(best == chosen);
        self.regret += arena::reference::regret(&reference.values, chosen).unwrap_or(f64::NAN);
    }
}

/// `budget` with at most `max` moves beyond the root, if it is a distinct-tiles rule.
fn with_max(budget: Budget, max: u32) -> Budget {
    match budget {
        Budget::Distinct { minus, min, .. } => Budget::Distinct { minus, min, max },
        other => other,
    }
}
