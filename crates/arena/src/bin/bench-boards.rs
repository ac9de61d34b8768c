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

use std::process::ExitCode;
use std::time::Instant;

use game_core::Board;
use solver::{Decision, Strategy};

const USAGE: &str = "usage: bench-boards FILE [--warmup N] [--strength strong|spec|max|all]";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bench-boards: {message}\n{USAGE}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let all = vec![Strategy::Strong, Strategy::Spec, Strategy::Max];
    let (mut file, mut warmup, mut strengths) = (None, 1u32, all.clone());
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--warmup" => {
                let n = args.next().ok_or("--warmup needs a number")?;
                warmup = n.parse().map_err(|_| format!("--warmup {n:?} is not a number"))?;
            }
            "--strength" => {
                strengths = match args.next().as_deref() {
                    Some("all") => all.clone(),
                    Some(id) => match Strategy::from_id(id) {
                        Some(s) if all.contains(&s) => vec![s],
                        _ => return Err(format!("--strength {id:?}")),
                    },
                    None => return Err("--strength needs strong, spec, max or all".into()),
                };
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            _ if file.is_none() && !arg.starts_with('-') => file = Some(arg),
            _ => return Err(format!("unexpected argument {arg:?}")),
        }
    }
    let file = file.ok_or("no boards file")?;
    let boards = read_boards(&file)?;
    // Max's network, the repository's copy of the file the page downloads.
    let network = match strengths.iter().any(|s| s.needs_network()) {
        true => Some(solver::max::repository_network()?),
        false => None,
    };
    for strength in strengths {
        // Warm-up passes: the same work, untimed, each with its own fresh searcher, so that the
        // measured pass starts as the worker's does (a fresh table) with warm caches.
        for _ in 0..warmup {
            // The strategy's own searcher, as the worker makes it (only the three the page offers
            // are allowed above, none of which draws random numbers).
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
fn read_boards(file: &str) -> Result<Vec<Board>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
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
