//! The arena binary: plays complete games with one strategy, as the page plays it, and prints
//! how they went. The settings the lab tries are its own runner's (`cargo run -p lab`).

use std::path::PathBuf;

use arena::args::strategy_parser;
use arena::naming::Files;
use arena::play::Run;
use arena::runner::Sitting;
use clap::Parser;
use solver::Strategy;

/// Plays complete games of 2048 (on past 2048 until no move counts) with one strategy, in
/// parallel, and prints the share of games reaching each tile, scores, lengths and think times.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// The strategy that plays every move.
    #[arg(long, value_parser = strategy_parser(), default_value = Strategy::Spec.id())]
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

    /// Stop each game after this many moves (for quick checks; by default games play to the end).
    #[arg(long, value_name = "N")]
    max_moves: Option<u32>,

    /// Keep every finished game in this JSON-lines file as it ends, and play only the games not
    /// in it yet: a run stopped (or killed) goes on where it was when run again with the same
    /// file, and its games are the same as those of one run at once.
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,

    /// With --resume: play nothing, and report the games the file holds so far (it is only
    /// read, so a run may be going on in it).
    #[arg(long, requires = "resume")]
    finished_only: bool,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    let mut files = Files::default();
    if args.strategy.needs_network() {
        files.insert(solver::max::repository_network()?, solver::max::repository_bytes()?);
    }
    let own = args.strategy.search_config(arena::play::network_for(args.strategy)?);
    arena::runner::play(Sitting {
        name: arena::naming::run_name(args.strategy, own.as_ref(), &files),
        run: Run { max_moves: args.max_moves, ..Run::new(args.strategy, args.seed) },
        games: args.games,
        threads: args.threads,
        command: command_line(&args),
        resume: args.resume,
        finished_only: args.finished_only,
        json: args.json,
    })
}

/// The arena command that plays these games again (threads aside, which change nothing).
fn command_line(args: &Args) -> String {
    let mut line = format!(
        "cargo run --release -p arena -- --strategy {} --games {} --seed {}",
        args.strategy.id(),
        args.games,
        args.seed
    );
    if let Some(moves) = args.max_moves {
        line += &format!(" --max-moves {moves}");
    }
    if let Some(path) = &args.json {
        line += &format!(" --json {}", path.display());
    }
    if let Some(path) = &args.resume {
        line += &format!(" --resume {}", path.display());
    }
    if args.finished_only {
        line += " --finished-only";
    }
    line
}
