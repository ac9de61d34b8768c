//! Compares two arena run files (`--resume FILE`) game by game: how often each made a tile
//! (with Wilson intervals), which games only one of them made it in (with the two-sided sign
//! test of that split), the mean score, and the CPU time and positions searched a move. Games
//! of the same seed and index start alike, so a change is judged by the games it changed.
//!
//! ```text
//! cargo run --release -p arena --bin compare-runs -- crates/lab/data/late/strong-run.jsonl \
//!     crates/lab/data/late/strong-cutoff-0.002-run.jsonl --tile 32768
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use arena::stats::{Z95, sign_test, wilson};
use clap::Parser;

#[derive(Parser)]
#[command(about = "Compares two arena run files game by game")]
struct Args {
    /// The first run's file.
    first: PathBuf,
    /// The second run's file.
    second: PathBuf,
    /// The tile whose making is compared.
    #[arg(long, default_value_t = 32768)]
    tile: u32,
}

fn main() -> ExitCode {
    arena::args::exit("compare-runs", run(&Args::parse()))
}

fn run(args: &Args) -> Result<(), String> {
    let (a_id, a) = arena::resume::read_any(&args.first)?;
    let (b_id, b) = arena::resume::read_any(&args.second)?;
    if a_id.seed != b_id.seed {
        return Err(format!(
            "the runs have different seeds ({} and {}): their games are not paired",
            a_id.seed, b_id.seed
        ));
    }
    let both: Vec<u64> = a.keys().filter(|i| b.contains_key(i)).copied().collect();
    if both.is_empty() {
        return Err("the two files have no finished game in common".into());
    }
    println!("{} games finished in both (seed {})", both.len(), a_id.seed);
    let tile = args.tile;
    let mut only = [0u64; 2];
    for (label, id, games) in [("first", &a_id, &a), ("second", &b_id, &b)] {
        let made = both.iter().filter(|i| games[i].max_tile >= tile).count();
        let (low, high) = wilson(made, both.len(), Z95);
        let moves: u64 = both.iter().map(|i| u64::from(games[i].moves)).sum();
        let think: f64 = both.iter().map(|i| games[i].think_total().as_secs_f64()).sum();
        let nodes: u64 = both.iter().map(|i| games[i].nodes).sum();
        let score: u64 = both.iter().map(|i| u64::from(games[i].score)).sum();
        println!("{label}: {}", id.run);
        println!(
            "  {tile}: {made} ({:.1} % [{:.1}, {:.1}])  mean score {}  {:.2} ms of CPU a move  {} positions a move",
            100.0 * made as f64 / both.len() as f64,
            100.0 * low,
            100.0 * high,
            score / both.len() as u64,
            1e3 * think / moves.max(1) as f64,
            nodes / moves.max(1),
        );
        let mut lost: Vec<u32> =
            both.iter().filter(|i| games[i].max_tile < tile).map(|i| games[i].score).collect();
        lost.sort_unstable();
        if !lost.is_empty() {
            // Where the games that did not make the tile ended: the late stage's losses bunch at
            // a few scores, each the tiles of one step of the climb.
            let at = |q: f64| lost[((lost.len() - 1) as f64 * q).round() as usize];
            println!(
                "  the {} games without it ended at scores of {} (10 %), {} (25 %), {} (median), {} (75 %), {} (90 %)",
                lost.len(),
                at(0.1),
                at(0.25),
                at(0.5),
                at(0.75),
                at(0.9)
            );
        }
    }
    for i in &both {
        match (a[i].max_tile >= tile, b[i].max_tile >= tile) {
            (true, false) => only[0] += 1,
            (false, true) => only[1] += 1,
            _ => {}
        }
    }
    println!(
        "made {tile} in the first only: {}, in the second only: {} (two-sided sign test p = {:.3})",
        only[0],
        only[1],
        sign_test(only[0], only[1])
    );
    Ok(())
}
