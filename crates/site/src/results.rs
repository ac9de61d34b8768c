//! The arena's committed results (`www/results/*.json`), and the numbers the pages quote from
//! them through `<span data-result="KEY">…</span>`.
//!
//! Keys are `STRATEGY.games`, `STRATEGY.reached.TILE`, `STRATEGY.median_score`,
//! `STRATEGY.mean_score`, `STRATEGY.median_moves`, `STRATEGY.mean_think_ms`,
//! `STRATEGY.p99_think_ms` and (for Max, searched split at the root) `STRATEGY.mean_split_ms`. An unknown key, or a strategy without a results file, stops the
//! build: a page never ships with a blank or a stale number. (A page that must build with or
//! without a strategy's file asks for a generated part instead, which shows what exists.)
//!
//! A strategy's name is the document's `strategy` field: a [`Strategy`] id (`strong`,
//! `strong-deep`), or the arena's `strong@6ms` / `strong@200000nodes` for a run with a budget
//! (the base, then a setting).

use std::path::Path;

use serde::Deserialize;
use solver::Strategy;

use crate::Error;
use crate::format;
use crate::html::{escape, line_of, start_tags};

/// The strategies in the order the Results page lists them: the solver's strengths first, side
/// by side (Strong followed by its earlier, heuristic evaluation and that one searched deeper),
/// then the comparisons from strongest to weakest. Any other strategy found in
/// `www/results/` follows, by name, and a setting of one (`strong@6ms`) right after it: a new
/// results file shows up without a code change.
pub const PREFERRED_ORDER: [Strategy; 9] = [
    Strategy::Max,
    Strategy::Strong,
    Strategy::StrongHeuristic,
    Strategy::StrongDeep,
    Strategy::Spec,
    Strategy::Minimax,
    Strategy::Greedy,
    Strategy::Corner,
    Strategy::Random,
];

/// The largest tile a game can make: `reached.TILE` keys and reach columns stop here.
pub const LARGEST_TILE: u32 = 131_072;

/// The arena's own types for its results file: one declaration, shared with the arena.
pub use results_schema::{Reach, Record as Game, Summary};

/// One results file: a strategy's run.
#[derive(Clone, Debug, Deserialize)]
pub struct Run {
    pub summary: Summary,
    pub games: Vec<Game>,
    /// The file's name in `www/results/`, for the command that remakes it.
    #[serde(skip)]
    pub file: String,
}

impl Run {
    pub fn name(&self) -> &str {
        &self.summary.strategy
    }

    /// The strategy without its setting: `strong` for `strong@6ms`.
    pub fn base(&self) -> &str {
        base_of(self.name())
    }

    /// What the pages call the run: its strategy and budget (`strong@6ms`, `max`), without the
    /// arena's whole setting in brackets, which the solver page describes in words.
    pub fn key(&self) -> &str {
        key_of(self.name())
    }

    /// The reach of `tile` as the arena reports it, if it does.
    pub fn reported(&self, tile: u32) -> Option<&Reach> {
        self.summary.reach.iter().find(|r| r.tile == tile)
    }

    /// The reach of `tile`: the arena's, or counted from the games (with the same Wilson
    /// interval) for a tile its summary leaves out, so that documents written with fewer
    /// milestones still fill a column a newer one opened. `None` for a tile no game can make.
    pub fn reach(&self, tile: u32) -> Option<Reach> {
        if let Some(r) = self.reported(tile) {
            return Some(r.clone());
        }
        if !tile.is_power_of_two() || !(4..=LARGEST_TILE).contains(&tile) {
            return None;
        }
        let games = self.games.iter().filter(|g| g.max_tile >= tile).count();
        Some(Reach::from_count(tile, games, self.games.len()))
    }

    /// The largest tile any of its games made.
    pub fn best_tile(&self) -> u32 {
        self.games.iter().map(|g| g.max_tile).max().unwrap_or(0)
    }
}

/// A strategy's name without its setting: everything before an `@` (`strong@6ms`) or a `[`
/// (the arena's whole setting, `max[beyond=4,cutoff=0.002,tt=19,learned=b6ed0082]`).
pub fn base_of(name: &str) -> &str {
    name.split(['@', '[']).next().unwrap_or(name)
}

