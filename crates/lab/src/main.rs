//! The lab's runner: the arena's games (`arena::runner`) with another setting than a
//! strategy's own: its search changed (budget, cutoff, table, evaluation, late game, endgame
//! tables), Max's late game handed over, the lab's experiments (iterative deepening, second
//! looks, tight boards, rollouts, tuned weights), from given boards or until a tile.

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Instant;

use arena::args::{RunArgs, parse_tile};
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

/// What `--eval` names: the network itself comes from `--weights`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Eval {
    Heuristic,
    Learned,
    Tuned,
}

/// Plays complete games of 2048 (on past 2048 until no move counts) with one strategy, in
/// parallel, and prints the share of games reaching each tile, scores, lengths and think times.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    #[command(flatten)]
    run: RunArgs,

    /// Think-time budget per move for `strong`, in milliseconds of wall time (iterative
    /// deepening stops when the next depth would not fit), instead of its depth rule (deeper as
    /// the board holds more distinct tiles), which needs no clock and makes its games
    /// reproducible. Other strategies ignore it.
    #[arg(long, value_name = "MS", conflicts_with = "budget_nodes")]
    budget_ms: Option<f64>,

    /// Positions searched per move for `strong` (iterative deepening stops when the next depth
    /// would not fit): reproducible whatever the machine's load. Other strategies ignore it.
    #[arg(long, value_name = "N")]
    budget_nodes: Option<u64>,

    /// For `strong` and `max`: search as many moves beyond the root as the board has distinct tiles, less
    /// this (nneonneo's depth rule), within --min-depth..=--max-depth; replaces its budget.
    #[arg(long, value_name = "M", conflicts_with_all = ["budget_ms", "budget_nodes"])]
    distinct_minus: Option<u32>,

    /// With --distinct-minus: the fewest moves searched beyond the root.
    #[arg(long, value_name = "N", requires = "distinct_minus")]
    min_depth: Option<u32>,

    /// With --distinct-minus: the most moves searched beyond the root.
    #[arg(long, value_name = "N", requires = "distinct_minus")]
    max_depth: Option<u32>,

    /// For `strong` and `max`: chance nodes reached with a smaller cumulative probability are leaves.
    #[arg(long, value_name = "P")]
    cutoff: Option<f64>,

    /// For `strong` and `max`: score leaves with nneonneo's heuristic, the learned n-tuple
    /// network, or the heuristic with tuned weights.
    #[arg(long, value_name = "heuristic|learned|tuned", value_parser = parse_evaluation)]
    eval: Option<Eval>,

    /// The n-tuple weights `--eval learned` uses (written by the `train-ntuple` binary), or the
    /// heuristic's weights `--eval tuned` uses (JSON, printed by `tune-weights show`).
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,

    /// For `strong`: search again, deeper, a board whose first search's best value is this far
    /// below the board's own evaluation (in the heuristic's units).
    #[arg(long, value_name = "DROP")]
    second_look: Option<f64>,

    /// The second look's cutoff.
    #[arg(long, value_name = "P", requires = "second_look", default_value_t = 0.001)]
    second_look_cutoff: f64,

    /// The second look's depth cap (moves beyond the root).
    #[arg(long, value_name = "N", requires = "second_look", default_value_t = 8)]
    second_look_max_depth: u32,

    /// For `max`: from the first root board holding this tile on, search with nneonneo's
    /// heuristic at its own depth rule (distinct tiles less two, 3 to 12 moves beyond the
    /// root) instead of Max's own search: the late game in the hands of the deep heuristic.
    /// With --late-learned (also for `strong`): the same search, deeper.
    #[arg(long, value_name = "TILE", value_parser = parse_tile)]
    late_from: Option<u32>,

    /// With --eval learned: read the search's leaves that hold this tile or a larger one
    /// downgraded (every tile above the largest missing one halved: the late game read as the
    /// earlier game the network knows).
    #[arg(long, value_name = "TILE", value_parser = parse_tile, requires = "weights")]
    read_down_from: Option<u32>,

    /// With --late-from: the late search's cutoff (nneonneo's is 0.0001; with --late-learned,
    /// the early search's).
    #[arg(long, value_name = "P", requires = "late_from")]
    late_cutoff: Option<f64>,

    /// With --late-from: the late game is the same search (its evaluation, its table), only
    /// deeper: --late-depth moves beyond the root (for `strong` and `max`) instead of a handover
    /// to nneonneo's heuristic (`max` only).
    #[arg(long, requires_all = ["late_from", "late_depth"])]
    late_learned: bool,

    /// With --late-from: only boards that also hold a second tile this large or larger go to
    /// the late search (the largest tile may be this one's twin).
    #[arg(long, value_name = "TILE", value_parser = parse_tile, requires = "late_from")]
    late_second: Option<u32>,

    /// With --late-from: the late search goes exactly this many moves beyond the root instead
    /// of by its own rule.
    #[arg(long, value_name = "N", requires = "late_from")]
    late_depth: Option<u32>,

    /// For `strong` and `max` with the network: add this many times nneonneo's heuristic to the
    /// value of each leaf that has reached the late stage (the strategy's own, or --late-from's
    /// with --late-learned), so that the late search weighs the order of the largest tiles; 0
    /// drops the strategy's own shaping.
    #[arg(long, value_name = "W")]
    late_shaping: Option<f64>,

    /// For `strong` and `max`: log2 of the slots of each searcher's transposition table.
    #[arg(long, value_name = "BITS", value_parser = clap::value_parser!(u32).range(10..=26))]
    tt_bits: Option<u32>,

    /// For `strong` and `max`: no deeper search from a late stage on (their own has one), as
    /// Max's setting before 2026-12-03 and the runs spelled on it.
    #[arg(long)]
    no_late: bool,

    /// Start each game from a board of this file (written by `late-boards --first-of`) instead
    /// of a new game: game i from board i modulo their number, with game i's own seed, so that
    /// a change to the late game is measured without replaying the games up to it. The run is
    /// named by the file's fingerprint, so its games never mix with whole games.
    #[arg(long, value_name = "FILE")]
    start_boards: Option<PathBuf>,

    /// Stop each game once it has made this tile: whether it gets there is all that is asked,
    /// and the games that do would otherwise go on longest. Named in the run's name.
    #[arg(long, value_name = "TILE", value_parser = parse_tile)]
    until_tile: Option<u32>,

    /// In the late stage, root boards with at most this many empty cells get another late
    /// search: --tight-depth moves beyond the root at --tight-cutoff.
    #[arg(long, value_name = "N", requires_all = ["tight_depth", "tight_cutoff"])]
    tight_empty: Option<u32>,

    /// With --tight-empty: that search's moves beyond the root.
    #[arg(long, value_name = "N", requires = "tight_empty")]
    tight_depth: Option<u32>,

    /// With --tight-empty: that search's cutoff.
    #[arg(long, value_name = "P", requires = "tight_empty")]
    tight_cutoff: Option<f64>,

    /// On the late stage's root boards with at most --rollout-empty empty cells, play each
    /// move valued within --rollout-margin of the best on this many times, one move deep with
    /// the search's own evaluation, and play the move whose games last longest.
    #[arg(long, value_name = "N", requires_all = ["rollout_moves", "rollout_empty", "rollout_margin"])]
    rollouts: Option<u32>,

    /// With --rollouts: the most moves of each.
    #[arg(long, value_name = "N", requires = "rollouts")]
    rollout_moves: Option<u32>,

    /// With --rollouts: the most empty cells of a board rolled out.
    #[arg(long, value_name = "N", requires = "rollouts")]
    rollout_empty: Option<u32>,

    /// With --rollouts: the moves within this share of the best value are rolled out.
    #[arg(long, value_name = "P", requires = "rollouts")]
    rollout_margin: Option<f64>,

    /// Decide the boards where the last tile of a 32768 is to be built (16384 8192 4096 2048
    /// along an edge, 1024 512 256 back along the next row, the rest smaller) by an exact
    /// endgame table of the chance of building this tile at the snake's end (256).
    #[arg(long, value_name = "TILE")]
    endgame: Option<u32>,

    /// With --endgame: 1, the table of that last step alone; 2, also the table of the step
    /// before it (the snake down to the 512, the tile to build beside it), which counts its
    /// success by the last step's chance.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    endgame_steps: u8,

    /// With --endgame: the positions a game's tables may hold, in millions (6 bytes each, and
    /// as much again in free slots at worst; what a page can afford). Unlimited without it.
    #[arg(long, value_name = "MILLIONS", requires = "endgame")]
    endgame_entries: Option<usize>,

    /// With --endgame: the positions one decision may add to the tables, in thousands; a
    /// decision that needs more is the search's, and the next goes on from there. Unlimited
    /// without it.
    #[arg(long, value_name = "THOUSANDS", requires = "endgame")]
    endgame_slice: Option<usize>,

    /// For `max`: no endgame tables (its own has them), as Max's setting before 2026-12-05 and
    /// the runs spelled on it.
    #[arg(long, conflicts_with = "endgame")]
    no_endgame: bool,
}

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

