//! Byteboard (87flowers' *incrementally updated attack tables* and 004): per available backend, in
//! throughput mode over positions and moves from seeded random games,
//! - `byteboard/play/<backend>`: one `Byteboard::play` with the incremental table update;
//! - `byteboard/recompute/<backend>`: the move on the mailbox, then both tables rebuilt with
//!   `add_attacks` per piece (and `recompute_scalar`, the ray-walker reference);
//! - `byteboard/transpose/<variant>/<backend>`: mailbox -> eight bitboards;
//! - `byteboard/perft/<backend>`: perft 4 from the start position on the byteboard, against the
//!   bitboard `Position` perft and cozy-chess in the same run.
//!
//! `cargo bench -p bb-benches --bench byteboard`. `BB_BENCH_BACKENDS=scalar,avx2,...` limits the
//! backends (default: all).

#![forbid(unsafe_code)]

mod common;

use bb_chess::byteboard::Byteboard;
use bb_chess::byteboard::movegen::{self, BytePosition};
use bb_chess::byteboard::transpose::Transpose;
use bb_chess::{Move, Position};
use bb_core::rng::Rng;
use bb_simd::kernel::{Kernel, Variant, Visit};
use bb_simd::{Backend, WithBackend};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

const N: usize = 1024;

/// `transpose_<variant>` in the backend's group, for every variant of the transposition kernel.
struct EachTranspose<'a, 'c, B>(
    &'a mut criterion::BenchmarkGroup<'c, criterion::measurement::WallTime>,
    B,
    &'a [[u8; 64]],
);

impl<B: Backend> Visit<Transpose> for EachTranspose<'_, '_, B> {
    fn visit<V: Variant<Transpose>>(&mut self) {
        let (b, raws) = (self.1, self.2);
        self.0
            .bench_function(format!("transpose_{}", V::NAME), |bn| {
                bn.iter(|| {
                    b.vectorize(|| {
                        let mut h = 0u64;
                        for m in black_box(raws) {
                            h ^= V::run(b, m).0[2];
                        }
                        h
                    })
                })
            });
    }
}

fn workload() -> Vec<(Byteboard, Move)> {
    let mut rng = Rng::new(0xb0a4_d0b0);
    let mut out = Vec::with_capacity(N);
    while out.len() < N {
        let mut pos = Position::startpos();
        for _ in 0..(20 + rng.below(100)) {
            let list = pos.legal_moves();
            if list.is_empty() || out.len() >= N {
                break;
            }
            let mv = list[rng.below(list.len() as u64) as usize];
            out.push((Byteboard::from_position(&pos).unwrap(), mv));
            pos = pos.play(mv);
        }
    }
    out
}

struct Run<'a>(&'a mut Criterion, &'a [(Byteboard, Move)]);

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
        let c = self.0;
        let w = self.1;
        let mut g = c.benchmark_group(format!("byteboard/{}", B::NAME));
        g.throughput(Throughput::Elements(w.len() as u64));
        g.bench_function("play", |bn| {
            bn.iter(|| {
                b.vectorize(|| {
                    let mut h = 0u64;
                    for (bb, mv) in black_box(w) {
                        let mut x = *bb;
                        x.play(b, *mv);
                        h ^= x.table_hash();
                    }
                    h
                })
            })
        });
        g.bench_function("recompute", |bn| {
            bn.iter(|| {
                b.vectorize(|| {
                    let mut h = 0u64;
                    for (bb, mv) in black_box(w) {
                        let mut x = *bb;
                        x.play_mailbox(*mv);
                        x.recompute(b);
                        h ^= x.table_hash();
                    }
                    h
                })
            })
        });
        let raws: Vec<[u8; 64]> = w.iter().map(|(bb, _)| *bb.raw_mailbox()).collect();
        Transpose::for_each_variant(&mut EachTranspose(&mut g, b, &raws));
        g.finish();
        let mut g = c.benchmark_group(format!("byteboard/perft4/{}", B::NAME));
        g.sample_size(10);
        let start = BytePosition::from_position(&Position::startpos()).unwrap();
        g.throughput(Throughput::Elements(197_281));
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
    let w = workload();
    for backend in bb_simd::test_backends() {
        backend.run(Run(c, &w));
    }
    let mut g = c.benchmark_group("byteboard/perft4/cozy_chess");
    g.sample_size(10);
    g.throughput(Throughput::Elements(197_281));
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
