//! Prints one arena game of Strong's move by move: every `--every`-th board it moved from, with
//! the score so far, the value its search gave each move and the move it played (and the last
//! `--last` boards, where a lost game is lost). The game is the arena's own game `--game` of
//! `--seed`, from a new game or from its board of `--start-boards`, so the trace is of a game
//! whose result a run file holds.
//!
//! ```text
//! cargo run --release -p lab --bin trace-game -- --start-boards crates/lab/data/late/first-late-boards.json --game 0 --every 50
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use game_core::{Direction, Game, Status};
use rand::SeedableRng;
use solver::Strategy;
use solver::rng::GameRng;

#[derive(Parser)]
#[command(about = "Prints one arena game of Strong's, board by board, with its search's values")]
struct Args {
    /// The run's base seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The game's index in the run.
    #[arg(long, default_value_t = 0)]
    game: u64,
    /// Start from this file's board for the game (`late-boards --first-of`), as the arena's
    /// `--start-boards` does.
    #[arg(long)]
    start_boards: Option<PathBuf>,
    /// Print one board in this many.
    #[arg(long, default_value_t = 50)]
    every: usize,
    /// Also print each of the game's last this many boards.
    #[arg(long, default_value_t = 10)]
    last: usize,
    /// Play as the arena's `--endgame TILE` does (the endgame table decides its boards).
    #[arg(long, value_name = "TILE")]
    endgame: Option<u32>,
}

fn main() -> ExitCode {
    arena::args::exit("trace-game", run(&Args::parse()))
}

fn run(args: &Args) -> Result<(), String> {
    if args.every == 0 {
        return Err("--every must be at least 1".into());
    }
    solver::max::repository_network()?;
    let seed = arena::play::game_seed(args.seed, args.game);
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = match &args.start_boards {
        Some(path) => arena::starts::Starts::read(path)?.game(args.game),
        None => Game::new(&mut rng),
    };
    let mut searcher = match args.endgame {
        Some(tile) => {
            let network = solver::max::repository_network()?;
            let mut config = Strategy::Strong.strong_config(Some(network)).ok_or("Strong has a config")?;
            config.endgame = Some(solver::endgame::Endgame {
                goal: tile.trailing_zeros() as u8,
                steps: 2,
                limits: solver::endgame::Limits::NONE,
            });
            Box::new(solver::Strong::new(config))
        }
        None => Strategy::Strong
            .searcher(seed, Some(solver::max::repository_network()?))
            .ok_or("Strong has a searcher")?,
    };
    let mut trace = Vec::new();
    loop {
        if game.status() == Status::Won {
            game.continue_after_win();
        }
        if game.status() != Status::Playing {
            break;
        }
        let decision = searcher.decide(game.board());
        let best = decision.best.ok_or("a game still playing has a move")?;
        trace.push((game.board(), game.score(), decision.values, best));
        game.play(best, &mut rng);
    }
    let n = trace.len();
    println!(
        "game {} of seed {}: {n} moves, score {}, largest tile {}",
        args.game,
        args.seed,
        game.score(),
        game.board().max_tile()
    );
    for (i, (board, score, values, best)) in trace.iter().enumerate() {
        if i % args.every != 0 && i + args.last < n {
            continue;
        }
        let values: Vec<String> = Direction::ALL
            .iter()
            .map(|d| match values[d.index()] {
                Some(v) => format!("{d:?} {v:.0}"),
                None => format!("{d:?} -"),
            })
            .collect();
        println!(
            "\nmove {i} ({} before the end), score {score}, played {best:?}; {}",
            n - i,
            values.join(", ")
        );
        print!("{board}");
    }
    Ok(())
}
