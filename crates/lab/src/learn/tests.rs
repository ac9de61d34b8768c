//! The learner: afterstates, TD and TC steps, saved state, whole games forward and backward.

use super::*;
use game_core::Direction;
use rand::SeedableRng;
use solver::rng::GameRng;

#[test]
fn afterstates_are_the_board_slides() {
    let board = Board::from_exponents([[1, 1, 2, 0], [0, 3, 0, 3], [4, 0, 0, 0], [1, 2, 1, 2]]).unwrap();
    let x = board.nibbles().unwrap();
    let ours = afterstates(x);
    for d in Direction::ALL {
        let slide = board.slide(d);
        let expected = slide.moved.then(|| (slide.board.nibbles().unwrap(), slide.score));
        assert_eq!(ours[d.index()], expected, "{d}");
    }
}

#[test]
fn learning_is_deterministic_and_improves_on_zero_weights() {
    let run = |games: usize, alpha: f32| {
        let mut learner = Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Fixed { alpha });
        let mut rng = GameRng::seed_from_u64(7);
        let outcomes: Vec<_> = (0..games).map(|_| play(&mut learner, &mut rng)).collect();
        (learner.network, outcomes)
    };
    let (a, first) = run(200, 0.1);
    let (b, second) = run(200, 0.1);
    assert_eq!(first, second);
    assert_eq!(a.to_bytes(), b.to_bytes());
    // Frozen, the learned weights beat the untrained network on the same fresh games.
    let mean = |net: Network| {
        let mut frozen = Learner::new(net, Rule::Fixed { alpha: 0.0 });
        let mut rng = GameRng::seed_from_u64(99);
        (0..100).map(|_| play(&mut frozen, &mut rng).score).sum::<u64>() / 100
    };
    let (l, z) = (mean(a), mean(Network::zeroed(Shape::LINES_AND_SQUARES)));
    assert!(l > z + z / 4, "learned {l} vs untrained {z}");
}

#[test]
fn the_late_game_starts_where_the_tile_is_first_made() {
    let network = Network::zeroed(Shape::LINES_AND_SQUARES);
    let mut rng = GameRng::seed_from_u64(5);
    let start = play_until(&network, 7, &mut rng).expect("greedy play makes a 128");
    assert_eq!(max_nibble(start), 7, "the first afterstate with a 128, not a later one");
    // The same tiles, the same board: a run's starts are fixed by its seed.
    assert_eq!(play_until(&network, 7, &mut GameRng::seed_from_u64(5)), Some(start));
    // A game that ends first has no late game.
    assert_eq!(play_until(&network, 15, &mut rng), None);
}

/// Sixteen different tiles: no two of the board's lookups share a weight.
fn distinct() -> u64 {
    Board::from_exponents([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]])
        .unwrap()
        .nibbles()
        .unwrap()
}

#[test]
fn coherence_stops_a_weight_whose_errors_cancel_and_keeps_one_whose_errors_agree() {
    let (x, e) = (distinct(), 8.0);
    let mut fixed = Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Fixed { alpha: 1.0 });
    let mut coherent =
        Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
    for error in [e, -e, e] {
        fixed.learn(x, error);
        coherent.learn(x, error);
    }
    assert!((fixed.network.value(x) - e).abs() < 1e-4);
    // Up, down, then nothing: the sums of the errors cancelled, so the third step is still.
    assert!(coherent.network.value(x).abs() < 1e-4, "{}", coherent.network.value(x));
    // Errors that agree keep the full rate.
    let mut agreeing =
        Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
    for _ in 0..3 {
        agreeing.learn(x, e);
    }
    assert!((agreeing.network.value(x) - 3.0 * e).abs() < 1e-3);
}

#[test]
fn going_on_from_a_file_the_weights_it_holds_move_slowly_and_the_others_as_new() {
    // A network that knows one board (as a packed file keeps the learned weights alone).
    let (known, e) = (distinct(), 8.0);
    let mut first = Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
    first.learn(known, e);
    let mut going_on = Learner::new(first.network, Rule::Coherence { alpha: 1.0 }).settled_where_set(1000.0);
    // Its first step moves it by nothing (errors that agree so far: none), the next a little.
    going_on.learn(known, e);
    going_on.learn(known, e);
    let moved = going_on.network.value(known) - e;
    assert!(moved > 1e-4 && moved < 0.01 * e, "{moved}");
    // Every cell a 2: none of its tuples' keys is one of the first board's, so it learns as
    // on a new network.
    let unknown = Board::from_exponents([[1; 4]; 4]).unwrap().nibbles().unwrap();
    let mut new = Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
    new.learn(unknown, e);
    going_on.learn(unknown, e);
    assert!(new.network.value(unknown) > e);
    assert_eq!(going_on.network.value(unknown), new.network.value(unknown));
}

