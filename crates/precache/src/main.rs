//! `cargo run -p precache -- [--dist DIR] [--template FILE]`: writes the service worker
//! (`DIR/sw.js`) from its template (`www/sw.js`) with the build's version and files. Run by
//! `scripts/post-build.sh`, Trunk's post-build hook, after the site's pages are written, on
//! Trunk's staging folder (`$TRUNK_STAGING_DIR`).

use std::path::PathBuf;
use std::process::ExitCode;

fn run() -> Result<String, String> {
    let mut dist = std::env::var_os("TRUNK_STAGING_DIR").map(PathBuf::from);
    let mut template = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../www/sw.js");
    let mut args = std::env::args_os().skip(1);
    while let Some(arg) = args.next() {
        let mut value =
            || args.next().map(PathBuf::from).ok_or(format!("{} needs a value", arg.to_string_lossy()));
        match arg.to_str() {
            Some("--dist") => dist = Some(value()?),
            Some("--template") => template = value()?,
            _ => {
                return Err(format!(
                    "unknown argument `{}`; usage: precache [--dist DIR] [--template FILE]",
                    arg.to_string_lossy()
                ));
            }
        }
    }
    let dist =
        dist.ok_or("no build folder: pass --dist DIR, or run from Trunk (which sets TRUNK_STAGING_DIR)")?;
    let text = std::fs::read_to_string(&template).map_err(|e| format!("{}: {e}", template.display()))?;
    let files = precache::files(&dist).map_err(|e| format!("{}: {e}", dist.display()))?;
    let version = precache::version(&dist, &files, &text).map_err(|e| format!("{}: {e}", dist.display()))?;
    let script = precache::worker(&text, &version, &files)?;
    let out = dist.join(precache::WORKER);
    std::fs::write(&out, script).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(format!("precache: {} files, version {version}, in {}", files.len(), out.display()))
}

fn main() -> ExitCode {
    match run() {
        Ok(said) => {
            println!("{said}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("precache: {error}");
            ExitCode::FAILURE
        }
    }
}
