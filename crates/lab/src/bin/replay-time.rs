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
//! cargo run --release -p lab --bin replay-time -- [--games 2] [--seed 1000]
//!     [--cutoffs 0.006,0.005,0.004] [--tt-bits 18,20] [--max-beyond 10,8]
//!     [--reference 0.0005 --every 10] [--play-cutoff 0.005 --play-max-beyond 10]
//! ```

use arena::args::positive;
use arena::cpu_time::Stopwatch;
use arena::play::game_seed;
use clap::{ArgAction, Parser};
use game_core::Board;
use lab::walk::positions;
use solver::{Budget, Decision, Searcher, Strong, StrongConfig};

/// The default Strong: the setting played and replayed where no flag names another.
const BASE: StrongConfig = StrongConfig::FAST;

/// The default Strong's cap on the moves searched beyond the root (`--max-beyond`).
const BASE_MAX: u32 = match BASE.budget {
    Budget::Distinct { max, .. } => max,
    _ => panic!("the default Strong has no distinct-tiles depth"),
};

/// The default Strong's transposition table size (18 bits if it has none).
const BASE_TT_BITS: u32 = match BASE.tt_bits {
    Some(bits) => bits,
    None => 18,
};

#[derive(Parser, Debug)]
#[command(
    about = "Times Strong's search settings on the same positions (and scores them against a deeper search)",
    // A flag given twice counts the last time, as before clap parsed these arguments.
    args_override_self = true
)]
struct Args {
    /// How many games to play and replay.
    #[arg(long, default_value_t = 2)]
    games: u64,
    /// The base seed: game i is played from arena::play::game_seed(seed, i).
    #[arg(long, default_value_t = 1000)]
    seed: u64,
    // The lists are set, not appended to: given twice, the last counts (`args_override_self`).
    /// The cutoffs to replay with, comma-separated.
    #[arg(long, value_name = "P,...", value_delimiter = ',', action = ArgAction::Set)]
    #[arg(default_values_t = [BASE.cutoff])]
    cutoffs: Vec<f64>,
    /// The transposition table sizes (bits) to replay with, comma-separated.
    #[arg(long, value_name = "BITS,...", value_delimiter = ',', action = ArgAction::Set)]
    #[arg(default_values_t = [BASE_TT_BITS])]
    tt_bits: Vec<u32>,
    /// The caps on the moves searched beyond the root to replay with, comma-separated.
    #[arg(long, value_name = "N,...", value_delimiter = ',', action = ArgAction::Set)]
    #[arg(default_values_t = [BASE_MAX])]
    max_beyond: Vec<u32>,
    /// Score each setting against a much deeper Strong at this cutoff.
    #[arg(long, value_name = "CUTOFF")]
    reference: Option<f64>,
    /// With --reference: search every N-th position of each game with the reference.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = positive::<usize>)]
    every: usize,
    /// The cutoff of the Strong that plays the games.
    #[arg(long, value_name = "P", default_value_t = BASE.cutoff)]
    play_cutoff: f64,
    /// The cap on the moves beyond the root of the Strong that plays the games.
    #[arg(long, value_name = "N", default_value_t = BASE_MAX)]
    play_max_beyond: u32,
}

fn main() {
    run(&Args::parse());
}

fn run(args: &Args) {
    let Args { games, seed, reference, every, play_cutoff, play_max_beyond: play_max, .. } = *args;
    let player = StrongConfig { cutoff: play_cutoff, ..BASE }.with_budget(with_max(BASE.budget, play_max));
    let played: Vec<Vec<Board>> = (0..games).map(|i| positions(game_seed(seed, i), player)).collect();
    let count: usize = played.iter().map(Vec::len).sum();
    println!(
        "{games} games of seed {seed} by Strong at cutoff {play_cutoff}, up to {play_max} beyond: {count} positions"
    );
    // The reference's move values at every `every`-th position of each game.
    let references: Option<Vec<Vec<Decision>>> = reference.map(|cutoff| {
        let config = lab::reference::config(cutoff);
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
    for &cutoff in &args.cutoffs {
        for &tt_bits in &args.tt_bits {
            for &max in &args.max_beyond {
                let config = StrongConfig {
                    cutoff,
                    tt_bits: Some(tt_bits),
                    budget: with_max(BASE.budget, max),
                    ..BASE
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
        self.regret += lab::reference::regret(&reference.values, chosen).unwrap_or(f64::NAN);
    }
}

/// `budget` with at most `max` moves beyond the root, if it is a distinct-tiles rule.
fn with_max(budget: Budget, max: u32) -> Budget {
    match budget {
        Budget::Distinct { minus, min, .. } => Budget::Distinct { minus, min, max },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Args, clap::Error> {
        Args::try_parse_from(std::iter::once("replay-time").chain(line.split_whitespace()))
    }

    #[test]
    fn docs_invocations_parse_their_lists() {
        // docs/solver.md, the choice of Strong's setting.
        let args = parse(
            "--games 1 --seed 1000 --cutoffs 0.005,0.004,0.003 --max-beyond 10,7,5 --reference 0.0005 \
             --every 10 --play-cutoff 0.005 --play-max-beyond 10",
        )
        .unwrap();
        assert_eq!((args.games, args.seed), (1, 1000));
        assert_eq!(args.cutoffs, [0.005, 0.004, 0.003]);
        assert_eq!(args.max_beyond, [10, 7, 5]);
        assert_eq!(args.tt_bits, [BASE_TT_BITS]);
        assert_eq!((args.reference, args.every), (Some(0.0005), 10));
        assert_eq!((args.play_cutoff, args.play_max_beyond), (0.005, 10));
        // docs/solver.md, the table sizes.
        let args = parse(
            "--games 2 --seed 1000 --cutoffs 0.005 --max-beyond 10 --tt-bits 16,17,18,20 --play-cutoff 0.005 \
             --play-max-beyond 10",
        )
        .unwrap();
        assert_eq!((args.cutoffs, args.tt_bits, args.reference), (vec![0.005], vec![16, 17, 18, 20], None));
        // A list's last flag counts, as it did before clap.
        assert_eq!(parse("--cutoffs 0.006,0.005 --cutoffs 0.004").unwrap().cutoffs, [0.004]);
    }

    #[test]
    fn the_defaults_are_the_default_strongs() {
        let args = parse("").unwrap();
        assert_eq!((args.games, args.seed, args.every, args.reference), (2, 1000, 10, None));
        assert_eq!(
            (args.cutoffs, args.play_cutoff),
            (vec![StrongConfig::FAST.cutoff], StrongConfig::FAST.cutoff)
        );
        assert_eq!(args.tt_bits, [StrongConfig::FAST.tt_bits.unwrap()]);
        let Budget::Distinct { max, .. } = StrongConfig::FAST.budget else {
            panic!("not a distinct-tiles rule")
        };
        assert_eq!((args.max_beyond, args.play_max_beyond), (vec![max], max));
    }

    #[test]
    fn bad_values_are_refused() {
        for line in
            ["--every 0", "--every -1", "--cutoffs 0.005,x", "--tt-bits 18,", "--games many", "--reference"]
        {
            assert!(parse(line).is_err(), "{line}");
        }
    }
}
