//! The lab runner's options: the arena's own (`arena::args::RunArgs`) and every change to the
//! search the runner can play (`main.rs` makes them a `lab::setting::Setting`), and the command
//! line that plays a run again, which names the run's games.

use std::path::PathBuf;

use arena::args::{RunArgs, parse_tile};
use clap::Parser;

/// What `--eval` names: the network itself comes from `--weights`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    Heuristic,
    Learned,
    Tuned,
}

/// Plays complete games of 2048 (on past 2048 until no move counts) with one strategy, in
/// parallel, and prints the share of games reaching each tile, scores, lengths and think times.
#[derive(Parser, Debug)]
#[command(version)]
pub struct Args {
    #[command(flatten)]
    pub run: RunArgs,

    /// Think-time budget per move for `strong`, in milliseconds of wall time (iterative
    /// deepening stops when the next depth would not fit), instead of its depth rule (deeper as
    /// the board holds more distinct tiles), which needs no clock and makes its games
    /// reproducible. Other strategies ignore it.
    #[arg(long, value_name = "MS", conflicts_with = "budget_nodes")]
    pub budget_ms: Option<f64>,

    /// Positions searched per move for `strong` (iterative deepening stops when the next depth
    /// would not fit): reproducible whatever the machine's load. Other strategies ignore it.
    #[arg(long, value_name = "N")]
    pub budget_nodes: Option<u64>,

    /// For `strong` and `max`: search as many moves beyond the root as the board has distinct tiles, less
    /// this (nneonneo's depth rule), within --min-depth..=--max-depth; replaces its budget.
    #[arg(long, value_name = "M", conflicts_with_all = ["budget_ms", "budget_nodes"])]
    pub distinct_minus: Option<u32>,

    /// With --distinct-minus: the fewest moves searched beyond the root.
    #[arg(long, value_name = "N", requires = "distinct_minus")]
    pub min_depth: Option<u32>,

    /// With --distinct-minus: the most moves searched beyond the root.
    #[arg(long, value_name = "N", requires = "distinct_minus")]
    pub max_depth: Option<u32>,

    /// For `strong` and `max`: chance nodes reached with a smaller cumulative probability are leaves.
    #[arg(long, value_name = "P")]
    pub cutoff: Option<f64>,

    /// For `strong` and `max`: score leaves with nneonneo's heuristic, the learned n-tuple
    /// network, or the heuristic with tuned weights.
    #[arg(long, value_name = "heuristic|learned|tuned", value_parser = parse_evaluation)]
    pub eval: Option<Eval>,

    /// The n-tuple weights `--eval learned` uses (written by the `train-ntuple` binary), or the
    /// heuristic's weights `--eval tuned` uses (JSON, printed by `tune-weights show`).
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,

    /// For `strong`: search again, deeper, a board whose first search's best value is this far
    /// below the board's own evaluation (in the heuristic's units).
    #[arg(long, value_name = "DROP")]
    pub second_look: Option<f64>,

    /// The second look's cutoff.
    #[arg(long, value_name = "P", requires = "second_look", default_value_t = 0.001)]
    pub second_look_cutoff: f64,

    /// The second look's depth cap (moves beyond the root).
    #[arg(long, value_name = "N", requires = "second_look", default_value_t = 8)]
    pub second_look_max_depth: u32,

    /// For `max`: from the first root board holding this tile on, search with nneonneo's
    /// heuristic at its own depth rule (distinct tiles less two, 3 to 12 moves beyond the
    /// root) instead of Max's own search: the late game in the hands of the deep heuristic.
    /// With --late-learned (also for `strong`): the same search, deeper.
    #[arg(long, value_name = "TILE", value_parser = parse_tile)]
    pub late_from: Option<u32>,

    /// With --eval learned: read the search's leaves that hold this tile or a larger one
    /// downgraded (every tile above the largest missing one halved: the late game read as the
    /// earlier game the network knows).
    #[arg(long, value_name = "TILE", value_parser = parse_tile, requires = "weights")]
    pub read_down_from: Option<u32>,

    /// With --late-from: the late search's cutoff (nneonneo's is 0.0001; with --late-learned,
    /// the early search's).
    #[arg(long, value_name = "P", requires = "late_from")]
    pub late_cutoff: Option<f64>,

    /// With --late-from: the late game is the same search (its evaluation, its table), only
    /// deeper: --late-depth moves beyond the root (for `strong` and `max`) instead of a handover
    /// to nneonneo's heuristic (`max` only).
    #[arg(long, requires_all = ["late_from", "late_depth"])]
    pub late_learned: bool,

    /// With --late-from: only boards that also hold a second tile this large or larger go to
    /// the late search (the largest tile may be this one's twin).
    #[arg(long, value_name = "TILE", value_parser = parse_tile, requires = "late_from")]
    pub late_second: Option<u32>,

