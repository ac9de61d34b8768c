//! What the endgame tables (`solver::endgame`) could win: plays Strong's own games (the
//! arena's games of `--seed`, from their boards of `--start-boards`) to their first 32768 or
//! their end, and prints for each the move at which each table's frame first held the board
//! and the table's chance of building the goal from there, beside what Strong then did. The
//! mean chance over the games that reach a frame, against the share of them Strong won, is
//! what perfect play of that step would add.
//!
//! With `--entries M --slice K` it also follows each game with tables within the arena's
//! `--endgame-entries`/`--endgame-slice` limits and prints on how many framed boards they could
//! decide (the rest go to the search), from which move, and what that cost.
//!
//! ```text
//! cargo run --release -p lab --bin endgame-chances -- --start-boards crates/lab/data/late/first-late-boards.json --games 20
//! cargo run --release -p lab --bin endgame-chances -- --start-boards crates/lab/data/late/first-late-boards.json --games 4 --entries 24 --slice 1000
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use game_core::{Game, Status};
use rand::SeedableRng;
use solver::Strategy;
use solver::endgame::{Limits, Tables};
use solver::rng::GameRng;

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
    /// Also follow each game with tables within these limits (the arena's
    /// `--endgame-entries`, millions), and print on how many of the framed boards they could
    /// decide, from which move, their slowest decision and their largest size.
    #[arg(long, value_name = "MILLIONS", requires = "slice")]
    entries: Option<usize>,
    /// With --entries: the arena's `--endgame-slice` (thousands).
    #[arg(long, value_name = "THOUSANDS", requires = "entries")]
    slice: Option<usize>,
    /// With --entries: the steps the limited tables keep (the arena's `--endgame-steps`): 1,
    /// the last step's table alone (a device of little memory's), or 2.
    #[arg(long, default_value_t = 2, requires = "entries", value_parser = clap::value_parser!(u8).range(1..=2))]
    steps: u8,
}

/// What tables within limits did along a game: for each step (the last, the one before),
/// the boards in its frame and those they decided, the first move they decided; the slowest
/// decision and the largest size.
#[derive(Default)]
struct Follow {
    framed: [u32; 2],
    decided: [u32; 2],
    first: [Option<u32>; 2],
    slowest: std::time::Duration,
    bytes: usize,
}

impl Follow {
    fn step(&mut self, tables: &mut Tables, board: game_core::Board, moves: u32) {
        let Some(open) = tables.open_cells(board) else { return };
        let watch = std::time::Instant::now();
        let decided = tables.decide(board).is_some();
        self.slowest = self.slowest.max(watch.elapsed());
        self.bytes = self.bytes.max(tables.bytes());
        self.framed[open - 1] += 1;
        if decided {
            self.decided[open - 1] += 1;
            self.first[open - 1].get_or_insert(moves);
        }
    }

    fn show(&self) -> String {
        let step = |k: usize| {
            let first = self.first[k].map_or("-".to_owned(), |m| m.to_string());
            format!("{} of {} boards (from move {first})", self.decided[k], self.framed[k])
        };
        format!(
            "      within the limits: the step before's {}, the last step's {}; slowest decision {:.0} ms, {:.0} MB at most",
            step(1),
            step(0),
            self.slowest.as_secs_f64() * 1e3,
            self.bytes as f64 / 1e6
        )
    }
}

fn main() -> ExitCode {
    arena::args::exit("endgame-chances", run(&Args::parse()))
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
        let mut rng = GameRng::seed_from_u64(seed);
        let mut game: Game = starts.game(index);
        let mut searcher = Strategy::Strong
            .searcher(seed, Some(solver::max::repository_network()?))
            .ok_or("Strong has a searcher")?;
        let mut tables = Tables::new(goal, 2, Limits::NONE);
        let mut limited = args.entries.zip(args.slice).map(|(entries, slice)| {
            let limits = Limits { entries: entries * 1_000_000, slice: slice * 1_000 };
            (Tables::new(goal, usize::from(args.steps), limits), Follow::default())
        });
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
            if let Some((tables, follow)) = limited.as_mut() {
                follow.step(tables, game.board(), moves);
            }
            let best = searcher.decide(game.board()).best.ok_or("a game still playing has a move")?;
            game.play(best, &mut rng);
            moves += 1;
        }
        let won = game.board().max_tile() >= 32768;
        let show = |e: Option<(u32, f64)>| e.map_or("-".to_owned(), |(m, c)| format!("{m}, {c:.3}"));
        let (computed, mb) = (tables.computed(), tables.bytes() as f64 / 1e6);
        println!("{index:4}  {:>16}  {:>16}  {won:>5}  {computed}, {mb:.0}", show(entry[0]), show(entry[1]));
        if let Some((_, follow)) = &limited {
            println!("{}", follow.show());
        }
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