#[test]
fn a_learner_saved_and_read_back_goes_on_as_if_never_stopped() {
    let games = |learner: &mut Learner, from: u64, to: u64| {
        for game in from..to {
            play(learner, &mut GameRng::seed_from_u64(game));
        }
    };
    let mut unbroken =
        Learner::new(Network::filled(Shape::LINES_AND_SQUARES, 500.0), Rule::Coherence { alpha: 0.5 });
    games(&mut unbroken, 0, 60);
    let mut first =
        Learner::new(Network::filled(Shape::LINES_AND_SQUARES, 500.0), Rule::Coherence { alpha: 0.5 });
    games(&mut first, 0, 30);
    first.restart_from = distinct();
    let (mut second, learned) = Learner::from_bytes(&first.to_bytes(30)).unwrap();
    assert_eq!((learned, second.rule, second.restart_from), (30, first.rule, distinct()));
    second.restart_from = 0;
    games(&mut second, 30, 60);
    assert_eq!(second.to_bytes(60), unbroken.to_bytes(60));
    assert_ne!(first.network.to_bytes(), unbroken.network.to_bytes(), "30 more games changed nothing");
    // A learner made into two stages goes on alike.
    let staged = unbroken.staged(11);
    let bytes = staged.to_bytes(60);
    let (read, _) = Learner::from_bytes(&bytes).unwrap();
    assert_eq!((read.network.split(), read.to_bytes(60)), (Some(11), bytes));
}

#[test]
fn a_folded_learner_keeps_what_was_learned_and_goes_on_from_its_file() {
    let mut learner = Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
    let mut rng = GameRng::seed_from_u64(5);
    for _ in 0..20 {
        play(&mut learner, &mut rng);
    }
    let mut folded = learner.folded(10);
    assert_eq!(folded.network.hash_bits(), Some(10));
    let total = |l: &Learner| (0..l.network.weight_count()).map(|i| f64::from(l.learned(i))).sum::<f64>();
    let (before, after) = (total(&learner), total(&folded));
    assert!(before > 0.0 && (before - after).abs() < 1e-3 * before, "{before} folded into {after}");
    for _ in 0..5 {
        play(&mut folded, &mut rng);
    }
    let (back, games) = Learner::from_bytes(&folded.to_bytes(25)).unwrap();
    assert_eq!((games, back.to_bytes(25)), (25, folded.to_bytes(25)));
}

#[test]
fn a_cut_or_foreign_learner_file_is_refused() {
    let learner = Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
    let bytes = learner.to_bytes(7);
    assert!(Learner::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    assert!(Learner::from_bytes(&bytes[..20]).is_err());
    assert!(Learner::from_bytes(&learner.network.to_bytes()).is_err(), "a weights file is not a learner");
    let mut other_rule = bytes.clone();
    other_rule[8] = 9;
    assert!(Learner::from_bytes(&other_rule).is_err());
    // A fixed-rate learner's file is its header, the network and the restart point; with a
    // sparse network in it, it is refused (a sparse network cannot learn).
    let mut fixed = Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Fixed { alpha: 0.1 });
    fixed.network.adjust(0x1234, 50.0);
    assert!(Learner::from_bytes(&fixed.to_bytes(3)).is_ok());
    let sparse = fixed.network.to_sparse_bytes();
    let mut with_sparse = fixed.to_bytes(3)[..29].to_vec();
    with_sparse[21..29].copy_from_slice(&(sparse.len() as u64).to_le_bytes());
    with_sparse.extend_from_slice(&sparse);
    with_sparse.extend_from_slice(&0u64.to_le_bytes());
    assert!(Network::from_bytes(&sparse).unwrap().is_sparse());
    assert!(Learner::from_bytes(&with_sparse).is_err());
}

#[test]
fn backward_learning_from_whole_episodes_and_their_midpoints_beats_no_learning() {
    let run = || {
        let mut learner =
            Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
        let mut start = 0;
        for episode in 0..300 {
            let (_, path) = play_backward(&mut learner, 0.5, start, &mut GameRng::seed_from_u64(episode));
            // Every new game is followed by an episode from its midpoint, as `--restart` does.
            start = if start == 0 { path[path.len() / 2] } else { 0 };
        }
        learner
    };
    let (a, b) = (run(), run());
    assert_eq!(a.to_bytes(0), b.to_bytes(0), "the same episodes learn the same weights");
    let mean = |network: &Network| {
        let mut frozen = Learner::new(network.clone(), Rule::Fixed { alpha: 0.0 });
        (0..100u64)
            .map(|g| play_backward(&mut frozen, 0.5, 0, &mut GameRng::seed_from_u64(1000 + g)).0.score)
            .sum::<u64>()
            / 100
    };
    let (learned, blank) = (mean(&a.network), mean(&Network::zeroed(Shape::LINES_AND_SQUARES)));
    assert!(learned > 2 * blank, "learned {learned} vs untrained {blank}");
}
