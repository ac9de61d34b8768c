//! Realistic positions for the solver's tests and benches: the boards met in seeded games played
//! by the spec solver. The benches include this file too (`#[path]`), so both use one recipe.
#![allow(dead_code)]

use game_core::{Board, Game, Status};
use rand::SeedableRng;
use solver::rng::GameRng;

/// The boards before each move `m <= last_move` with `keep(m)`, as (move number, board), of one
/// spec game per seed in `seeds` (a game that ends early gives fewer).
pub fn spec_game_positions(
    seeds: std::ops::Range<u64>,
    last_move: u32,
    keep: impl Fn(u32) -> bool,
) -> Vec<(u32, Board)> {
    let mut boards = Vec::new();
    for seed in seeds {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut game = Game::new(&mut rng);
        for m in 0..=last_move {
            if game.status() == Status::Won {
                game.continue_after_win();
            }
            let Some(direction) = solver::decide(game.board()).best else { break };
            if keep(m) {
                boards.push((m, game.board()));
            }
            game.play(direction, &mut rng);
        }
    }
    boards
}

/// The bench positions: moves 150, 300 and 450 (mid-game) and 900, 1200 and 1500 (late game) of
/// eight seeded spec games.
pub fn bench_positions() -> (Vec<Board>, Vec<Board>) {
    const MID: [u32; 3] = [150, 300, 450];
    const LATE: [u32; 3] = [900, 1200, 1500];
    let all = spec_game_positions(0..8, LATE[2], |m| MID.contains(&m) || LATE.contains(&m));
    let pick = |moves: [u32; 3]| all.iter().filter(|(m, _)| moves.contains(m)).map(|&(_, b)| b).collect();
    (pick(MID), pick(LATE))
}

/// That the searchers `make` builds are reproducible: a fresh one decides each of `boards` as
/// another does (and looks at least two moves ahead), and a seeded 150-move game played with
/// one searcher, its table carried across moves, goes the same way twice.
pub fn assert_reproducible<S: solver::Searcher>(make: impl Fn() -> S, boards: &[Board]) {
    for &board in boards {
        let a = make().decide(board);
        let b = make().decide(board);
        assert_eq!(a, b);
        assert!(a.depth >= 2, "{board:?}: depth {}", a.depth);
    }
    let play = || {
        let mut rng = GameRng::seed_from_u64(7);
        let mut game = Game::new(&mut rng);
        let mut searcher = make();
        (0..150)
            .map(|_| {
                let d = searcher.decide(game.board()).best.unwrap();
                game.play(d, &mut rng);
                d
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(play(), play());
}
