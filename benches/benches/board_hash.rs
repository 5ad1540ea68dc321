//! Board hash candidates on every backend, throughput and latency, on boards from seeded random
//! games: the library's two chained 128-bit multiply folds (`bb_reversi::hash`), the same folds
//! side by side then a multiply-xorshift finaliser (Mix13), 64-bit products then Mix13, a
//! wyhash-like fold of both sides xored with constants, CRC32C of both sides under two seeds with and without a finaliser (slicing-by-8
//! tables, the portable form; the SSE4.2 / Arm CRC instructions need `unsafe` outside bb-simd),
//! and Zobrist keys for each byte of each side (16 x 256 x u64, 32 KiB). Before the timings it
//! prints each candidate's worst avalanche deviation (one-disc changes, see tests/hash.rs).
//! `cargo bench -p bb-benches --bench board_hash [-- FILTER]`.

#![forbid(unsafe_code)]

mod common;

use bb_core::rng::{Rng, SplitMix64};
use bb_simd::AnyBackend;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::LazyLock;

/// Boards per timed batch.
const N: usize = 4096;

/// The 64-bit CRC32C (Castagnoli, reflected polynomial 0x82F63B78) slicing-by-8 tables.
static CRC: LazyLock<[[u32; 256]; 8]> = LazyLock::new(|| {
    let mut t = [[0u32; 256]; 8];
    for (i, e) in t[0].iter_mut().enumerate() {
        let mut c = i as u32;
        for _ in 0..8 {
            c = if c & 1 != 0 {
                c >> 1 ^ 0x82F6_3B78
            } else {
                c >> 1
            };
        }
        *e = c;
    }
    for k in 1..8 {
        for i in 0..256 {
            let prev = t[k - 1][i];
            t[k][i] = prev >> 8 ^ t[0][(prev & 0xff) as usize];
        }
    }
    t
});

/// Zobrist keys: one per (side, byte position, byte value).
static ZOBRIST: LazyLock<Vec<[u64; 256]>> = LazyLock::new(|| {
    let mut r = SplitMix64(0x2b0b_1e57);
    (0..16)
        .map(|_| core::array::from_fn(|_| r.next_u64()))
        .collect()
});

#[inline(always)]
fn crc32c_u64(t: &[[u32; 256]; 8], crc: u32, w: u64) -> u32 {
    let x = w ^ u64::from(crc);
    let b = |k: u32| (x >> (8 * k) & 0xff) as usize;
    t[7][b(0)]
        ^ t[6][b(1)]
        ^ t[5][b(2)]
        ^ t[4][b(3)]
        ^ t[3][b(4)]
        ^ t[2][b(5)]
        ^ t[1][b(6)]
        ^ t[0][b(7)]
}

