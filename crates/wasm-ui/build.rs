//! Reads the measured thresholds of Hint's words (`www/results/move-quality.json`) when the
//! crate is built, and writes them as Rust constants (`$OUT_DIR/thresholds.rs`, included by
//! `core::quality`). The page then carries three numbers instead of the whole document and a
//! JSON parser's float tables for it; a document that does not parse fails the build.

use std::path::Path;

use results_schema::move_quality::{Document, GapMeasure};

const MEASURED: &str = "../../www/results/move-quality.json";

fn main() {
    println!("cargo::rerun-if-changed={MEASURED}");
    let text = std::fs::read_to_string(MEASURED).unwrap_or_else(|e| panic!("{MEASURED}: {e}"));
    let doc: Document = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{MEASURED}: {e}"));
    let gap = match doc.gap {
        GapMeasure::Absolute => "Absolute",
        GapMeasure::Relative => "Relative",
    };
    // `{:?}` writes an f64 that reads back as exactly the same value.
    let worse = doc.thresholds.worse.map_or("None".to_owned(), |w| format!("Some({w:?})"));
    let code = format!(
        "/// The strength the thresholds were measured for (its code).\n\
         const MEASURED_STRENGTH: &str = {strength:?};\n\
         const MEASURED_GAP: GapMeasure = GapMeasure::{gap};\n\
         const MEASURED_LEVELS: move_quality::Thresholds = \
         move_quality::Thresholds {{ about_as_good: {about:?}, worse: {worse} }};\n",
        strength = doc.strength,
        about = doc.thresholds.about_as_good,
    );
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("thresholds.rs");
    std::fs::write(&out, code).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}
