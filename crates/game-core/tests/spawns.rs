//! Spawn statistics under a seeded RNG: 4s one time in ten, every empty cell equally likely.

use game_core::{Board, random_spawn};
use rand::SeedableRng;
use rand::rngs::StdRng;

const SPAWNS: usize = 100_000;

/// Pearson's chi-square statistic of observed counts against a uniform expectation.
fn chi_square(counts: &[usize]) -> f64 {
    let expected = counts.iter().sum::<usize>() as f64 / counts.len() as f64;
    counts.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum()
}

#[test]
fn one_spawn_in_ten_is_a_four() {
    let mut rng = StdRng::seed_from_u64(2048);
    let fours = (0..SPAWNS).filter(|_| random_spawn(Board::EMPTY, &mut rng).unwrap().exponent == 2).count();
    let share = fours as f64 / SPAWNS as f64;
    assert!((share - 0.1).abs() <= 0.005, "share of 4s {share}");
}

#[test]
fn every_empty_cell_is_chosen_about_equally_often() {
    // A board with five empty cells scattered among tiles.
    let board =
        Board::from_rows([[2, 0, 4, 8], [16, 32, 0, 64], [0, 128, 256, 512], [1024, 0, 2, 0]]).unwrap();
    let empties: Vec<usize> = board.empty_cell_indices().collect();
    assert_eq!(empties.len(), 5);
    let mut counts = [0usize; 16];
    let mut rng = StdRng::seed_from_u64(99);
    for _ in 0..SPAWNS {
        counts[random_spawn(board, &mut rng).unwrap().cell] += 1;
    }
    for (cell, &count) in counts.iter().enumerate() {
        if !empties.contains(&cell) {
            assert_eq!(count, 0, "cell {cell} holds a tile and must never be chosen");
        }
    }
    let chosen: Vec<usize> = empties.iter().map(|&c| counts[c]).collect();
    // 4 degrees of freedom: 18.47 is the 0.1 % critical value.
    assert!(chi_square(&chosen) < 18.47, "counts {chosen:?}");
    for &c in &chosen {
        assert!((c as f64 / SPAWNS as f64 - 0.2).abs() < 0.01, "counts {chosen:?}");
    }
}

#[test]
fn on_an_empty_board_all_sixteen_cells_are_used_evenly() {
    let mut counts = [0usize; 16];
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..SPAWNS {
        counts[random_spawn(Board::EMPTY, &mut rng).unwrap().cell] += 1;
    }
    // 15 degrees of freedom: 37.70 is the 0.1 % critical value.
    assert!(chi_square(&counts) < 37.70, "counts {counts:?}");
}

#[test]
fn a_full_board_has_nowhere_to_spawn() {
    let full = Board::from_rows([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]]).unwrap();
    assert!(random_spawn(full, &mut StdRng::seed_from_u64(1)).is_none());
}

#[test]
fn the_same_seed_gives_the_same_games() {
    use game_core::{Direction, Game};
    let play = |seed| {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Game::new(&mut rng);
        for i in 0..300 {
            game.play(Direction::ALL[i % 4], &mut rng);
        }
        game
    };
    assert_eq!(play(11), play(11));
    assert_ne!(play(11), play(12));
}
