//! Writes an n-tuple network's weights as 16-bit integers (the size a page would download) and
//! measures what that costs: the file sizes, and how often the rounded network chooses another
//! move than the original on the boards of greedy games (an experiment: no weights ship yet;
//! docs/solver.md's "A learned evaluation" gives the commands and what they measured).

use std::path::PathBuf;

use arena::play::game_seed;
use clap::Parser;
use rand::SeedableRng;
use rand::rngs::StdRng;
use solver::ntuple::Network;
use solver::ntuple::learn::{greedy_afterstate, spawn};

#[derive(Parser, Debug)]
#[command(about = "Write an n-tuple network with 16-bit weights and measure the rounding")]
struct Args {
    /// The `f32` weights, as `train-ntuple` wrote them.
    #[arg(long)]
    weights: PathBuf,
    /// Where to write the 16-bit weights.
    #[arg(long)]
    out: PathBuf,
    /// Greedy games (the original network's moves) on whose boards the two are compared.
    #[arg(long, default_value_t = 20)]
    games: u64,
    /// Seed of those games' tiles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    let original_bytes = std::fs::read(&args.weights)?;
    let original = Network::from_bytes(&original_bytes)?;
    let packed = original.to_i16_bytes();
    std::fs::write(&args.out, &packed)?;
    let rounded = Network::from_bytes(&packed)?;
    let deflated = miniz_oxide::deflate::compress_to_vec(&packed, 9).len();
    println!(
        "weights {}: f32 {} bytes, i16 {} bytes, i16 deflated (as a gzip response would carry it) {} bytes",
        original.weight_count(),
        original_bytes.len(),
        packed.len(),
        deflated,
    );
    let (mut boards, mut other_moves, mut largest_gap) = (0u64, 0u64, 0f32);
    for game in 1..=args.games {
        let mut rng = StdRng::seed_from_u64(game_seed(args.seed, game));
        let mut x = spawn(spawn(0, &mut rng), &mut rng);
        while let Some((y, _)) = greedy_afterstate(&original, x) {
            boards += 1;
            other_moves += u64::from(greedy_afterstate(&rounded, x).map(|(z, _)| z) != Some(y));
            largest_gap = largest_gap.max((original.value(y) - rounded.value(y)).abs());
            x = spawn(y, &mut rng);
        }
    }
    println!(
        "{} greedy games, {boards} boards: another move on {other_moves} ({:.3} %), afterstate values \
         apart by at most {largest_gap:.1} points",
        args.games,
        100.0 * other_moves as f64 / boards.max(1) as f64,
    );
    Ok(())
}
