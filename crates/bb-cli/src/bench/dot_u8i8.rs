//! Kernel `dot_u8i8`: the dot product of 64 unsigned byte features with 64 signed byte weights,
//! every `DotVariant` of `bb_simd::primitives::dot` (the Chess Programming Wiki's *SSSE3*,
//! "Byte-wise Dot-Product"): `exact` (i32, every backend's default) and `sat16` (the SSSE3 page's
//! PMADDUBSW/PADDSW/PHADDSW sequence with 16-bit saturation, checked against its own reference).

use super::Register;
use bb_core::rng::Rng;
use bb_simd::primitives::dot::Dot;
use std::sync::Arc;

/// Features and weights of one call.
pub type Input = ([u8; 64], [i8; 64]);

/// A seeded workload of `n` inputs: features and weights of every magnitude, a quarter of them
/// extreme (255 / -128 / 127) so that the saturating variant saturates.
pub fn workload(n: usize) -> Arc<[Input]> {
    let mut rng = Rng::new(0x0b0b_0002);
    (0..n)
        .map(|i| {
            let extreme = i % 4 == 0;
            let features =
                std::array::from_fn(|_| if extreme { 255 } else { rng.next_u64() as u8 });
            let weights = std::array::from_fn(|_| {
                let v = rng.next_u64() as i8;
                if extreme {
                    if v < 0 { -128 } else { 127 }
                } else {
                    v
                }
            });
            (features, weights)
        })
        .collect()
}

/// Registers every variant on one workload.
pub fn register(r: &mut impl Register) {
    super::kernel::register::<Dot, false>(r, workload(r.samples()));
}
