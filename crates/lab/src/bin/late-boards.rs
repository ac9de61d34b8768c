//! Writes boards of the late game, where Strong and Max search deeper and add the heuristic
//! to the network's leaves, as a fixture of the browser benchmark
//! (`scripts/bench-browser.mjs --boards FILE`, the same format as
//! `tests/fixtures/bench-boards.json`): the benchmark's own boards come from a simple policy
//! that never builds a 16384, so they never reach that search. The boards are those Strong
//! moved from in one arena game, every `--every`-th from the first that holds a 16384 and an
//! 8192, so the file is the same on every machine.
//!
//! ```text
//! cargo run --release -p lab --bin late-boards -- --seed 1 --game 2 --every 150 --count 20 \
//!     > tests/fixtures/late-boards.json
//! ```
//!
//! With `--first-of N` it writes instead the first late board of each of games 0 to N-1 that
//! reaches one, the boards the arena's `--start-boards` plays the late game from.
//!
//! With `--framed` the boards start at the game's first board in the frames of Max's endgame
//! tables (`solver::max::ENDGAME`), where the worker fills them:
//!
//! ```text
//! cargo run --release -p lab --bin late-boards -- --seed 1 --game 0 --framed --every 1 \
//!     --count 30 > tests/fixtures/endgame-boards.json
//! ```

use std::process::ExitCode;

use clap::Parser;
use game_core::Game;
use rayon::prelude::*;
use serde_json::json;
use solver::StrongConfig;
use solver::strong::Stage;

#[derive(Parser)]
#[command(about = "Writes late-game boards of one arena game of Strong's as a browser-benchmark fixture")]
struct Args {
    /// The run's base seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The game's index in the run.
    #[arg(long, default_value_t = 2)]
    game: u64,
    /// Keep one board in this many.
    #[arg(long, default_value_t = 150)]
    every: usize,
    /// The most boards to keep.
    #[arg(long, default_value_t = 20)]
    count: usize,
    /// Instead of one game's boards, the first late board of each of the run's games 0 to N-1
    /// (those that reach the late stage), played on all cores.
    #[arg(long, value_name = "N", conflicts_with_all = ["game", "every", "count"])]
    first_of: Option<u64>,
    /// From the game's first board in the frames of Max's endgame tables on, instead of its
    /// first late board.
    #[arg(long)]
    framed: bool,
}

fn main() -> ExitCode {
    arena::args::exit("late-boards", run(Args::parse()))
}

fn run(args: Args) -> Result<(), String> {
    if args.every == 0 {
        return Err("--every must be at least 1".into());
    }
    let config = StrongConfig::strong(solver::max::repository_network()?);
    let stage = config.late.expect("Strong searches deeper late").stage;
    if let Some(games) = args.first_of {
        return first_of(args.seed, games, config, stage);
    }
    let states = lab::walk::states(arena::play::game_seed(args.seed, args.game), config);
    let tables = solver::max::ENDGAME.tables();
    let (from, what) = match args.framed {
        true => (" --framed", "first in the frames of Max's endgame tables"),
        false => ("", "first holding a 16384 and an 8192"),
    };
    let boards: Vec<_> = (0u32..)
        .zip(&states)
        .skip_while(|(_, game)| args.framed && tables.open_cells(game.board()).is_none())
        .filter(|(_, game)| stage.reached(game.board()))
        .step_by(args.every)
        .take(args.count)
        .map(|(moves, game)| entry(game, args.game, moves))
        .collect();
    if boards.is_empty() {
        return Err(format!("no board of game {} of seed {} was the {what}", args.game, args.seed));
    }
    let about = format!(
        "Late-game boards of the browser benchmark (scripts/bench-browser.mjs --boards): every {}th \
         board Strong moved from in game {} of seed {} from the {what}, made by `cargo run \
         --release -p lab --bin late-boards -- --seed {} --game {}{from} --every {} --count {}`; \
         each `save` is a 2048.game document.",
        args.every, args.game, args.seed, args.seed, args.game, args.every, args.count
    );
    let doc = json!({ "about": about, "boards": boards });
    println!("{}", serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?);
    Ok(())
}

/// The first board of `stage` of each of games 0..`games` of seed `seed`, in game order.
fn first_of(seed: u64, games: u64, config: StrongConfig, stage: Stage) -> Result<(), String> {
    let firsts: Vec<(u64, Option<(u32, Game)>)> = (0..games)
        .into_par_iter()
        .map(|index| {
            let seed = arena::play::game_seed(seed, index);
            (index, lab::walk::first_state(seed, config, |game| stage.reached(game.board())))
        })
        .collect();
    let boards: Vec<_> = firsts
        .iter()
        .filter_map(|(index, found)| found.map(|(moves, game)| entry(&game, *index, moves)))
        .collect();
    let about = format!(
        "The first board Strong moved from that holds a 16384 and an 8192 in each of games 0 to {} \
         of seed {seed} that has one ({} of {games}), where the arena's --start-boards plays the \
         late game from; made by `cargo run --release -p lab --bin late-boards -- --seed {seed} \
         --first-of {games}`; each `save` is a 2048.game document.",
        games - 1,
        boards.len()
    );
    let doc = json!({ "about": about, "boards": boards });
    println!("{}", serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?);
    Ok(())
}

/// One board of the fixture, named by its game and move, with its save document.
fn entry(game: &Game, index: u64, moves: u32) -> serde_json::Value {
    let board = game.board();
    json!({
        "name": format!("Strong game {index} move {moves}"),
        "empty": board.empty_cells(),
        "max": board.max_tile(),
        "save": {
            "version": 1,
            "board": board.rows(),
            "score": game.score(),
            "won": true,
            "keep_going": true,
        },
    })
}
