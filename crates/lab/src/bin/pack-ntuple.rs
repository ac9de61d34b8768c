//! Writes an n-tuple network's weights as 16-bit integers or 8-bit levels (the size a page would download) and
//! measures what that costs: the file sizes, and how often the rounded network chooses another
//! move than the original on the boards of greedy games (an experiment: no weights ship yet;
//! docs/lab/learned-evaluation.md gives the commands and what they measured).

use std::path::PathBuf;

use arena::play::game_seed;
use clap::Parser;
use game_core::Board;
use lab::learn::{Learner, greedy_afterstate, spawn};
use lab::ntuple::{Encode, Reshape};
use rand::SeedableRng;
use solver::ntuple::Network;
use solver::rng::GameRng;

/// How `--keep` ranks the weights (docs/lab/learned-evaluation.md compares them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Rank {
    /// By how much each was learned: the sum of its coherence steps' sizes.
    Learned,
    /// By what it learned since the settled start (`--settled`) alone.
    Since,
    /// By its size alone.
    Size,
    /// By its size times the square root of what it learned since: a large weight matters more
    /// to a board's value, a much-learned one is read more often.
    Weighted,
    /// By its size times what it learned since.
    WeightedLinear,
}

/// How much keeping weight `i` matters, by `rank`, from its value and how much it was learned
/// (`learned`, with `settled` taken off where it was given).
fn importance(rank: Rank, value: f32, learned: f32, settled: f32) -> f32 {
    let since = if settled > 0.0 && learned >= settled { learned - settled } else { learned };
    match rank {
        Rank::Learned => learned,
        Rank::Since => since,
        Rank::Size => value.abs(),
        Rank::Weighted => value.abs() * since.sqrt(),
        Rank::WeightedLinear => value.abs() * since,
    }
}

#[derive(Parser, Debug)]
#[command(about = "Write an n-tuple network with 16-bit weights and measure the rounding")]
struct Args {
    /// The `f32` weights, as `train-ntuple` wrote them.
    #[arg(long, required_unless_present = "state", conflicts_with = "state")]
    weights: Option<PathBuf>,
    /// Or a learner (`train-ntuple --state`), whose coherence sums say how much each weight
    /// was learned, for `--hash-bits`.
    #[arg(long)]
    state: Option<PathBuf>,
    /// Fold the network into hashed tables of `2^BITS` weights a tuple first: each slot the
    /// mean of its keys' weights, weighed by how much each was learned (with `--state`).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=32))]
    hash_bits: Option<u8>,
    /// Where to write the 16-bit weights.
    #[arg(long)]
    out: PathBuf,
    /// Keep only the N most learned weights (with `--state`), the others set to 0.
    #[arg(long, requires = "state", conflicts_with = "hash_bits")]
    keep: Option<usize>,
    /// What "most learned" means for `--keep`.
    #[arg(long, value_enum, default_value_t = Rank::Learned, requires = "keep")]
    rank: Rank,
    /// For a learner that went on from a file (`train-ntuple --from …
    /// --settled S`): the settled size its kept weights started with, taken off the learning of
    /// every weight that holds that much, so that they are ranked by what they learned since.
    #[arg(long, default_value_t = 0.0, requires = "keep")]
    settled: f32,
    /// For a `train-ntuple --late` learner, whose first stage learned nothing: keep the first
    /// stage's weights as they are and only the N most learned of the second, the others 0.
    #[arg(long, requires = "state", conflicts_with_all = ["hash_bits", "keep"])]
    keep_late: Option<usize>,
    /// Write each weight as one byte, the nearest of 256 levels (log-spaced sizes), instead of
    /// a 16-bit integer.
    #[arg(long, conflicts_with = "sparse")]
    levels: bool,
    /// Write only the 16-bit weights that are not 0, and where they are (deflated): the file a
    /// page would download.
    #[arg(long)]
    sparse: bool,
    /// Games played one move deep by each network (the source, folded, rounded).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Seed of those games' tiles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    let (source, learner) = match (&args.weights, &args.state) {
        (Some(path), _) => (Network::from_bytes(&std::fs::read(path)?)?, None),
        (None, Some(path)) => {
            let (learner, _) = Learner::from_bytes(&std::fs::read(path)?)?;
            (learner.network.clone(), Some(learner))
        }
        (None, None) => unreachable!("clap requires one"),
    };
    let folded = match (args.hash_bits, args.keep, args.keep_late, &learner) {
        (Some(bits), _, _, Some(learner)) => Some(source.folded(bits, |i| learner.learned(i))),
        (Some(bits), _, _, None) => Some(source.folded(bits, |_| 0.0)),
        (None, Some(keep), _, Some(learner)) => Some(
            source
                .pruned(keep, |i| importance(args.rank, source.weight(i), learner.learned(i), args.settled)),
        ),
        (None, None, Some(keep), Some(learner)) => Some(late_pruned(&source, keep, learner)?),
        _ => None,
    };
    drop(learner);
    let unrounded = folded.as_ref().unwrap_or(&source);
    let (packed, rounding) = match (args.levels, args.sparse) {
        (true, _) => (unrounded.to_i8_bytes(), "8-bit levels"),
        (_, true) => (unrounded.to_sparse_bytes(), "sparse 16-bit"),
        _ => (unrounded.to_i16_bytes(), "16-bit"),
    };
    std::fs::write(&args.out, &packed)?;
    let rounded = Network::from_bytes(&packed)?;
    let deflated = miniz_oxide::deflate::compress_to_vec(&packed, 9).len();
    println!(
        "weights {}: f32 {} bytes, {rounding} {} bytes, that deflated (as a gzip response would carry it) {} bytes",
        unrounded.weight_count(),
        unrounded.to_bytes().len(),
        packed.len(),
        deflated,
    );
    let learned = (0..source.weight_count()).filter(|&i| source.weight(i) != 0.0).count();
    println!("the source: {learned} of its {} weights are not 0", source.weight_count());
    let mut networks = vec![("the source", &source, None)];
    let changed = if args.keep.is_some() || args.keep_late.is_some() {
        "the most learned kept"
    } else {
        "folded into hashed tables"
    };
    networks.extend(folded.as_ref().map(|f| (changed, f, None)));
    networks.push((rounding, &rounded, Some(unrounded)));
    for (name, network, unrounded) in networks {
        println!("{name:>26}: {}", greedy_games(network, unrounded, &args));
    }
    Ok(())
}

