//! The lab's searchers on Strong's public hooks: iterative deepening to a node or time budget,
//! tuned weights, a second look; and the learned n-tuple evaluation (a network the lab's
//! trainer learns) scoring the search's leaves.

// The solver's recipe for realistic positions, shared rather than copied.
#[path = "../../solver/tests/common/mod.rs"]
mod common;

use std::sync::OnceLock;

use game_core::{Board, Direction};
use lab::learn;
use lab::ntuple::Reshape;
use lab::search::deepen::{self, Deepening};
use lab::search::{LabConfig, LabSearcher, SecondLook};
use rand::SeedableRng;
use solver::ntuple::{Network, Shape};
use solver::rng::GameRng;
use solver::strong::Evaluation;
use solver::strong::heuristic::Heuristic;
use solver::{Budget, Searcher, Strong, StrongConfig};

fn ranks(rows: [[u8; 4]; 4]) -> Board {
    Board::from_exponents(rows).unwrap()
}

/// The heuristic Strong deepening to `budget`.
fn deepening(config: StrongConfig, budget: deepen::Budget) -> LabSearcher {
    let lab = LabConfig { deepening: Some(Deepening::new(budget)), ..LabConfig::NONE };
    LabSearcher::new(config, Heuristic::nneonneo(), lab, deepen::no_clock)
}

/// A small node budget, to keep the debug-build tests quick.
fn small() -> LabSearcher {
    deepening(StrongConfig::FAST, deepen::Budget::Nodes(20_000))
}

/// Positions from seeded games played by the spec solver, every 41st move.
fn played_boards() -> Vec<Board> {
    common::spec_game_positions(0..3, 399, |m| m % 41 == 0).into_iter().map(|(_, b)| b).collect()
}

#[test]
fn a_node_budget_decides_the_same_whatever_the_clock() {
    common::assert_reproducible(small, &played_boards());
}

#[test]
fn a_larger_node_budget_searches_at_least_as_deep() {
    for board in played_boards().into_iter().take(6) {
        let small = deepening(StrongConfig::FAST, deepen::Budget::Nodes(2_000)).decide(board);
        let large = deepening(StrongConfig::FAST, deepen::Budget::Nodes(200_000)).decide(board);
        assert!(large.depth >= small.depth, "{board:?}");
        // The hard limit bounds the positions of a decision.
        assert!(small.nodes <= 3_100, "{}", small.nodes);
    }
}

#[test]
fn a_time_budget_without_a_clock_runs_until_the_depth_stops_mattering() {
    // The clock never moves, so every next depth fits: the search stops at the board's own
    // depth (no leaf cut by the depth) or at the deepest iteration, never by the budget.
    let board = ranks([[1, 2, 1, 2], [2, 1, 2, 1], [1, 2, 1, 2], [2, 1, 3, 0]]);
    // No table: the iterations would otherwise answer each other up to its `f32` rounding.
    let config = StrongConfig { tt_bits: None, ..StrongConfig::FAST };
    let timed = deepening(config, deepen::Budget::Millis(1.0)).decide(board);
    let deepest = Deepening::new(deepen::Budget::Millis(1.0)).max_depth;
    let exact = Strong::new(config.with_budget(Budget::Depth(timed.depth))).decide(board);
    assert!(timed.depth <= deepest);
    assert_eq!((timed.best, timed.values), (exact.best, exact.values));
}

/// A network learned from a few hundred games.
fn network() -> &'static Network {
    static NETWORK: OnceLock<Network> = OnceLock::new();
    NETWORK.get_or_init(|| {
        let mut learner =
            learn::Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), learn::Rule::Fixed { alpha: 0.1 });
        let mut rng = GameRng::seed_from_u64(5);
        for _ in 0..300 {
            learn::play(&mut learner, &mut rng);
        }
        learner.network
    })
}

fn learned(depth: u32) -> Strong {
    let mut config =
        StrongConfig { budget: Budget::Depth(depth), cutoff: 0.0, tt_bits: None, ..StrongConfig::FAST };
    config.evaluation = Evaluation::Learned(network().into());
    Strong::new(config)
}
/// Merge points inside the tiles: `(k - 1) * 2^k` per tile `2^k`.
fn potential(board: Board) -> f64 {
    board
        .exponents()
        .iter()
        .flatten()
        .map(|&k| if k > 1 { f64::from(u32::from(k) - 1) * f64::from(1u32 << k) } else { 0.0 })
        .sum()
}

