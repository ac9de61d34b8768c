//! What the lab's runner plays instead of a strategy's own setting: Strong's configuration,
//! Max's late game handed over ([`Handover`]), the lab's experiments ([`LabConfig`]) and the
//! heuristic's weights; the player it makes for each game, and its name (the arena's
//! [`arena::naming`], with the lab's parts among the arena's).

use arena::naming::{Files, Part, join, named, search_parts, tiles};
use arena::play::Player;
use solver::max::{Handover, Max};
use solver::strong::Evaluation;
use solver::strong::heuristic::Heuristic;
use solver::{Strategy, StrongConfig};

use crate::search::deepen::{Budget, Clock};
use crate::search::rollout::Rollouts;
use crate::search::{LabConfig, LabSearcher, SecondLook, Tight};

/// A setting of the lab's runner.
#[derive(Clone, Copy, Debug)]
pub struct Setting {
    pub config: StrongConfig,
    /// For Max: the late game's search.
    pub handover: Option<Handover>,
    pub lab: LabConfig,
    /// The heuristic's weights, if not nneonneo's (`tune-weights`'s).
    pub weights: Option<&'static Heuristic>,
}

impl Setting {
    /// A strategy's own search, nothing changed.
    pub fn own(config: StrongConfig) -> Setting {
        Setting { config, handover: None, lab: LabConfig::NONE, weights: None }
    }

    /// Whether this setting is `own`'s.
    pub fn is(&self, own: StrongConfig) -> bool {
        self.config == own && self.handover.is_none() && self.lab == LabConfig::NONE && self.weights.is_none()
    }

    /// Whether the setting is one searcher's only: Max's four root searchers are Strong's own,
    /// which know none of the lab's experiments.
    pub fn needs_one_searcher(&self) -> bool {
        self.lab != LabConfig::NONE || self.weights.is_some()
    }

    /// A game's player: Max split at the root, any other strategy the lab's searcher (a time
    /// budget read from `clock`).
    pub fn player(&self, strategy: Strategy, clock: Clock) -> Player {
        match strategy {
            Strategy::Max => Player::Split(Box::new(Max::with_config(self.config, self.handover))),
            _ => {
                let heuristic = self.weights.unwrap_or_else(Heuristic::nneonneo);
                Player::Whole(Box::new(LabSearcher::new(self.config, heuristic, self.lab, clock)))
            }
        }
    }

    /// The run's name: `strategy[…]` with every part of the setting that changes a game, files
    /// (networks, weights) by their fingerprint in `files`.
    pub fn run_name(&self, strategy: Strategy, files: &Files) -> String {
        named(strategy, Some(self.describe(files)))
    }

    /// Every part of the setting that changes a game: `beyond=4,cutoff=0.002,tt=19,learned=b6ed0082`.
    pub fn describe(&self, files: &Files) -> String {
        let mut parts = search_parts(&self.config, files);
        let replace = |parts: &mut Vec<(Part, String)>, kind: Part, text: String| {
            if let Some(part) = parts.iter_mut().find(|(k, _)| *k == kind) {
                part.1 = text;
            }
        };
        if let Some(deepening) = self.lab.deepening {
            let budget = match deepening.budget {
                Budget::Nodes(nodes) => format!("nodes={nodes}"),
                Budget::Millis(ms) => format!("ms={ms}"),
            };
            replace(&mut parts, Part::Budget, budget);
        }
        if let (Some(weights), Evaluation::Heuristic) = (self.weights, self.config.evaluation) {
            replace(&mut parts, Part::Evaluation, format!("tuned={}", files.of(weights)));
        }
        if let Some(SecondLook { drop, cutoff, max_depth }) = self.lab.second_look {
            insert_after(&mut parts, Part::Evaluation, format!("second-look({drop},{cutoff},{max_depth})"));
        }
        if let Some(Tight { empty, depth, cutoff }) = self.lab.tight {
            insert_after(
                &mut parts,
                Part::Late,
                format!("tight(empty<={empty},beyond={depth},cutoff={cutoff})"),
            );
        }
        if let Some(Rollouts { empty, margin, count, moves }) = self.lab.rollouts {
            let text = format!("rollouts(empty<={empty},margin={margin},count={count},moves={moves})");
            insert_after(&mut parts, Part::Endgame, text);
        }
        let mut described = join(&parts);
        if let Some(Handover { stage, config }) = &self.handover {
            described += &format!(",handover({},{})", tiles(*stage), join(&search_parts(config, files)));
        }
        described
    }
}

