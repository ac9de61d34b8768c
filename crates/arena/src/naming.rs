//! The names of runs: what a run file's header and a results file's `strategy` say was played.
//! A searching setting is named by what it is (its budget, cutoff, table, evaluation, late
//! game), never by the options that changed it from a strategy's own, so that when a strategy's
//! own setting changes, its new runs get new names and cannot add different games to an old
//! run file. Files (networks, tuned weights) are named by a fingerprint of their bytes.

use std::collections::HashMap;

use solver::endgame::Endgame;
use solver::ntuple::Reading;
use solver::strong::tt::Reuse;
use solver::strong::{Evaluation, Late, Stage};
use solver::{Budget, Strategy, StrongConfig};

/// The first 8 hex digits of the FNV-1a hash of `bytes`: which file a run read.
pub fn fingerprint(bytes: &[u8]) -> String {
    let hash =
        bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    format!("{:08x}", hash >> 32)
}

/// The fingerprints of the files a run's evaluations were read from, by the address of what
/// was read (a network or a set of weights, each read once and kept for the whole process).
#[derive(Clone, Debug, Default)]
pub struct Files(HashMap<usize, String>);

impl Files {
    /// Remembers that `read` was read from `bytes`.
    pub fn insert<T>(&mut self, read: &'static T, bytes: &[u8]) {
        self.0.insert(read as *const T as usize, fingerprint(bytes));
    }

    /// The files with the repository's network noted (`www/max-network.nt`, what the page
    /// downloads), read once for the process.
    pub fn with_repository_network() -> Result<Files, String> {
        let mut files = Files::default();
        files.insert(solver::max::repository_network()?, solver::max::repository_bytes()?);
        Ok(files)
    }

    /// The fingerprint of the file `read` was read from (`unread` if none was noted).
    pub fn of<T>(&self, read: &T) -> &str {
        self.0.get(&(read as *const T as usize)).map_or("unread", String::as_str)
    }
}

/// The run's name: the strategy's id, then, for a strategy that searches with a network, its
/// whole setting `own`:
/// `strong[beyond=3,cutoff=0.008,tt=18,learned=b6ed0082,read-down-from=16384,late(…)]`.
pub fn run_name(strategy: Strategy, own: Option<&StrongConfig>, files: &Files) -> String {
    named(strategy, own.filter(|_| strategy.needs_network()).map(|own| search(own, files)))
}

/// The strategy's id, and the setting it played if it is named: `strong-deep`, `max[…]`.
pub fn named(strategy: Strategy, setting: Option<String>) -> String {
    match setting {
        Some(setting) => format!("{}[{setting}]", strategy.id()),
        None => strategy.id().to_owned(),
    }
}

/// What one part of a search's name says, in the order the parts are named (the lab names its
/// own parts among them, after the part of the kind they follow).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    Budget,
    Cutoff,
    Table,
    Evaluation,
    Late,
    Endgame,
}

/// A search setting, every part of it that changes a game:
/// `beyond=4,cutoff=0.002,tt=19,learned=b6ed0082`.
pub fn search(config: &StrongConfig, files: &Files) -> String {
    join(&search_parts(config, files))
}

/// The named parts, joined.
pub fn join(parts: &[(Part, String)]) -> String {
    parts.iter().map(|(_, text)| text.as_str()).collect::<Vec<_>>().join(",")
}

/// [`search`]'s parts, each with its kind.
pub fn search_parts(config: &StrongConfig, files: &Files) -> Vec<(Part, String)> {
    let mut parts =
        vec![(Part::Budget, budget(config.budget)), (Part::Cutoff, format!("cutoff={}", config.cutoff))];
    parts.push((
        Part::Table,
        match config.tt_bits {
            Some(bits) => format!("tt={bits}"),
            None => "tt=none".to_owned(),
        },
    ));
    // Every strength reuses deeper entries from one move beyond the root: named only otherwise.
    if config.reuse == Reuse::Exact {
        parts.push((Part::Table, "reuse=exact".to_owned()));
    }
    if config.tt_min_depth != 1 {
        parts.push((Part::Table, format!("tt-min-depth={}", config.tt_min_depth)));
    }
    parts.push((Part::Evaluation, evaluation(config.evaluation, files)));
    if let Some(Late { stage, depth, cutoff, shaping }) = config.late {
        if let Some(weight) = shaping {
            parts.push((Part::Late, format!("shaped({},heuristic*{weight})", tiles(stage))));
        }
        parts.push((Part::Late, format!("late({},beyond={depth},cutoff={cutoff})", tiles(stage))));
    }
    if let Some(Endgame { goal, steps, limits }) = config.endgame {
        // Unlimited tables keep the name of the runs made before there were limits.
        let mut limited = String::new();
        if limits.entries != usize::MAX {
            limited += &format!(",entries={}M", limits.entries / 1_000_000);
        }
        if limits.slice != usize::MAX {
            limited += &format!(",slice={}k", limits.slice / 1_000);
        }
        parts.push((Part::Endgame, format!("endgame({},steps={steps}{limited})", 1u32 << goal)));
    }
    parts
}

