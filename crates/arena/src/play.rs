//! Plays complete games in parallel, each from its own seed, so the results depend only on the
//! strategy, the base seed and the game's index, never on the thread count or scheduling.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::cpu_time::Stopwatch;
use game_core::{Game, Status};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rayon::prelude::*;
use solver::{Searcher, Strategy, Strong, StrongConfig, splitmix64};

/// The seed of game `index` in a run seeded with `base`.
pub fn game_seed(base: u64, index: u64) -> u64 {
    splitmix64(splitmix64(base).wrapping_add(index))
}

/// One finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    pub index: u64,
    pub seed: u64,
    pub score: u32,
    /// Moves played (each one counted: it changed the board).
    pub moves: u32,
    pub max_tile: u32,
    /// Positions searched over the whole game.
    pub nodes: u64,
    /// Time spent choosing each move, in move order: CPU time of the playing thread
    /// ([`crate::cpu_time`]).
    pub think: Vec<Duration>,
}

impl GameResult {
    pub fn think_total(&self) -> Duration {
        self.think.iter().sum()
    }

    /// Everything but the timings, which no two runs share.
    pub fn outcome(&self) -> (u64, u64, u32, u32, u32, u64) {
        (self.index, self.seed, self.score, self.moves, self.max_tile, self.nodes)
    }
}

/// Wall-clock milliseconds since the first reading, for the time budget of `strong` (which
/// only subtracts two readings).
pub fn wall_ms() -> f64 {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1e3
}

/// A fresh searcher for one game: `tuned` replaces a Strong strategy's configuration (a
/// [`solver::Budget::Millis`] read from [`wall_ms`]); other strategies ignore it.
pub fn searcher(strategy: Strategy, seed: u64, tuned: Option<StrongConfig>) -> Box<dyn Searcher + Send> {
    match (strategy.strong_config(), tuned) {
        (Some(_), Some(config)) => Box::new(Strong::with_clock(config, wall_ms)),
        _ => strategy.searcher(seed),
    }
}

/// Plays game `index` of a run to the end (past 2048), or to `max_moves` moves.
pub fn play_game(
    strategy: Strategy,
    tuned: Option<StrongConfig>,
    base_seed: u64,
    index: u64,
    max_moves: Option<u32>,
) -> GameResult {
    let seed = game_seed(base_seed, index);
    let mut rng = StdRng::seed_from_u64(seed);
    // The strategy's own randomness (only `random` has any) is a separate stream.
    let mut searcher = searcher(strategy, splitmix64(seed ^ 0x5EA5_C4E5), tuned);
    let mut game = Game::new(&mut rng);
    let mut result = GameResult { index, seed, score: 0, moves: 0, max_tile: 0, nodes: 0, think: Vec::new() };
    play_out(&mut game, &mut rng, searcher.as_mut(), max_moves, &mut result);
    result
}

/// Plays `game` until no move counts (taking the keep-going choice after a win) or until
/// `result` holds `max_moves` moves, recording into `result`.
fn play_out(
    game: &mut Game,
    rng: &mut StdRng,
    searcher: &mut (dyn Searcher + Send),
    max_moves: Option<u32>,
    result: &mut GameResult,
) {
    while max_moves.is_none_or(|limit| result.moves < limit) {
        if game.status() == Status::Won {
            game.continue_after_win();
        }
        if game.status() != Status::Playing {
            break;
        }
        let watch = Stopwatch::start();
        let decision = searcher.decide(game.board());
        result.think.push(watch.elapsed());
        result.nodes += decision.nodes;
        let direction = decision.best.expect("a game still playing has a move that counts");
        let report = game.play(direction, rng);
        assert!(report.moved, "the strategy chose {direction}, which does not count");
        result.moves += 1;
    }
    result.score = game.score();
    result.max_tile = game.board().max_tile();
}

