//! Criterion benches: a slide, an evaluation, and one spec decision, on fixed sets of mid- and
//! late-game positions taken from seeded games the spec solver plays (so the set is the same on
//! every run and looks like real play).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::{Board, Direction};
use solver::eval::{evaluate, warm_up};

#[path = "../tests/common/mod.rs"]
mod common;

fn benches(c: &mut Criterion) {
    warm_up();
    let (mid, late) = common::bench_positions();
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