/// A run's name without the arena's whole setting: `max` for `max[beyond=4,…]`, `strong@6ms`.
pub fn key_of(name: &str) -> &str {
    name.split('[').next().unwrap_or(name)
}

/// Every run in `www/results/`, in [`PREFERRED_ORDER`].
#[derive(Clone, Debug)]
pub struct Results {
    pub runs: Vec<Run>,
    /// The measurements behind the Hint's words (`move-quality*.json`, not runs), one per
    /// strength measured, as committed.
    pub move_quality: Vec<MoveQuality>,
    /// The check of the chance of the next tile (`chance.json`, not a run), if committed.
    pub chance: Option<results_schema::chance::Document>,
}

/// How the files of the Hint's words' measurements start (`move-quality.json`,
/// `move-quality-strong.json`): read as [`MoveQuality`], not as runs.
pub use results_schema::move_quality::FILE_PREFIX as MOVE_QUALITY_PREFIX;

pub use results_schema::move_quality::Document as MoveQuality;

impl Results {
    /// Reads every `*.json` in `dir` (`move-quality*.json` as the Hint's measurements,
    /// `chance.json` as the chance's check, the others as runs). A missing folder, an unreadable file, two files for the
    /// same strategy or a summary that disagrees with its own games is an error.
    pub fn load(dir: &Path) -> Result<Results, Error> {
        let place = dir.display().to_string();
        let entries = std::fs::read_dir(dir)
            .map_err(|e| Error::new(&place, format!("cannot read the arena's results: {e}")))?;
        let mut paths: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        let mut runs: Vec<Run> = Vec::new();
        let mut move_quality = Vec::new();
        let mut chance = None;
        for path in paths {
            let where_ = path.display().to_string();
            let text = std::fs::read_to_string(&path).map_err(|e| Error::new(&where_, e.to_string()))?;
            if path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with(MOVE_QUALITY_PREFIX)) {
                move_quality.push(
                    serde_json::from_str(&text)
                        .map_err(|e| Error::new(&where_, format!("not a move-quality document: {e}")))?,
                );
                continue;
            }
            if path.file_name().is_some_and(|n| n == results_schema::chance::FILE) {
                chance = Some(
                    serde_json::from_str(&text)
                        .map_err(|e| Error::new(&where_, format!("not the chance's check: {e}")))?,
                );
                continue;
            }
            let mut run: Run = serde_json::from_str(&text)
                .map_err(|e| Error::new(&where_, format!("not an arena results file: {e}")))?;
            run.file = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
            check(&run).map_err(|m| Error::new(&where_, m))?;
            // The pages tell runs apart by their key alone.
            if let Some(other) = runs.iter().find(|r| r.key() == run.key()) {
                return Err(Error::new(
                    &where_,
                    format!("strategy `{}` also has results in {}", run.key(), other.file),
                ));
            }
            runs.push(run);
        }
        if runs.is_empty() {
            return Err(Error::new(&place, "no results files (*.json): run the arena first"));
        }
        runs.sort_by_key(|a| order_key(a.name()));
        // Spec's measurement first, as the strengths are listed on the page (Spec, Strong, Max).
        move_quality.sort_by_key(|d: &MoveQuality| Strategy::ALL.iter().position(|s| s.id() == d.strength));
        Ok(Results { runs, move_quality, chance })
    }

    /// The run of strategy `name`: the run of that name or [key](Run::key), or else the only run
    /// of that base (`max` is `max[beyond=4,…]`, so a page's `max.games` outlives a change of
    /// Max's setting or network).
    pub fn run(&self, name: &str) -> Option<&Run> {
        self.runs.iter().find(|r| r.name() == name || r.key() == name).or_else(|| {
            let mut of_base = self.runs.iter().filter(|r| r.base() == name);
            of_base.next().filter(|_| of_base.next().is_none())
        })
    }

    /// The text of the number `key` stands for.
    pub fn value(&self, key: &str) -> Result<String, String> {
        let (strategy, field) =
            key.split_once('.').ok_or_else(|| format!("`{key}` is not STRATEGY.FIELD"))?;
        let run = self.run(strategy).ok_or_else(|| {
            let known: Vec<&str> = self.runs.iter().map(|r| r.name()).collect();
            format!("no results for strategy `{strategy}` (www/results/ has: {})", known.join(", "))
        })?;
        let s = &run.summary;
        match field.split_once('.') {
            Some(("reached", tile)) => {
                let reach = tile.parse().ok().and_then(|t| run.reach(t)).ok_or_else(|| {
                    format!("`{key}`: reached.TILE needs a tile, a power of two from 4 to {LARGEST_TILE}")
                })?;
                Ok(format::percent(reach.games, s.games))
            }
            None if field == "games" => Ok(format::thousands(s.games as u64)),
            None if field == "median_score" => Ok(format::number(s.median_score)),
            None if field == "mean_score" => Ok(format::number(s.mean_score.round())),
            None if field == "median_moves" => Ok(format::number(s.median_moves)),
            None if field == "mean_think_ms" => Ok(format::duration_ms(s.mean_think_ms)),
            None if field == "p99_think_ms" => Ok(format::duration_ms(s.p99_think_ms)),
            None if field == "mean_split_ms" => s
                .mean_split_ms
                .map(format::duration_ms)
                .ok_or_else(|| format!("`{key}`: the run searched no move split at the root")),
            _ => Err(format!(
                "unknown key `{key}` (known: STRATEGY.games, .reached.TILE, .median_score, .mean_score, \
                 .median_moves, .mean_think_ms, .p99_think_ms, .mean_split_ms)"
            )),
        }
    }
}

