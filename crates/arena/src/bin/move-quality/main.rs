//! Measures what the Hint's words mean (issue 13, "Why this move"): how much the chance of
//! reaching the game's next tile drops when a move is played instead of the search's best, as
//! a function of how far the move's value is below the best's.
//!
//! It plays games with a player (`--player`, by default the strength itself: `--strength
//! spec|strong|…`, an arena strategy's id; `strong` and `max` search with the repository's
//! network; `--player spec-depth-N` is Spec's search at a fixed depth, a weaker player that
//! stands for a person; game `i` from `arena::play::game_seed(seed, i)`), and samples
//! `--per-stage` positions spread evenly over each stage of each game (the moves whose largest
//! tile is T, for T from `--min-tile` to `--max-tile`). The strength gives each position's move
//! values. From each position it plays each legal move `--rollouts` times and goes on with the
//! player until the largest tile reaches the target (`--target`, or else the next tile, 2T), the
//! game ends or `--move-cap` moves pass; the share of rollouts that reach it is the move's reach. Rollout `r` of
//! every move of a position draws its tiles from the same seed (common random numbers), so the
//! moves' reaches differ by the moves more than by luck. A move's drop is the best move's reach
//! less its own; its gap is the search's `best − value` (`--gap absolute`, the default; or
//! `relative`, divided by `|best|`).
//!
//! Resumable: every finished position is appended to `--out FILE` (JSONL: a header with the
//! settings, then one line per position, keyed by game and move); a re-run with the same settings
//! skips the positions already there, and a larger `--games` extends the run.
//!
//! Then (or with `--summarize FILE` alone) it bins the moves by gap into `--bins` bins of equal
//! counts (20: with 10, the Spec self-play run's top bin pooled every gap from 17 to a lost move,
//! and its mean fell just under 10 points; `docs/coach.md` shows the thresholds for 8 to 40
//! bins), prints each bin's mean drop with its 95 % interval, fits a non-decreasing curve to the
//! bins' means (pool adjacent violators, weighted by count) and reads the thresholds off the fit:
//! `about_as_good` = the largest gap of the last bin whose fitted drop is below `--about` (0.02),
//! `worse` = the largest gap of the last bin whose fitted drop is at most `--much` (0.10). It also
//! prints the words' drops by stage, each stage's thresholds read alone, and the moves that take
//! the largest tile out of its corner apart from the others (`corner.rs`). With `--json FILE` it
//! writes the summary document ([`results_schema::move_quality::Document`]), whose fields are,
//! exactly: `command`, `run_command`, `strength`, `player` and `target` (when given), `gap`
//! (`absolute` or `relative`), `seed`, `games`, `positions`, `moves`, `rollouts`, `per_stage`,
//! `min_tile`, `max_tile`, `move_cap`, `about`, `much`, `cpu_seconds`, `ties` and each of `bins`
//! (`moves`, `mean_drop`, `low`, `high`; bins also `gap_low`, `gap_high`, `fitted_drop`), and
//! `thresholds` (`about_as_good`, `worse`: a number, or null for "no move is much worse").
//!
//! ```text
//! cargo run --release -p arena --bin move-quality -- [--strength spec] [--player ID] [--seed 1]
//!     [--games 40] [--per-stage 3] [--min-tile 256] [--max-tile 2048] [--target TILE]
//!     [--rollouts 10] [--move-cap 5000]
//!     --out www/results/move-quality.jsonl [--json www/results/move-quality.json]
//! cargo run --release -p arena --bin move-quality -- --summarize FILE [--json FILE]
//!     [--gap absolute|relative] [--bins 20] [--about 0.02] [--much 0.10]
//! ```
//!
//! One thread, on purpose: the machines it runs on are shared.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use arena::args::{parse_tile, positive, strategy_parser};
use arena::cpu_time::Stopwatch;
use arena::play::game_seed;
use arena::quality::{self, Document, GapMeasure, Header, MoveRecord, Position};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::ErrorKind;
use clap::{ArgGroup, CommandFactory, Parser};
use game_core::{Board, Direction, Game, random_spawn};
use rand::SeedableRng;
use solver::rng::GameRng;
use solver::{Decision, Searcher, Strategy};

fn main() -> ExitCode {
    let args = Args::checked(std::env::args_os()).unwrap_or_else(|e| e.exit());
    arena::args::exit("move-quality", run(&args))
}

