//! Measures what the Hint's words mean (issue 13, "Why this move"): how much the chance of
//! reaching the game's next tile drops when a move is played instead of the search's best, as
//! a function of how far the move's value is below the best's.
//!
//! It plays self-play games with a strength (`--strength spec|strong|…`, an arena strategy's id;
//! `strong` and `max` search with the repository's network; game `i` from
//! `arena::play::game_seed(seed, i)`), and samples `--per-stage` positions spread evenly over
//! each stage of each game (the moves whose largest tile is T, for T from `--min-tile` to
//! `--max-tile`). From each position it plays each legal move `--rollouts` times and goes on with
//! the same strength until the largest tile doubles (the target, 2T), the game ends or
//! `--move-cap` moves pass; the share of rollouts that reach 2T is the move's reach. Rollout `r` of
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
//! counts (20: with 10, Spec's top bin pooled every gap from 17 to a lost move, and its mean fell
//! just under 10 points; `docs/coach.md` shows the thresholds for 8 to 40 bins), prints each bin's mean drop with its 95 % interval, fits a non-decreasing curve to the
//! bins' means (pool adjacent violators, weighted by count) and reads the thresholds off the fit:
//! `about_as_good` = the largest gap of the last bin whose fitted drop is below `--about` (0.02),
//! `worse` = the largest gap of the last bin whose fitted drop is at most `--much` (0.10). With
//! `--json FILE` it writes the summary document ([`results_schema::move_quality::Document`]),
//! whose fields are, exactly: `command`, `run_command`, `strength`, `gap` (`absolute` or
//! `relative`), `seed`, `games`, `positions`, `moves`, `rollouts`, `per_stage`, `min_tile`,
//! `max_tile`, `move_cap`, `about`, `much`, `cpu_seconds`, `ties` and each of `bins` (`moves`,
//! `mean_drop`, `low`, `high`; bins also `gap_low`, `gap_high`, `fitted_drop`), and
//! `thresholds` (`about_as_good`, `worse`: a number, or null for "no move is much worse").
//!
//! ```text
//! cargo run --release -p arena --bin move-quality -- [--strength spec] [--seed 1] [--games 40]
//!     [--per-stage 3] [--min-tile 256] [--max-tile 2048] [--rollouts 10] [--move-cap 5000]
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
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("move-quality: {message}");
            ExitCode::FAILURE
        }
    }
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
    /// The strength that plays the games and the rollouts.
    #[arg(long, value_parser = strategy_parser(), default_value = Strategy::Spec.id())]
    strength: Strategy,
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
        Ok(args)
    }

    /// The settings a run's file is measured with, its first line.
    fn header(&self) -> Header {
        Header {
            strength: self.strength.id().into(),
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

/// The strength that plays the games and the rollouts: a strategy's own searcher.
struct Player {
    strategy: Strategy,
    searcher: Box<dyn Searcher + Send>,
}

impl Player {
    fn new(strength: &str) -> Result<Player, String> {
        let strategy = Strategy::from_id(strength).ok_or(format!("no strategy {strength:?}"))?;
        Ok(Player { strategy, searcher: Player::fresh(strategy)? })
    }

    fn fresh(strategy: Strategy) -> Result<Box<dyn Searcher + Send>, String> {
        strategy.searcher(0, arena::play::network_for(strategy)?).ok_or(format!("{strategy} has no searcher"))
    }

    fn decide(&mut self, board: Board) -> Decision {
        self.searcher.decide(board)
    }

    /// A fresh searcher (forgetting a transposition table), so that each rollout plays the same
    /// whatever ran before it.
    fn reset(&mut self) {
        self.searcher = Player::fresh(self.strategy).expect("made once already");
    }
}

/// Plays `--games` games, appending each sampled position not yet in `out` once measured.
fn measure(args: &Args, out: &str) -> Result<(), String> {
    let header = &args.header();
    let mut done = BTreeSet::new();
    if std::path::Path::new(out).exists() {
        let (found, positions) = read(out, true)?;
        if &found != header {
            return Err(format!("{out} was measured with other settings: {found:?}; this run: {header:?}"));
        }
        done.extend(positions.iter().map(|p| (p.game, p.move_index)));
        eprintln!("{out}: {} positions already measured, skipped", done.len());
    } else {
        let line = serde_json::to_string(header).map_err(|e| e.to_string())?;
        std::fs::write(out, line + "\n").map_err(|e| format!("{out}: {e}"))?;
    }
    let mut file = std::fs::OpenOptions::new().append(true).open(out).map_err(|e| format!("{out}: {e}"))?;
    solver::eval::warm_up();
    let mut rollout_player = Player::new(&header.strength)?;
    for game in 0..args.games {
        let played = self_play(header, game)?;
        for (move_index, board, decision) in sample(header, &played) {
            if done.contains(&(game, move_index)) {
                continue;
            }
            let watch = Stopwatch::start();
            let position_seed = game_seed(game_seed(header.seed, game), u64::from(move_index));
            let target = 2 * board.max_tile();
            let mut moves = Vec::new();
            for direction in Direction::ALL {
                let Some(value) = decision.values[direction.index()] else { continue };
                let (mut reached, mut moves_played) = (0, 0);
                for r in 0..header.rollouts {
                    // The same seed for rollout `r` of every move: common random numbers.
                    let mut rng = GameRng::seed_from_u64(game_seed(position_seed, u64::from(r)));
                    rollout_player.reset();
                    let (hit, n) =
                        rollout(board, direction, target, header.move_cap, &mut rng, &mut rollout_player);
                    reached += u32::from(hit);
                    moves_played += n;
                }
                moves.push(MoveRecord {
                    direction: direction.name().into(),
                    value,
                    reached,
                    played: moves_played,
                });
            }
            let position = Position {
                game,
                move_index,
                stage: board.max_tile(),
                board: board.rows(),
                best: decision.best.expect("a sampled position has a move").name().into(),
                moves,
                cpu_seconds: watch.elapsed().as_secs_f64(),
            };
            let reaches: Vec<String> = position
                .moves
                .iter()
                .map(|m| format!("{} {}/{}", m.direction, m.reached, header.rollouts))
                .collect();
            eprintln!(
                "game {game} move {move_index} stage {}: best {}; {} ({:.1} s)",
                position.stage,
                position.best,
                reaches.join(", "),
                position.cpu_seconds
            );
            let line = serde_json::to_string(&position).map_err(|e| e.to_string())?;
            file.write_all(format!("{line}\n").as_bytes()).map_err(|e| format!("{out}: {e}"))?;
        }
    }
    Ok(())
}

/// Game `game` of the run, played by the strength until its largest tile passes the last
/// stage: every position it moved from, with the decision it made there.
fn self_play(header: &Header, game: u64) -> Result<Vec<(Board, Decision)>, String> {
    let mut rng = GameRng::seed_from_u64(game_seed(header.seed, game));
    let mut state = Game::new(&mut rng);
    let mut player = Player::new(&header.strength)?;
    let mut played = Vec::new();
    while state.board().max_tile() <= header.max_tile {
        if state.won() && !state.keeps_going() {
            state.continue_after_win();
        }
        let decision = player.decide(state.board());
        let Some(direction) = decision.best else { break };
        played.push((state.board(), decision));
        state.play(direction, &mut rng);
    }
    Ok(played)
}

/// The sampled positions of one game: for each stage, `per_stage` positions evenly spread over
/// the moves made with that largest tile (the middles of equal parts), as (move, board, decision).
fn sample(header: &Header, played: &[(Board, Decision)]) -> Vec<(u32, Board, Decision)> {
    let mut out = Vec::new();
    let mut stage = header.min_tile;
    while stage <= header.max_tile {
        let at: Vec<usize> = (0..played.len()).filter(|&i| played[i].0.max_tile() == stage).collect();
        let k = header.per_stage as usize;
        // A game that skipped the stage (or never got there) has no positions in it.
        let mut picked: Vec<usize> = if at.is_empty() {
            Vec::new()
        } else {
            (0..k).map(|i| at[(2 * i + 1) * at.len() / (2 * k)]).collect()
        };
        // A stage shorter than `k` moves gives each of its positions once.
        picked.dedup();
        out.extend(picked.into_iter().map(|i| (i as u32, played[i].0, played[i].1)));
        stage *= 2;
    }
    out
}

/// Plays `first` from `board`, then the strength's moves, until the largest tile reaches
/// `target`, no move counts or `cap` moves are played: whether it got there, and the moves.
fn rollout(
    board: Board,
    first: Direction,
    target: u32,
    cap: u32,
    rng: &mut GameRng,
    player: &mut Player,
) -> (bool, u64) {
    let mut after = board.slide(first).board;
    let mut moves = 1u64;
    loop {
        if after.max_tile() >= target {
            return (true, moves);
        }
        if moves >= u64::from(cap) {
            return (false, moves);
        }
        let spawn = random_spawn(after, rng).expect("a move that counts leaves an empty cell");
        let board = after.with_exponent(spawn.cell, spawn.exponent);
        let Some(direction) = player.decide(board).best else { return (false, moves) };
        after = board.slide(direction).board;
        moves += 1;
    }
}

/// Prints the tables and builds the document.
fn summarize(args: &Args, file: &str, header: &Header, positions: &[Position]) -> Result<Document, String> {
    if positions.is_empty() {
        return Err(format!("{file}: no positions measured yet"));
    }
    let all: Vec<(u32, f64, f64)> = positions
        .iter()
        .flat_map(|p| p.drops(args.gap, header.rollouts).into_iter().map(|(g, d)| (p.stage, g, d)))
        .collect();
    let moves: Vec<(f64, f64)> = all.iter().map(|&(_, g, d)| (g, d)).collect();
    let ties: Vec<f64> = moves.iter().filter(|m| m.0 == 0.0).map(|m| m.1).collect();
    let bins = quality::bin(&moves, args.bins);
    let thresholds = quality::thresholds(&bins, args.about, args.much);
    let games = positions.iter().map(|p| p.game).collect::<BTreeSet<_>>();
    let cpu_seconds: f64 = positions.iter().map(|p| p.cpu_seconds).sum();
    let played: u64 = positions.iter().flat_map(|p| &p.moves).map(|m| m.played).sum();
    let h = header;
    println!(
        "{}: {} positions of {} games ({} by seed {}), {} rollouts a move, {} measured moves that are not the best; \
         {played} rollout moves in {:.1} CPU minutes",
        file,
        positions.len(),
        games.len(),
        h.strength,
        h.seed,
        h.rollouts,
        moves.len(),
        cpu_seconds / 60.0
    );
    println!(
        "gap = {}",
        if args.gap == GapMeasure::Absolute { "best − value" } else { "(best − value) / |best|" }
    );
    println!("{:>24}  {:>6}  {:>9}  {:>19}  {:>9}", "gap", "moves", "mean drop", "95 % interval", "monotone");
    let ties_drop = quality::drop_of(&ties);
    println!(
        "{:>24}  {:>6}  {:>9.3}  [{:>7.3}, {:>7.3}]",
        "0 (tie)", ties_drop.moves, ties_drop.mean_drop, ties_drop.low, ties_drop.high
    );
    for b in &bins {
        println!(
            "{:>24}  {:>6}  {:>9.3}  [{:>7.3}, {:>7.3}]  {:>9.3}",
            format!("{:.4} – {:.4}", b.gap_low, b.gap_high),
            b.drop.moves,
            b.drop.mean_drop,
            b.drop.low,
            b.drop.high,
            b.fitted_drop
        );
    }
    let worse = thresholds.worse.map_or("none".to_string(), |w| format!("{w:.4}"));
    println!(
        "thresholds: about as good up to {:.4} (fitted drop < {}), worse up to {worse} (fitted drop <= {})",
        thresholds.about_as_good, args.about, args.much
    );
    // A check that needs no bins: what the moves each word names lose on average.
    for (word, range) in [
        ("about as good", (0.0, thresholds.about_as_good)),
        ("worse", (thresholds.about_as_good, thresholds.worse.unwrap_or(f64::INFINITY))),
        ("much worse", (thresholds.worse.unwrap_or(f64::INFINITY), f64::INFINITY)),
    ] {
        let drops: Vec<f64> = moves.iter().filter(|m| m.0 > range.0 && m.0 <= range.1).map(|m| m.1).collect();
        let d = quality::drop_of(&drops);
        println!(
            "  all {:>4} moves called {word}: mean drop {:.3} [{:.3}, {:.3}]",
            d.moves, d.mean_drop, d.low, d.high
        );
    }
    // The words by stage: does one pair of thresholds mean the same early and late?
    println!("by stage (mean drop, moves): about as good | worse | much worse; best move's reach");
    let mut stage = h.min_tile;
    while stage <= h.max_tile {
        let of = |word| {
            let drops: Vec<f64> = all
                .iter()
                .filter(|&&(s, g, _)| {
                    s == stage && g > 0.0 && results_schema::move_quality::word_for_gap(g, thresholds) == word
                })
                .map(|m| m.2)
                .collect();
            let d = quality::drop_of(&drops);
            format!("{:>6.3} ({:>4})", d.mean_drop, d.moves)
        };
        let best: Vec<f64> = positions
            .iter()
            .filter(|p| p.stage == stage)
            .flat_map(|p| p.moves.iter().filter(|m| m.direction == p.best))
            .map(|m| f64::from(m.reached) / f64::from(h.rollouts))
            .collect();
        // The scale of the values at this stage, for the choice of gap measure.
        let values: Vec<f64> = positions
            .iter()
            .filter(|p| p.stage == stage)
            .flat_map(|p| p.moves.iter().filter(|m| m.direction == p.best))
            .map(|m| m.value)
            .collect();
        use arena::stats::percentile;
        use results_schema::move_quality::Word;
        println!(
            "{stage:>6}: {} | {} | {}; {:.3} of {} positions; best value 5th/50th/95th percentile {:.1} / {:.1} / {:.1}",
            of(Word::AboutAsGood),
            of(Word::Worse),
            of(Word::MuchWorse),
            best.iter().sum::<f64>() / best.len().max(1) as f64,
            best.len(),
            percentile(&values, 5.0),
            percentile(&values, 50.0),
            percentile(&values, 95.0)
        );
        stage *= 2;
    }
    let run_games = games.last().map_or(0, |g| g + 1);
    let run_command = format!(
        "cargo run --release -p arena --bin move-quality -- --strength {} --seed {} --games {run_games} --per-stage {} \
         --min-tile {} --max-tile {} --rollouts {} --move-cap {} --out {file}",
        h.strength, h.seed, h.per_stage, h.min_tile, h.max_tile, h.rollouts, h.move_cap
    );
    let command = std::iter::once("cargo run --release -p arena --bin move-quality --".to_string())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ");
    Ok(Document {
        command,
        run_command,
        strength: h.strength.clone(),
        gap: args.gap,
        seed: h.seed,
        games: games.len(),
        positions: positions.len(),
        moves: moves.len(),
        rollouts: h.rollouts,
        per_stage: h.per_stage,
        min_tile: h.min_tile,
        max_tile: h.max_tile,
        move_cap: h.move_cap,
        about: args.about,
        much: args.much,
        cpu_seconds,
        ties: ties_drop,
        bins,
        thresholds,
    })
}

#[cfg(test)]
mod tests;
