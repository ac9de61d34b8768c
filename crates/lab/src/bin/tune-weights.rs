//! Tunes the row heuristic's weights for Strong's fast setting against a much deeper search.
//!
//! `positions` plays games with the default Strong and keeps every `--every`-th position from
//! the game's first `--min-tile` on. It searches each with the deep reference of `replay-time`
//! (Strong-deep's depth rule at `--reference-cutoff`, a fresh searcher per position) and keeps
//! the reference's value of each move. One JSON line per game, so a stopped run goes on from
//! the games it has.
//!
//! `tune` runs a separable CMA-ES (`lab::cma`) over the weights (`lab::weights`: six
//! parameters). A sample's loss is the mean regret of the fast Strong searching with its weights
//! over the positions: the reference's value of its best move less its value of the move
//! chosen. Its state is saved after each generation to `--state`, and the run goes on from there.
//! Each generation, the best weights so far are also scored on `--validate`, positions of other
//! games (other seeds), which the search never sees. `show` prints the best weights as the
//! document `arena --eval tuned --weights FILE` reads; `score` sets the best weights beside
//! nneonneo's on a positions file (regret, agreement, and their paired difference); `danger`
//! tells which of the fast Strong's own signs pick out the positions where its regret is.
//!
//! ```text
//! cargo run --release -p lab --bin tune-weights -- positions --out FILE --games 20 --seed 2000
//!     [--every 25] [--min-tile 1024] [--reference-cutoff 0.0005]
//! cargo run --release -p lab --bin tune-weights -- tune --positions FILE --validate FILE2
//!     --state STATE --generations 40 [--seed 1]
//! cargo run --release -p lab --bin tune-weights -- score --state STATE --positions FILE2
//! cargo run --release -p lab --bin tune-weights -- danger --positions FILE
//! cargo run --release -p lab --bin tune-weights -- show --state STATE
//! ```

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use lab::cma::Cma;
use lab::tuning::positions::{PositionsHeader, make_positions, read_positions};
use lab::tuning::regret::{danger, loss, score};
use lab::weights;
use serde::{Deserialize, Serialize};
use solver::strong::heuristic::HeuristicWeights;

