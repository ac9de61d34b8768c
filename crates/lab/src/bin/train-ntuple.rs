//! Trains an n-tuple network by TD self-play and writes its weights, for the arena's
//! `--eval learned --weights FILE` (an experiment: no weights ship with the page;
//! docs/lab/learned-evaluation.md gives the commands and what they reached).
//!
//! Each game's tiles come from the seed and the game's number, so a run stopped and started
//! again with `--state` (the learner saved every `--save-every` games) learns exactly what
//! one run would have.

use std::path::{Path, PathBuf};
use std::time::Instant;

use arena::play::game_seed;
use clap::{Parser, ValueEnum};
use lab::correct::Corrected;
use lab::learn::{self, Learner, Rule};
use lab::ntuple::{Encode, Reshape};
use rand::SeedableRng;
use solver::ntuple::{Network, Shape};
use solver::rng::GameRng;
use solver::strategy::READ_DOWN_FROM;
use solver::strong::Stage;

#[derive(Parser, Debug)]
#[command(about = "Learn the n-tuple evaluation by temporal-difference self-play")]
struct Args {
    /// Games to learn from, in all (a resumed run plays those not yet learned).
    #[arg(long, default_value_t = 100_000)]
    games: u64,
    /// Seed of the games' tiles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How a step moves the weights: a fixed rate, or temporal coherence (each weight its own).
    #[arg(long, value_enum, default_value_t = RuleName::Fixed)]
    rule: RuleName,
    /// Learning rate (with `coherence`, the rate of a weight whose errors all agree).
    #[arg(long, default_value_t = 0.1)]
    alpha: f32,
    /// Learning rate for the last `--fine` games (the fixed rule only).
    #[arg(long, default_value_t = 0.01)]
    fine_alpha: f32,
    /// Games at the end learned with `--fine-alpha`.
    #[arg(long, default_value_t = 0)]
    fine: u64,
    /// Learn from each whole episode backward by TD(λ) with this λ (the weights fixed during
    /// the episode); without it, one-step TD after every move.
    #[arg(long)]
    lambda: Option<f32>,
    /// After each new game, play one more episode from its midpoint (with `--lambda`), so that
    /// the later boards, which few games reach, are learned twice as often.
    #[arg(long, requires = "lambda")]
    restart: bool,
    /// With `--restart`: where in each new game its second episode starts, as a share of the
    /// game's moves (0.5: its midpoint). Later starts learn the boards near the game's end,
    /// where it was lost, more often.
    #[arg(long, default_value_t = 0.5, requires = "restart", value_parser = share)]
    restart_at: f64,
    /// Start from this learner file (of a one-stage network) made into two stages: boards with
    /// a tile of `2^--split` or more then learn a second set of weights, both sets starting as
    /// the file's (weight promotion). `--state`, if it is there, is gone on from instead.
    #[arg(long, requires = "split")]
    promote: Option<PathBuf>,
    /// Start from this learner file (of a network not hashed) folded into the hashed tables
    /// of `--hash-bits` (`Learner::folded`). `--state`, if it is there, is gone on from
    /// instead.
    #[arg(long, requires = "hash_bits", conflicts_with = "promote")]
    fold: Option<PathBuf>,
    /// Learn the late game only: start from this network file (any encoding, one stage) made
    /// into two stages at `--split`, both sets starting as the file's; each new game is played
    /// with the first set, learning nothing, until it first makes a tile of `2^--split`, and
    /// the second set learns from `--late-repeats` episodes played on from that board.
    #[arg(long, requires_all = ["split", "lambda"], conflicts_with_all = ["promote", "fold", "restart"])]
    late: Option<PathBuf>,
    /// Go on learning the network of this file (any encoding, one stage, such as the page's
    /// `www/max-network.nt`): its weights are the start, and the games are those of `--seed`
    /// from the first (give another seed than the file's own training). `--state`, if it is
    /// there, is gone on from instead.
    #[arg(long, conflicts_with_all = ["promote", "fold", "late"])]
    from: Option<PathBuf>,
    /// Learn a correction of this network file's late game (any encoding, one stage, such as
    /// the page's `www/max-network.nt`), `--shape` being the correction's: each new game is
    /// played with the file's network read down from 16384 until it first reaches Strong's late
    /// stage (a 16384 and an 8192), and the correction, starting at 0, learns from
    /// `--late-repeats` episodes played on from there, the file's network fixed
    /// (`solver::ntuple::correct`).
    #[arg(long, requires = "lambda", conflicts_with_all = ["promote", "fold", "late", "from", "restart", "split"])]
    correct: Option<PathBuf>,
    /// With `--late` or `--from`: start the coherence sums of the weights read from the file
    /// (with `--from`, those not 0) as if they had been learned by steps of this total size
    /// that cancelled out (`Learner::settled`), so that they move slowly until their errors
    /// agree; 0: as new weights, each stepped by its whole first error.
    #[arg(long, alias = "late-settled", default_value_t = 0.0)]
    settled: f32,
    /// With `--late` or `--correct`: episodes played on from each board where a new game made
    /// the split's tile or reached the late stage.
    #[arg(long, default_value_t = 4)]
    late_repeats: u64,
    /// With `--promote` or `--late`: the exponent of the tile from which the second set is read.
    #[arg(long)]
    split: Option<u8>,
    /// Every board's value to start with (an optimistic start explores more).
    #[arg(long, default_value_t = 0.0)]
    init: f32,
    /// Report every this many games.
    #[arg(long, default_value_t = 5_000)]
    every: u64,
    /// The network: lines-squares (1.25 MiB), five (17 MB), six (268 MB).
    #[arg(long, default_value = "lines-squares")]
    shape: String,
    /// Hash each tuple's keys into a table of `2^BITS` weights (a network of bounded size).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=32))]
    hash_bits: Option<u8>,
    /// Keep the learner in this file every `--save-every` games, and go on from it if it is
    /// there.
    #[arg(long)]
    state: Option<PathBuf>,
    /// Also write the weights (and the state) every this many games (0: only at the end).
    #[arg(long, default_value_t = 0)]
    save_every: u64,
    /// Where to write the weights.
    #[arg(long)]
    out: PathBuf,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum RuleName {
    Fixed,
    Coherence,
}

/// A share in `0.0..1.0`, read from the command line.
fn share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.0..1.0).contains(&x) => Ok(x),
        _ => Err(format!("{text:?} is not a share from 0 up to (not including) 1")),
    }
}

