//! What the pages call each strategy, and what they say it does, in the page's language.
//!
//! A results document names its strategy by its id (`spec`, `strong-deep`), perhaps followed by
//! the arena's budget (`strong@6ms`) or whole setting (`max[beyond=4,cutoff=0.002,…]`); the
//! pages show a label instead. Ids, English
//! labels and summaries are the solver's ([`solver::Strategy`]); the Korean and Chinese labels
//! are this file's. A strategy the solver does not know keeps its own name, so a new results file still
//! shows up, just less politely.

use solver::Strategy;

use crate::format::thousands;
use crate::language::Language;
use crate::results::{base_of, key_of};

/// A solver strength's label in Korean and Chinese, named as the game names the strengths
/// (Korean keeps the arena's names, as its solver page does; Chinese says 標準, 強, 最強). Other
/// strategies keep their English names, which the pages explain where they list them.
fn strength_label(strategy: Strategy, language: Language) -> Option<&'static str> {
    let [ko, zh] = match strategy {
        Strategy::Spec => ["Spec 솔버", "解題程式（標準）"],
        Strategy::Strong => ["Strong 솔버", "解題程式（強）"],
        Strategy::StrongHeuristic => ["Strong 솔버(휴리스틱)", "解題程式（強，啟發式）"],
        Strategy::StrongDeep => ["Strong 솔버(휴리스틱, 깊은 설정)", "解題程式（強，啟發式，加深）"],
        Strategy::Max => ["Max 솔버", "解題程式（最強）"],
        _ => return None,
    };
    language.pick([None, Some(ko), Some(zh)])
}

/// A setting of the arena's, as words: `6ms` is a time budget, `200000nodes` a node budget.
fn setting(setting: &str, language: Language) -> String {
    if let Some(ms) = setting.strip_suffix("ms").filter(|v| v.parse::<f64>().is_ok()) {
        return language.pick([
            format!("{ms} ms a move"),
            format!("수마다 {ms} ms"),
            format!("每步 {ms} ms"),
        ]);
    }
    if let Some(n) = setting.strip_suffix("nodes").and_then(|v| v.parse::<u64>().ok()) {
        let n = thousands(n);
        return language.pick([
            format!("{n} positions a move"),
            format!("수마다 국면 {n}개"),
            format!("每步 {n} 個局面"),
        ]);
    }
    setting.to_string()
}

/// The label of strategy `name` in the language whose code is `lang` (English where that
/// language has none, and for a code the site does not know).
pub fn label_in(name: &str, lang: &str) -> String {
    let language = Language::from_code(lang).unwrap_or(Language::En);
    let Some(strategy) = Strategy::from_id(base_of(name)) else { return name.to_string() };
    let plain = strength_label(strategy, language).unwrap_or(strategy.label());
    // A budget (`@6ms`) is named; the arena's whole setting in brackets is not: a results file
    // holds a strategy's own setting, which the solver page describes.
    let settings: Vec<String> = key_of(name)[base_of(name).len()..]
        .split('@')
        .filter(|s| !s.is_empty())
        .map(|s| setting(s, language))
        .collect();
    match (settings.is_empty(), language) {
        (true, _) => plain.to_string(),
        // One pair of brackets in Chinese: 解題程式（強，每步 6 ms）.
        (false, Language::ZhHant) => match plain.strip_suffix('）') {
            Some(open) => format!("{open}，{}）", settings.join("，")),
            None => format!("{plain}（{}）", settings.join("，")),
        },
        (false, _) => format!("{plain} ({})", settings.join(", ")),
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
        assert_eq!(label_in("spec", "zh-Hant"), "解題程式（標準）");
        assert_eq!(label_in("strong@6ms", "zh-Hant"), "解題程式（強，每步 6 ms）");
        // Unknown strategies keep their own name.
        assert_eq!(label("deeper"), "deeper");
        assert_eq!(description("deeper"), "");
    }
}
