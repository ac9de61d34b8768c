//! Times Strong's search settings on the same positions: plays games with the default Strong,
//! keeps every position it moved from, then replays each game's positions in order with each
//! setting (a fresh searcher per game, its table carried from move to move, as in play) and
//! prints the mean CPU time and positions searched per move, and for each setting the share of
//! its time spent on boards of each number of empty cells. Picks a cutoff for a time budget
//! without the noise of each setting playing different games.
//!
//! ```text
//! cargo run --release -p arena --bin replay-time -- [--games 2] [--seed 1000]
//!     [--cutoffs 0.006,0.005,0.004] [--tt-bits 18,20]
//! ```

use std::process::ExitCode;

use arena::cpu_time::Stopwatch;
use arena::play::game_seed;
use game_core::{Board, Game};
use rand::SeedableRng;
use rand::rngs::StdRng;
use solver::{Searcher, Strong, StrongConfig};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("replay-time: {message}");
            ExitCode::FAILURE
        }
    }
}

fn list<T: std::str::FromStr>(text: &str) -> Result<Vec<T>, String> {
    text.split(',').map(|v| v.parse().map_err(|_| format!("{v:?} is not a number"))).collect()
}

fn run() -> Result<(), String> {
    let (mut games, mut seed) = (2u64, 1000u64);
    let base = StrongConfig::FAST;
    let (mut cutoffs, mut bits) = (vec![base.cutoff], vec![base.tt_bits.unwrap_or(18)]);
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--games" => games = value.parse().map_err(|_| "--games: a number")?,
            "--seed" => seed = value.parse().map_err(|_| "--seed: a number")?,
            "--cutoffs" => cutoffs = list(&value)?,
            "--tt-bits" => bits = list(&value)?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    let played: Vec<Vec<Board>> = (0..games).map(|i| positions(game_seed(seed, i))).collect();
    let count: usize = played.iter().map(Vec::len).sum();
    println!("{games} games of seed {seed} by the default Strong: {count} positions");
    for &cutoff in &cutoffs {
        for &tt_bits in &bits {
            let config = StrongConfig { cutoff, tt_bits: Some(tt_bits), ..base };
            let (mut seconds, mut nodes) = (0.0, 0u64);
            // Seconds and positions by the number of empty cells of the board moved from.
            let mut by_empty = [(0.0, 0usize); 17];
            for positions in &played {
                let mut searcher = Strong::new(config);
                for &board in positions {
                    let watch = Stopwatch::start();
                    nodes += searcher.decide(board).nodes;
                    let spent = watch.elapsed().as_secs_f64();
                    seconds += spent;
                    let bucket = &mut by_empty[board.empty_cells() as usize];
                    bucket.0 += spent;
                    bucket.1 += 1;
                }
            }
            println!(
                "cutoff {cutoff:<7} tt-bits {tt_bits:<3} mean {:.3} ms  {:>8.0} positions a move",
                1e3 * seconds / count as f64,
                nodes as f64 / count as f64
            );
            let shares: Vec<String> = (0..by_empty.len())
                .filter(|&e| by_empty[e].1 > 0)
                .map(|e| {
                    let (spent, boards) = by_empty[e];
                    format!("{e}: {:.0} % of time, {boards} boards", 100.0 * spent / seconds)
                })
                .collect();
            println!("  by empty cells  {}", shares.join("; "));
        }
    }
    Ok(())
}

/// The positions of one game played to its end by the default Strong.
fn positions(seed: u64) -> Vec<Board> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(&mut rng);
    let mut searcher = Strong::default();
    let mut boards = Vec::new();
    while let Some(direction) = searcher.decide(game.board()).best {
        boards.push(game.board());
        game.play(direction, &mut rng);
        if game.won() && !game.keeps_going() {
            game.continue_after_win();
        }
    }
    boards
}