/// The afterstate a restart starts from: `at` of the way through a game of `len` afterstates.
fn restart_index(len: usize, at: f64) -> usize {
    ((len as f64 * at) as usize).min(len - 1)
}

/// Writes `bytes` to `path` whole or not at all (a kill mid-write leaves the last file).
fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let partial = path.with_extension("partial");
    std::fs::write(&partial, bytes)?;
    std::fs::rename(partial, path)
}

/// The one-stage network of the file at `path` (any encoding), if it has `shape` and
/// `hash_bits`: what `--late` and `--from` learn on from.
fn one_stage(
    path: &Path,
    shape: Shape,
    hash_bits: Option<u8>,
) -> Result<Network, Box<dyn std::error::Error>> {
    let network = Network::from_bytes(&std::fs::read(path)?)?;
    if network.shape() != shape || network.hash_bits() != hash_bits || network.split().is_some() {
        return Err(
            format!("{} holds another shape or table size, or has stages already", path.display()).into()
        );
    }
    Ok(network)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    if args.split.is_some() && args.promote.is_none() && args.late.is_none() {
        return Err("--split stages a network made by --promote or --late".into());
    }
    let shape = Shape::named(&args.shape).ok_or_else(|| format!("no shape {:?}", args.shape))?;
    let rule = |alpha| match args.rule {
        RuleName::Fixed => Rule::Fixed { alpha },
        RuleName::Coherence => Rule::Coherence { alpha },
    };
    let (mut learner, done) = match &args.state {
        Some(path) if path.exists() => {
            let (learner, done) = Learner::from_bytes(&std::fs::read(path)?)?;
            if learner.network.shape() != shape
                || learner.network.hash_bits() != args.hash_bits
                || learner.rule != rule(args.alpha)
                || learner.network.split() != args.split
            {
                return Err(
                    format!("{} holds another shape, table size, rule or split", path.display()).into()
                );
            }
            eprintln!("going on from game {done} of {}", path.display());
            (learner, done)
        }
        _ if args.promote.is_some() => {
            let path = args.promote.as_ref().expect("matched");
            let (learner, done) = Learner::from_bytes(&std::fs::read(path)?)?;
            if learner.network.shape() != shape
                || learner.network.hash_bits() != args.hash_bits
                || learner.rule != rule(args.alpha)
                || learner.network.split().is_some()
            {
                return Err(format!(
                    "{} holds another shape, table size or rule, or has stages already",
                    path.display()
                )
                .into());
            }
            let split = args.split.expect("clap requires it");
            eprintln!("two stages from 2^{split}, promoted from game {done} of {}", path.display());
            (learner.staged(split), done)
        }
        _ if args.fold.is_some() => {
            let path = args.fold.as_ref().expect("matched");
            let (learner, done) = Learner::from_bytes(&std::fs::read(path)?)?;
            if learner.network.shape() != shape
                || learner.network.hash_bits().is_some()
                || learner.rule != rule(args.alpha)
                || learner.network.split() != args.split
            {
                return Err(
                    format!("{} holds another shape, rule or split, or is hashed", path.display()).into()
                );
            }
            let bits = args.hash_bits.expect("clap requires it");
            eprintln!("folded into tables of 2^{bits} from game {done} of {}", path.display());
            (learner.folded(bits), done)
        }
        _ if args.late.is_some() => {
            let path = args.late.as_ref().expect("matched");
            let network = one_stage(path, shape, args.hash_bits)?;
            let split = args.split.expect("clap requires it");
            eprintln!("the late game from 2^{split} learned over {}", path.display());
            let network = network.dense_copy().staged(split);
            let second = network.weight_count() / 2;
            (Learner::new(network, rule(args.alpha)).settled(second, args.settled), 0)
        }
        _ if args.from.is_some() => {
            let path = args.from.as_ref().expect("matched");
            let network = one_stage(path, shape, args.hash_bits)?;
            eprintln!("going on learning {}", path.display());
            (Learner::new(network.dense_copy(), rule(args.alpha)).settled_where_set(args.settled), 0)
        }
        _ => {
            let network = match args.hash_bits {
                Some(bits) => Network::hashed(shape, bits, args.init),
                None => Network::filled(shape, args.init),
            };
            (Learner::new(network, rule(args.alpha)), 0)
        }
    };
    let save = |learner: &Learner, game: u64| -> std::io::Result<()> {
        write_whole(&args.out, &learner.network.to_bytes())?;
        match &args.state {
            Some(path) => write_whole(path, &learner.to_bytes(game)),
            None => Ok(()),
        }
    };
    if let (Some(_), Some(split), Some(lambda)) = (&args.late, args.split, args.lambda) {
        return learn_late(&args, learner, done, split, lambda, &save);
    }
    if let (Some(path), Some(lambda)) = (&args.correct, args.lambda) {
        let bytes = std::fs::read(path)?;
        let main = Network::from_bytes(&bytes)?;
        if main.split().is_some() {
            return Err(format!("{} has stages: a correction is learned over one", path.display()).into());
        }
        eprintln!("correcting the late game of {} ({})", path.display(), arena::naming::fingerprint(&bytes));
        let corrected =
            Corrected { main: &main.dense_copy(), down_from: READ_DOWN_FROM, stage: Stage::STRONG };
        return learn_correction(&args, learner, done, corrected, lambda, &save);
    }
    let start = Instant::now();
    let (mut score, mut moves, mut all_moves, mut reached) = (0u64, 0u64, 0u64, [0u64; 5]);
    let (mut fresh, mut restarts) = (0u64, 0u64);
    for game in done + 1..=args.games {
        if matches!(args.rule, RuleName::Fixed) && game > args.games.saturating_sub(args.fine) {
            learner.rule = rule(args.fine_alpha);
        }
        let mut rng = GameRng::seed_from_u64(game_seed(args.seed, game));
        let (outcome, new_game) = match args.lambda {
            None => (learn::play(&mut learner, &mut rng), true),
            Some(lambda) => {
                let start = std::mem::take(&mut learner.restart_from);
                let (outcome, path) = learn::play_backward(&mut learner, lambda, start, &mut rng);
                if args.restart && start == 0 && path.len() >= 2 {
                    learner.restart_from = path[restart_index(path.len(), args.restart_at)];
                }
                (outcome, start == 0)
            }
        };
        all_moves += u64::from(outcome.moves);
        if new_game {
            fresh += 1;
            score += outcome.score;
            moves += u64::from(outcome.moves);
            for (i, exponent) in [11u8, 12, 13, 14, 15].into_iter().enumerate() {
                reached[i] += u64::from(outcome.max_exponent >= exponent);
            }
        } else {
            restarts += 1;
        }
        if game % args.every == 0 || game == args.games {
            let n = fresh.max(1);
            let pct = |k: u64| 100.0 * k as f64 / n as f64;
            println!(
                "episodes {game:>8} ({restarts} restarts)  mean score {:>7}  moves {:>6}  2048 {:5.1} %  4096 {:5.1} %  8192 {:5.1} %  \
                 16384 {:4.1} %  32768 {:4.1} %  {:.2} M moves/s",
                score / n,
                moves / n,
                pct(reached[0]),
                pct(reached[1]),
                pct(reached[2]),
                pct(reached[3]),
                pct(reached[4]),
                all_moves as f64 / start.elapsed().as_secs_f64() / 1e6,
            );
            (score, moves, reached, fresh, restarts) = (0, 0, [0; 5], 0, 0);
        }
        if args.save_every > 0 && game % args.save_every == 0 {
            save(&learner, game)?;
        }
    }
    save(&learner, args.games.max(done))?;
    eprintln!("wrote {} after {:.0} s", args.out.display(), start.elapsed().as_secs_f64());
    Ok(())
}