/// Where a strategy goes in the list: by its base's place in [`PREFERRED_ORDER`], the plain
/// strategy before its settings, then by name.
fn order_key(name: &str) -> (usize, bool, String) {
    let base = base_of(name);
    let rank = PREFERRED_ORDER.iter().position(|p| p.id() == base).unwrap_or(PREFERRED_ORDER.len());
    (rank, base != name, name.to_string())
}

/// A file whose summary disagrees with its games is half-written or hand-edited: refuse it.
fn check(run: &Run) -> Result<(), String> {
    let s = &run.summary;
    if s.games == 0 || s.games != run.games.len() {
        return Err(format!("the summary counts {} games, the file holds {}", s.games, run.games.len()));
    }
    for r in &s.reach {
        let counted = run.games.iter().filter(|g| g.max_tile >= r.tile).count();
        if counted != r.games {
            return Err(format!(
                "the summary says {} games reached {}, the games say {counted}",
                r.games, r.tile
            ));
        }
    }
    Ok(())
}

/// Fills every `data-result` span of `page` with its number. The placeholder inside (`…`) is
/// replaced; the attribute stays, for the stylesheet and the tests.
pub fn fill(name: &str, page: &str, results: &Results) -> Result<String, Error> {
    let mut out = String::with_capacity(page.len());
    let mut copied = 0;
    for tag in start_tags(page) {
        let Some(key) = tag.attr("data-result") else { continue };
        let place = format!("{name}:{}", line_of(page, tag.start));
        if tag.name != "span" {
            return Err(Error::new(place, format!("data-result belongs on a <span>, not <{}>", tag.name)));
        }
        let close = page[tag.end..]
            .find("</span>")
            .map(|i| tag.end + i)
            .ok_or_else(|| Error::new(&place, "a data-result span is never closed"))?;
        if page[tag.end..close].contains('<') {
            return Err(Error::new(&place, "a data-result span must hold only its placeholder"));
        }
        let value = results.value(key).map_err(|m| Error::new(&place, m))?;
        out.push_str(&page[copied..tag.end]);
        out.push_str(&escape(&value));
        copied = close;
    }
    out.push_str(&page[copied..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_places_every_strategy_once() {
        for s in Strategy::ALL {
            assert_eq!(PREFERRED_ORDER.iter().filter(|&&p| p == s).count(), 1, "{s}");
        }
        // A setting follows its strategy, an unknown strategy comes last.
        let mut names = ["zzz", "spec", "strong@6ms", "random", "strong"];
        names.sort_by_key(|n| order_key(n));
        assert_eq!(names, ["strong", "strong@6ms", "spec", "random", "zzz"]);
        assert_eq!(base_of("max[beyond=4,cutoff=0.002,tt=19,learned=b6ed0082]"), "max");
        assert_eq!(key_of("max[beyond=4,cutoff=0.002,tt=19,learned=b6ed0082]"), "max");
        assert_eq!(key_of("strong@6ms"), "strong@6ms");
        assert_eq!(base_of("strong@6ms[cutoff=0.01]"), "strong");
    }
}
