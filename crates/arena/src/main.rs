//! The arena binary: plays complete games with one strategy and prints how they went.

use std::path::PathBuf;
use std::time::Instant;

use clap::Parser;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use indicatif::{ProgressBar, ProgressStyle};
use solver::{Budget, Strategy};

fn strategy_parser() -> impl TypedValueParser<Value = Strategy> {
    PossibleValuesParser::new(Strategy::ALL.map(|s| PossibleValue::new(s.name()).help(s.summary())))
        .map(|name| Strategy::from_name(&name).expect("clap only passes listed names"))
}

/// Plays complete games of 2048 (on past 2048 until no move counts) with one strategy, in
/// parallel, and prints the share of games reaching each tile, scores, lengths and think times.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// The strategy that plays every move.
    #[arg(long, value_parser = strategy_parser(), default_value = "spec")]
    strategy: Strategy,

    /// How many games to play.
    #[arg(long, default_value_t = 500)]
    games: u64,

    /// The base seed. Game i is seeded from (seed, i) alone, so the same seed gives the same
    /// games whatever the number of threads.
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// Write the summary and one record per game (seed, score, moves, largest tile, think time)
    /// to this JSON file.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,

    /// Worker threads; 0 uses one per core.
    #[arg(long, default_value_t = 0)]
    threads: usize,

    /// Think-time budget per move for `strong`, in milliseconds of wall time (iterative
    /// deepening stops when the next depth would not fit). Without it, `strong` uses its fixed
    /// node budget, which makes its games reproducible. Other strategies ignore it.
    #[arg(long, value_name = "MS", conflicts_with = "budget_nodes")]
    budget_ms: Option<f64>,

    /// Positions searched per move for `strong` (iterative deepening stops when the next depth
    /// would not fit): reproducible whatever the machine's load. Other strategies ignore it.
    #[arg(long, value_name = "N")]
    budget_nodes: Option<u64>,

    /// Stop each game after this many moves (for quick checks; by default games play to the end).
    #[arg(long, value_name = "N")]
    max_moves: Option<u32>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    let threads = if args.threads == 0 { rayon::current_num_threads() } else { args.threads };
    // Drawn to stderr, and hidden when stderr is not a terminal.
    let bar = ProgressBar::new(args.games).with_style(ProgressStyle::with_template(
        "{prefix} [{elapsed_precise}] {wide_bar} {pos}/{len} games (eta {eta})",
    )?);
    bar.set_prefix(args.strategy.name());
    let budget = match (args.budget_ms, args.budget_nodes) {
        (Some(ms), _) => Some(Budget::Millis(ms)),
        (None, Some(nodes)) => Some(Budget::Nodes(nodes)),
        (None, None) => None,
    };
    let name = match (args.strategy, budget) {
        (Strategy::Strong, Some(Budget::Millis(ms))) => format!("strong@{ms}ms"),
        (Strategy::Strong, Some(Budget::Nodes(n))) => format!("strong@{n}nodes"),
        (strategy, _) => strategy.name().to_owned(),
    };
    let start = Instant::now();
    let results = arena::play::play_games(
        args.strategy,
        budget,
        args.seed,
        args.games,
        args.max_moves,
        threads,
        || bar.inc(1),
    )?;
    let wall = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let summary = arena::report::summarize(&name, args.seed, &results, threads, wall);
    print!("{}", arena::report::table(&summary));
    if let Some(path) = &args.json {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, arena::report::json(&summary, &results))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
