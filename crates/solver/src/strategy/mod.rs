//! Every strategy's identity, declared once: the id the arena's command line, the results files
//! and the page's worker use, the label the pages show, and the one-line summary the arena's
//! help and the results page give. The site, the arena and the page read them from here. Each
//! strategy's search setting is declared beside them, in `settings.rs`.

mod settings;

pub use settings::{ENDGAME, ENDGAME_LITTLE_ROOM, NETWORK_FILE, READ_DOWN_FROM, Room};

use crate::max::Max;
use crate::ntuple::Network;
use crate::{Corner, Greedy, Minimax, Random, Searcher, Spec, SplitMix64, Strong, StrongConfig};

/// A strategy, by identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    Spec,
    Strong,
    StrongHeuristic,
    StrongDeep,
    Max,
    Minimax,
    Greedy,
    Corner,
    Random,
}

/// What a strategy is called, and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrategyInfo {
    /// The id: `spec`, `strong-deep`; a results file's `strategy` starts with it.
    pub id: &'static str,
    /// The English label, for pages and tables: `Spec solver`.
    pub label: &'static str,
    /// One sentence on what it does.
    pub summary: &'static str,
}

impl Strategy {
    pub const ALL: [Strategy; 9] = [
        Strategy::Spec,
        Strategy::Strong,
        Strategy::StrongHeuristic,
        Strategy::StrongDeep,
        Strategy::Max,
        Strategy::Minimax,
        Strategy::Greedy,
        Strategy::Corner,
        Strategy::Random,
    ];

    pub const fn info(self) -> StrategyInfo {
        let (id, label, summary) = match self {
            Strategy::Spec => (
                "spec",
                "Spec solver",
                "Expectimax, 2 to 4 moves deep as the board fills, with the original solver page’s \
                 evaluation: the reference solver, and Hint and Autoplay’s default strength.",
            ),
            Strategy::Strong => (
                "strong",
                "Strong solver",
                "Expectimax scored by Max’s learned network, three moves beyond the root, five \
                 from the first board that holds a 16384 and an 8192 and from there with \
                 nneonneo/2048-ai’s row-table evaluation added to the network’s, with a \
                 transposition table kept from move to move and a cutoff on unlikely tile \
                 sequences.",
            ),
            Strategy::StrongHeuristic => (
                "strong-heuristic",
                "Strong solver, heuristic",
                "Expectimax with nneonneo/2048-ai’s row-table evaluation, a transposition table kept \
                 from move to move, a cutoff on unlikely tile sequences, and a depth set by how tight \
                 the board is: the page’s Strong before it used the network.",
            ),
            Strategy::StrongDeep => (
                "strong-deep",
                "Strong solver, heuristic, deep",
                "The heuristic Strong solver with a lower cutoff and a higher depth cap: a deeper \
                 search, several times the time per move.",
            ),
            Strategy::Max => (
                "max",
                "Max solver",
                "Strong’s search, with seven moves beyond the root instead of five from the first \
                 board that holds a 16384 and an 8192, each of the four moves searched by a \
                 searcher of its own so that they can run at once, and the exact chance of \
                 building a 32768's last 256 once the largest tiles are in line for it.",
            ),
            Strategy::Minimax => (
                "minimax",
                "Minimax",
                "The same search as the Standard solver, but the new tile is always the worst one for the player.",
            ),
            Strategy::Greedy => (
                "greedy",
                "Greedy",
                "The move whose result evaluates best, one move ahead, with no chance node.",
            ),
            Strategy::Corner => ("corner", "Corner", "Down, left, right, up: the first that counts."),
            Strategy::Random => ("random", "Random", "A uniformly random move that counts."),
        };
        StrategyInfo { id, label, summary }
    }

