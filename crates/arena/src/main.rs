//! The arena binary: plays complete games with one strategy, as the page plays it, and prints
//! how they went. The settings the lab tries are its own runner's (`cargo run -p lab`).

use arena::args::RunArgs;
use arena::naming::Files;
use arena::play::Run;
use arena::runner::Sitting;
use clap::Parser;

/// Plays complete games of 2048 (on past 2048 until no move counts) with one strategy, in
/// parallel, and prints the share of games reaching each tile, scores, lengths and think times.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    #[command(flatten)]
    run: RunArgs,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Args { run: args } = Args::parse();
    let files =
        if args.strategy.needs_network() { Files::with_repository_network()? } else { Files::default() };
    let own = args.strategy.search_config(arena::play::network_for(args.strategy)?);
    let name = arena::naming::run_name(args.strategy, own.as_ref(), &files);
    let run = Run { max_moves: args.max_moves, ..Run::new(args.strategy, args.seed) };
    arena::runner::play(Sitting::of(&args, name, run, args.command("arena", "")))
}
