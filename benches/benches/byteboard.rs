//! Perft 4 from the start position on the byteboard (87flowers' *incrementally updated attack
//! tables*), per available backend, against the bitboard `Position` perft and cozy-chess in the
//! same run: `byteboard/perft4/<backend>/{byteboard,position}` and
//! `byteboard/perft4/cozy_chess/peer`. The byteboard's kernels (`byteboard_play`,
//! `byteboard_recompute`, `transpose`) are in the kernels suite
//! (`cargo bench -p bb-benches --bench kernels -- byteboard_`).
//!
//! `cargo bench -p bb-benches --bench byteboard`. `BB_BENCH_BACKENDS=scalar,avx2,...` limits the
//! backends (default: all).

#![forbid(unsafe_code)]

mod common;

use bb_chess::Position;
use bb_chess::byteboard::movegen::{self, BytePosition};
use bb_simd::{Backend, WithBackend};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

/// Leaf nodes of perft 4 from the start position.
const PERFT4: u64 = 197_281;

struct Run<'a>(&'a mut Criterion);

fn allowed(name: &str) -> bool {
    std::env::var("BB_BENCH_BACKENDS")
        .map_or(true, |v| v.split(',').any(|x| x.eq_ignore_ascii_case(name)))
}

impl WithBackend for Run<'_> {
    type Output = ();
    fn run<B: Backend>(self, b: B) {
        if !allowed(B::NAME) {
            return;
        }
        let mut g = self
            .0
            .benchmark_group(format!("byteboard/perft4/{}", B::NAME));
        g.sample_size(10);
        let start = BytePosition::from_position(&Position::startpos()).unwrap();
        g.throughput(Throughput::Elements(PERFT4));
        g.bench_function("byteboard", |bn| {
            bn.iter(|| movegen::perft(b, black_box(&start), 4))
        });
        g.bench_function("position", |bn| {
            bn.iter(|| bb_chess::perft::perft_with(b, black_box(&Position::startpos()), 4))
        });
        g.finish();
    }
}

fn bench(c: &mut Criterion) {
    for backend in bb_simd::test_backends() {
        backend.run(Run(c));
    }
    let mut g = c.benchmark_group("byteboard/perft4/cozy_chess");
    g.sample_size(10);
    g.throughput(Throughput::Elements(PERFT4));
    g.bench_function("peer", |bn| {
        bn.iter(|| common::cozy_perft(black_box(&cozy_chess::Board::default()), 4))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1));
    targets = bench
}
criterion_main!(benches);