#[test]
fn learned_values_one_move_deep_are_score_so_far_plus_the_network() {
    let board = ranks([[1, 1, 2, 3], [0, 4, 4, 0], [5, 0, 0, 1], [2, 2, 0, 0]]);
    let decision = learned(1).decide(board);
    let network = network();
    for d in Direction::ALL {
        let slide = board.slide(d);
        let expected = slide
            .moved
            .then(|| potential(slide.board) + f64::from(network.value(slide.board.nibbles().unwrap())));
        assert_eq!(decision.values[d.index()], expected, "{d}");
    }
    // The move's own score is part of its value: Φ grows by exactly the merged tiles.
    let left = board.slide(Direction::Left);
    assert_eq!(potential(left.board) - potential(board), f64::from(left.score));
}

#[test]
fn learned_search_scores_a_lost_board_by_its_score_alone() {
    // Up, down and left leave a dead board whatever tile appears: nothing more to score after
    // them. Right keeps the game going, and is chosen.
    let board = ranks([[5, 7, 9, 6], [6, 4, 8, 4], [8, 9, 4, 3], [9, 6, 4, 4]]);
    for mut s in [learned(2), learned(3)] {
        let d = s.decide(board);
        for direction in [Direction::Up, Direction::Down, Direction::Left] {
            let after = board.slide(direction).board;
            assert_eq!(d.values[direction.index()], Some(potential(after)), "{direction}");
        }
        assert_eq!(d.best, Some(Direction::Right));
    }
}

fn tuned(weights: solver::strong::heuristic::HeuristicWeights) -> Strong {
    Strong::with_heuristic(StrongConfig::FAST, lab::weights::leak(weights))
}

#[test]
fn tuned_weights_equal_to_nneonneos_search_as_the_product_does_and_others_do_not() {
    use solver::strong::heuristic::HeuristicWeights;
    let mut same = tuned(HeuristicWeights::NNEONNEO);
    let mut other =
        tuned(HeuristicWeights { empty: 2_700.0, monotonicity: 470.0, ..HeuristicWeights::NNEONNEO });
    let mut product = Strong::default();
    let mut differs = false;
    for board in played_boards() {
        let expected = product.decide(board);
        let got = same.decide(board);
        assert_eq!(got.values.map(|v| v.map(f64::to_bits)), expected.values.map(|v| v.map(f64::to_bits)));
        differs |= other.decide(board).values != expected.values;
    }
    assert!(differs, "other weights value some position differently");
}

fn second_look(drop: f64) -> LabSearcher {
    let look = SecondLook { drop, cutoff: 0.001, max_depth: 8 };
    let lab = LabConfig { second_look: Some(look), ..LabConfig::NONE };
    LabSearcher::new(StrongConfig::FAST, Heuristic::nneonneo(), lab, deepen::no_clock)
}

#[test]
fn a_second_look_searches_deeper_where_the_first_search_expects_a_loss_and_nowhere_else() {
    // Crowded boards with many distinct tiles, where the fast depth cap binds.
    let tight = [
        [[1, 2, 3, 4], [8, 7, 6, 5], [9, 10, 11, 0], [1, 2, 1, 0]],
        [[2, 3, 1, 4], [5, 6, 7, 8], [12, 11, 10, 9], [1, 0, 2, 0]],
    ];
    let mut looked = 0;
    for board in played_boards().into_iter().chain(tight.map(ranks)) {
        let first = Strong::new(StrongConfig::FAST).decide(board);
        let best = first.values.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
        let drop = Heuristic::nneonneo().evaluate(board) - best;
        let got = second_look(drop - 1.0).decide(board);
        let none = second_look(drop + 1.0).decide(board);
        // Below its threshold the second look changes nothing.
        assert_eq!(none.values.map(|v| v.map(f64::to_bits)), first.values.map(|v| v.map(f64::to_bits)));
        assert_eq!((none.nodes, none.depth), (first.nodes, first.depth));
        // Above it, a deeper search decides, and its positions count with the first's.
        let mut deeper = Strong::new(StrongConfig {
            cutoff: 0.001,
            budget: Budget::Distinct { minus: 2, min: 2, max: 8 },
            ..StrongConfig::FAST
        });
        let expected = deeper.decide(board);
        assert_eq!(got.best, expected.best, "{board:?}");
        assert!(got.nodes > first.nodes && got.depth >= first.depth);
        looked += usize::from(got.depth > first.depth);
    }
    assert!(looked >= 2, "the tight boards are searched deeper than the fast cap");
}
