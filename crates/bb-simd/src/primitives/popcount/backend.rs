//! The backend's own instruction sequence.

use super::PopcntVariant;
use crate::Backend;

/// The backend's `u64x4_popcnt`: VPOPCNTQ on `Avx512Vbmi`, VCNT + pairwise widening adds on
/// `Neon`, Muła's lookup on `Ssse3`/`Avx2`/`Avx512`, SWAR + PSADBW on `Sse2`, `count_ones` per
/// lane on `Scalar`. Named `default`: it is every backend's default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BackendPopcnt;

impl PopcntVariant for BackendPopcnt {
    const NAME: &'static str = "default";
    #[inline(always)]
    fn popcnt<B: Backend>(b: B, v: B::U64x4) -> B::U64x4 {
        b.u64x4_popcnt(v)
    }
}
