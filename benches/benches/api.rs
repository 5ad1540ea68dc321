//! Per-call cost of the self-dispatching API (`Board::moves`, `Board::flip`,
//! `bb_chess::rook_attacks`, `bb_chess::queen_attacks`, each through `bb_simd::auto!`) against
//! the token call inlined into a loop under one `dispatch!` on the best backend, in throughput
//! (independent calls) and latency (each input depends on the previous result) modes.
//!
//! `cargo bench -p bb-benches --bench api`. Criterion ids: `api/<kernel>/<way>/<mode>`, `way`
//! `token` or `auto`; the difference is what a call of the high-level API costs in this build
//! (nothing when `bb_simd::STATIC_BEST` is set, as with `-C target-cpu=native` on AVX-512 VBMI).
//!
//! The group `search` times the same two ways in a search loop: Othello perft(7) and chess
//! perft(4) from the start, `token` written with `specialize!` and the token methods under one
//! `dispatch!`, `auto` the same recursion through the dispatching methods (`Board::moves`,
//! `Board::play`; `Position::legal_moves`, `Position::count_legal`).
#![forbid(unsafe_code)]

mod common;
#[path = "common/searches.rs"]
mod searches;

use bb_chess::{Bitboard, queen_attacks, queen_attacks_with, rook_attacks, rook_attacks_with};
use bb_reversi::{Board, Square, workload};
use criterion::{Criterion, Throughput};
use std::hint::black_box;

const N: usize = 4096;

/// (board, move) pairs from seeded random games; the square is legal for the board.
fn samples() -> Vec<(Board, Square)> {
    let mut v = Vec::with_capacity(N);
    workload::samples(7, |s| {
        v.push((Board { p: s.p, o: s.o }, s.sq));
        v.len() < N
    });
    v
}

/// (square, occupancy) pairs, occupancies of about 20 squares.
fn slider_inputs() -> Vec<(Square, Bitboard)> {
    let mut x = 0x853c_49e6_748f_ea9bu64;
    (0..N)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (
                Square::new_masked((x >> 58) as u8),
                Bitboard(x & x.rotate_left(29)),
            )
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("api");
    g.throughput(Throughput::Elements(N as u64));
    let s = samples();
    let sl = slider_inputs();
    let backend = bb_simd::best_backend();

    g.bench_function("moves/token/throughput", |bn| {
        bn.iter(|| {
            bb_reversi::dispatch!(backend, |b| black_box(&s)
                .iter()
                .fold(0u64, |acc, (bd, _)| acc ^ bd.moves_with(b)))
        })
    });
    g.bench_function("moves/auto/throughput", |bn| {
        bn.iter(|| {
            black_box(&s)
                .iter()
                .fold(0u64, |acc, (bd, _)| acc ^ bd.moves())
        })
    });
    g.bench_function("moves/token/latency", |bn| {
        bn.iter(|| {
            bb_reversi::dispatch!(backend, |b| black_box(&s).iter().fold(
                0u64,
                |acc, (bd, _)| {
                    let z = black_box(0) & acc;
                    Board {
                        p: bd.p ^ z,
                        o: bd.o,
                    }
                    .moves_with(b)
                }
            ))
        })
    });
    g.bench_function("moves/auto/latency", |bn| {
        bn.iter(|| {
            black_box(&s).iter().fold(0u64, |acc, (bd, _)| {
                let z = black_box(0) & acc;
                Board {
                    p: bd.p ^ z,
                    o: bd.o,
                }
                .moves()
            })
        })
    });
    g.bench_function("flip/token/throughput", |bn| {
        bn.iter(|| {
            bb_reversi::dispatch!(backend, |b| black_box(&s)
                .iter()
                .fold(0u64, |acc, (bd, sq)| acc ^ bd.flip_with(b, *sq)))
        })
    });
    g.bench_function("flip/auto/throughput", |bn| {
        bn.iter(|| {
            black_box(&s)
                .iter()
                .fold(0u64, |acc, (bd, sq)| acc ^ bd.flip(*sq))
        })
    });
    g.bench_function("rook_attacks/token/throughput", |bn| {
        bn.iter(|| {
            bb_chess::dispatch!(backend, |b| black_box(&sl)
                .iter()
                .fold(0u64, |acc, &(sq, occ)| acc
                    ^ rook_attacks_with(b, sq, occ).0))
        })
    });
    g.bench_function("rook_attacks/auto/throughput", |bn| {
        bn.iter(|| {
            black_box(&sl)
                .iter()
                .fold(0u64, |acc, &(sq, occ)| acc ^ rook_attacks(sq, occ).0)
        })
    });
    g.bench_function("queen_attacks/token/latency", |bn| {
        bn.iter(|| {
            bb_chess::dispatch!(backend, |b| black_box(&sl).iter().fold(
                0u64,
                |acc, &(sq, occ)| {
                    queen_attacks_with(b, sq, Bitboard(occ.0 ^ (black_box(0) & acc))).0
                }
            ))
        })
    });
    g.bench_function("queen_attacks/auto/latency", |bn| {
        bn.iter(|| {
            black_box(&sl).iter().fold(0u64, |acc, &(sq, occ)| {
                queen_attacks(sq, Bitboard(occ.0 ^ (black_box(0) & acc))).0
            })
        })
    });
    g.finish();
}

fn search(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    let backend = bb_simd::best_backend();
    let start = Board::START;
    g.throughput(Throughput::Elements(
        bb_reversi::perft::perft(start, 7, bb_reversi::perft::Convention::A)
            .expect("the start position is valid"),
    ));
    g.bench_function("reversi_perft7/token", |bn| {
        bn.iter(|| {
            let board = black_box(start);
            bb_reversi::dispatch!(backend, |b| searches::perft_specialized(b, board, 7))
        })
    });
    g.bench_function("reversi_perft7/auto", |bn| {
        bn.iter(|| searches::perft_high_level(black_box(start), 7))
    });
    let pos = bb_chess::Position::startpos();
    g.throughput(Throughput::Elements(pos.perft(4)));
    g.bench_function("chess_perft4/token", |bn| {
        bn.iter(|| {
            let pos = black_box(&pos);
            bb_chess::dispatch!(backend, |b| searches::chess_specialized(b, pos, 4))
        })
    });
    g.bench_function("chess_perft4/auto", |bn| {
        bn.iter(|| searches::chess_high_level(black_box(&pos), 4))
    });
    g.finish();
}

criterion::criterion_group!(name = api; config = common::config(); targets = benches, search);
criterion::criterion_main!(api);
