//! Plays complete games in parallel, each from its own seed, so the results depend only on the
//! strategy, the base seed and the game's index, never on the thread count or scheduling.

use std::time::Duration;

use crate::cpu_time::Stopwatch;
use crate::starts::Starts;
use game_core::{Board, Direction};
use game_core::{Game, Status};
use rand::SeedableRng;
use rayon::prelude::*;
use solver::max::{Max, Plan};
use solver::rng::GameRng;
use solver::{Decision, Searcher, Strategy, splitmix64};

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
    /// For a strategy split at the root (Max), each move's slowest root search, in move order:
    /// a move's time with its four root moves searched at once, each on a core of its own.
    /// Empty for the others.
    pub slowest: Vec<Duration>,
}

impl GameResult {
    /// Game `index`, not yet played.
    pub fn new(index: u64, seed: u64) -> GameResult {
        GameResult {
            index,
            seed,
            score: 0,
            moves: 0,
            max_tile: 0,
            nodes: 0,
            think: Vec::new(),
            slowest: Vec::new(),
        }
    }

    pub fn think_total(&self) -> Duration {
        self.think.iter().sum()
    }

    /// Everything but the timings, which no two runs share.
    pub fn outcome(&self) -> (u64, u64, u32, u32, u32, u64) {
        (self.index, self.seed, self.score, self.moves, self.max_tile, self.nodes)
    }
}

/// What chooses the moves: a strategy's searcher, or Max's four root searchers, run one after
/// the other and timed one by one (see [`GameResult::slowest`]).
pub enum Player {
    Whole(Box<dyn Searcher + Send>),
    Split(Box<Max>),
}

impl Player {
    /// The strategy's own player: Max split at the root, any other its searcher (`seed` feeds
    /// the strategies that draw random numbers).
    pub fn new(strategy: Strategy, seed: u64) -> Player {
        match strategy {
            Strategy::Max => Player::Split(Box::new(Max::new(max_network()))),
            _ => {
                let network = network_for(strategy).expect("the network was read before the games");
                Player::Whole(
                    strategy.searcher(seed, network).expect("the network was read before the games"),
                )
            }
        }
    }

    /// The decision on `board`, its CPU time, and (split) the slowest root search's.
    fn decide(&mut self, board: Board) -> (Decision, Duration, Option<Duration>) {
        match self {
            Player::Whole(searcher) => {
                let watch = Stopwatch::start();
                let decision = searcher.decide(board);
                (decision, watch.elapsed(), None)
            }
            Player::Split(max) => {
                // The tables decide before any root search, on the one thread.
                let watch = Stopwatch::start();
                if let Plan::Solved(decision) = max.plan(board) {
                    let took = watch.elapsed();
                    return (decision, took, Some(took));
                }
                let mut slowest = watch.elapsed();
                let mut total = slowest;
                let values = Direction::ALL.map(|direction| {
                    let watch = Stopwatch::start();
                    let value = max.value(board, direction);
                    let took = watch.elapsed();
                    total += took;
                    slowest = slowest.max(took);
                    value
                });
                (Max::combine(values), total, Some(slowest))
            }
        }
    }
}

/// Max's network, the repository's (the arena's `main` reads it before any game, so that a
/// missing or corrupt file is an error there, not a panic in a game).
pub fn max_network() -> &'static solver::ntuple::Network {
    solver::max::repository_network().expect("Max's network was read before the games")
}

/// The repository's network if `strategy` searches with it (Strong and Max), read once.
pub fn network_for(strategy: Strategy) -> Result<Option<&'static solver::ntuple::Network>, String> {
    strategy.needs_network().then(solver::max::repository_network).transpose()
}

/// Makes a game's player from the seed of the strategy's own randomness, instead of the
/// strategy's own player: the lab's runner plays its settings through it.
pub type MakePlayer<'a> = &'a (dyn Fn(u64) -> Player + Sync);

/// What a run plays: the strategy (and perhaps another player for it), the base seed its games'
/// seeds come from, where they start, and how far they go.
#[derive(Clone, Copy)]
pub struct Run<'a> {
    pub strategy: Strategy,
    /// Each game's player, if not the strategy's own.
    pub player: Option<MakePlayer<'a>>,
    pub base_seed: u64,
    /// Each game from one of these boards instead of a new game ([`Starts`]).
    pub starts: Option<&'a Starts>,
    /// Each game stopped after this many moves.
    pub max_moves: Option<u32>,
    /// Each game stopped once it has made this tile (when only whether it does is asked).
    pub until_tile: Option<u32>,
}

