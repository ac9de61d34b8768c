//! Reads the measured thresholds of Hint's words (every `www/results/move-quality*.json`:
//! `move-quality.json` for Spec, `move-quality-strong.json` for Strong, one per strength
//! measured) when the crate is built, and writes them as Rust constants
//! (`$OUT_DIR/thresholds.rs`, included by `core::quality`). The page then carries a few numbers
//! instead of the documents and a JSON parser's float tables for them; a document that does not
//! parse fails the build.

use std::path::Path;

use results_schema::move_quality::{Document, FILE_PREFIX, GapMeasure};

/// Where the documents are: each `move-quality*.json` ([`FILE_PREFIX`]) here is one strength's.
const RESULTS: &str = "../../www/results";

/// The documents' paths, in name order.
fn documents() -> Vec<String> {
    let entries = std::fs::read_dir(RESULTS).unwrap_or_else(|e| panic!("{RESULTS}: {e}"));
    let mut paths: Vec<String> = entries
        .map(|entry| entry.unwrap_or_else(|e| panic!("{RESULTS}: {e}")).file_name())
        .filter_map(|name| name.to_str().map(str::to_owned))
        .filter(|name| name.starts_with(FILE_PREFIX) && name.ends_with(".json"))
        .map(|name| format!("{RESULTS}/{name}"))
        .collect();
    paths.sort();
    paths
}

fn main() {
    let mut entries = Vec::new();
    println!("cargo::rerun-if-changed={RESULTS}");
    for path in &documents() {
        println!("cargo::rerun-if-changed={path}");
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let doc: Document = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        let gap = match doc.gap {
            GapMeasure::Absolute => "Absolute",
            GapMeasure::Relative => "Relative",
        };
        // `{:?}` writes an f64 that reads back as exactly the same value.
        let worse = doc.thresholds.worse.map_or("None".to_owned(), |w| format!("Some({w:?})"));
        entries.push(format!(
            "    ({strength:?}, GapMeasure::{gap}, move_quality::Thresholds {{ about_as_good: {about:?}, worse: {worse} }}),\n",
            strength = doc.strength,
            about = doc.thresholds.about_as_good,
        ));
    }
    let code = format!(
        "/// Each measured strength (its code), its gap measure and its thresholds.\n\
         const MEASURED: [(&str, GapMeasure, move_quality::Thresholds); {}] = [\n{}];\n",
        entries.len(),
        entries.concat()
    );
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("thresholds.rs");
    std::fs::write(&out, code).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}
