//! Tunes the row heuristic's weights for Strong's fast setting against a much deeper search.
//!
//! `positions` plays games with the default Strong and keeps every `--every`-th position from
//! the game's first `--min-tile` on. It searches each with the deep reference of `replay-time`
//! (Strong-deep's depth rule at `--reference-cutoff`, a fresh searcher per position) and keeps
//! the reference's value of each move. One JSON line per game, so a stopped run goes on from
//! the games it has.
//!
//! `tune` runs a separable CMA-ES (`arena::cma`) over the weights (`arena::weights`: six
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

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arena::play::game_seed;
use clap::Parser;
use game_core::Board;
use lab::cma::Cma;
use lab::reference;
use lab::walk::positions;
use lab::weights::{self, WeightsDoc};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use solver::strong::heuristic::{Heuristic, HeuristicWeights};
use solver::{Decision, Searcher, Strong, StrongConfig};

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
        Command::Score { state, positions } => score(&state, &positions),
        Command::Danger { positions } => danger(&positions),
        Command::Show { state } => show(&state),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tune-weights: {message}");
            ExitCode::FAILURE
        }
    }
}

/// A position and the reference's value of each of its four moves (`None`: it does not count).
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Position {
    board: [[u32; 4]; 4],
    values: [Option<f64>; 4],
}

/// A position to score a move on, with the reference's value of each move.
type Scored = (Board, [Option<f64>; 4]);

/// One game's kept positions.
#[derive(Serialize, Deserialize)]
struct GameLine {
    game: u64,
    positions: Vec<Position>,
}

/// What a positions file was made with: its first line.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
struct PositionsHeader {
    seed: u64,
    every: usize,
    min_tile: u32,
    reference_cutoff: f64,
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

fn make_positions(out: &Path, games: u64, header: PositionsHeader) -> Result<(), String> {
    let done = match std::fs::read_to_string(out) {
        Ok(text) => {
            let (found, lines) = read_positions_text(&text)?;
            if found != header {
                return Err(format!("{} was made with {found:?}, not {header:?}", out.display()));
            }
            lines.into_iter().map(|l| l.game).collect::<Vec<_>>()
        }
        Err(_) => {
            let line = serde_json::to_string(&header).map_err(|e| e.to_string())? + "\n";
            std::fs::write(out, line).map_err(|e| format!("{}: {e}", out.display()))?;
            Vec::new()
        }
    };
    let reference = reference::config(header.reference_cutoff);
    let file = std::sync::Mutex::new(
        std::fs::OpenOptions::new().append(true).open(out).map_err(|e| format!("{}: {e}", out.display()))?,
    );
    let todo: Vec<u64> = (0..games).filter(|g| !done.contains(g)).collect();
    // Games in parallel, each written as it ends: the file's order is the order they ended in.
    todo.par_iter().try_for_each(|&game| {
        let played = positions(game_seed(header.seed, game), StrongConfig::FAST);
        let start = played.iter().position(|b| b.max_tile() >= header.min_tile).unwrap_or(played.len());
        let positions: Vec<Position> = played[start..]
            .iter()
            .step_by(header.every)
            .map(|&board| Position {
                board: board.rows(),
                values: Strong::new(reference).decide(board).values,
            })
            .collect();
        let kept = positions.len();
        let line = serde_json::to_string(&GameLine { game, positions }).map_err(|e| e.to_string())? + "\n";
        let mut file = file.lock().unwrap_or_else(|p| p.into_inner());
        file.write_all(line.as_bytes()).map_err(|e| format!("{}: {e}", out.display()))?;
        println!("game {game}: {kept} positions of {} moves", played.len());
        Ok::<(), String>(())
    })
}

fn read_positions_text(text: &str) -> Result<(PositionsHeader, Vec<GameLine>), String> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: PositionsHeader = serde_json::from_str(lines.next().ok_or("an empty positions file")?)
        .map_err(|e| format!("not a positions file: {e}"))?;
    // A line cut off by a killed run is dropped: that game is played again.
    let games = lines.filter_map(|l| serde_json::from_str::<GameLine>(l).ok()).collect();
    Ok((header, games))
}

/// Every position of the file at `path` with its reference values.
fn read_positions(path: &Path) -> Result<Vec<Scored>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (_, games) = read_positions_text(&text)?;
    let mut all = Vec::new();
    for p in games.into_iter().flat_map(|g| g.positions) {
        let board = Board::from_rows(p.board).map_err(|e| format!("{}: {e}", path.display()))?;
        all.push((board, p.values));
    }
    if all.is_empty() {
        return Err(format!("{}: no positions", path.display()));
    }
    Ok(all)
}