/// The arena command that plays these games again (threads aside, which change nothing).
fn command_line(args: &Args) -> String {
    let options = [
        ("--budget-ms", args.budget_ms.map(|v| v.to_string())),
        ("--budget-nodes", args.budget_nodes.map(|v| v.to_string())),
        ("--distinct-minus", args.distinct_minus.map(|v| v.to_string())),
        ("--min-depth", args.min_depth.map(|v| v.to_string())),
        ("--max-depth", args.max_depth.map(|v| v.to_string())),
        ("--cutoff", args.cutoff.map(|v| v.to_string())),
        ("--eval", args.eval.map(|v| evaluation_name(v).to_owned())),
        ("--weights", args.weights.as_ref().map(|p| p.display().to_string())),
        ("--second-look", args.second_look.map(|v| v.to_string())),
        ("--second-look-cutoff", args.second_look.map(|_| args.second_look_cutoff.to_string())),
        ("--second-look-max-depth", args.second_look.map(|_| args.second_look_max_depth.to_string())),
        ("--read-down-from", args.read_down_from.map(|v| v.to_string())),
        ("--late-from", args.late_from.map(|v| v.to_string())),
        ("--late-second", args.late_second.map(|v| v.to_string())),
        ("--late-cutoff", args.late_cutoff.map(|v| v.to_string())),
        ("--late-depth", args.late_depth.map(|v| v.to_string())),
        ("--late-shaping", args.late_shaping.map(|v| v.to_string())),
        ("--tt-bits", args.tt_bits.map(|v| v.to_string())),
        ("--start-boards", args.start_boards.as_ref().map(|p| p.display().to_string())),
        ("--until-tile", args.until_tile.map(|v| v.to_string())),
        ("--tight-empty", args.tight_empty.map(|v| v.to_string())),
        ("--tight-depth", args.tight_depth.map(|v| v.to_string())),
        ("--tight-cutoff", args.tight_cutoff.map(|v| v.to_string())),
        ("--rollouts", args.rollouts.map(|v| v.to_string())),
        ("--rollout-moves", args.rollout_moves.map(|v| v.to_string())),
        ("--rollout-empty", args.rollout_empty.map(|v| v.to_string())),
        ("--rollout-margin", args.rollout_margin.map(|v| v.to_string())),
        ("--endgame", args.endgame.map(|v| v.to_string())),
        ("--endgame-steps", args.endgame.map(|_| args.endgame_steps.to_string())),
        ("--endgame-entries", args.endgame_entries.map(|v| v.to_string())),
        ("--endgame-slice", args.endgame_slice.map(|v| v.to_string())),
    ];
    let mut settings = String::new();
    for (flag, value) in options {
        if let Some(value) = value {
            settings += &format!(" {flag} {value}");
        }
    }
    for (flag, set) in [
        ("--late-learned", args.late_learned),
        ("--no-endgame", args.no_endgame),
        ("--no-late", args.no_late),
    ] {
        if set {
            settings += &format!(" {flag}");
        }
    }
    args.run.command("lab", &settings)
}

fn parse_evaluation(name: &str) -> Result<Eval, String> {
    match name {
        "heuristic" => Ok(Eval::Heuristic),
        "learned" => Ok(Eval::Learned),
        "tuned" => Ok(Eval::Tuned),
        _ => Err(format!("{name:?}: expected heuristic, learned or tuned")),
    }
}

fn evaluation_name(evaluation: Eval) -> &'static str {
    match evaluation {
        Eval::Heuristic => "heuristic",
        Eval::Learned => "learned",
        Eval::Tuned => "tuned",
    }
}
