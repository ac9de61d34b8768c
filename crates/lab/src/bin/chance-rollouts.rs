//! Whether the chance of the next tile (`solver::chance`) means what it says on a weaker
//! player's boards, as a review shows it for a person's game: plays the arena's games of a weak
//! `--player` (by default `corner`), takes each game's board `--before` moves before its end,
//! and from each lets `--strategy` (the strength whose chance is shown) play on once, to the
//! board's goal or the end, each from a seed of its own (`arena::play`'s games of the boards as
//! start boards). Prints the shipped chance against the share of those games that made the goal,
//! in ten bins, with the Brier score. Short (some minutes), so not resumable.
//!
//! ```text
//! cargo run --release -p lab --bin chance-rollouts -- --player corner --strategy spec --seed 1 --games 150 --before 1,10,40,120
//! ```

use std::process::ExitCode;

use arena::play::{Run, play_game, play_game_watched};
use arena::starts::Starts;
use clap::Parser;
use game_core::{Board, Game};
use lab::chance::check::{Baseline, sample, table};
use lab::chance::fit::Position;
use rayon::prelude::*;
use solver::Strategy;
use solver::chance::goal_of;

#[derive(Parser)]
#[command(about = "The shipped chance on a weak player's boards against the strength playing on from them")]
struct Args {
    /// The player whose games give the boards.
    #[arg(long, default_value = "corner")]
    player: String,
    /// The strength whose chance is checked, which plays on from each board.
    #[arg(long, default_value = "spec")]
    strategy: String,
    /// The base seed of the player's games (the play-ons' is its next).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The player's games 0 to this.
    #[arg(long, default_value_t = 150)]
    games: u64,
    /// The boards this many moves before each game's end, comma-separated.
    #[arg(long, default_value = "1,10,40,120")]
    before: String,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chance-rollouts: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Args) -> Result<(), String> {
    let player = Strategy::from_id(&args.player).ok_or(format!("no strategy {}", args.player))?;
    let strategy = Strategy::from_id(&args.strategy).ok_or(format!("no strategy {}", args.strategy))?;
    arena::play::network_for(strategy)?;
    let before: Vec<usize> = args
        .before
        .split(',')
        .map(|n| n.trim().parse().map_err(|e| format!("--before {n}: {e}")))
        .collect::<Result<_, _>>()?;
    let pool =
        rayon::ThreadPoolBuilder::new().num_threads(args.threads).build().map_err(|e| e.to_string())?;
    let weak = Run::new(player, args.seed);
    // Each game's boards, and the ones `before` moves before its end.
    let boards: Vec<Board> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .flat_map_iter(|index| {
                let mut seen = Vec::new();
                play_game_watched(&weak, index, &mut |board| seen.push(board));
                before
                    .iter()
                    .filter_map(|&k| seen.len().checked_sub(k).map(|at| seen[at]))
                    .collect::<Vec<_>>()
            })
            .collect()
    });
    let saves: Vec<String> = boards
        .iter()
        .map(|&b| Game::from_board(b, None).map(|g| format!("{{\"save\":{}}}", g.to_json())))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let starts = Starts::from_bytes(format!("{{\"boards\":[{}]}}", saves.join(",")).as_bytes())?;
    let on = Run { starts: Some(&starts), ..Run::new(strategy, args.seed + 1) };
    eprintln!(
        "{} boards from {} games of {}; {} plays on from each once",
        boards.len(),
        args.games,
        player,
        strategy
    );
    let positions: Vec<Position> = pool.install(|| {
        (0..boards.len() as u64)
            .into_par_iter()
            .map(|index| {
                let board = boards[index as usize];
                let goal = goal_of(board);
                let run = Run { until_tile: Some(goal), ..on };
                let made = play_game(&run, index).max_tile >= goal;
                Position { board, made, game: index }
            })
            .collect()
    });
    let shown: Vec<f64> = positions
        .iter()
        .map(|p| solver::chance::chance(p.board, strategy).map_or(0.0, |c| c.probability))
        .collect();
    // The baseline of the self-play fit is not at hand here: the positions' own rate by largest
    // tile stands in (it knows the outcome's base rate, so it flatters itself).
    let baseline = Baseline::new(&positions);
    print!(
        "{}",
        table(
            &format!("{strategy} on {player}'s boards"),
            &sample(&[args.seed], &positions, &shown, &baseline)
        )
    );
    Ok(())
}