fn evaluation(evaluation: Evaluation, files: &Files) -> String {
    match evaluation {
        Evaluation::Heuristic => "heuristic".to_owned(),
        Evaluation::Learned(Reading { network, down_from }) => {
            let mut learned = format!("learned={}", files.of(network));
            if let Some(exponent) = down_from {
                learned += &format!(",read-down-from={}", 1u32 << exponent);
            }
            learned
        }
    }
}

fn budget(budget: Budget) -> String {
    match budget {
        Budget::Depth(depth) => format!("beyond={}", depth.saturating_sub(1)),
        // Distinct tiles less 16 or more, or a cap at the floor, is the floor on every board.
        Budget::Distinct { minus, min, max } if minus >= 16 || max <= min => format!("beyond={min}"),
        Budget::Distinct { minus, min, max } => format!("distinct-{minus}:{min}..{max}"),
    }
}

/// A stage by its tiles: `16384`, `16384+8192`.
pub fn tiles(stage: Stage) -> String {
    let largest = 1u32 << stage.largest;
    match stage.second {
        Some(second) => format!("{largest}+{}", 1u32 << second),
        None => largest.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::max_network;

    #[test]
    fn a_strategy_that_searches_no_network_with_its_own_setting_is_named_by_its_id() {
        let files = Files::with_repository_network().unwrap();
        for strategy in [Strategy::Spec, Strategy::StrongHeuristic, Strategy::StrongDeep, Strategy::Random] {
            let own = strategy.strong_config(None);
            assert_eq!(run_name(strategy, own.as_ref(), &files), strategy.id());
        }
    }

    #[test]
    fn a_network_strategy_is_named_by_its_whole_setting_and_its_network() {
        let files = Files::with_repository_network().unwrap();
        let own = Strategy::Strong.strong_config(Some(max_network())).unwrap();
        let name = run_name(Strategy::Strong, Some(&own), &files);
        let fingerprint = fingerprint(solver::max::repository_bytes().unwrap());
        assert_eq!(
            name,
            format!(
                "strong[beyond=3,cutoff=0.008,tt=18,learned={fingerprint},read-down-from=16384,\
                 shaped(16384+8192,heuristic*0.3),late(16384+8192,beyond=5,cutoff=0.008)]"
            )
        );
    }

    #[test]
    fn a_setting_spelled_differently_but_searching_alike_has_one_name_and_every_change_shows() {
        let files = Files::with_repository_network().unwrap();
        let own = StrongConfig::strong(max_network());
        for budget in
            [Budget::Distinct { minus: 99, min: 3, max: 3 }, Budget::Distinct { minus: 2, min: 3, max: 1 }]
        {
            let same = StrongConfig { budget, ..own };
            assert_eq!(search(&same, &files), search(&own, &files), "{budget:?}");
        }
        let changes = [
            StrongConfig { cutoff: 0.004, ..own },
            StrongConfig { budget: Budget::Distinct { minus: 2, min: 3, max: 12 }, ..own },
            StrongConfig { tt_bits: Some(19), ..own },
            StrongConfig { reuse: Reuse::Exact, ..own },
            StrongConfig { evaluation: Evaluation::Heuristic, ..own },
            StrongConfig {
                evaluation: Evaluation::Learned(Reading { network: max_network(), down_from: None }),
                ..own
            },
            StrongConfig { late: None, ..own },
            StrongConfig { late: Some(Late { shaping: None, ..own.late.unwrap() }), ..own },
            StrongConfig { late: Some(Late { shaping: Some(0.1), ..own.late.unwrap() }), ..own },
        ];
        let mut names: Vec<String> = changes.iter().map(|c| search(c, &files)).collect();
        names.push(search(&own, &files));
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), count, "each setting its own name");
    }

    #[test]
    fn a_file_is_named_by_its_bytes() {
        assert_eq!(fingerprint(b"a"), fingerprint(b"a"));
        assert_ne!(fingerprint(b"a"), fingerprint(b"b"));
        assert_eq!(fingerprint(b"").len(), 8);
    }
}
