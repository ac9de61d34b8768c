//! Criterion benches of one Strong decision on the solver bench's fixed positions (the same
//! seeded spec games and move numbers as `benches/solver.rs`), at the default setting (the
//! distinct-tile depth rule and its cutoff) and at fixed depths. The table is cleared before
//! every position, so no position is answered from an earlier iteration's entries (the clear,
//! 4 MiB, is part of the time: a real game's moves start from a warm table instead).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::Board;
use solver::strong::heuristic::Heuristic;
use solver::{Budget, Searcher, Strong, StrongConfig};

#[path = "../tests/common/mod.rs"]
mod common;

fn benches(c: &mut Criterion) {
    let (mid, late) = common::bench_positions();
    let all: Vec<Board> = mid.iter().chain(&late).copied().collect();
    let h = Heuristic::nneonneo();

    let mut group = c.benchmark_group("strong_board");
    group.throughput(Throughput::Elements(all.len() as u64));
    group.bench_function("evaluate", |b| {
        b.iter(|| {
            for &board in &all {
                black_box(h.evaluate(black_box(board)));
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("strong_decision");
    group.sample_size(10);
    let configs = [
        ("heuristic", StrongConfig::FAST),
        ("depth3", StrongConfig::FAST.with_budget(Budget::Depth(3))),
        ("depth4", StrongConfig::FAST.with_budget(Budget::Depth(4))),
    ];
    for (config_name, config) in configs {
        let mut searcher = Strong::new(config);
        for (name, set) in [("mid", &mid), ("late", &late), ("all", &all)] {
            group.throughput(Throughput::Elements(set.len() as u64));
            group.bench_function(format!("{config_name}/{name}"), |b| {
                b.iter(|| {
                    for &board in set {
                        searcher.reset();
                        black_box(searcher.decide(black_box(board)));
                    }
                })
            });
        }
    }
    group.finish();
}

criterion_group!(strong_benches, benches);
criterion_main!(strong_benches);