/// The decision of a Strong with `config` and `heuristic` on each of `positions`, each searched afresh: one
/// searcher a thread, its table cleared between positions.
fn decisions(config: StrongConfig, heuristic: &'static Heuristic, positions: &[Scored]) -> Vec<Decision> {
    positions
        .par_chunks(positions.len().div_ceil(rayon::current_num_threads()).max(1))
        .flat_map_iter(|chunk| {
            let mut searcher = Strong::with_heuristic(config, heuristic);
            chunk
                .iter()
                .map(|(board, _)| {
                    searcher.reset();
                    searcher.decide(*board)
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The reference's value of its best move less its value of the move `decision` chose (0 where
/// they agree, or where no move counts).
fn regret_of(values: &[Option<f64>; 4], decision: &Decision) -> f64 {
    decision.best.and_then(|d| reference::regret(values, d)).unwrap_or(0.0)
}

/// The regret of the fast Strong with `weights` at each of `positions`.
fn regrets(weights: HeuristicWeights, positions: &[Scored]) -> Vec<f64> {
    let decided = decisions(StrongConfig::FAST, weights::leak(weights), positions);
    positions.iter().zip(&decided).map(|((_, values), d)| regret_of(values, d)).collect()
}

/// The mean regret of the fast Strong with `weights` over `positions`.
fn loss(weights: HeuristicWeights, positions: &[Scored]) -> f64 {
    let all = regrets(weights, positions);
    all.iter().sum::<f64>() / all.len() as f64
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

/// Each weights' mean regret and agreement with the reference's move on `positions`, and the
/// paired difference of their regrets with a 95 % interval (positions are the pairs).
fn score(state: &Path, positions: &Path) -> Result<(), String> {
    let best = best_weights(state)?;
    let positions = read_positions(positions)?;
    let base = regrets(HeuristicWeights::NNEONNEO, &positions);
    let tuned = regrets(best, &positions);
    let n = positions.len() as f64;
    for (name, r) in [("nneonneo", &base), ("best", &tuned)] {
        let mut sorted = r.clone();
        sorted.sort_by(|a, b| b.total_cmp(a));
        let total: f64 = sorted.iter().sum();
        let top: f64 = sorted.iter().take(sorted.len().div_ceil(100)).sum();
        let agreed = r.iter().filter(|&&x| x == 0.0).count() as f64;
        println!(
            "{name:>8}: mean regret {:.1}, the reference's move {:.1} %, the worst 1 % of positions {:.0} % of the regret",
            total / n,
            100.0 * agreed / n,
            if total > 0.0 { 100.0 * top / total } else { 0.0 }
        );
    }
    let diff: Vec<f64> = tuned.iter().zip(&base).map(|(t, b)| t - b).collect();
    let mean = diff.iter().sum::<f64>() / n;
    let var = diff.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "best - nneonneo: {mean:.1} [{:.1}, {:.1}] mean regret over {} positions",
        mean - half,
        mean + half,
        positions.len()
    );
    Ok(())
}

/// Where the fast Strong's regret is on the positions at `path`: for the positions first by
/// each of its search's signs of danger, the share of the whole regret they hold.
fn danger(path: &Path) -> Result<(), String> {
    /// A position's signs: its drop (the board's own evaluation less the search's best value),
    /// the gap between the search's two best moves, its empty cells; and the regret.
    struct Signs {
        drop: f64,
        gap: f64,
        empty: f64,
        regret: f64,
    }
    let positions = read_positions(path)?;
    let decided = decisions(StrongConfig::FAST, Heuristic::nneonneo(), &positions);
    let signs: Vec<Signs> = positions
        .iter()
        .zip(&decided)
        .map(|((board, values), decision)| {
            let mut v: Vec<f64> = decision.values.iter().flatten().copied().collect();
            v.sort_by(|a, b| b.total_cmp(a));
            let best = v.first().copied().unwrap_or(0.0);
            Signs {
                drop: Heuristic::nneonneo().evaluate(*board) - best,
                gap: if v.len() > 1 { v[0] - v[1] } else { f64::INFINITY },
                empty: board.empty_cell_indices().count() as f64,
                regret: regret_of(values, decision),
            }
        })
        .collect();
    let total: f64 = signs.iter().map(|s| s.regret).sum();
    println!("{} positions; the positions first by each sign hold this share of the regret:", signs.len());
    let report = |name: &str, first: &dyn Fn(&Signs) -> f64| {
        let mut sorted: Vec<&Signs> = signs.iter().collect();
        sorted.sort_by(|a, b| first(a).total_cmp(&first(b)));
        let mut line = format!("{name:>22}:");
        for share in [0.01, 0.02, 0.05, 0.1, 0.2, 0.3] {
            let k = ((sorted.len() as f64) * share).ceil() as usize;
            let held: f64 = sorted.iter().take(k).map(|s| s.regret).sum();
            let bound = first(sorted[k - 1]).abs();
            line += &format!(
                "  {:.0} % {:.0} % ({bound:.0})",
                share * 100.0,
                100.0 * held / total.max(f64::MIN_POSITIVE)
            );
        }
        println!("{line}");
    };
    report("largest drop", &|s| -s.drop);
    report("smallest gap", &|s| s.gap);
    // Empty cells tie: a share of positions would split a tie in file order, so whole counts.
    let mut line = format!("{:>22}:", "empty cells at most");
    for most in 0..=3 {
        let (count, held) = signs
            .iter()
            .filter(|s| s.empty <= f64::from(most))
            .fold((0, 0.0), |(c, h), s| (c + 1, h + s.regret));
        let positions = 100.0 * f64::from(count) / signs.len() as f64;
        line += &format!("  {most}: {positions:.0} % {:.0} %", 100.0 * held / total.max(f64::MIN_POSITIVE));
    }
    println!("{line}");
    Ok(())
}

fn show(path: &Path) -> Result<(), String> {
    let best = best_weights(path)?;
    let doc = WeightsDoc::from(best);
    println!("{}", serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?);
    Ok(())
}