/// Names the lab's part `text` after the last of the arena's parts of `kind` or before it.
fn insert_after(parts: &mut Vec<(Part, String)>, kind: Part, text: String) {
    let at = parts.iter().rposition(|(k, _)| *k <= kind).map_or(0, |i| i + 1);
    parts.insert(at, (kind, text));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::deepen::Deepening;
    use arena::play::max_network;
    use solver::ntuple::Reading;
    use solver::strong::tt::Reuse;
    use solver::strong::{Late, Stage};

    #[test]
    fn a_setting_with_nothing_of_the_lab_is_named_as_the_arena_names_it() {
        let files = Files::with_repository_network().unwrap();
        let own = StrongConfig::strong(max_network());
        assert!(Setting::own(own).is(own));
        assert_eq!(
            Setting::own(own).run_name(Strategy::Strong, &files),
            arena::naming::run_name(Strategy::Strong, Some(&own), &files)
        );
    }

    #[test]
    fn the_lab_s_parts_are_named_where_they_were_among_the_search_s() {
        let files = Files::with_repository_network().unwrap();
        let late = Late { stage: Stage::STRONG, depth: 5, cutoff: 0.008, shaping: None };
        let config = StrongConfig { late: Some(late), ..StrongConfig::FAST };
        let lab = LabConfig {
            deepening: Some(Deepening::new(Budget::Nodes(20_000))),
            second_look: Some(SecondLook { drop: 4000.0, cutoff: 0.001, max_depth: 8 }),
            tight: Some(Tight { empty: 2, depth: 7, cutoff: 0.001 }),
            rollouts: Some(Rollouts { empty: 3, margin: 0.002, count: 8, moves: 200 }),
        };
        let setting = Setting { lab, ..Setting::own(config) };
        assert_eq!(
            setting.describe(&files),
            "nodes=20000,cutoff=0.004,tt=18,heuristic,second-look(4000,0.001,8),\
             late(16384+8192,beyond=5,cutoff=0.008),tight(empty<=2,beyond=7,cutoff=0.001),\
             rollouts(empty<=3,margin=0.002,count=8,moves=200)"
        );
    }

    #[test]
    fn every_change_shows_in_the_name() {
        let files = Files::with_repository_network().unwrap();
        let own = StrongConfig::strong(max_network());
        let weights = crate::weights::leak(solver::strong::heuristic::HeuristicWeights::NNEONNEO);
        let mut files_with_weights = files.clone();
        files_with_weights.insert(weights, b"weights");
        let heuristic = StrongConfig { evaluation: Evaluation::Heuristic, ..own };
        let settings = [
            Setting::own(own),
            Setting::own(StrongConfig { reuse: Reuse::Exact, ..own }),
            Setting::own(StrongConfig {
                evaluation: Evaluation::Learned(Reading { network: max_network(), down_from: None }),
                ..own
            }),
            Setting::own(heuristic),
            Setting { weights: Some(weights), ..Setting::own(heuristic) },
            Setting {
                handover: Some(Handover { stage: own.late.unwrap().stage, config: StrongConfig::NNEONNEO }),
                ..Setting::own(own)
            },
            Setting {
                lab: LabConfig {
                    tight: Some(Tight { empty: 2, depth: 7, cutoff: 0.001 }),
                    ..LabConfig::NONE
                },
                ..Setting::own(own)
            },
        ];
        let mut names: Vec<String> = settings.iter().map(|s| s.describe(&files_with_weights)).collect();
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), count, "each setting its own name");
    }
}
