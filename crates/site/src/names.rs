//! What the pages call each strategy, and what they say it does, in the page's language.
//!
//! A results document names its strategy by its id (`spec`, `strong-deep`), perhaps followed by
//! the arena's budget (`strong@6ms`) or whole setting (`max[beyond=4,cutoff=0.002,…]`); the
//! pages show a label instead. Ids, English
//! labels and summaries are the solver's ([`solver::Strategy`]); the Korean labels are this
//! file's. A strategy the solver does not know keeps its own name, so a new results file still
//! shows up, just less politely.

use solver::Strategy;

use crate::format::thousands;
use crate::results::{base_of, key_of};

/// The Korean label of a solver strength (the solver page in Korean shows only those).
fn label_ko(strategy: Strategy) -> Option<&'static str> {
    Some(match strategy {
        Strategy::Strong => "Strong 솔버",
        Strategy::StrongHeuristic => "Strong 솔버(휴리스틱)",
        Strategy::StrongDeep => "Strong 솔버(휴리스틱, 깊은 설정)",
        Strategy::Max => "Max 솔버",
        Strategy::Spec => "Spec 솔버",
        _ => return None,
    })
}

/// A setting of the arena's, as words: `6ms` is a time budget, `200000nodes` a node budget.
fn setting(setting: &str, lang: &str) -> String {
    let ko = lang == "ko";
    if let Some(ms) = setting.strip_suffix("ms").filter(|v| v.parse::<f64>().is_ok()) {
        return if ko { format!("수마다 {ms} ms") } else { format!("{ms} ms a move") };
    }
    if let Some(n) = setting.strip_suffix("nodes").and_then(|v| v.parse::<u64>().ok()) {
        return if ko {
            format!("수마다 국면 {}개", thousands(n))
        } else {
            format!("{} positions a move", thousands(n))
        };
    }
    setting.to_string()
}

/// The label of strategy `name` in language `lang` (`en` or `ko`; English where Korean has none).
pub fn label_in(name: &str, lang: &str) -> String {
    let Some(strategy) = Strategy::from_id(base_of(name)) else { return name.to_string() };
    let plain = match lang {
        "ko" => label_ko(strategy).unwrap_or(strategy.label()),
        _ => strategy.label(),
    };
    // A budget (`@6ms`) is named; the arena's whole setting in brackets is not: a results file
    // holds a strategy's own setting, which the solver page describes.
    let settings: Vec<String> = key_of(name)[base_of(name).len()..]
        .split('@')
        .filter(|s| !s.is_empty())
        .map(|s| setting(s, lang))
        .collect();
    match settings.is_empty() {
        true => plain.to_string(),
        false => format!("{plain} ({})", settings.join(", ")),
    }
}

/// The English label of strategy `name`.
pub fn label(name: &str) -> String {
    label_in(name, "en")
}

/// What strategy `name` does, in English; empty for a strategy the site does not know.
pub fn description(name: &str) -> &'static str {
    Strategy::from_id(base_of(name)).map_or("", Strategy::summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_name_the_strength_and_its_setting() {
        for s in Strategy::ALL {
            assert_eq!(label(s.id()), s.label());
            assert_eq!(description(s.id()), s.summary());
        }
        assert_eq!(label("strong@6ms"), "Strong solver (6 ms a move)");
        assert_eq!(label("strong@200000nodes"), "Strong solver (200,000 positions a move)");
        assert_eq!(label("strong@fancy"), "Strong solver (fancy)");
        assert_eq!(label_in("strong-deep", "ko"), "Strong 솔버(휴리스틱, 깊은 설정)");
        assert_eq!(label_in("strong-heuristic", "ko"), "Strong 솔버(휴리스틱)");
        assert_eq!(label("strong[beyond=3,cutoff=0.008,tt=18,learned=b6ed0082]"), "Strong solver");
        assert_eq!(label("max[beyond=4,cutoff=0.002,tt=19,learned=b6ed0082]"), "Max solver");
        assert_eq!(label("strong@6ms[cutoff=0.01]"), "Strong solver (6 ms a move)");
        // Korean falls back to English where it has no label of its own.
        assert_eq!(label_in("greedy", "ko"), "Greedy");
        // Unknown strategies keep their own name.
        assert_eq!(label("deeper"), "deeper");
        assert_eq!(description("deeper"), "");
    }
}
