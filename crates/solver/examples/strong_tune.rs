//! Plays short series of games with Strong configurations, for tuning (the arena is the judge):
//! `CUTOFF=1e-3 GROWTH=6 cargo run --release -p solver --example strong_tune -- GAMES NODES...`.
//! Games are seeded as 0..GAMES and split over two threads.

use std::time::Instant;

use game_core::{Game, Status};
use rand::SeedableRng;
use rand::rngs::StdRng;
use solver::{Budget, Searcher, Strong, StrongConfig};

fn env(name: &str, default: f64) -> f64 {
    std::env::var(name).map_or(default, |v| v.parse().expect("a number"))
}

fn play(config: StrongConfig, seed: u64) -> (u32, u32, u32, f64) {
    let mut rng = StdRng::seed_from_u64(seed ^ 0xA5A5);
    let mut game = Game::new(&mut rng);
    let mut searcher = Strong::new(config);
    let (mut moves, mut think) = (0u32, 0.0);
    loop {
        if game.status() == Status::Won {
            game.continue_after_win();
        }
        if game.status() != Status::Playing {
            break;
        }
        let start = Instant::now();
        let d = searcher.decide(game.board());
        think += start.elapsed().as_secs_f64() * 1e3;
        game.play(d.best.expect("a move"), &mut rng);
        moves += 1;
    }
    (game.board().max_tile(), game.score(), moves, think)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().expect("games").parse().unwrap();
    solver::strong::heuristic::Heuristic::nneonneo();
    for arg in args {
        let budget = if let Some(ms) = arg.strip_prefix("d") {
            Budget::Depth(ms.parse().unwrap())
        } else {
            Budget::Nodes(arg.parse().unwrap())
        };
        let config = StrongConfig {
            cutoff: env("CUTOFF", StrongConfig::FAST.cutoff),
            growth_cap: env("GROWTH", StrongConfig::FAST.growth_cap),
            hard_limit: env("HARD", StrongConfig::FAST.hard_limit),
            ..StrongConfig::FAST.with_budget(budget)
        };
        let start = Instant::now();
        let results: Vec<_> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..2u64)
                .map(|t| s.spawn(move || (t..games).step_by(2).map(|g| play(config, g)).collect::<Vec<_>>()))
                .collect();
            handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
        });
        let n = results.len() as f64;
        let share = |tile: u32| 100.0 * results.iter().filter(|r| r.0 >= tile).count() as f64 / n;
        let mut scores: Vec<u32> = results.iter().map(|r| r.1).collect();
        scores.sort_unstable();
        let moves: u32 = results.iter().map(|r| r.2).sum();
        let think: f64 = results.iter().map(|r| r.3).sum();
        println!(
            "{arg} cutoff {} growth {}: {games} games, 2048 {:.0}% 4096 {:.0}% 8192 {:.0}% 16384 {:.0}% 32768 {:.0}%, median score {}, mean think {:.3} ms, wall {:.0} s",
            config.cutoff,
            config.growth_cap,
            share(2048),
            share(4096),
            share(8192),
            share(16384),
            share(32768),
            scores[scores.len() / 2],
            think / f64::from(moves),
            start.elapsed().as_secs_f64()
        );
    }
}