#[inline(always)]
fn mix13(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[inline(always)]
fn crc_pair(t: &[[u32; 256]; 8], p: u64, o: u64) -> u64 {
    let a = crc32c_u64(t, crc32c_u64(t, 0x1234_5678, p), o);
    let b = crc32c_u64(t, crc32c_u64(t, 0x9abc_def0, p), o);
    u64::from(a) << 32 | u64::from(b)
}

#[inline(always)]
fn fold(a: u64, b: u64) -> u64 {
    let m = u128::from(a) * u128::from(b);
    m as u64 ^ (m >> 64) as u64
}

#[derive(Clone, Copy, Debug)]
enum Cand {
    Library,
    FoldsMix13,
    MulMix13,
    Fold128,
    Crc32cMix,
    Crc32cRaw,
    Zobrist,
}

const CANDS: [(Cand, &str); 7] = [
    (Cand::Library, "fold_fold (library)"),
    (Cand::FoldsMix13, "folds+mix13"),
    (Cand::MulMix13, "mul64+mix13"),
    (Cand::Fold128, "fold128"),
    (Cand::Crc32cMix, "crc32c_x2+mix13"),
    (Cand::Crc32cRaw, "crc32c_x2 raw"),
    (Cand::Zobrist, "zobrist_16x256"),
];

#[inline(always)]
fn hash(c: Cand, p: u64, o: u64) -> u64 {
    match c {
        Cand::Library => bb_reversi::hash::hash64(p, o),
        Cand::FoldsMix13 => mix13(fold(p, 0x97b1_165f_0971_b7c5) ^ fold(o, 0xd13c_513a_42f8_eda1)),
        Cand::MulMix13 => {
            mix13(p.wrapping_mul(0x97b1_165f_0971_b7c5) ^ o.wrapping_mul(0xd13c_513a_42f8_eda1))
        }
        Cand::Fold128 => fold(
            fold(p ^ 0x2d35_8dcc_aa6c_78a5, o ^ 0x8bb8_4b93_962e_acc9),
            0x4b33_a62e_d433_d4a3,
        ),
        Cand::Crc32cMix => mix13(crc_pair(&CRC, p, o)),
        Cand::Crc32cRaw => crc_pair(&CRC, p, o),
        Cand::Zobrist => {
            let z = &*ZOBRIST;
            let mut h = 0;
            for k in 0..8 {
                h ^=
                    z[k][(p >> (8 * k) & 0xff) as usize] ^ z[8 + k][(o >> (8 * k) & 0xff) as usize];
            }
            h
        }
    }
}

/// The worst `|P(bit flips) - 1/2|` over the 64 output bits and the three one-disc changes.
fn worst_avalanche(c: Cand, n: usize) -> f64 {
    let mut rng = Rng::new(0xa5a5);
    let mut flips = [[0u64; 64]; 3];
    let mut count = [0u64; 3];
    for _ in 0..n {
        let d = rng.below(257) as u32;
        let occ = rng.bitboard(d);
        let p = occ & rng.next_u64();
        let o = occ & !p;
        let h = hash(c, p, o);
        let one = |rng: &mut Rng, set: u64| {
            let mut s = set;
            for _ in 0..rng.below(u64::from(set.count_ones())) {
                s &= s - 1;
            }
            s & s.wrapping_neg()
        };
        let mut ch = [None; 3];
        if occ != !0 {
            ch[0] = Some((p | one(&mut rng, !occ), o));
        }
        if occ != 0 {
            let s = one(&mut rng, occ);
            ch[1] = Some((p & !s, o & !s));
            ch[2] = Some((p ^ s, o ^ s));
        }
        for (k, x) in ch.into_iter().enumerate() {
            if let Some((q, r)) = x {
                let d = h ^ hash(c, q, r);
                count[k] += 1;
                for (bit, f) in flips[k].iter_mut().enumerate() {
                    *f += d >> bit & 1;
                }
            }
        }
    }
    let mut worst: f64 = 0.0;
    for k in 0..3 {
        for &f in &flips[k] {
            worst = worst.max((f as f64 / count[k] as f64 - 0.5).abs());
        }
    }
    worst
}

fn boards() -> Vec<(u64, u64)> {
    let mut v = Vec::with_capacity(N);
    bb_reversi::workload::random_positions(0x0b0a_4d05, |b| {
        v.push((b.p, b.o));
        v.len() < N
    });
    v
}

fn throughput(backend: AnyBackend, c: Cand, v: &[(u64, u64)]) -> u64 {
    bb_reversi::dispatch!(backend, |_b| {
        let mut acc = 0u64;
        for &(p, o) in v {
            acc = acc.wrapping_add(hash(c, p, o));
        }
        acc
    })
}

fn latency(backend: AnyBackend, c: Cand, v: &[(u64, u64)]) -> u64 {
    bb_reversi::dispatch!(backend, |_b| {
        let mut acc = 0u64;
        for &(p, o) in v {
            // The next input depends on the last key: one hash after the other.
            acc = hash(c, p ^ acc, o);
        }
        acc
    })
}

fn bench(cr: &mut Criterion) {
    let n = bb_simd::scaled(200_000, 1000);
    for (cand, name) in CANDS {
        println!(
            "avalanche {name}: worst |P(flip) - 0.5| = {:.4} over {n} boards",
            worst_avalanche(cand, n)
        );
    }
    let v = boards();
    let backends = common::backends();
    for (metric, f) in [
        (
            "throughput",
            throughput as fn(AnyBackend, Cand, &[(u64, u64)]) -> u64,
        ),
        ("latency", latency),
    ] {
        let mut g = cr.benchmark_group(format!("board_hash/{metric}"));
        g.throughput(Throughput::Elements(N as u64));
        // Candidates side by side for each backend, so that each ratio is measured in one stretch.
        for &backend in &backends {
            for (cand, name) in CANDS {
                g.bench_with_input(BenchmarkId::new(name, backend.label()), &v, |bn, v| {
                    bn.iter(|| f(backend, cand, black_box(v)))
                });
            }
        }
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = bench
}
criterion_main!(benches);
