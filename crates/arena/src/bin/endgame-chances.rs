//! What the endgame tables (`solver::endgame`) could win: plays Strong's own games (the
//! arena's games of `--seed`, from their boards of `--start-boards`) to their first 32768 or
//! their end, and prints for each the move at which each table's frame first held the board
//! and the table's chance of building the goal from there, beside what Strong then did. The
//! mean chance over the games that reach a frame, against the share of them Strong won, is
//! what perfect play of that step would add.
//!
//! ```text
//! cargo run --release -p arena --bin endgame-chances -- --start-boards crates/arena/data/late/first-late-boards.json --games 20
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use game_core::{Game, Status};
use rand::SeedableRng;
use rand::rngs::StdRng;
use solver::Strategy;
use solver::endgame::{Limits, Tables};

#[derive(Parser)]
#[command(about = "Strong's games with the endgame tables' chances where they first apply")]
struct Args {
    /// The run's base seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The first game's index.
    #[arg(long, default_value_t = 0)]
    first: u64,
    /// How many games.
    #[arg(long, default_value_t = 20)]
    games: u64,
    /// Start each game from this file's board for it (`late-boards --first-of`).
    #[arg(long)]
    start_boards: PathBuf,
    /// The tile the tables build at the snake's end.
    #[arg(long, default_value_t = 256)]
    goal: u32,
}

fn main() -> ExitCode {
    match run(&Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("endgame-chances: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    solver::max::repository_network()?;
    let starts = arena::starts::Starts::read(&args.start_boards)?;
    let goal = args.goal.trailing_zeros() as u8;
    let mut chances = [Vec::new(), Vec::new()];
    println!(
        "game  the last step's frame (move, chance)  the step before's  Strong made 32768  positions the tables computed, MB"
    );
    for index in args.first..args.first + args.games {
        let seed = arena::play::game_seed(args.seed, index);
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game: Game = starts.game(index);
        let mut searcher = arena::play::searcher(Strategy::Strong, seed, None);
        let mut tables = Tables::new(goal, 2, Limits::NONE);
        let mut entry: [Option<(u32, f64)>; 2] = [None, None];
        let mut moves = 0;
        loop {
            if game.status() == Status::Won {
                game.continue_after_win();
            }
            if game.status() != Status::Playing || game.board().max_tile() >= 32768 {
                break;
            }
            if let Some(open) = tables.open_cells(game.board()).filter(|&open| entry[open - 1].is_none()) {
                entry[open - 1] = tables
                    .decide(game.board())
                    .map(|d| (moves, d.values.iter().flatten().copied().fold(0.0, f64::max)));
            }
            let best = searcher.decide(game.board()).best.ok_or("a game still playing has a move")?;
            game.play(best, &mut rng);
            moves += 1;
        }
        let won = game.board().max_tile() >= 32768;
        let show = |e: Option<(u32, f64)>| e.map_or("-".to_owned(), |(m, c)| format!("{m}, {c:.3}"));
        let (computed, mb) = (tables.computed(), tables.bytes() as f64 / 1e6);
        println!("{index:4}  {:>16}  {:>16}  {won:>5}  {computed}, {mb:.0}", show(entry[0]), show(entry[1]));
        for (k, e) in entry.iter().enumerate() {
            if let Some((_, c)) = e {
                chances[k].push((*c, won));
            }
        }
    }
    for (k, name) in ["the last step", "the step before"].into_iter().enumerate() {
        let n = chances[k].len();
        if n > 0 {
            let mean = chances[k].iter().map(|(c, _)| c).sum::<f64>() / n as f64;
            let won = chances[k].iter().filter(|(_, w)| *w).count();
            println!("{name}: {n} games reached its frame; mean chance {mean:.3}; Strong won {won} of them");
        }
    }
    Ok(())
}
