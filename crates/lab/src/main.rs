//! The lab's runner: the arena's games (`arena::runner`) with another setting than a
//! strategy's own: its search changed (budget, cutoff, table, evaluation, late game, endgame
//! tables), Max's late game handed over, the lab's experiments (iterative deepening, second
//! looks, tight boards, rollouts, tuned weights), from given boards or until a tile. Its
//! options are `args.rs`'s; here they become the setting played.

mod args;

use std::sync::OnceLock;
use std::time::Instant;

use arena::naming::Files;
use arena::play::{Player, Run};
use arena::runner::Sitting;
use clap::Parser;
use lab::search::deepen::{self, Deepening};
use lab::search::rollout::Rollouts;
use lab::search::{LabConfig, SecondLook, Tight};
use lab::setting::Setting;
use solver::endgame::{Endgame, Limits};
use solver::max::Handover;
use solver::ntuple::Reading;
use solver::strong::heuristic::Heuristic;
use solver::strong::{Evaluation, Late, Stage};
use solver::{Budget, Strategy, StrongConfig};

use args::{Args, Eval, command_line};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    let mut files = Files::default();
    let (evaluation, weights) = match (args.eval, &args.weights) {
        (Some(Eval::Learned), None) => {
            return Err("--eval learned needs --weights FILE (see `train-ntuple`)".into());
        }
        (Some(Eval::Learned), Some(path)) => {
            let bytes = std::fs::read(path)?;
            // Read once and shared by every game's searcher until the process ends.
            let network = Box::leak(Box::new(solver::ntuple::Network::from_bytes(&bytes)?));
            files.insert(network, &bytes);
            let reading =
                Reading { network, down_from: args.read_down_from.map(|tile| tile.trailing_zeros() as u8) };
            (Some(Evaluation::Learned(reading)), None)
        }
        (Some(Eval::Tuned), None) => {
            return Err("--eval tuned needs --weights FILE (see `tune-weights show`)".into());
        }
        (Some(Eval::Tuned), Some(path)) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let weights = lab::weights::leak(lab::weights::from_json(&text, path)?);
            files.insert(weights, text.as_bytes());
            (Some(Evaluation::Heuristic), Some(weights))
        }
        (Some(Eval::Heuristic), _) => (Some(Evaluation::Heuristic), None),
        (None, _) => (None, None),
    };
    if args.run.strategy.needs_network() {
        files.insert(solver::max::repository_network()?, solver::max::repository_bytes()?);
    }
    if args.late_from.is_some() && !args.late_learned && args.run.strategy != Strategy::Max {
        return Err(
            "--late-from without --late-learned hands Max's late game over: it needs --strategy max".into()
        );
    }
    let own = args.run.strategy.search_config(arena::play::network_for(args.run.strategy)?);
    let setting = own.map(|own| setting(&args, own, evaluation, weights)).transpose()?;
    if let Some(setting) = setting.filter(|s| s.needs_one_searcher() && args.run.strategy == Strategy::Max) {
        return Err(format!(
            "{:?} plays one searcher: Max's four root searchers know none of it",
            setting.lab
        )
        .into());
    }
    let changed = setting.zip(own).filter(|(setting, own)| !setting.is(*own)).map(|(setting, _)| setting);
    let name = match &changed {
        Some(setting) => setting.run_name(args.run.strategy, &files),
        None => arena::naming::run_name(args.run.strategy, own.as_ref(), &files),
    };
    let starts = args.start_boards.as_deref().map(arena::starts::Starts::read).transpose()?;
    let name = match &starts {
        Some(starts) => format!("{name} {}", starts.name()),
        None => name,
    };
    let name = match args.until_tile {
        Some(tile) => format!("{name} until={tile}"),
        None => name,
    };
    let strategy = args.run.strategy;
    let make = changed.map(|setting| move |_seed| -> Player { setting.player(strategy, wall_ms) });
    let run = Run {
        strategy,
        player: make.as_ref().map(|make| make as arena::play::MakePlayer),
        base_seed: args.run.seed,
        starts: starts.as_ref(),
        max_moves: args.run.max_moves,
        until_tile: args.until_tile,
    };
    arena::runner::play(Sitting::of(&args.run, name, run, command_line(&args)))
}

