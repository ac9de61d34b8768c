//! Joins the run files of a run's shards (`--shard K/N` on N machines) into one run file: the
//! one a single machine would have written (see `arena::shard`).
//!
//! ```text
//! cargo run --release -p arena --bin merge-runs -- --out RUN.jsonl SHARD0.jsonl SHARD1.jsonl …
//! ```
//! Then `--resume RUN.jsonl --finished-only --json FILE` on the arena writes the results file
//! of the whole run.

use std::path::PathBuf;

use clap::Parser;

/// Joins the run files of one run's shards into one run file.
#[derive(Parser, Debug)]
struct Args {
    /// The run file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The shards' run files.
    #[arg(required = true, value_name = "SHARD")]
    parts: Vec<PathBuf>,
}

fn main() -> Result<(), String> {
    let args = Args::parse();
    if args.parts.contains(&args.out) {
        return Err(format!("{}: write the merged run to a file of its own", args.out.display()));
    }
    let games = arena::resume::merge(&args.parts, &args.out)?;
    println!("{games} games in {}", args.out.display());
    Ok(())
}
