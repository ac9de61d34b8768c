//! The text pages of 2048 (rules, strategy, solver, results), generated from `www/site/`.
//!
//! Every `*.html` in the source folder is a page template: plain HTML with directives in
//! comments (`<!--board …-->`, `<!--nav en rules.html-->`, …). [`generate`] expands them and
//! fills every `data-result` span from the arena's results in `www/results/*.json`; any other
//! file (the stylesheet) is copied as it is. Every diagram is computed and checked with
//! `game-core`, so the pages can never disagree with the game about what a move does.
//!
//! - [`directives`]: finds the directives of a template and expands each one;
//! - [`diagrams`]: the mini boards and lines, and the slides they show;
//! - [`reach`]: whether a board can arise in a real game (diagrams that cannot fail the build);
//! - [`ladder`]: the tile ladder of the rules page;
//! - [`layout`]: the shared header, navigation and footer, in every language;
//! - [`results`]: the arena's results, and the `data-result` numbers drawn from them;
//! - [`results_page`]: the tables, claim and run list of the Results page, in each language;
//! - [`names`]: what the pages call each strategy, the strengths as the game names them;
//! - [`summaries`]: what the pages say each strategy does, in each language;
//! - [`words`]: the words and table markup the Results page's parts share;
//! - [`reproduce`]: the arena command that remakes each results file;
//! - [`strengths`]: the solver page's table of its strengths, Standard, Strong and Max;
//! - [`charts`]: the Results page's charts, as inline SVG, in each language;
//! - [`coach`]: the solver page's figures behind the Hint's words (`move-quality.json`);
//! - [`chance`](mod@chance): the solver page's check of the chance of the next tile (`chance.json`);
//! - [`format`](mod@format): how numbers, shares and times are written;
//! - [`language`]: the languages of the generated parts, each word declared once for all three;
//! - [`html`]: escaping and a small tag scanner;
//! - [`links`]: checks that every link and `#fragment` of the finished site resolves.

pub mod chance;
pub mod charts;
pub mod coach;
pub mod diagrams;
pub mod directives;
pub mod format;
pub mod html;
pub mod ladder;
pub mod language;
pub mod layout;
pub mod links;
pub mod names;
pub mod published;
pub mod reach;
pub mod reproduce;
pub mod results;
pub mod results_page;
pub mod strengths;
pub mod summaries;
pub mod words;

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use crate::results::Results;

/// Why the site could not be built: where, and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// A file, or `file:line` for a problem inside a template.
    pub place: String,
    pub message: String,
}

impl Error {
    pub fn new(place: impl Into<String>, message: impl Into<String>) -> Error {
        Error { place: place.into(), message: message.into() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.message)
    }
}

impl std::error::Error for Error {}

/// The finished site: each file's path inside the site folder and its contents.
#[derive(Clone, Debug, Default)]
pub struct Site {
    pub files: BTreeMap<String, Vec<u8>>,
}

impl Site {
    /// The pages (`*.html`) as text, by path.
    pub fn pages(&self) -> impl Iterator<Item = (&str, &str)> {
        self.files
            .iter()
            .filter(|(path, _)| path.ends_with(".html"))
            .filter_map(|(path, bytes)| std::str::from_utf8(bytes).ok().map(|text| (path.as_str(), text)))
    }
}

/// The folders the site is made from, in the repository: `www/site/` and `www/results/`.
pub fn default_sources() -> (PathBuf, PathBuf) {
    // Resolved from this crate's folder rather than the working directory, so the generator
    // finds its sources wherever it is run from (Trunk runs hooks from the Trunk.toml folder).
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    (root.join("www/site"), root.join("www/results"))
}

/// Builds the site from the page templates in `src` and the results in `results_dir`.
pub fn generate(src: &Path, results_dir: &Path) -> Result<Site, Error> {
    let results = Results::load(results_dir)?;
    let mut site = Site::default();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(src)
        .map_err(|e| Error::new(src.display().to_string(), format!("cannot read the page sources: {e}")))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.is_file())
        .collect();
    entries.sort();
    for path in entries {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .map(str::to_string)
            .ok_or_else(|| Error::new(path.display().to_string(), "a file name that is not UTF-8"))?;
        let bytes =
            std::fs::read(&path).map_err(|e| Error::new(path.display().to_string(), e.to_string()))?;
        if name.ends_with(".html") {
            let text = String::from_utf8(bytes)
                .map_err(|_| Error::new(path.display().to_string(), "the page is not UTF-8"))?;
            let page = build_page(&name, &text, &results)?;
            site.files.insert(name, page.into_bytes());
        } else {
            site.files.insert(name, bytes);
        }
    }
    if site.pages().next().is_none() {
        return Err(Error::new(src.display().to_string(), "no page templates (*.html)"));
    }
    let problems = links::check(&site, links::OUTSIDE_TARGETS);
    if !problems.is_empty() {
        return Err(Error::new("links", problems.join("\n  ")));
    }
    Ok(site)
}

/// One page: its directives expanded, then its `data-result` spans filled.
pub fn build_page(name: &str, template: &str, results: &Results) -> Result<String, Error> {
    let expanded = directives::expand(name, template, results)?;
    results::fill(name, &expanded, results)
}

/// Writes the site into `out`, creating it if needed. Files already there are overwritten,
/// others left alone: under Trunk, `out` is inside a staging folder made fresh for every build.
pub fn write(site: &Site, out: &Path) -> Result<(), Error> {
    std::fs::create_dir_all(out).map_err(|e| Error::new(out.display().to_string(), e.to_string()))?;
    for (name, bytes) in &site.files {
        let path = out.join(name);
        std::fs::write(&path, bytes).map_err(|e| Error::new(path.display().to_string(), e.to_string()))?;
    }
    Ok(())
}