impl Run<'_> {
    /// A run of `strategy`'s own player, from new games to their end.
    pub fn new(strategy: Strategy, base_seed: u64) -> Run<'static> {
        Run { strategy, player: None, base_seed, starts: None, max_moves: None, until_tile: None }
    }
}

/// Plays game `index` of a run to the end (past 2048), or to the run's `max_moves` moves.
pub fn play_game(run: &Run, index: u64) -> GameResult {
    play_game_watched(run, index, &mut |_| {})
}

/// [`play_game`], showing `watch` each board the player is asked to move on, in order (the
/// lab's studies of the positions of the arena's own games).
pub fn play_game_watched(run: &Run, index: u64, watch: &mut dyn FnMut(Board)) -> GameResult {
    let seed = game_seed(run.base_seed, index);
    let mut rng = GameRng::seed_from_u64(seed);
    // The strategy's own randomness (only `random` has any) is a separate stream.
    let own_seed = splitmix64(seed ^ 0x5EA5_C4E5);
    let mut player = match run.player {
        Some(make) => make(own_seed),
        None => Player::new(run.strategy, own_seed),
    };
    let mut game = match run.starts {
        Some(starts) => starts.game(index),
        None => Game::new(&mut rng),
    };
    let mut result = GameResult::new(index, seed);
    let limits = (run.max_moves, run.until_tile);
    play_out(&mut game, &mut rng, &mut player, limits, &mut result, watch);
    result
}

/// Plays `game` until no move counts (taking the keep-going choice after a win), until
/// `result` holds `max_moves` moves or until the board holds `until_tile`, recording into
/// `result`, showing `watch` each board before the player moves on it.
fn play_out(
    game: &mut Game,
    rng: &mut GameRng,
    player: &mut Player,
    (max_moves, until_tile): (Option<u32>, Option<u32>),
    result: &mut GameResult,
    watch: &mut dyn FnMut(Board),
) {
    while max_moves.is_none_or(|limit| result.moves < limit)
        && until_tile.is_none_or(|tile| game.board().max_tile() < tile)
    {
        if game.status() == Status::Won {
            game.continue_after_win();
        }
        if game.status() != Status::Playing {
            break;
        }
        watch(game.board());
        let (decision, think, slowest) = player.decide(game.board());
        result.think.push(think);
        result.slowest.extend(slowest);
        result.nodes += decision.nodes;
        let direction = decision.best.expect("a game still playing has a move that counts");
        let report = game.play(direction, rng);
        assert!(report.moved, "the strategy chose {direction}, which does not count");
        result.moves += 1;
    }
    result.score = game.score();
    result.max_tile = game.board().max_tile();
}

/// Plays the run's first `games` games on `threads` threads (0: one per core), calling `done`
/// after each. The results come back in game order.
pub fn play_games(
    run: &Run,
    games: u64,
    threads: usize,
    done: impl Fn() + Sync,
) -> Result<Vec<GameResult>, rayon::ThreadPoolBuildError> {
    let indices: Vec<u64> = (0..games).collect();
    play_indices(run, &indices, threads, |_| done())
}