/// Tune the heuristic's weights for Strong's fast setting against a much deeper search.
#[derive(Parser, Debug)]
enum Command {
    /// Keep positions of Strong's games, each move scored by the deep reference.
    Positions {
        /// The positions file: made, or gone on with.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Games to play (those already in the file are kept).
        #[arg(long)]
        games: u64,
        /// The seed of the games' tiles.
        #[arg(long)]
        seed: u64,
        /// Keep every this many positions.
        #[arg(long, default_value_t = 25)]
        every: usize,
        /// Keep positions from the game's first tile this large on.
        #[arg(long, default_value_t = 1024)]
        min_tile: u32,
        /// The reference's cutoff.
        #[arg(long, default_value_t = 0.0005)]
        reference_cutoff: f64,
    },
    /// Search the weights, saving the search after each generation.
    Tune {
        /// The search's state: made (then --positions is needed), or gone on with.
        #[arg(long, value_name = "FILE")]
        state: PathBuf,
        /// Generations to reach, counting those already done.
        #[arg(long)]
        generations: u64,
        /// The positions the weights are tuned on.
        #[arg(long, value_name = "FILE")]
        positions: Option<PathBuf>,
        /// Positions of other seeds the best weights are scored on.
        #[arg(long, value_name = "FILE")]
        validate: Option<PathBuf>,
        /// The seed of the search's samples.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Compare the best weights with nneonneo's on a positions file, position by position.
    Score {
        #[arg(long, value_name = "FILE")]
        state: PathBuf,
        /// The positions to score on (the validation positions, say).
        #[arg(long, value_name = "FILE")]
        positions: PathBuf,
    },
    /// Where the fast Strong's regret is: the share held by the positions its own search finds
    /// most in danger, by three signs.
    Danger {
        #[arg(long, value_name = "FILE")]
        positions: PathBuf,
    },
    /// Print the best weights as `arena --eval tuned --weights FILE` reads them.
    Show {
        #[arg(long, value_name = "FILE")]
        state: PathBuf,
    },
}

fn main() -> ExitCode {
    let result = match Command::parse() {
        Command::Positions { out, games, seed, every, min_tile, reference_cutoff } => {
            let header = PositionsHeader { seed, every: every.max(1), min_tile, reference_cutoff };
            make_positions(&out, games, header)
        }
        Command::Tune { state, generations, positions, validate, seed } => {
            tune(&state, generations, positions, validate, seed)
        }
        Command::Score { state, positions } => best_weights(&state).and_then(|best| score(best, &positions)),
        Command::Danger { positions } => danger(&positions),
        Command::Show { state } => show(&state),
    };
    arena::args::exit("tune-weights", result)
}

/// A tuning run's state: the search, and a line per generation.
#[derive(Serialize, Deserialize)]
struct State {
    positions: PathBuf,
    validate: Option<PathBuf>,
    /// The loss of nneonneo's weights, on the positions and on the validation positions.
    start: (f64, Option<f64>),
    cma: Cma,
    history: Vec<Generation>,
}

#[derive(Serialize, Deserialize)]
struct Generation {
    generation: u64,
    best_loss: f64,
    generation_best: f64,
    sigma: f64,
    validation: Option<f64>,
}

fn tune(
    state_path: &Path,
    generations: u64,
    positions: Option<PathBuf>,
    validate: Option<PathBuf>,
    seed: u64,
) -> Result<(), String> {
    let saved = read_state(state_path)?;
    let (positions, validate) = match &saved {
        Some(state) => (state.positions.clone(), state.validate.clone()),
        None => (positions.ok_or("--positions FILE is needed to start a search")?, validate),
    };
    let train = read_positions(&positions)?;
    let held = validate.as_deref().map(read_positions).transpose()?;
    let mut state = match saved {
        Some(state) => state,
        None => {
            let nneonneo = HeuristicWeights::NNEONNEO;
            let start = (loss(nneonneo, &train), held.as_deref().map(|h| loss(nneonneo, h)));
            println!("nneonneo's weights: loss {:.1} (validation {:?})", start.0, start.1);
            let cma = Cma::new(weights::to_parameters(&nneonneo), 0.3, seed);
            State { positions, validate, start, cma, history: Vec::new() }
        }
    };
    println!("{} positions, {} to validate", train.len(), held.as_ref().map_or(0, Vec::len));
    let lambda = Cma::default_lambda(weights::PARAMETERS);
    while state.cma.generation < generations {
        let samples = state.cma.sample(lambda);
        let losses: Vec<f64> =
            samples.iter().map(|(_, x)| loss(weights::from_parameters(x), &train)).collect();
        let before = state.cma.best.as_ref().map(|(_, v)| *v);
        state.cma.update(&samples, &losses);
        let (best_x, best_loss) = state.cma.best.clone().expect("a generation was scored");
        let improved = before.is_none_or(|b| best_loss < b);
        let validation = match (&held, improved) {
            (Some(h), true) => Some(loss(weights::from_parameters(&best_x), h)),
            (Some(_), false) => state.history.last().and_then(|g| g.validation),
            (None, _) => None,
        };
        let line = Generation {
            generation: state.cma.generation,
            best_loss,
            generation_best: losses.iter().copied().fold(f64::INFINITY, f64::min),
            sigma: state.cma.sigma,
            validation,
        };
        println!(
            "generation {:>3}: best {:.1} (this one {:.1}), sigma {:.3}, validation {:?}",
            line.generation, line.best_loss, line.generation_best, line.sigma, line.validation
        );
        state.history.push(line);
        let text = serde_json::to_string_pretty(&state).map_err(|e| e.to_string())?;
        std::fs::write(state_path, text).map_err(|e| format!("{}: {e}", state_path.display()))?;
    }
    Ok(())
}

/// The search saved at `path`, or `None` when there is no file yet.
fn read_state(path: &Path) -> Result<Option<State>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text).map(Some).map_err(|e| format!("{}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// The best weights of the search saved at `path`.
fn best_weights(path: &Path) -> Result<HeuristicWeights, String> {
    let state = read_state(path)?.ok_or(format!("{}: no such search", path.display()))?;
    let (best, _) = state.cma.best.ok_or("no generation has run yet")?;
    Ok(weights::from_parameters(&best))
}

fn show(path: &Path) -> Result<(), String> {
    let best = best_weights(path)?;
    println!("{}", serde_json::to_string_pretty(&best).map_err(|e| e.to_string())?);
    Ok(())
}