/// `source` (a `--late` learner's two stages) with every weight of its first stage that is not
/// 0 and the `keep` most learned of its second.
fn late_pruned(source: &Network, keep: usize, learner: &Learner) -> Result<Network, String> {
    if source.split().is_none() {
        return Err("--keep-late needs a learner of two stages (train-ntuple --late)".into());
    }
    let half = source.weight_count() / 2;
    let first = (0..half).filter(|&i| source.weight(i) != 0.0).count();
    Ok(source.pruned(first + keep, |i| {
        if i < half { if source.weight(i) != 0.0 { f32::INFINITY } else { -1.0 } } else { learner.learned(i) }
    }))
}

/// What `network` reached one move deep on the seed's games, and how often `unrounded` (the
/// `f32` weights it was rounded from) would have moved otherwise on their boards.
fn greedy_games(network: &Network, unrounded: Option<&Network>, args: &Args) -> String {
    let (mut boards, mut other_moves, mut score, mut reached) = (0u64, 0u64, 0u64, [0u64; 3]);
    for game in 1..=args.games {
        let mut rng = GameRng::seed_from_u64(game_seed(args.seed, game));
        let mut x = spawn(spawn(0, &mut rng), &mut rng);
        while let Some((y, reward)) = greedy_afterstate(network, x) {
            boards += 1;
            score += u64::from(reward);
            if let Some(unrounded) = unrounded {
                other_moves += u64::from(greedy_afterstate(unrounded, x).map(|(z, _)| z) != Some(y));
            }
            x = spawn(y, &mut rng);
        }
        let top = Board::from_nibbles(x).max_exponent();
        for (i, exponent) in [13u8, 14, 15].into_iter().enumerate() {
            reached[i] += u64::from(top >= exponent);
        }
    }
    let n = args.games.max(1) as f64;
    let pct = |k: u64| 100.0 * k as f64 / n;
    let played = format!(
        "{} games one move deep, mean score {:.0}, 8192 {:.1} %, 16384 {:.1} %, 32768 {:.1} %",
        args.games,
        score as f64 / n,
        pct(reached[0]),
        pct(reached[1]),
        pct(reached[2]),
    );
    match unrounded {
        Some(_) => format!(
            "{played}; unrounded, it would move otherwise on {:.2} % of their {boards} boards",
            100.0 * other_moves as f64 / boards.max(1) as f64
        ),
        None => played,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weighted_ranking_prefers_large_weights_and_discounts_the_settled_start() {
        // By learning alone a small, much-learned weight goes first; weighted, a large one.
        assert!(importance(Rank::Learned, 1.0, 100.0, 0.0) > importance(Rank::Learned, 50.0, 10.0, 0.0));
        assert!(importance(Rank::Weighted, 1.0, 100.0, 0.0) < importance(Rank::Weighted, 50.0, 10.0, 0.0));
        // A weight kept by the file (settled at 1e6, then learned 100 more) ranks as one that
        // learned 100, not above every new weight.
        let kept = importance(Rank::Weighted, 5.0, 1e6 + 100.0, 1e6);
        assert_eq!(kept, importance(Rank::Weighted, 5.0, 100.0, 1e6));
        assert!(kept < importance(Rank::Weighted, 5.0, 400.0, 1e6));
    }
}
