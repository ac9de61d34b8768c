//! The arena command that remakes a results document, read back from the document itself.
//!
//! The arena stores the command line that wrote a document (`summary.command`), which is shown
//! as it is. Documents older than that field store only the strategy's name, the number of games
//! and the seed; the arena names a run with a budget `strong@6ms` or `strong@200000nodes`, which
//! gives back the budget option.

use crate::results::Run;

/// The arena options that choose `name`'s strategy and setting, or `None` for a setting this
/// page cannot turn back into options (better no command than a wrong one).
pub fn strategy_args(name: &str) -> Option<String> {
    let Some((base, setting)) = name.split_once('@') else {
        return Some(format!("--strategy {name}"));
    };
    if let Some(ms) = setting.strip_suffix("ms").filter(|v| v.parse::<f64>().is_ok_and(|x| x > 0.0)) {
        return Some(format!("--strategy {base} --budget-ms {ms}"));
    }
    if let Some(nodes) = setting.strip_suffix("nodes").filter(|v| v.parse::<u64>().is_ok()) {
        return Some(format!("--strategy {base} --budget-nodes {nodes}"));
    }
    None
}

/// The command, run from the repository's root, that plays `run`'s games again and rewrites its
/// file; `None` when its setting cannot be told from the document.
pub fn command(run: &Run) -> Option<String> {
    if !run.summary.command.is_empty() {
        return Some(run.summary.command.clone());
    }
    strategy_args(run.name()).map(|args| {
        format!(
            "cargo run --release -p arena -- {args} --games {} --seed {} --json www/results/{}",
            run.summary.games, run.summary.seed, run.file
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_become_the_options_that_made_them() {
        assert_eq!(strategy_args("spec").as_deref(), Some("--strategy spec"));
        assert_eq!(strategy_args("strong-deep").as_deref(), Some("--strategy strong-deep"));
        assert_eq!(strategy_args("strong@6ms").as_deref(), Some("--strategy strong --budget-ms 6"));
        assert_eq!(strategy_args("strong@0.5ms").as_deref(), Some("--strategy strong --budget-ms 0.5"));
        assert_eq!(
            strategy_args("strong@200000nodes").as_deref(),
            Some("--strategy strong --budget-nodes 200000")
        );
        assert_eq!(strategy_args("strong@deep"), None);
        assert_eq!(strategy_args("strong@xms"), None);
    }
}
