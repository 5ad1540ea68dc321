//! Kernel `dot_u8i8`: the dot product of 64 unsigned byte features with 64 signed byte weights
//! with each [`DotVariant`] of `bb_simd::primitives` (the Chess Programming Wiki's *SSSE3*,
//! "Byte-wise Dot-Product"):
//! `exact` (i32, every backend's default) and `sat16` (the SSSE3 page's PMADDUBSW/PADDSW/PHADDSW
//! sequence with 16-bit saturation).

use super::{Case, Register};
use bb_core::rng::Rng;
use bb_simd::Backend;
use bb_simd::primitives::DotVariant;
use std::sync::Arc;

/// Features and weights of one call.
#[derive(Clone, Copy, Debug)]
pub struct Input {
    /// Unsigned features.
    pub features: [u8; 64],
    /// Signed weights.
    pub weights: [i8; 64],
}

macro_rules! dot_case {
    ($(#[$doc:meta])* $T:ident, $v:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $T;

        impl Case for $T {
            type Input = Input;
            const KERNEL: &'static str = "dot_u8i8";
            const VARIANT: &'static str = $v.name();
            fn is_default<B: Backend>() -> bool {
                matches!($v, DotVariant::Exact)
            }
            #[inline(always)]
            fn run<B: Backend>(b: B, x: &Input) -> u64 {
                $v.apply(b, &x.features, &x.weights) as u32 as u64
            }
            fn reference(x: &Input) -> u64 {
                $v.reference(&x.features, &x.weights) as u32 as u64
            }
            #[inline(always)]
            fn chain(x: &Input, z: u64) -> Input {
                // Every byte (one vector XOR), not one byte: see `popcount`'s `chain`.
                let z = z as u8;
                Input { features: x.features.map(|f| f ^ z), weights: x.weights }
            }
        }
    };
}

dot_case!(
    /// [`DotVariant::Exact`].
    Exact, DotVariant::Exact
);
dot_case!(
    /// [`DotVariant::Sat16`].
    Sat16, DotVariant::Sat16
);

/// A seeded workload of `n` inputs: features and weights of every magnitude, a quarter of them
/// extreme (255 / -128 / 127) so that the saturating variant saturates.
pub fn workload(n: usize) -> Arc<[Input]> {
    let mut rng = Rng::new(0x0b0b_0002);
    (0..n)
        .map(|i| {
            let extreme = i % 4 == 0;
            Input {
                features: std::array::from_fn(|_| if extreme { 255 } else { rng.next_u64() as u8 }),
                weights: std::array::from_fn(|_| {
                    let v = rng.next_u64() as i8;
                    if extreme {
                        if v < 0 { -128 } else { 127 }
                    } else {
                        v
                    }
                }),
            }
        })
        .collect()
}

/// Registers every variant on one workload.
pub fn register(r: &mut impl Register) {
    let w = workload(r.samples());
    r.add::<Exact>(w.clone());
    r.add::<Sat16>(w);
}