    /// With --late-from: the late search goes exactly this many moves beyond the root instead
    /// of by its own rule.
    #[arg(long, value_name = "N", requires = "late_from")]
    pub late_depth: Option<u32>,

    /// For `strong` and `max` with the network: add this many times nneonneo's heuristic to the
    /// value of each leaf that has reached the late stage (the strategy's own, or --late-from's
    /// with --late-learned), so that the late search weighs the order of the largest tiles; 0
    /// drops the strategy's own shaping.
    #[arg(long, value_name = "W")]
    pub late_shaping: Option<f64>,

    /// For `strong` and `max`: log2 of the slots of each searcher's transposition table.
    #[arg(long, value_name = "BITS", value_parser = clap::value_parser!(u32).range(10..=26))]
    pub tt_bits: Option<u32>,

    /// For `strong` and `max`: no deeper search from a late stage on (their own has one), as
    /// Max's setting before 2026-12-03 and the runs spelled on it.
    #[arg(long)]
    pub no_late: bool,

    /// Start each game from a board of this file (written by `late-boards --first-of`) instead
    /// of a new game: game i from board i modulo their number, with game i's own seed, so that
    /// a change to the late game is measured without replaying the games up to it. The run is
    /// named by the file's fingerprint, so its games never mix with whole games.
    #[arg(long, value_name = "FILE")]
    pub start_boards: Option<PathBuf>,

    /// Stop each game once it has made this tile: whether it gets there is all that is asked,
    /// and the games that do would otherwise go on longest. Named in the run's name.
    #[arg(long, value_name = "TILE", value_parser = parse_tile)]
    pub until_tile: Option<u32>,

    /// In the late stage, root boards with at most this many empty cells get another late
    /// search: --tight-depth moves beyond the root at --tight-cutoff.
    #[arg(long, value_name = "N", requires_all = ["tight_depth", "tight_cutoff"])]
    pub tight_empty: Option<u32>,

    /// With --tight-empty: that search's moves beyond the root.
    #[arg(long, value_name = "N", requires = "tight_empty")]
    pub tight_depth: Option<u32>,

    /// With --tight-empty: that search's cutoff.
    #[arg(long, value_name = "P", requires = "tight_empty")]
    pub tight_cutoff: Option<f64>,

    /// On the late stage's root boards with at most --rollout-empty empty cells, play each
    /// move valued within --rollout-margin of the best on this many times, one move deep with
    /// the search's own evaluation, and play the move whose games last longest.
    #[arg(long, value_name = "N", requires_all = ["rollout_moves", "rollout_empty", "rollout_margin"])]
    pub rollouts: Option<u32>,

    /// With --rollouts: the most moves of each.
    #[arg(long, value_name = "N", requires = "rollouts")]
    pub rollout_moves: Option<u32>,

    /// With --rollouts: the most empty cells of a board rolled out.
    #[arg(long, value_name = "N", requires = "rollouts")]
    pub rollout_empty: Option<u32>,

    /// With --rollouts: the moves within this share of the best value are rolled out.
    #[arg(long, value_name = "P", requires = "rollouts")]
    pub rollout_margin: Option<f64>,

    /// Decide the boards where the last tile of a 32768 is to be built (16384 8192 4096 2048
    /// along an edge, 1024 512 256 back along the next row, the rest smaller) by an exact
    /// endgame table of the chance of building this tile at the snake's end (256).
    #[arg(long, value_name = "TILE")]
    pub endgame: Option<u32>,

    /// With --endgame: 1, the table of that last step alone; 2, also the table of the step
    /// before it (the snake down to the 512, the tile to build beside it), which counts its
    /// success by the last step's chance.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub endgame_steps: u8,

    /// With --endgame: the positions a game's tables may hold, in millions (6 bytes each, and
    /// as much again in free slots at worst; what a page can afford). Unlimited without it.
    #[arg(long, value_name = "MILLIONS", requires = "endgame")]
    pub endgame_entries: Option<usize>,

    /// With --endgame: the positions one decision may add to the tables, in thousands; a
    /// decision that needs more is the search's, and the next goes on from there. Unlimited
    /// without it.
    #[arg(long, value_name = "THOUSANDS", requires = "endgame")]
    pub endgame_slice: Option<usize>,

    /// For `max`: no endgame tables (its own has them), as Max's setting before 2026-12-05 and
    /// the runs spelled on it.
    #[arg(long, conflicts_with = "endgame")]
    pub no_endgame: bool,
}

/// The arena command that plays these games again (threads aside, which change nothing).
pub fn command_line(args: &Args) -> String {
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
