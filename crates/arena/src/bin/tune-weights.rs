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
//! document `arena --eval tuned --weights FILE` reads.
//!
//! ```text
//! cargo run --release -p arena --bin tune-weights -- positions --out FILE --games 20 --seed 2000
//!     [--every 25] [--min-tile 1024] [--reference-cutoff 0.0005]
//! cargo run --release -p arena --bin tune-weights -- tune --positions FILE --validate FILE2
//!     --state STATE --generations 40 [--seed 1]
//! cargo run --release -p arena --bin tune-weights -- show --state STATE
//! ```

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arena::cma::Cma;
use arena::play::{game_seed, positions};
use arena::weights::{self, WeightsDoc};
use game_core::Board;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use solver::strong::heuristic::HeuristicWeights;
use solver::strong::lab::{Evaluation, LabConfig};
use solver::{Decision, Searcher, Strong, StrongConfig};

fn main() -> ExitCode {
    match run() {
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

struct Options {
    flags: Vec<(String, String)>,
}

impl Options {
    fn parse(args: impl Iterator<Item = String>) -> Result<Options, String> {
        let mut flags = Vec::new();
        let mut args = args.peekable();
        while let Some(flag) = args.next() {
            let value = args.next().ok_or(format!("{flag} needs a value"))?;
            flags.push((flag, value));
        }
        Ok(Options { flags })
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.flags.iter().rev().find(|(f, _)| f == name).map(|(_, v)| v.as_str())
    }

    fn number<T: std::str::FromStr>(&self, name: &str, default: Option<T>) -> Result<T, String> {
        match self.get(name) {
            Some(v) => v.parse().map_err(|_| format!("{name}: {v:?} is not a number")),
            None => default.ok_or(format!("{name} is needed")),
        }
    }

    fn path(&self, name: &str) -> Result<PathBuf, String> {
        self.get(name).map(PathBuf::from).ok_or(format!("{name} FILE is needed"))
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let command = args.next().ok_or("a command: positions, tune or show")?;
    let options = Options::parse(args)?;
    match command.as_str() {
        "positions" => make_positions(&options),
        "tune" => tune(&options),
        "show" => show(&options),
        other => Err(format!("{other:?}: the commands are positions, tune and show")),
    }
}

fn make_positions(options: &Options) -> Result<(), String> {
    let out = options.path("--out")?;
    let games: u64 = options.number("--games", None)?;
    let header = PositionsHeader {
        seed: options.number("--seed", None)?,
        every: options.number("--every", Some(25))?.max(1),
        min_tile: options.number("--min-tile", Some(1024))?,
        reference_cutoff: options.number("--reference-cutoff", Some(0.0005))?,
    };
    let done = match std::fs::read_to_string(&out) {
        Ok(text) => {
            let (found, lines) = read_positions_text(&text)?;
            if found != header {
                return Err(format!("{} was made with {found:?}, not {header:?}", out.display()));
            }
            lines.into_iter().map(|l| l.game).collect::<Vec<_>>()
        }
        Err(_) => {
            let line = serde_json::to_string(&header).map_err(|e| e.to_string())? + "\n";
            std::fs::write(&out, line).map_err(|e| format!("{}: {e}", out.display()))?;
            Vec::new()
        }
    };
    let reference = StrongConfig { cutoff: header.reference_cutoff, ..StrongConfig::DEEP };
    let file = std::sync::Mutex::new(
        std::fs::OpenOptions::new().append(true).open(&out).map_err(|e| format!("{}: {e}", out.display()))?,
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

/// The mean regret of the fast Strong with `weights` over `positions`: the reference's value
/// of its best move less its value of the move chosen (0 where they agree).
fn loss(weights: HeuristicWeights, positions: &[Scored]) -> f64 {
    let evaluation = Evaluation::Tuned(weights::leak(weights));
    let config = StrongConfig { lab: LabConfig { evaluation, ..LabConfig::DEFAULT }, ..StrongConfig::FAST };
    let total: f64 = positions
        .par_chunks(positions.len().div_ceil(rayon::current_num_threads()).max(1))
        .map(|chunk| {
            let mut searcher = Strong::new(config);
            chunk
                .iter()
                .map(|(board, values)| {
                    searcher.reset();
                    regret(values, &searcher.decide(*board))
                })
                .sum::<f64>()
        })
        .sum();
    total / positions.len() as f64
}

fn regret(values: &[Option<f64>; 4], decision: &Decision) -> f64 {
    let best = values.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
    match decision.best.and_then(|d| values[d.index()]) {
        Some(chosen) => best - chosen,
        None => 0.0,
    }
}

fn tune(options: &Options) -> Result<(), String> {
    let state_path = options.path("--state")?;
    let generations: u64 = options.number("--generations", None)?;
    let mut state = match std::fs::read_to_string(&state_path) {
        Ok(text) => {
            serde_json::from_str::<State>(&text).map_err(|e| format!("{}: {e}", state_path.display()))?
        }
        Err(_) => {
            let positions = options.path("--positions")?;
            let validate = options.get("--validate").map(PathBuf::from);
            let train = read_positions(&positions)?;
            let held = validate.as_deref().map(read_positions).transpose()?;
            let nneonneo = HeuristicWeights::NNEONNEO;
            let start = (loss(nneonneo, &train), held.as_deref().map(|h| loss(nneonneo, h)));
            println!("nneonneo's weights: loss {:.1} (validation {:?})", start.0, start.1);
            let cma = Cma::new(weights::to_parameters(&nneonneo), 0.3, options.number("--seed", Some(1))?);
            State { positions, validate, start, cma, history: Vec::new() }
        }
    };
    let train = read_positions(&state.positions)?;
    let held = state.validate.as_deref().map(read_positions).transpose()?;
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
        std::fs::write(&state_path, text).map_err(|e| format!("{}: {e}", state_path.display()))?;
    }
    Ok(())
}

fn show(options: &Options) -> Result<(), String> {
    let path = options.path("--state")?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let state: State = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let (best, _) = state.cma.best.ok_or("no generation has run yet")?;
    let doc = WeightsDoc::from(weights::from_parameters(&best));
    println!("{}", serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?);
    Ok(())
}