/// Wall-clock milliseconds since the first reading, for a time budget (which only subtracts
/// two readings).
fn wall_ms() -> f64 {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1e3
}

/// The setting the options ask for, from the strategy's `own` search.
fn setting(
    args: &Args,
    own: StrongConfig,
    evaluation: Option<Evaluation>,
    weights: Option<&'static Heuristic>,
) -> Result<Setting, String> {
    let mut config = own;
    let lab = lab_search(args, &mut config, evaluation);
    let stage = args.late_from.map(|tile| Stage {
        largest: tile.trailing_zeros() as u8,
        second: args.late_second.map(|tile| tile.trailing_zeros() as u8),
    });
    let handover = match (stage, args.late_learned) {
        (Some(stage), true) => {
            let depth = args.late_depth.expect("clap requires --late-depth with --late-learned");
            // A late search of the options' alone: shaped only by --late-shaping.
            let cutoff = args.late_cutoff.unwrap_or(config.cutoff);
            config.late = Some(Late { stage, depth, cutoff, shaping: None });
            None
        }
        (Some(stage), false) => {
            let base = StrongConfig::NNEONNEO;
            let mut late = StrongConfig { cutoff: args.late_cutoff.unwrap_or(base.cutoff), ..base };
            if let Some(depth) = args.late_depth {
                late.budget = Budget::Depth(depth + 1);
            }
            Some(Handover { stage, config: late })
        }
        (None, _) => None,
    };
    if let Some(weight) = args.late_shaping {
        let (Some(late), Evaluation::Learned(_)) = (config.late.as_mut(), config.evaluation) else {
            return Err(
                "--late-shaping shapes the network's late leaves: it needs a search with the network \
                        and a late stage (Strong's and Max's own, or --late-from with --late-learned)"
                    .into(),
            );
        };
        late.shaping = (weight != 0.0).then_some(weight);
    }
    Ok(Setting { config, handover, lab, weights })
}

/// The options' changes to the search `config` (a strategy's own), and the lab's experiments
/// they ask for.
fn lab_search(args: &Args, config: &mut StrongConfig, evaluation: Option<Evaluation>) -> LabConfig {
    let base = *config;
    let mut lab = LabConfig::NONE;
    if let Some(ms) = args.budget_ms {
        lab.deepening = Some(Deepening::new(deepen::Budget::Millis(ms)));
    }
    if let Some(nodes) = args.budget_nodes {
        lab.deepening = Some(Deepening::new(deepen::Budget::Nodes(nodes)));
    }
    if let Some(minus) = args.distinct_minus {
        let (min, max) = match base.budget {
            Budget::Distinct { min, max, .. } => (min, max),
            _ => (2, 10),
        };
        config.budget = Budget::Distinct {
            minus,
            min: args.min_depth.unwrap_or(min),
            max: args.max_depth.unwrap_or(max),
        };
    }
    if let Some(cutoff) = args.cutoff {
        config.cutoff = cutoff;
    }
    if let Some(evaluation) = evaluation {
        config.evaluation = evaluation;
    }
    if args.no_late {
        config.late = None;
    }
    if let Some(bits) = args.tt_bits {
        config.tt_bits = Some(bits);
    }
    if let (Some(empty), Some(depth), Some(cutoff)) = (args.tight_empty, args.tight_depth, args.tight_cutoff)
    {
        lab.tight = Some(Tight { empty, depth, cutoff });
    }
    if let (Some(count), Some(moves), Some(empty), Some(margin)) =
        (args.rollouts, args.rollout_moves, args.rollout_empty, args.rollout_margin)
    {
        lab.rollouts = Some(Rollouts { empty, margin, count, moves });
    }
    if args.no_endgame {
        config.endgame = None;
    }
    if let Some(tile) = args.endgame {
        config.endgame = Some(Endgame {
            goal: tile.trailing_zeros() as u8,
            steps: usize::from(args.endgame_steps),
            limits: Limits {
                entries: args.endgame_entries.map_or(usize::MAX, |m| m * 1_000_000),
                slice: args.endgame_slice.map_or(usize::MAX, |k| k * 1_000),
            },
        });
    }
    if let Some(drop) = args.second_look {
        lab.second_look =
            Some(SecondLook { drop, cutoff: args.second_look_cutoff, max_depth: args.second_look_max_depth });
    }
    lab
}
