//! The `Avx512` token: x86-64-v4.

use super::{h128, h256, h512};
use crate::backend::sealed::Sealed;
use crate::{Backend, Isa, detect};
use core::arch::x86_64::*;

/// x86-64-v4 backend (Skylake-X, Cascade Lake): v3 plus AVX-512 F, CD, BW, DQ, VL.
///
/// 4-lane work uses 256-bit registers through AVX512VL (VPLZCNTQ, VPMINUQ, VPTERNLOGQ, mask
/// compares) without the 512-bit frequency penalty; `U64x8`, `U8x64` and `U16x32` are `__m512i`.
///
/// ```
/// # #[cfg(target_arch = "x86_64")] {
/// use bb_simd::{Avx512, Backend};
/// if let Some(b) = Avx512::try_new() {
///     let v = b.u64x4_from_array([0, 1, 1 << 40, !0]);
///     assert_eq!(b.u64x4_to_array(b.u64x4_lzcnt(v)), [64, 63, 23, 0]);
/// }
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Avx512(());
token_ctors!(
    Avx512,
    Isa::Avx512,
    "avx512f,avx512cd,avx512bw,avx512dq,avx512vl + v3"
);
impl Sealed for Avx512 {}

impl Backend for Avx512 {
    const NAME: &'static str = "avx512";
    const ISA: Isa = Isa::Avx512;
    vectorize_with!(
        avx512,
        "avx2,bmi1,bmi2,lzcnt,popcnt,movbe,avx512f,avx512cd,avx512bw,avx512dq,avx512vl"
    );
    avx512_common!(avx512);

    #[inline(always)]
    fn u8x64_permute(self, table: __m512i, idx: __m512i) -> __m512i {
        avx512! { h512::permute8_bw(table, idx) }
    }
    #[inline(always)]
    fn u8x64_bitshuffle(self, x: __m512i, idx: __m512i) -> u64 {
        avx512! { h512::bitshuffle_bw(x, idx) }
    }
    #[inline(always)]
    fn u64x2_popcnt(self, a: __m128i) -> __m128i {
        avx512! { h128::popcnt64_pshufb(a) }
    }
    #[inline(always)]
    fn u64x4_popcnt(self, a: __m256i) -> __m256i {
        avx512! { h256::popcnt64(a) }
    }
    #[inline(always)]
    fn u64x8_popcnt(self, a: __m512i) -> __m512i {
        avx512! { h512::popcnt64_pshufb(a) }
    }
    #[inline(always)]
    fn dot_u8i8(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
        avx512! { h512::dot_exact(features, weights) }
    }
}
