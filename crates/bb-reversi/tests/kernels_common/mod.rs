//! Helpers shared by the kernel tests (included with `mod common;`).
#![allow(dead_code)]

use bb_core::rng::Rng;

/// `n` scaled by `BB_TEST_SCALE`, at least 1.
pub fn scaled(n: usize) -> usize {
    bb_simd::scaled(n, 1)
}

/// Random disjoint `(p, o)` of every density.
pub fn random_positions(seed: u64, n: usize) -> Vec<(u64, u64)> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let d = rng.below(257) as u32;
            let occ = rng.bitboard(d);
            let p = occ & rng.next_u64();
            (p, occ & !p)
        })
        .collect()
}
