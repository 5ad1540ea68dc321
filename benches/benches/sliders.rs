//! Queen attacks of the peers, cozy-chess (`get_rook_moves | get_bishop_moves`) and shakmaty
//! (`attacks::queen_attacks`), in throughput and latency modes, after checking that bb's
//! `queen` agrees with them on the workload. bb's own `queen` variants are in the kernels suite
//! (`cargo bench -p bb-benches --bench kernels -- ^queen/`).
//!
//! Workload: 1024 (square, occupancy) pairs from seeded random positions (16..=32 pieces, the
//! square one of the occupied squares).
//!
//! `cargo bench -p bb-benches --bench sliders` (filter with criterion's usual argument, e.g.
//! `-- shakmaty`).

#![forbid(unsafe_code)]

use bb_chess::sliders;
use bb_core::Square;
use bb_core::rng::Rng;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

const N: usize = 1024;

fn workload() -> (Vec<Square>, Vec<u64>) {
    let mut rng = Rng::new(0x5eed_51de);
    let (mut sqs, mut occs) = (Vec::with_capacity(N), Vec::with_capacity(N));
    while sqs.len() < N {
        let pieces = 16 + rng.below(17);
        let mut occ = 0u64;
        while u64::from(occ.count_ones()) < pieces {
            occ |= 1 << rng.below(64);
        }
        // A few squares of each position, as a move generator would ask.
        for _ in 0..4 {
            let mut o = occ;
            for _ in 0..rng.below(u64::from(occ.count_ones())) {
                o &= o - 1;
            }
            sqs.push(Square::new(o.trailing_zeros() as u8).unwrap());
            occs.push(occ);
        }
    }
    sqs.truncate(N);
    occs.truncate(N);
    (sqs, occs)
}

fn peers(c: &mut Criterion, sqs: &[Square], occs: &[u64]) {
    let cz: Vec<cozy_chess::Square> = sqs
        .iter()
        .map(|s| cozy_chess::Square::ALL[s.index()])
        .collect();
    let sk: Vec<shakmaty::Square> = sqs
        .iter()
        .map(|s| shakmaty::Square::new(s.index() as u32))
        .collect();
    let mut g = c.benchmark_group("sliders/queen/cozy_chess/peer");
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("throughput", |bn| {
        bn.iter(|| {
            let mut acc = 0;
            for (&sq, &occ) in black_box(&cz).iter().zip(black_box(occs)) {
                let o = cozy_chess::BitBoard(occ);
                acc ^= (cozy_chess::get_rook_moves(sq, o) | cozy_chess::get_bishop_moves(sq, o)).0;
            }
            acc
        })
    });
    g.bench_function("latency", |bn| {
        let zero = black_box(0u64);
        bn.iter(|| {
            let mut x = 0;
            for (&sq, &occ) in black_box(&cz).iter().zip(black_box(occs)) {
                let o = cozy_chess::BitBoard(occ ^ (x & zero));
                x = (cozy_chess::get_rook_moves(sq, o) | cozy_chess::get_bishop_moves(sq, o)).0;
            }
            x
        })
    });
    g.finish();
    let mut g = c.benchmark_group("sliders/queen/shakmaty/peer");
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("throughput", |bn| {
        bn.iter(|| {
            let mut acc = 0;
            for (&sq, &occ) in black_box(&sk).iter().zip(black_box(occs)) {
                acc ^= shakmaty::attacks::queen_attacks(sq, shakmaty::Bitboard(occ)).0;
            }
            acc
        })
    });
    g.bench_function("latency", |bn| {
        let zero = black_box(0u64);
        bn.iter(|| {
            let mut x = 0;
            for (&sq, &occ) in black_box(&sk).iter().zip(black_box(occs)) {
                x = shakmaty::attacks::queen_attacks(sq, shakmaty::Bitboard(occ ^ (x & zero))).0;
            }
            x
        })
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    let (sqs, occs) = workload();
    // Sanity: bb's default agrees with the peer on the workload before timing.
    for (&sq, &occ) in sqs.iter().zip(&occs) {
        let o = cozy_chess::BitBoard(occ);
        let cz = cozy_chess::Square::ALL[sq.index()];
        let want = (cozy_chess::get_rook_moves(cz, o) | cozy_chess::get_bishop_moves(cz, o)).0;
        assert_eq!(bb_simd::dispatch!(|b| sliders::queen(b, sq, occ)), want);
    }
    peers(c, &sqs, &occs);
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(700))
        .sample_size(20);
    targets = bench
}
criterion_main!(benches);
