//! The finished site, as written to disk: every page expanded, framed and linked, every number
//! equal to what the arena's JSON says. The expectations are computed here, from the JSON read
//! as plain `serde_json::Value`s and the rules written out as formulas, not by calling the
//! generator's own code for them, so a bug there shows up as a difference.

use site::results::base_of;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

mod chance;
#[path = "../common/mod.rs"]
mod common;
mod pages;
mod results;

use common::*;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn templates_dir() -> PathBuf {
    repo().join("www/site")
}

/// The committed results, or the folder `SITE_TEST_RESULTS` names: a run not committed yet can
/// be checked against every test here first (`SITE_TEST_RESULTS=/tmp/results cargo test -p site`).
fn results_dir() -> PathBuf {
    std::env::var_os("SITE_TEST_RESULTS").map_or_else(|| repo().join("www/results"), PathBuf::from)
}

/// A fresh folder for one test's output.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("site-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The site generated once from the repository's sources into a fresh folder, read back from
/// disk: (path in the site, contents).
fn output() -> &'static BTreeMap<String, String> {
    static OUTPUT: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    OUTPUT.get_or_init(|| {
        let out = scratch("main").join("site");
        let built = site::generate(&templates_dir(), &results_dir()).unwrap_or_else(|e| panic!("{e}"));
        site::write(&built, &out).unwrap();
        read_dir(&out)
    })
}

fn read_dir(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| (p.file_name().unwrap().to_str().unwrap().to_string(), std::fs::read_to_string(&p).unwrap()))
        .collect()
}

fn page(name: &str) -> &'static str {
    output().get(name).unwrap_or_else(|| panic!("no {name} in the output"))
}

fn pages() -> impl Iterator<Item = (&'static String, &'static String)> {
    output().iter().filter(|(name, _)| name.ends_with(".html"))
}

fn template_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(templates_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".html"))
        .collect();
    names.sort();
    names
}

// ---- The arena's JSON, read independently ----

struct Run {
    summary: Value,
    scores: Vec<f64>,
    moves: Vec<f64>,
    max_tiles: Vec<u64>,
}

/// The run a page's key names: the run of that name, or else the only run of that base (a page
/// quotes `max.games` for the run `max[beyond=4,…]`).
fn run_named(strategy: &str) -> &'static Run {
    let runs = runs();
    runs.get(strategy).unwrap_or_else(|| {
        let of_base: Vec<_> = runs.iter().filter(|(n, _)| base_of(n) == strategy).collect();
        assert_eq!(of_base.len(), 1, "`{strategy}` names one run");
        of_base[0].1
    })
}

fn runs() -> &'static BTreeMap<String, Run> {
    static RUNS: OnceLock<BTreeMap<String, Run>> = OnceLock::new();
    RUNS.get_or_init(|| {
        let mut runs = BTreeMap::new();
        for entry in std::fs::read_dir(results_dir()).unwrap() {
            let path = entry.unwrap().path();
            // The runs only: not the Hint's measurement, nor its raw file, nor the chance's check.
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if path.extension().is_none_or(|x| x != "json")
                || name.starts_with(site::results::MOVE_QUALITY_PREFIX)
                || name == results_schema::chance::FILE
            {
                continue;
            }
            let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let games = doc["games"].as_array().unwrap();
            let field = |name: &str| games.iter().map(|g| g[name].as_f64().unwrap()).collect::<Vec<f64>>();
            let run = Run {
                summary: doc["summary"].clone(),
                scores: field("score"),
                moves: field("moves"),
                max_tiles: games.iter().map(|g| g["max_tile"].as_u64().unwrap()).collect(),
            };
            // By key, as the pages name a run (`max` for `max[beyond=4,…]`).
            runs.insert(site::results::key_of(doc["summary"]["strategy"].as_str().unwrap()).to_string(), run);
        }
        runs
    })
}
