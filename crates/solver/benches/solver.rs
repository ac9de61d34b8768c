//! Criterion benches: a slide, an evaluation, and one spec decision, on fixed sets of mid- and
//! late-game positions taken from seeded games the spec solver plays (so the set is the same on
//! every run and looks like real play).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::{Board, Direction, Game, Status};
use rand::SeedableRng;
use rand::rngs::StdRng;
use solver::eval::{evaluate, warm_up};

/// Positions at fixed move numbers of seeded spec games: (mid-game, late-game).
fn positions() -> (Vec<Board>, Vec<Board>) {
    const MID: [u32; 3] = [150, 300, 450];
    const LATE: [u32; 3] = [900, 1200, 1500];
    let (mut mid, mut late) = (Vec::new(), Vec::new());
    for seed in 0..8 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Game::new(&mut rng);
        for m in 0..=LATE[2] {
            if game.status() == Status::Won {
                game.continue_after_win();
            }
            if MID.contains(&m) {
                mid.push(game.board());
            }
            if LATE.contains(&m) {
                late.push(game.board());
            }
            let Some(direction) = solver::decide(game.board()).best else { break };
            game.play(direction, &mut rng);
        }
    }
    (mid, late)
}

fn benches(c: &mut Criterion) {
    warm_up();
    let (mid, late) = positions();
    let all: Vec<Board> = mid.iter().chain(&late).copied().collect();
    eprintln!("bench set: {} mid-game and {} late-game positions", mid.len(), late.len());

    let mut group = c.benchmark_group("board");
    group.throughput(Throughput::Elements(all.len() as u64 * 4));
    group.bench_function("slide", |b| {
        b.iter(|| {
            for &board in &all {
                for d in Direction::ALL {
                    black_box(black_box(board).slide(d));
                }
            }
        })
    });
    group.throughput(Throughput::Elements(all.len() as u64));
    group.bench_function("evaluate", |b| {
        b.iter(|| {
            for &board in &all {
                black_box(evaluate(black_box(board)));
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("spec_decision");
    group.sample_size(20);
    for (name, set) in [("mid", &mid), ("late", &late), ("all", &all)] {
        group.throughput(Throughput::Elements(set.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for &board in set {
                    black_box(solver::decide(black_box(board)));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(solver_benches, benches);
criterion_main!(solver_benches);
