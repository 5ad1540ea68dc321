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

    forward! { avx512;
        fn u8x64_permute(table: __m512i, idx: __m512i) -> __m512i = h512::permute8_bw;
        fn u8x64_bitshuffle(x: __m512i, idx: __m512i) -> u64 = h512::bitshuffle_bw;
        fn u64x2_popcnt(a: __m128i) -> __m128i = h128::popcnt64_pshufb;
        fn u64x4_popcnt(a: __m256i) -> __m256i = h256::popcnt64;
        fn u64x8_popcnt(a: __m512i) -> __m512i = h512::popcnt64_pshufb;
        fn dot_u8i8(features: &[u8; 64], weights: &[i8; 64]) -> i32 = h512::dot_exact;
    }
}
