//! The native side of the browser benchmark (`scripts/bench-browser.mjs`): runs the solver over
//! the fixed boards of `tests/fixtures/bench-boards.json`, in file order, and prints one JSON
//! line per board: `{"index","strength","micros","nodes","depth","best"}`.
//!
//! Strong runs as the page's worker runs it: one fresh Strong searcher with the repository's
//! network (`www/max-network.nt`) kept across the boards (its transposition table carries
//! over), so the worker, asked the same boards in the same order, must make the same decisions
//! with the same node counts. Max likewise (one `solver::max::Max` with the same network, its
//! four root searchers run one after the other, as in the worker).
//! Spec keeps nothing.
//!
//! ```text
//! cargo run --release -p arena --bin bench-boards -- tests/fixtures/bench-boards.json
//!     [--warmup N]   untimed passes first, each with a fresh searcher (default 1)
//!     [--strength strong|spec|max|all]   (default all: strong, spec, then max)
//! ```

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use game_core::Board;
use solver::{Decision, Strategy};

/// The strengths the page offers, in the order `--strength all` runs them.
const PAGE: [Strategy; 3] = [Strategy::Strong, Strategy::Spec, Strategy::Max];

/// The strengths `--strength` names, in the order they run.
#[derive(Clone, Debug, PartialEq)]
struct Strengths(Vec<Strategy>);

/// One of the page's strengths by its id, or `all` of them.
fn strengths_parser() -> impl TypedValueParser<Value = Strengths> {
    let each = PAGE.map(|s| PossibleValue::new(s.id()).help(s.summary()));
    let all = PossibleValue::new("all").help("strong, spec, then max");
    PossibleValuesParser::new(each.into_iter().chain([all])).map(|id| match Strategy::from_id(&id) {
        Some(strategy) => Strengths(vec![strategy]),
        None => Strengths(PAGE.to_vec()),
    })
}

#[derive(Parser, Debug)]
#[command(
    about = "Times the page's strengths on the browser benchmark's fixed boards, one JSON line a board",
    // A flag given twice counts the last time, as before clap parsed these arguments.
    args_override_self = true
)]
struct Args {
    /// The boards file (tests/fixtures/bench-boards.json).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Untimed passes first, each with a fresh searcher.
    #[arg(long, value_name = "N", default_value_t = 1)]
    warmup: u32,
    /// The strengths to time.
    #[arg(long, value_parser = strengths_parser(), default_value = "all")]
    strength: Strengths,
}

fn main() -> ExitCode {
    arena::args::exit("bench-boards", run(&Args::parse()))
}

fn run(args: &Args) -> Result<(), String> {
    let (warmup, Strengths(strengths)) = (args.warmup, &args.strength);
    let boards = read_boards(&args.file)?;
    // Max's network, the repository's copy of the file the page downloads.
    let network = match strengths.iter().any(|s| s.needs_network()) {
        true => Some(solver::max::repository_network()?),
        false => None,
    };
    for &strength in strengths {
        // Warm-up passes: the same work, untimed, each with its own fresh searcher, so that the
        // measured pass starts as the worker's does (a fresh table) with warm caches.
        for _ in 0..warmup {
            // The strategy's own searcher, as the worker makes it (`--strength` names only the
            // three the page offers, none of which draws random numbers).
            let mut searcher = strength.searcher(0, network).ok_or("no network")?;
            for &board in &boards {
                std::hint::black_box(searcher.decide(board));
            }
        }
        let mut searcher = strength.searcher(0, network).ok_or("no network")?;
        for (index, &board) in boards.iter().enumerate() {
            let started = Instant::now();
            let decision: Decision = searcher.decide(board);
            let micros = started.elapsed().as_secs_f64() * 1e6;
            let line = serde_json::json!({
                "index": index,
                "strength": strength.id(),
                "micros": (micros * 10.0).round() / 10.0,
                "nodes": decision.nodes,
                "depth": decision.depth,
                "best": decision.best.map(|d| d.name()),
            });
            println!("{line}");
        }
    }
    Ok(())
}

/// The boards of the fixture file, in order: `{"boards":[{"save":{"board":[[..]..]}}..]}`.
fn read_boards(path: &Path) -> Result<Vec<Board>, String> {
    let file = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{file}: {e}"))?;
    let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{file}: {e}"))?;
    let list = json["boards"].as_array().ok_or_else(|| format!("{file}: no \"boards\" list"))?;
    list.iter()
        .enumerate()
        .map(|(i, entry)| {
            let rows: [[u32; 4]; 4] = serde_json::from_value(entry["save"]["board"].clone())
                .map_err(|e| format!("{file}: board {i}: {e}"))?;
            Board::from_rows(rows).map_err(|e| format!("{file}: board {i}: {e}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Args, clap::Error> {
        Args::try_parse_from(std::iter::once("bench-boards").chain(args.iter().copied()))
    }

    #[test]
    fn the_benchmark_scripts_invocations_parse() {
        // scripts/bench-browser.mjs: the file, then the warm-up passes; all three strengths in
        // the order it groups them.
        let args = parse(&["tests/fixtures/bench-boards.json", "--warmup", "3"]).unwrap();
        assert_eq!(args.file, Path::new("tests/fixtures/bench-boards.json"));
        assert_eq!(args.warmup, 3);
        assert_eq!(args.strength.0, [Strategy::Strong, Strategy::Spec, Strategy::Max]);
        // docs/solver.md's cachegrind run.
        let args =
            parse(&["tests/fixtures/bench-boards.json", "--strength", "strong", "--warmup", "0"]).unwrap();
        assert_eq!((args.warmup, args.strength.0), (0, vec![Strategy::Strong]));
        // The flags may come first, and the defaults are one warm-up pass and every strength.
        let args = parse(&["--strength", "max", "f.json"]).unwrap();
        assert_eq!((args.warmup, args.strength.0), (1, vec![Strategy::Max]));
        assert_eq!(
            parse(&["f.json", "--strength", "all"]).unwrap().strength,
            parse(&["f.json"]).unwrap().strength
        );
    }

    #[test]
    fn only_the_pages_strengths_and_a_file_are_accepted() {
        // `random` and `greedy` are arena strategies, but the page offers neither.
        for strength in ["random", "greedy", "Strong", ""] {
            assert!(parse(&["f.json", "--strength", strength]).is_err(), "{strength}");
        }
        assert!(parse(&["f.json", "--warmup", "two"]).is_err());
        assert!(parse(&["--warmup", "1"]).is_err(), "no boards file");
        assert!(parse(&["f.json", "g.json"]).is_err(), "two boards files");
    }
}