/// Plays the run's games of these indices on `threads` threads (0: one per core), handing
/// each to `done` as it ends (a resumable run writes it down there). The results come back in
/// the order of `indices`.
pub fn play_indices(
    run: &Run,
    indices: &[u64],
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
                let result = play_game(run, index);
                done(&result);
                result
            })
            .collect()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::StrongConfig;

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
                play_games(&Run { max_moves, ..Run::new(strategy, 1) }, 4, threads, || {})
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
        let mut rng = GameRng::seed_from_u64(9);
        let mut result = GameResult::new(0, 9);
        play_out(
            &mut game,
            &mut rng,
            &mut Player::Whole(Box::new(solver::Corner)),
            (None, None),
            &mut result,
            &mut |_| {},
        );
        assert!(result.moves > 10);
        assert_eq!(game.status(), Status::Over);
        assert!(!game.board().has_moves());
        assert_eq!(result.think.len(), result.moves as usize);
        assert!(result.max_tile >= 2048 && result.score > 20000);
    }

    #[test]
    fn max_split_at_the_root_plays_as_max_and_times_each_move_by_its_slowest_root_search() {
        let play = |mut player: Player| {
            let mut rng = GameRng::seed_from_u64(4);
            let mut game = Game::new(&mut rng);
            let mut result = GameResult::new(0, 4);
            play_out(&mut game, &mut rng, &mut player, (Some(6), None), &mut result, &mut |_| {});
            result
        };
        let split = play(Player::new(Strategy::Max, 0));
        let whole = play(Player::Whole(Box::new(Max::new(max_network()))));
        assert_eq!(split.outcome(), whole.outcome(), "timed one by one, the same moves");
        assert_eq!((split.slowest.len(), whole.slowest.len()), (6, 0));
        for (slowest, think) in split.slowest.iter().zip(&split.think) {
            assert!(slowest <= think && *slowest * 4 >= *think, "{slowest:?} of {think:?}");
        }
    }

    #[test]
    fn max_split_at_the_root_asks_its_endgame_tables_first() {
        // The snake 16384 … 256 along the bottom rows, a 128 above the 128 at its end: down
        // builds the 32768's last 256.
        let board =
            Board::from_exponents([[1, 2, 1, 2], [7, 1, 2, 1], [7, 8, 9, 10], [14, 13, 12, 11]]).unwrap();
        let (decision, _, slowest) = Player::new(Strategy::Max, 0).decide(board);
        assert_eq!(decision.best, Some(Direction::Down));
        assert_eq!(decision.values[Direction::Down.index()], Some(1.0));
        assert_eq!(decision.nodes, 0, "no search");
        assert!(slowest.is_some());
    }

    #[test]
    fn max_with_another_setting_plays_that_setting_split_at_the_root() {
        let looser = StrongConfig { cutoff: 0.02, ..StrongConfig::max(max_network()) };
        let split = |_| Player::Split(Box::new(Max::with_config(looser, None)));
        let nodes = |player: Option<MakePlayer>| {
            play_game(&Run { player, max_moves: Some(6), ..Run::new(Strategy::Max, 4) }, 0).nodes
        };
        let whole = |config| {
            let mut rng = GameRng::seed_from_u64(game_seed(4, 0));
            let mut game = Game::new(&mut rng);
            let mut result = GameResult::new(0, 0);
            play_out(
                &mut game,
                &mut rng,
                &mut Player::Whole(Box::new(Max::with_config(config, None))),
                (Some(6), None),
                &mut result,
                &mut |_| {},
            );
            result.nodes
        };
        assert_eq!(nodes(Some(&split)), whole(looser));
        let (a, b) = (nodes(Some(&split)), nodes(None));
        assert!(a < b, "a looser cutoff searches fewer positions: {a} vs {b}");
    }

    #[test]
    fn a_run_from_start_boards_plays_on_from_each_board_with_the_games_own_seed() {
        let file =
            br#"{"boards":[{"save":{"version":1,"board":[[0,0,8,16384],[0,0,16,8192],[2,0,2,2],[0,0,0,0]],
            "score":306876,"won":true,"keep_going":true}}]}"#;
        let starts = Starts::from_bytes(file).unwrap();
        let run = Run { starts: Some(&starts), max_moves: Some(20), ..Run::new(Strategy::Spec, 3) };
        let (first, second) = (play_game(&run, 0), play_game(&run, 1));
        assert_eq!(first.moves, 20);
        assert!(first.score > 306_876, "the score goes on from the board's: {}", first.score);
        assert_eq!(first.max_tile, 16384);
        assert_eq!(play_game(&run, 0).outcome(), first.outcome(), "a game is fixed by its seed");
        assert_ne!(first.outcome().2, second.outcome().2, "the same board, another seed, another game");
    }

    #[test]
    fn a_run_until_a_tile_stops_each_game_at_its_first_such_tile() {
        let run = Run { until_tile: Some(128), ..Run::new(Strategy::Spec, 3) };
        let stopped = play_game(&run, 0);
        assert_eq!(stopped.max_tile, 128);
        let before = play_game(&Run { until_tile: None, max_moves: Some(stopped.moves - 1), ..run }, 0);
        assert_eq!(before.max_tile, 64, "one move earlier there was no 128");
    }

    #[test]
    fn max_moves_caps_a_game() {
        let capped = play_game(&Run { max_moves: Some(5), ..Run::new(Strategy::Random, 3) }, 0);
        assert_eq!(capped.moves, 5);
        assert_eq!(capped.think.len(), 5);
    }
}
