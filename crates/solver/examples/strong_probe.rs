//! Depths and positions Strong reaches on positions from seeded spec games, per node budget:
//! `cargo run --release -p solver --example strong_probe -- 20000 40000 160000`.

use std::time::Instant;

use game_core::{Game, Status};
use rand::SeedableRng;
use rand::rngs::StdRng;
use solver::{Budget, Searcher, Strong, StrongConfig};

fn main() {
    let mut boards = Vec::new();
    for seed in 0..6 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Game::new(&mut rng);
        for m in 0..1500 {
            if game.status() == Status::Won {
                game.continue_after_win();
            }
            let Some(direction) = solver::decide(game.board()).best else { break };
            if m % 50 == 0 {
                boards.push(game.board());
            }
            game.play(direction, &mut rng);
        }
    }
    solver::strong::heuristic::Heuristic::nneonneo();
    for arg in std::env::args().skip(1) {
        let nodes: u64 = arg.parse().expect("a node budget");
        let growth_cap = std::env::var("GROWTH").map_or(64.0, |g| g.parse().unwrap());
        let hard_limit = std::env::var("HARD").map_or(1.5, |g| g.parse().unwrap());
        let cutoff = std::env::var("CUTOFF").map_or(1e-4, |g| g.parse().unwrap());
        let tt_min_depth = std::env::var("TTMIN").map_or(1, |g| g.parse().unwrap());
        let budget = if nodes < 10 { Budget::Depth(nodes as u32) } else { Budget::Nodes(nodes) };
        let config = StrongConfig {
            growth_cap,
            hard_limit,
            cutoff,
            tt_min_depth,
            ..StrongConfig::FAST.with_budget(budget)
        };
        let mut searcher = Strong::new(config);
        let mut depths = [0u32; 16];
        let (mut total, mut times) = (0u64, Vec::new());
        for &board in &boards {
            let start = Instant::now();
            let d = searcher.decide(board);
            times.push(start.elapsed().as_secs_f64() * 1e3);
            depths[d.depth as usize] += 1;
            total += d.nodes;
        }
        times.sort_by(f64::total_cmp);
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        println!(
            "budget {nodes}: {} boards, mean nodes {}, mean {mean:.3} ms, median {:.3} ms, depths {:?}",
            boards.len(),
            total / boards.len() as u64,
            times[times.len() / 2],
            &depths[..10]
        );
    }
}
