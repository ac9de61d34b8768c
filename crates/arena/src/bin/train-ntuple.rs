//! Trains an n-tuple network by TD(0) self-play and writes its weights, for the arena's
//! `--eval learned --weights FILE` (an experiment: no weights ship with the page; the README's
//! "A learned evaluation" gives the commands and what they reached).

use std::path::PathBuf;
use std::time::Instant;

use clap::Parser;
use rand::SeedableRng;
use rand::rngs::StdRng;
use solver::ntuple::{Network, Shape, learn};

#[derive(Parser, Debug)]
#[command(about = "Learn the n-tuple evaluation by temporal-difference self-play")]
struct Args {
    /// Games to learn from.
    #[arg(long, default_value_t = 100_000)]
    games: u64,
    /// Seed of the games' tiles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Learning rate at the start.
    #[arg(long, default_value_t = 0.1)]
    alpha: f32,
    /// Learning rate for the last `--fine` games.
    #[arg(long, default_value_t = 0.01)]
    fine_alpha: f32,
    /// Games at the end learned with `--fine-alpha`.
    #[arg(long, default_value_t = 0)]
    fine: u64,
    /// Report every this many games.
    #[arg(long, default_value_t = 5_000)]
    every: u64,
    /// The network: lines-squares (1.25 MiB), five (17 MB), six (268 MB).
    #[arg(long, default_value = "lines-squares")]
    shape: String,
    /// Also write the weights every this many games (0: only at the end).
    #[arg(long, default_value_t = 0)]
    save_every: u64,
    /// Where to write the weights.
    #[arg(long)]
    out: PathBuf,
}

fn main() -> std::io::Result<()> {
    let args = Args::parse();
    let shape = Shape::named(&args.shape)
        .ok_or_else(|| std::io::Error::other(format!("no shape {:?}", args.shape)))?;
    let mut network = Network::zeroed(shape);
    let mut rng = StdRng::seed_from_u64(args.seed);
    let start = Instant::now();
    let (mut score, mut moves, mut reached) = (0u64, 0u64, [0u64; 4]);
    for game in 1..=args.games {
        let alpha = if game > args.games.saturating_sub(args.fine) { args.fine_alpha } else { args.alpha };
        let outcome = learn::play_and_learn(&mut network, alpha, &mut rng);
        score += outcome.score;
        moves += u64::from(outcome.moves);
        for (i, exponent) in [11u8, 12, 13, 14].into_iter().enumerate() {
            reached[i] += u64::from(outcome.max_exponent >= exponent);
        }
        if game % args.every == 0 || game == args.games {
            let n = (game - 1) % args.every + 1;
            let pct = |k: u64| 100.0 * k as f64 / n as f64;
            println!(
                "games {game:>8}  alpha {alpha}  mean score {:>7}  2048 {:5.1} %  4096 {:5.1} %  \
                 8192 {:5.1} %  16384 {:4.1} %  {:.1} M moves/s",
                score / n,
                pct(reached[0]),
                pct(reached[1]),
                pct(reached[2]),
                pct(reached[3]),
                moves as f64 / start.elapsed().as_secs_f64() / 1e6,
            );
            (score, reached) = (0, [0; 4]);
        }
        if args.save_every > 0 && game % args.save_every == 0 {
            std::fs::write(&args.out, network.to_bytes())?;
        }
    }
    std::fs::write(&args.out, network.to_bytes())?;
    eprintln!("wrote {} after {:.0} s", args.out.display(), start.elapsed().as_secs_f64());
    Ok(())
}
