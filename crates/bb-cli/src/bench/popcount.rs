//! Kernel `popcount`: the total population of eight bitboards (two `U64x4` vectors), every
//! `PopcntVariant` of `bb_simd::primitives::popcount` (the Chess Programming Wiki's *SSSE3*,
//! "SSSE3 Population Count").

use super::Register;
use bb_core::rng::Rng;
use bb_simd::primitives::popcount::Popcount;
use std::sync::Arc;

/// Eight bitboards.
pub type Input = [u64; 8];

/// A seeded workload of `n` inputs of every density, empty to full.
pub fn workload(n: usize) -> Arc<[Input]> {
    let mut rng = Rng::new(0x0b0b_0001);
    (0..n)
        .map(|_| std::array::from_fn(|_| rng.any_density()))
        .collect()
}

/// Registers every variant on one workload.
pub fn register(r: &mut impl Register) {
    super::kernel::register::<Popcount, false>(r, workload(r.samples()));
}