    pub const fn id(self) -> &'static str {
        self.info().id
    }

    pub const fn label(self) -> &'static str {
        self.info().label
    }

    pub const fn summary(self) -> &'static str {
        self.info().summary
    }

    /// The strategy whose id is exactly `id`.
    pub fn from_id(id: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|s| s.id() == id)
    }

    /// Whether the strategy searches with the learned network, which a page must download
    /// first (Strong and Max).
    pub const fn needs_network(self) -> bool {
        matches!(self, Strategy::Strong | Strategy::Max)
    }

    /// A fresh searcher; `seed` feeds the strategies that draw random numbers (only `random`),
    /// `network` those that [need one](Self::needs_network) (`None` for them without one).
    pub fn searcher(self, seed: u64, network: Option<&'static Network>) -> Option<Box<dyn Searcher + Send>> {
        Some(match self {
            Strategy::Spec => Box::new(Spec),
            Strategy::Strong | Strategy::StrongHeuristic | Strategy::StrongDeep => {
                Box::new(Strong::new(self.strong_config(network)?))
            }
            Strategy::Max => Box::new(Max::new(network?)),
            Strategy::Minimax => Box::new(Minimax),
            Strategy::Greedy => Box::new(Greedy),
            Strategy::Corner => Box::new(Corner),
            Strategy::Random => Box::new(Random(SplitMix64::new(seed))),
        })
    }

    /// The configuration of a strategy one [`Strong`] searcher plays, with `network` for the
    /// one that needs it; `None` for the others (and for Strong without a network).
    pub fn strong_config(self, network: Option<&'static Network>) -> Option<StrongConfig> {
        match self {
            Strategy::Strong => network.map(StrongConfig::strong),
            Strategy::StrongHeuristic => Some(StrongConfig::FAST),
            Strategy::StrongDeep => Some(StrongConfig::DEEP),
            _ => None,
        }
    }

    /// The search setting a strategy plays, whether by one [`Strong`] searcher or, for Max, by
    /// each root move's ([`StrongConfig::max`]); `None` for the strategies that search
    /// otherwise and for those that need a network without one.
    pub fn search_config(self, network: Option<&'static Network>) -> Option<StrongConfig> {
        match self {
            Strategy::Max => network.map(StrongConfig::max),
            strategy => strategy.strong_config(network),
        }
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_labels_are_unique_and_ids_read_back() {
        let mut ids: Vec<&str> = Strategy::ALL.iter().map(|s| s.id()).collect();
        let mut labels: Vec<&str> = Strategy::ALL.iter().map(|s| s.label()).collect();
        ids.sort_unstable();
        ids.dedup();
        labels.sort_unstable();
        labels.dedup();
        assert_eq!((ids.len(), labels.len()), (Strategy::ALL.len(), Strategy::ALL.len()));
        for s in Strategy::ALL {
            assert_eq!(Strategy::from_id(s.id()), Some(s));
            // An id is a results file's name and a command-line word; a setting follows an `@`.
            assert!(s.id().bytes().all(|b| b.is_ascii_lowercase() || b == b'-'), "{s}");
            assert!(s.summary().ends_with('.'), "{s}: one sentence");
        }
        assert_eq!(Strategy::from_id("Spec"), None);
    }

    #[test]
    fn only_the_strong_strategies_have_a_strong_configuration() {
        let network = crate::max::repository_network().unwrap();
        for s in Strategy::ALL {
            assert_eq!(s.strong_config(Some(network)).is_some(), s.id().starts_with("strong"), "{s}");
            assert_eq!(s.strong_config(None).is_some(), s.id().starts_with("strong") && !s.needs_network());
        }
    }

    #[test]
    fn max_searches_each_root_move_with_its_own_setting_and_the_others_as_one_searcher() {
        let network = crate::max::repository_network().unwrap();
        assert_eq!(Strategy::Max.search_config(Some(network)), Some(StrongConfig::max(network)));
        assert_eq!(Strategy::Max.search_config(None), None);
        for s in Strategy::ALL.into_iter().filter(|&s| s != Strategy::Max) {
            assert_eq!(s.search_config(Some(network)), s.strong_config(Some(network)), "{s}");
        }
    }

    #[test]
    fn a_strategy_that_needs_the_network_has_no_searcher_without_it() {
        let network = crate::max::repository_network().unwrap();
        for s in Strategy::ALL {
            assert_eq!(s.searcher(1, None).is_some(), !s.needs_network(), "{s}");
            assert!(s.searcher(1, Some(network)).is_some(), "{s}");
        }
    }
}
