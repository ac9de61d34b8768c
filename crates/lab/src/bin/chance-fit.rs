//! Fits the chance of the next tile (`solver::chance`) on the positions of `chance-positions`
//! files, one model per strength, and writes the generated `coefficients.rs` that ships it.
//! With `--held`, also prints how the fitted weights do on another seed's positions (the
//! shipped check is `chance-check`'s, of the committed coefficients).
//!
//! ```text
//! cargo run --release -p lab --bin chance-fit -- --fit spec=crates/lab/data/chance/spec-seed1.jsonl --fit strong=crates/lab/data/chance/strong-seed1.jsonl --write crates/solver/src/chance/coefficients.rs
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use lab::chance::check::{Baseline, sample, table};
use lab::chance::fit::{Position, fit, predict, source};
use lab::chance::load;

#[derive(Parser)]
#[command(about = "Fits the chance of the next tile on self-play positions")]
struct Args {
    /// STRENGTH=FILE[,FILE…]: fit STRENGTH's model (`spec`, `strong`) on the files' positions, one file a seed.
    #[arg(long, required = true)]
    fit: Vec<String>,
    /// STRENGTH=FILE[,FILE…]: print how the fit does on the files' positions.
    #[arg(long)]
    held: Vec<String>,
    /// Write the generated module here.
    #[arg(long)]
    write: Option<PathBuf>,
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chance-fit: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Args) -> Result<(), String> {
    let mut models = Vec::new();
    for arg in &args.fit {
        let (name, seeds, fitted) = load(arg)?;
        let weights = fit(&fitted);
        let baseline = Baseline::new(&fitted);
        let shown = |ps: &[Position]| ps.iter().map(|p| predict(&weights, p.board)).collect::<Vec<_>>();
        print!("{}", table(&format!("{name} fitted"), &sample(&seeds, &fitted, &shown(&fitted), &baseline)));
        for held in args.held.iter().filter(|h| h.starts_with(&format!("{name}="))) {
            let (_, seeds, apart) = load(held)?;
            print!(
                "{}",
                table(&format!("{name} held apart"), &sample(&seeds, &apart, &shown(&apart), &baseline))
            );
        }
        let path = arg.split_once('=').map_or("", |a| a.1).to_string();
        models.push((name.to_uppercase(), path, weights));
    }
    if let Some(out) = args.write {
        let command = format!("cargo run --release -p lab --bin chance-fit -- {}", {
            let fits: Vec<String> = args.fit.iter().map(|f| format!("--fit {f}")).collect();
            fits.join(" ") + &format!(" --write {}", out.display())
        });
        let models: Vec<(&str, &str, _)> =
            models.iter().map(|(n, p, w)| (n.as_str(), p.as_str(), w.clone())).collect();
        std::fs::write(&out, source(&command, &models)).map_err(|e| format!("{}: {e}", out.display()))?;
        println!("wrote {}", out.display());
    }
    Ok(())
}
