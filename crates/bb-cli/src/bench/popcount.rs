//! Kernel `popcount`: the total population of eight bitboards (two `U64x4` vectors) with each
//! [`PopcntVariant`] of `bb_simd::primitives` (the Chess Programming Wiki's *SSSE3*, "SSSE3
//! Population Count").

use super::{Case, Register};
use bb_core::rng::Rng;
use bb_simd::Backend;
use bb_simd::primitives::{PopcntVariant, popcount_sum, popcount_sum_reference};
use std::sync::Arc;

/// Eight bitboards.
pub type Input = [u64; 8];

macro_rules! popcount_case {
    ($(#[$doc:meta])* $T:ident, $v:expr, supported = |$B:ident| $sup:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $T;

        impl Case for $T {
            type Input = Input;
            const KERNEL: &'static str = "popcount";
            const VARIANT: &'static str = $v.name();
            fn supported<$B: Backend>() -> bool {
                $sup
            }
            fn is_default<B: Backend>() -> bool {
                matches!($v, PopcntVariant::Default)
            }
            #[inline(always)]
            fn run<B: Backend>(b: B, x: &Input) -> u64 {
                popcount_sum(b, x, $v)
            }
            fn reference(x: &Input) -> u64 {
                popcount_sum_reference(x)
            }
            #[inline(always)]
            fn chain(x: &Input, z: u64) -> Input {
                // Every lane, so that the compiler folds it into vector XORs (a single-lane
                // store followed by a full-width load would add a store-forwarding stall).
                x.map(|w| w ^ z)
            }
        }
    };
}

popcount_case!(
    /// [`PopcntVariant::Swar`]: SWAR in vector registers (lane-wise on `Scalar`).
    Swar, PopcntVariant::Swar, supported = |B| true
);
popcount_case!(
    /// [`PopcntVariant::NibbleLut`]: Muła's PSHUFB nibble lookup + PSADBW; only where the byte
    /// shuffle is native.
    NibbleLut, PopcntVariant::NibbleLut, supported = |B| B::NATIVE_BYTE_SHUFFLE
);
popcount_case!(
    /// [`PopcntVariant::Default`]: the backend's `u64x4_popcnt` (VPOPCNTQ with VPOPCNTDQ).
    Default, PopcntVariant::Default, supported = |B| true
);

/// A seeded workload of `n` inputs of every density, empty to full.
pub fn workload(n: usize) -> Arc<[Input]> {
    let mut rng = Rng::new(0x0b0b_0001);
    (0..n)
        .map(|_| std::array::from_fn(|_| rng.any_density()))
        .collect()
}

/// Registers every variant on one workload.
pub fn register(r: &mut impl Register) {
    let w = workload(r.samples());
    r.add::<Swar>(w.clone());
    r.add::<NibbleLut>(w.clone());
    r.add::<Default>(w);
}
