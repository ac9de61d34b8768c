//! The positions the chance of the next tile (`solver::chance`) is fitted and checked on: plays
//! the arena's games of a strategy and seed exactly as the arena plays them
//! (`arena::play::play_game_watched`), and keeps every `--every`-th board of each game with the
//! largest tile the game made in the end, from which whether it went on to reach that board's
//! goal tile follows (`lab::chance::Game`). The games are not capped: each runs to its end.
//!
//! Resumable like the arena's runs: each finished game is one line of the JSON-lines file the
//! moment it ends, and the same command again plays only the games not in it (a last line cut
//! short by a killed process is dropped). The first line names the run; another run's file is
//! refused.
//!
//! ```text
//! cargo run --release -p lab --bin chance-positions -- --strategy spec --seed 1 --games 300 --every 16 --out crates/lab/data/chance/spec-seed1.jsonl
//! ```

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;

use clap::Parser;
use lab::chance::{Game, Header, read_games};
use rayon::prelude::*;
use solver::Strategy;

#[derive(Parser)]
#[command(about = "Keeps sampled boards of the arena's games with the largest tile each game made")]
struct Args {
    /// The strategy, by its id (`spec`, `strong`), played with its own setting.
    #[arg(long)]
    strategy: String,
    /// The run's base seed (the arena's `--seed`).
    #[arg(long)]
    seed: u64,
    /// Games 0 to this.
    #[arg(long)]
    games: u64,
    /// Keep the board before moves 0, every, 2 × every, … of each game.
    #[arg(long)]
    every: u32,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// The run file, read and appended to.
    #[arg(long)]
    out: PathBuf,
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chance-positions: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let strategy = Strategy::from_id(&args.strategy).ok_or(format!("no strategy {}", args.strategy))?;
    arena::play::network_for(strategy)?;
    let header = Header { strategy: strategy.id().to_string(), seed: args.seed, every: args.every };
    let (whole, _, done) = read_games(&args.out, Some(&header))?;
    if let Some(dir) = args.out.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(&args.out)?;
    file.set_len(whole)?;
    if whole == 0 {
        writeln!(file, "{}", serde_json::to_string(&header)?)?;
    }
    let held: std::collections::HashSet<u64> = done.iter().map(|g| g.index).collect();
    let todo: Vec<u64> = (0..args.games).filter(|i| !held.contains(i)).collect();
    eprintln!("{} games held, {} to play", held.len(), todo.len());
    solver::eval::warm_up();
    solver::strong::heuristic::Heuristic::nneonneo();
    let file = Mutex::new(file);
    let run = arena::play::Run::new(strategy, args.seed);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(args.threads).build()?;
    pool.install(|| {
        todo.par_iter().try_for_each(|&index| {
            let mut boards = Vec::new();
            let mut moves = 0u32;
            let result = arena::play::play_game_watched(&run, index, &mut |board| {
                if moves.is_multiple_of(args.every) {
                    boards.push(board);
                }
                moves += 1;
            });
            let game = Game::new(index, result.max_tile, result.moves, &boards);
            let line = serde_json::to_string(&game).map_err(|e| e.to_string())? + "\n";
            let mut file = file.lock().unwrap_or_else(|p| p.into_inner());
            file.write_all(line.as_bytes()).and_then(|()| file.flush()).map_err(|e| e.to_string())?;
            eprintln!("game {index}: {} moves, {} tile", result.moves, result.max_tile);
            Ok::<(), String>(())
        })
    })?;
    Ok(())
}