#[derive(Parser, Debug)]
#[command(
    // The name the tiles' check's error gives (clap's default is the package's, `arena`).
    name = "move-quality",
    about = "Measures what the Hint's words mean: how much a move's gap below the best costs in the \
             chance of reaching the next tile",
    // A flag given twice counts the last time, as before clap parsed these arguments.
    args_override_self = true,
    group(ArgGroup::new("file").required(true).args(["out", "summarize"])),
)]
struct Args {
    /// The strength whose values judge the moves (and, without --player, that plays the games
    /// and the rollouts).
    #[arg(long, value_parser = strategy_parser(), default_value = Strategy::Spec.id())]
    strength: Strategy,
    /// Who plays the games and the rollouts instead of the strength: a strategy's id, or
    /// spec-depth-N (Spec's search to a fixed depth of N, a weaker player).
    #[arg(long, value_name = "PLAYER", value_parser = player::parse_player)]
    player: Option<String>,
    /// The tile every rollout aims at, instead of the next one above the position's largest
    /// (above --max-tile).
    #[arg(long, value_name = "TILE", value_parser = parse_tile)]
    target: Option<u32>,
    /// The base seed: game i is played from arena::play::game_seed(seed, i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many games to play (a larger number extends a run).
    #[arg(long, default_value_t = 40)]
    games: u64,
    /// Positions sampled from each stage of each game.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = positive::<u32>)]
    per_stage: u32,
    /// The first stage: the largest tile of its positions.
    #[arg(long, value_name = "TILE", default_value_t = 256, value_parser = parse_tile)]
    min_tile: u32,
    /// The last stage (at least --min-tile).
    #[arg(long, value_name = "TILE", default_value_t = 2048, value_parser = parse_tile)]
    max_tile: u32,
    /// Rollouts of each legal move of a position.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = positive::<u32>)]
    rollouts: u32,
    /// A rollout that has not doubled the largest tile after this many moves fails.
    #[arg(long, value_name = "N", default_value_t = 5000)]
    move_cap: u32,
    /// Measure, appending each finished position to this JSONL file (a re-run with the same
    /// settings resumes it), then summarize it.
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Summarize this file only.
    #[arg(long, value_name = "FILE")]
    summarize: Option<String>,
    /// Write the summary document to this file.
    #[arg(long, value_name = "FILE")]
    json: Option<String>,
    /// How a move's gap below the best move is measured.
    #[arg(long, value_parser = gap_parser(), default_value = "absolute")]
    gap: GapMeasure,
    /// Bins of equal counts the moves are put in by gap.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = positive::<usize>)]
    bins: usize,
    /// The fitted drop below which a move is "about as good".
    #[arg(long, value_name = "DROP", default_value_t = 0.02)]
    about: f64,
    /// The fitted drop up to which a move is "worse" rather than "much worse".
    #[arg(long, value_name = "DROP", default_value_t = 0.10)]
    much: f64,
}

impl Args {
    /// The arguments, with what no one flag can check alone: the stages' order.
    fn checked<I: IntoIterator<Item = T>, T: Into<OsString> + Clone>(args: I) -> Result<Args, clap::Error> {
        let args = Args::try_parse_from(args)?;
        if args.max_tile < args.min_tile {
            let message = format!(
                "--min-tile and --max-tile: the first at most the second, not {} and {}",
                args.min_tile, args.max_tile
            );
            return Err(Args::command().error(ErrorKind::ArgumentConflict, message));
        }
        if let Some(target) = args.target.filter(|&t| t <= args.max_tile) {
            let message = format!("--target: above --max-tile ({}), not {target}", args.max_tile);
            return Err(Args::command().error(ErrorKind::ArgumentConflict, message));
        }
        Ok(args)
    }

    /// The settings a run's file is measured with, its first line.
    fn header(&self) -> Header {
        Header {
            strength: self.strength.id().into(),
            // Naming the strength itself is the run without --player (the same header).
            player: self.player.clone().filter(|p| p != self.strength.id()),
            target: self.target,
            seed: self.seed,
            rollouts: self.rollouts,
            per_stage: self.per_stage,
            min_tile: self.min_tile,
            max_tile: self.max_tile,
            move_cap: self.move_cap,
        }
    }
}

/// The gap measure by its name, as the summary document spells it.
fn gap_parser() -> impl TypedValueParser<Value = GapMeasure> {
    let values = [
        PossibleValue::new("absolute").help("best − value"),
        PossibleValue::new("relative").help("(best − value) / |best|"),
    ];
    PossibleValuesParser::new(values).map(|name| match name.as_str() {
        "absolute" => GapMeasure::Absolute,
        _ => GapMeasure::Relative,
    })
}

fn run(args: &Args) -> Result<(), String> {
    let file = if let Some(out) = &args.out {
        measure(args, out)?;
        out
    } else {
        args.summarize.as_ref().expect("clap requires --out or --summarize")
    };
    let (header, positions) = read(file, false)?;
    let document = summarize(args, file, &header, &positions)?;
    if let Some(path) = &args.json {
        let text = serde_json::to_string_pretty(&document).map_err(|e| e.to_string())?;
        std::fs::write(path, text + "\n").map_err(|e| format!("{path}: {e}"))?;
        println!("wrote {path}");
    }
    Ok(())
}

/// The header and positions of a run's file. A last line cut short by an interrupted run is
/// left out, and with `repair` (a run about to append) cut from the file; a summary only reads,
/// so it can watch a run that is still writing.
fn read(path: &str, repair: bool) -> Result<(Header, Vec<Position>), String> {
    let mut text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    if !text.is_empty() && !text.ends_with('\n') {
        let keep = text.rfind('\n').map_or(0, |i| i + 1);
        eprintln!("{path}: leaving out an unfinished last line (an interrupted run, or one still writing)");
        text.truncate(keep);
        if repair {
            std::fs::write(path, &text).map_err(|e| format!("{path}: {e}"))?;
        }
    }
    let mut lines = text.lines();
    let first = lines.next().ok_or(format!("{path}: empty"))?;
    let header: Header = serde_json::from_str(first).map_err(|e| format!("{path}:1: not a header: {e}"))?;
    let positions = lines
        .enumerate()
        .map(|(i, line)| serde_json::from_str(line).map_err(|e| format!("{path}:{}: {e}", i + 2)))
        .collect::<Result<Vec<Position>, String>>()?;
    Ok((header, positions))
}

mod corner;
mod measure;
mod player;
mod summary;
#[cfg(test)]
mod tests;

use measure::measure;
use player::Player;
use summary::summarize;
