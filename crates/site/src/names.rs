//! What the pages call each strategy, and what they say it does.
//!
//! A results document names its strategy (`spec`, `strong`, `strong-deep`, or the arena's
//! `strong@6ms` for a run with a budget); the pages show a label instead, in the page's
//! language where the page has one. A strategy the site does not know yet keeps its own name,
//! so a new results file still shows up, just less politely.

use crate::format::thousands;
use crate::results::base_of;

/// The English label of a strategy and one sentence on what it does.
fn known(base: &str) -> Option<(&'static str, &'static str)> {
    Some(match base {
        "strong" => (
            "Strong solver",
            "Expectimax with nneonneo/2048-ai’s row-table evaluation, a transposition table kept from \
             move to move, a cutoff on unlikely tile sequences, and a depth set by how tight the board is.",
        ),
        "strong-deep" => (
            "Strong solver, deep",
            "The Strong solver with a lower cutoff (0.001 instead of 0.004) and up to 10 moves deep instead of \
             6: a deeper search, several times the time per move.",
        ),
        "spec" => (
            "Spec solver",
            "Expectimax, 2 to 4 moves deep as the board fills, with seed 003’s evaluation: the reference \
             solver, and Hint and Autoplay’s default strength.",
        ),
        "minimax" => ("Minimax", "The same search, but the new tile is always the worst one for the player."),
        "greedy" => ("Greedy", "The move whose result evaluates best, one move ahead, with no chance node."),
        "corner" => ("Corner", "Down, left, right, up: the first that counts."),
        "random" => ("Random", "A uniformly random move that counts."),
        _ => return None,
    })
}

/// The Korean label of a solver strength (the solver page in Korean shows only those).
fn known_ko(base: &str) -> Option<&'static str> {
    Some(match base {
        "strong" => "Strong 솔버",
        "strong-deep" => "Strong 솔버(깊은 설정)",
        "spec" => "Spec 솔버",
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
    let base = base_of(name);
    let plain = match lang {
        "ko" => known_ko(base).or_else(|| known(base).map(|(l, _)| l)),
        _ => known(base).map(|(l, _)| l),
    };
    let Some(plain) = plain else { return name.to_string() };
    match name.split_once('@') {
        Some((_, s)) => format!("{plain} ({})", setting(s, lang)),
        None => plain.to_string(),
    }
}

/// The English label of strategy `name`.
pub fn label(name: &str) -> String {
    label_in(name, "en")
}

/// What strategy `name` does, in English; empty for a strategy the site does not know.
pub fn description(name: &str) -> &'static str {
    known(base_of(name)).map_or("", |(_, what)| what)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_name_the_strength_and_its_setting() {
        assert_eq!(label("spec"), "Spec solver");
        assert_eq!(label("strong"), "Strong solver");
        assert_eq!(label("strong@6ms"), "Strong solver (6 ms a move)");
        assert_eq!(label("strong@200000nodes"), "Strong solver (200,000 positions a move)");
        assert_eq!(label("strong@fancy"), "Strong solver (fancy)");
        assert_eq!(label_in("strong-deep", "ko"), "Strong 솔버(깊은 설정)");
        assert_eq!(label_in("greedy", "ko"), "Greedy");
        // Unknown strategies keep their own name.
        assert_eq!(label("deeper"), "deeper");
        assert_eq!(description("deeper"), "");
    }
}
