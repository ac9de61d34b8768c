//! Checks the chance of the next tile the game ships (`solver::chance::chance`, the committed
//! coefficients) on the positions of the seed each model was fitted on and of a seed held apart,
//! against a baseline that knows only the largest tile, and writes `www/results/chance.json`
//! (what the solver page shows).
//!
//! ```text
//! cargo run --release -p lab --bin chance-check -- --fit spec=crates/lab/data/chance/spec-seed1.jsonl --held spec=crates/lab/data/chance/spec-seed2.jsonl --fit strong=crates/lab/data/chance/strong-seed1.jsonl --held strong=crates/lab/data/chance/strong-seed2.jsonl --json www/results/chance.json
//! ```

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use lab::chance::check::{Baseline, sample, table};
use lab::chance::fit::Position;
use results_schema::chance::{Document, Study};
use solver::Strategy;

#[derive(Parser)]
#[command(about = "Checks the shipped chance of the next tile on fitted and held-apart positions")]
struct Args {
    /// STRENGTH=FILE[,FILE…]: the positions STRENGTH's model was fitted on (the baseline's too), one file a seed.
    #[arg(long, required = true)]
    fit: Vec<String>,
    /// STRENGTH=FILE[,FILE…]: positions of other seeds, for each strength fitted.
    #[arg(long, required = true)]
    held: Vec<String>,
    /// Write the check here.
    #[arg(long)]
    json: Option<PathBuf>,
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chance-check: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The shipped chance of each position, and the time of one, in nanoseconds: the mean over
/// the positions of the fastest of five passes (the machine is shared: the slower passes
/// measure the other work on it).
fn shown(strategy: Strategy, positions: &[Position]) -> Result<(Vec<f64>, f64), String> {
    let chances: Option<Vec<f64>> =
        positions.iter().map(|p| solver::chance::chance(p.board, strategy).map(|c| c.probability)).collect();
    let chances = chances.ok_or(format!("{strategy} has no chance model"))?;
    let fastest = (0..5)
        .map(|_| {
            let start = Instant::now();
            for p in positions {
                std::hint::black_box(solver::chance::chance(std::hint::black_box(p.board), strategy));
            }
            start.elapsed()
        })
        .min()
        .unwrap_or_default();
    Ok((chances, fastest.as_nanos() as f64 / positions.len().max(1) as f64))
}

fn run(args: Args) -> Result<(), String> {
    let mut studies = Vec::new();
    for arg in &args.fit {
        let (name, seeds, fitted) = lab::chance::load(arg)?;
        let strategy = Strategy::from_id(&name).ok_or(format!("no strategy {name}"))?;
        let held = args
            .held
            .iter()
            .find(|h| h.starts_with(&format!("{name}=")))
            .ok_or(format!("no --held {name}=FILE"))?;
        let (_, held_seeds, apart) = lab::chance::load(held)?;
        if let Some(both) = held_seeds.iter().find(|s| seeds.contains(s)) {
            return Err(format!("{name}: the held-apart positions are of the fitted seed {both}"));
        }
        let baseline = Baseline::new(&fitted);
        let (on_fitted, _) = shown(strategy, &fitted)?;
        let (on_apart, nanos) = shown(strategy, &apart)?;
        let fit = sample(&seeds, &fitted, &on_fitted, &baseline);
        let held_apart = sample(&held_seeds, &apart, &on_apart, &baseline);
        print!(
            "{}{}",
            table(&format!("{name} fitted"), &fit),
            table(&format!("{name} held apart"), &held_apart)
        );
        println!("  {nanos:.0} ns a chance");
        studies.push(Study { strength: name, fit, held_apart, nanos });
    }
    let pairs =
        |flag: &str, list: &[String]| list.iter().map(|a| format!(" --{flag} {a}")).collect::<String>();
    let check = format!(
        "cargo run --release -p lab --bin chance-check --{}{}{}",
        pairs("fit", &args.fit),
        pairs("held", &args.held),
        args.json.as_ref().map_or(String::new(), |p| format!(" --json {}", p.display()))
    );
    let fit = format!(
        "cargo run --release -p lab --bin chance-fit --{} --write crates/solver/src/chance/coefficients.rs",
        pairs("fit", &args.fit)
    );
    let document = Document { commands: vec![fit, check], studies };
    if let Some(path) = args.json {
        let text = serde_json::to_string_pretty(&document).map_err(|e| e.to_string())? + "\n";
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
