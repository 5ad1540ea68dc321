//! The `Ssse3` token: SSE2 plus PSHUFB and PMADDUBSW.

use super::h128;
use crate::backend::sealed::Sealed;
use crate::{Backend, Isa, detect};
use core::arch::x86_64::*;

/// SSSE3 backend (Core 2 and later): adds PSHUFB (byte shuffle, byte swap, bit reversal,
/// Muła's popcount) and PMADDUBSW (the SSSE3 page's saturating dot product) to [`Sse2`](super::Sse2).
///
/// ```
/// # #[cfg(target_arch = "x86_64")] {
/// use bb_simd::{Backend, Ssse3};
/// if let Some(b) = Ssse3::try_new() {
///     let v = b.u64x2_from_array([1, u64::MAX]);
///     assert_eq!(b.u64x2_to_array(b.u64x2_rbit(v)), [1 << 63, u64::MAX]);
/// }
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ssse3(());
token_ctors!(Ssse3, Isa::Ssse3, "sse2,ssse3");
impl Sealed for Ssse3 {}

impl Backend for Ssse3 {
    const NAME: &'static str = "ssse3";
    const ISA: Isa = Isa::Ssse3;
    const NATIVE_BYTE_SHUFFLE: bool = true;
    vectorize_with!(ssse3, "sse2,ssse3");
    sse_family!(ssse3);

    forward! { ssse3;
        fn u64x2_bswap(a: __m128i) -> __m128i = h128::bswap64;
        fn u64x2_rbit(a: __m128i) -> __m128i = h128::rbit64;
        fn u64x2_popcnt(a: __m128i) -> __m128i = h128::popcnt64_pshufb;
        fn u8x16_shuffle(t: __m128i, i: __m128i) -> __m128i = h128::shuffle8;
        fn u8x64_permute(table: [__m128i; 4], idx: [__m128i; 4]) -> [__m128i; 4]
            = h128::permute8x64;
        fn u16x32_shlv(a: [__m128i; 4], c: [__m128i; 4]) -> [__m128i; 4] = h128::shlv16x32;
        fn u8x64_bitshuffle(x: [__m128i; 4], idx: [__m128i; 4]) -> u64 = h128::bitshuffle8x64;
        fn dot_u8i8_sat16(features: &[u8; 64], weights: &[i8; 64]) -> i32 = h128::dot_sat16;
    }
}
