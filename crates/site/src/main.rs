//! The site generator's command line: `cargo run -p site -- [--out DIR] [--src DIR] [--results DIR]`.
//!
//! Run by Trunk as a post-build hook (see Trunk.toml), it writes into `$TRUNK_STAGING_DIR/site/`,
//! so the pages ship in `dist/site/` with every `trunk build` and `trunk serve`.

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
Generates the text pages of 2048 (rules, strategy, solver, results).

usage: site [--out DIR] [--src DIR] [--results DIR]

  --out DIR      where to write the site (default: $TRUNK_STAGING_DIR/site, as set by Trunk for hooks)
  --src DIR      the page templates and site.css (default: www/site of the repository)
  --results DIR  the arena's results, *.json (default: www/results of the repository)";

struct Args {
    out: PathBuf,
    src: PathBuf,
    results: PathBuf,
}

fn parse_args() -> Result<Option<Args>, String> {
    let (mut src, mut results) = site::default_sources();
    let mut out = None;
    let mut args = std::env::args_os().skip(1);
    while let Some(arg) = args.next() {
        let arg = arg.to_string_lossy().into_owned();
        let mut value = |name: &str| args.next().map(PathBuf::from).ok_or(format!("{name} needs a folder"));
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--out" => out = Some(value("--out")?),
            "--src" => src = value("--src")?,
            "--results" => results = value("--results")?,
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    // Trunk passes its staging folder in the environment, not on the command line, and the
    // staging folder becomes dist/ once every hook has succeeded.
    let out = match out {
        Some(out) => out,
        None => std::env::var_os("TRUNK_STAGING_DIR")
            .map(|dir| PathBuf::from(dir).join("site"))
            .ok_or("no output folder: pass --out DIR, or run from Trunk (which sets TRUNK_STAGING_DIR)")?,
    };
    Ok(Some(Args { out, src, results }))
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("site: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let built = site::generate(&args.src, &args.results).and_then(|s| site::write(&s, &args.out).map(|()| s));
    match built {
        Ok(s) => {
            println!(
                "site: wrote {} pages and {} other files to {}",
                s.pages().count(),
                s.files.len() - s.pages().count(),
                args.out.display()
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("site: {error}");
            ExitCode::FAILURE
        }
    }
}