/// The `--late` run: new games played to the split's tile with the first set, learning
/// nothing; the second set learning from the episodes played on from there.
fn learn_late(
    args: &Args,
    learner: Learner,
    done: u64,
    split: u8,
    lambda: f32,
    save: &dyn Fn(&Learner, u64) -> std::io::Result<()>,
) -> Result<(), Box<dyn std::error::Error>> {
    let starts = |learner: &Learner, rng: &mut GameRng| learn::play_until(&learner.network, split, rng);
    let episode =
        |learner: &mut Learner, from, rng: &mut GameRng| learn::play_backward(learner, lambda, from, rng).0;
    learn_from_starts(args, learner, done, save, (&format!("made 2^{split}"), split), starts, episode)
}

/// The `--correct` run: new games played to the late stage, learning nothing; the correction
/// learning from the episodes played on from there.
fn learn_correction(
    args: &Args,
    learner: Learner,
    done: u64,
    corrected: Corrected,
    lambda: f32,
    save: &dyn Fn(&Learner, u64) -> std::io::Result<()>,
) -> Result<(), Box<dyn std::error::Error>> {
    let starts = |learner: &Learner, rng: &mut GameRng| corrected.play_to_stage(&learner.network, rng);
    let episode =
        |learner: &mut Learner, from, rng: &mut GameRng| corrected.play_learning(learner, lambda, from, rng);
    let reached = ("reached the late stage", corrected.stage.largest);
    learn_from_starts(args, learner, done, save, reached, starts, episode)
}