/// Plays `games` games on `threads` threads (0: one per core), calling `done` after each.
/// The results come back in game order.
pub fn play_games(
    strategy: Strategy,
    tuned: Option<StrongConfig>,
    base_seed: u64,
    games: u64,
    max_moves: Option<u32>,
    threads: usize,
    done: impl Fn() + Sync,
) -> Result<Vec<GameResult>, rayon::ThreadPoolBuildError> {
    let indices: Vec<u64> = (0..games).collect();
    play_indices(strategy, tuned, base_seed, &indices, max_moves, threads, |_| done())
}

/// Plays the games of these indices of a run on `threads` threads (0: one per core), handing
/// each to `done` as it ends (a resumable run writes it down there). The results come back in
/// the order of `indices`.
pub fn play_indices(
    strategy: Strategy,
    tuned: Option<StrongConfig>,
    base_seed: u64,
    indices: &[u64],
    max_moves: Option<u32>,
    threads: usize,
    done: impl Fn(&GameResult) + Sync,
) -> Result<Vec<GameResult>, rayon::ThreadPoolBuildError> {
    solver::eval::warm_up();
    solver::strong::heuristic::Heuristic::nneonneo();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    Ok(pool.install(|| {
        indices
            .par_iter()
            .map(|&index| {
                let result = play_game(strategy, tuned, base_seed, index, max_moves);
                done(&result);
                result
            })
            .collect()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::Budget;

    #[test]
    fn seeds_differ_by_game_and_by_base() {
        let seeds: std::collections::HashSet<u64> =
            (0..1000).flat_map(|i| [game_seed(1, i), game_seed(2, i)]).collect();
        assert_eq!(seeds.len(), 2000);
        assert_eq!(game_seed(1, 7), game_seed(1, 7));
    }

    #[test]
    fn results_do_not_depend_on_the_thread_count() {
        for (strategy, max_moves) in
            [(Strategy::Random, None), (Strategy::Spec, Some(60)), (Strategy::Strong, Some(40))]
        {
            let outcomes = |threads| {
                play_games(strategy, None, 1, 4, max_moves, threads, || {})
                    .unwrap()
                    .iter()
                    .map(GameResult::outcome)
                    .collect::<Vec<_>>()
            };
            let one = outcomes(1);
            assert_eq!(one, outcomes(2), "{strategy}");
            assert_eq!(one.iter().map(|o| o.0).collect::<Vec<_>>(), [0, 1, 2, 3]);
            // Different games really are different games.
            assert!(one.windows(2).any(|w| w[0].2 != w[1].2), "{strategy}: {one:?}");
        }
    }

    #[test]
    fn games_go_on_past_2048_until_no_move_counts() {
        let saved = r#"{"version":1,"board":[[2048,0,0,0],[0,0,0,0],[0,0,0,2],[0,0,0,0]],
            "score":20000,"won":true,"keep_going":false}"#;
        let mut game = Game::from_json(saved).unwrap();
        assert_eq!(game.status(), Status::Won);
        let mut rng = StdRng::seed_from_u64(9);
        let mut result =
            GameResult { index: 0, seed: 9, score: 0, moves: 0, max_tile: 0, nodes: 0, think: vec![] };
        play_out(&mut game, &mut rng, &mut solver::Corner, None, &mut result);
        assert!(result.moves > 10);
        assert_eq!(game.status(), Status::Over);
        assert!(!game.board().has_moves());
        assert_eq!(result.think.len(), result.moves as usize);
        assert!(result.max_tile >= 2048 && result.score > 20000);
    }

    #[test]
    fn max_moves_caps_a_game() {
        let capped = play_game(Strategy::Random, None, 3, 0, Some(5));
        assert_eq!(capped.moves, 5);
        let capped = play_game(
            Strategy::Strong,
            Some(StrongConfig::FAST.with_budget(Budget::Millis(1.0))),
            3,
            0,
            Some(5),
        );
        assert_eq!(capped.moves, 5);
        assert_eq!(capped.think.len(), 5);
    }
}
