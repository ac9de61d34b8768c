//! What the pages call each strategy, in the page's language.
//!
//! A results document names its strategy by its id (`spec`, `strong-deep`), perhaps followed by
//! the arena's budget (`strong@6ms`) or whole setting (`max[beyond=4,cutoff=0.002,…]`); the
//! pages show a label instead. The solver's three strengths are named as the game names them in
//! each language (Standard, Strong, Max; 기본, 강함, 최강; 標準, 強, 最強), read from the game's
//! own words (`page_core::text`), so the site and the game cannot disagree. Other strategies keep
//! the solver's English label ([`solver::Strategy`]) in every language, which the pages explain
//! where they list them. A strategy the solver does not know keeps its own name, so a new
//! results file still shows up, just less politely.

use std::iter::once;

use page_core::request::Strength;
use page_core::text::Label;
use solver::Strategy;

use crate::format::thousands;
use crate::language::Language;
use crate::results::{base_of, key_of};

/// A strength's name as the game says it in `language`: "Standard", "강함", "最強".
pub fn strength(strength: Strength, language: Language) -> &'static str {
    let label = match strength {
        Strength::Spec => Label::StrengthSpec,
        Strength::Strong => Label::StrengthStrong,
        Strength::Max => Label::StrengthMax,
    };
    language.game().label(label)
}

/// The strength `strategy` is a setting of, and what sets it apart from that strength as the
/// game plays it (Strong's earlier, heuristic evaluation, and that searched deeper).
fn strength_of(strategy: Strategy) -> Option<(Strength, &'static [[&'static str; 3]])> {
    const HEURISTIC: [&str; 3] = ["heuristic", "휴리스틱", "啟發式"];
    const DEEP: [&str; 3] = ["deep", "깊은 설정", "加深"];
    Some(match strategy {
        Strategy::Spec => (Strength::Spec, &[]),
        Strategy::Strong => (Strength::Strong, &[]),
        Strategy::StrongHeuristic => (Strength::Strong, &[HEURISTIC]),
        Strategy::StrongDeep => (Strength::Strong, &[HEURISTIC, DEEP]),
        Strategy::Max => (Strength::Max, &[]),
        _ => return None,
    })
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

/// The label of strategy `name` in `language`: "Standard solver", "Strong solver, heuristic
/// (6 ms a move)"; "솔버(강함, 휴리스틱, 수마다 6 ms)"; "解題程式（強，每步 6 ms）". Korean and
/// Chinese put the strength and every setting in one pair of brackets after the solver.
pub fn label(name: &str, language: Language) -> String {
    let Some(strategy) = Strategy::from_id(base_of(name)) else { return name.to_string() };
    // A budget (`@6ms`) is named; the arena's whole setting in brackets is not: a results file
    // holds a strategy's own setting, which the solver page describes.
    let settings: Vec<String> = key_of(name)[base_of(name).len()..]
        .split('@')
        .filter(|s| !s.is_empty())
        .map(|s| setting(s, language))
        .collect();
    let Some((of, apart)) = strength_of(strategy) else {
        // A Latin name, its setting in brackets after it (full-width ones in Chinese).
        let (open, comma, close) = language.pick([(" (", ", ", ")"), (" (", ", ", ")"), ("（", "，", "）")]);
        return match settings.is_empty() {
            true => strategy.label().to_string(),
            false => format!("{}{open}{}{close}", strategy.label(), settings.join(comma)),
        };
    };
    let named = strength(of, language);
    let apart = apart.iter().map(|words| language.pick(*words).to_string());
    if language == Language::En {
        let plain = once(format!("{named} solver")).chain(apart).collect::<Vec<_>>().join(", ");
        return if settings.is_empty() { plain } else { format!("{plain} ({})", settings.join(", ")) };
    }
    // One pair of brackets after the solver: 솔버(강함, 휴리스틱), 解題程式（強，每步 6 ms）.
    let (solver, open, comma, close) =
        language.pick([("", "", "", ""), ("솔버", "(", ", ", ")"), ("解題程式", "（", "，", "）")]);
    let inside: Vec<String> = once(named.to_string()).chain(apart).chain(settings).collect();
    format!("{solver}{open}{}{close}", inside.join(comma))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Language::{En, Ko, ZhHant};

    #[test]
    fn labels_name_the_strength_as_the_game_does_and_its_setting() {
        assert_eq!(label("spec", En), "Standard solver");
        assert_eq!(label("spec", Ko), "솔버(기본)");
        assert_eq!(label("spec", ZhHant), "解題程式（標準）");
        assert_eq!(label("max", Ko), "솔버(최강)");
        assert_eq!(label("strong-heuristic", En), "Strong solver, heuristic");
        assert_eq!(label("strong-deep", En), "Strong solver, heuristic, deep");
        assert_eq!(label("strong-deep", Ko), "솔버(강함, 휴리스틱, 깊은 설정)");
        assert_eq!(label("strong-heuristic", ZhHant), "解題程式（強，啟發式）");
        assert_eq!(label("strong@6ms", En), "Strong solver (6 ms a move)");
        assert_eq!(label("strong@200000nodes", En), "Strong solver (200,000 positions a move)");
        assert_eq!(label("strong@fancy", En), "Strong solver (fancy)");
        assert_eq!(label("strong@6ms", ZhHant), "解題程式（強，每步 6 ms）");
        assert_eq!(label("strong@6ms", Ko), "솔버(강함, 수마다 6 ms)");
        assert_eq!(label("strong[beyond=3,cutoff=0.008,tt=18,learned=b6ed0082]", En), "Strong solver");
        assert_eq!(label("max[beyond=4,cutoff=0.002,tt=19,learned=b6ed0082]", En), "Max solver");
        assert_eq!(label("strong@6ms[cutoff=0.01]", En), "Strong solver (6 ms a move)");
        // Other strategies keep the solver's English label in every language.
        assert_eq!(label("greedy", Ko), "Greedy");
        assert_eq!(label("minimax@6ms", ZhHant), "Minimax（每步 6 ms）");
        assert_eq!(label("minimax@6ms", En), "Minimax (6 ms a move)");
        // Unknown strategies keep their own name.
        assert_eq!(label("deeper", En), "deeper");
    }

    #[test]
    fn the_strengths_are_the_games_words() {
        let names = Language::ALL.map(|l| Strength::ALL.map(|s| strength(s, l)));
        assert_eq!(names, [["Standard", "Strong", "Max"], ["기본", "강함", "최강"], ["標準", "強", "最強"]]);
    }
}