/// Learning from where new games get to: each new game is played by `start`, learning
/// nothing, to the board it returns, and `--late-repeats` episodes are then played on from
/// that board by `episode`, which learns. Reported every `--every` games: the share of new
/// games that got there (`reached`: its words, and the exponent past which an episode counts
/// as having made the next tile), and the episodes' mean score, moves and next tile.
fn learn_from_starts(
    args: &Args,
    mut learner: Learner,
    done: u64,
    save: &dyn Fn(&Learner, u64) -> std::io::Result<()>,
    (reached, largest): (&str, u8),
    start: impl Fn(&Learner, &mut GameRng) -> Option<u64>,
    episode: impl Fn(&mut Learner, u64, &mut GameRng) -> learn::GameOutcome,
) -> Result<(), Box<dyn std::error::Error>> {
    let started = Instant::now();
    let (mut starts, mut made, mut episodes, mut score, mut moves, mut next) =
        (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    for game in done + 1..=args.games {
        let mut rng = GameRng::seed_from_u64(game_seed(args.seed, game));
        let from = learner.restart_from;
        if from == 0 || game % (args.late_repeats + 1) == 1 {
            learner.restart_from = start(&learner, &mut rng).unwrap_or(0);
            starts += 1;
            made += u64::from(learner.restart_from != 0);
        } else {
            let outcome = episode(&mut learner, from, &mut rng);
            episodes += 1;
            score += outcome.score;
            moves += u64::from(outcome.moves);
            next += u64::from(outcome.max_exponent > largest);
        }
        if game % args.every == 0 || game == args.games {
            let n = episodes.max(1);
            println!(
                "episodes {game:>8}  new games {starts:>6}, {:5.1} % {reached}  played on from there {episodes:>6}: \
                 mean score {:>7}  moves {:>6}  2^{} {:5.1} %  {:.0} s",
                100.0 * made as f64 / starts.max(1) as f64,
                score / n,
                moves / n,
                largest + 1,
                100.0 * next as f64 / n as f64,
                started.elapsed().as_secs_f64(),
            );
            (starts, made, episodes, score, moves, next) = (0, 0, 0, 0, 0, 0);
        }
        if args.save_every > 0 && game % args.save_every == 0 {
            save(&learner, game)?;
        }
    }
    save(&learner, args.games.max(done))?;
    eprintln!("wrote {} after {:.0} s", args.out.display(), started.elapsed().as_secs_f64());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_restart_starts_where_asked_and_the_default_at_the_midpoint_as_before() {
        for len in 2..50 {
            assert_eq!(restart_index(len, 0.5), len / 2);
            assert!(restart_index(len, 0.99) < len);
        }
        assert_eq!(restart_index(8_000, 0.75), 6_000);
        assert!(share("1").is_err() && share("-0.1").is_err() && share("x").is_err());
        assert_eq!(share("0.75"), Ok(0.75));
    }
}
