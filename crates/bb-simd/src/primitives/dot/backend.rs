//! The backends' instruction sequences.

use super::{DotVariant, dot_u8i8_sat16_reference};
use crate::Backend;

/// Exact in i32 (the default): PMADDWD on zero/sign-extended 16-bit lanes on `Sse2`/`Ssse3`
/// (128-bit) and `Avx2` (VPMOVZXBW/VPMOVSXBW + VPMADDWD, 256-bit), 512-bit on `Avx512`, one
/// AVX-512 VNNI VPDPBUSD on `Avx512Vbmi`, widening multiply-accumulate (UMLAL/SMLAL) on `Neon`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Exact;

impl DotVariant for Exact {
    const NAME: &'static str = "exact";
    #[inline(always)]
    fn dot<B: Backend>(b: B, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
        b.dot_u8i8(features, weights)
    }
}

/// The SSSE3 page's 16-bit saturating sequence ("Byte-wise Dot-Product"): PMADDUBSW on four
/// 16-byte blocks, `(r0 + r1) + (r2 + r3)` with PADDSW, three PHADDSW, sign-extended. 11
/// instructions on `Ssse3` and up, the same saturation order emulated on `Scalar`/`Sse2` and
/// with SQADD/UZP on `Neon`. It differs from [`Exact`] when an intermediate sum leaves the i16
/// range (e.g. 255 * 127 + 255 * 127 in one PMADDUBSW pair); bit-exact with
/// [`dot_u8i8_sat16_reference`](super::dot_u8i8_sat16_reference) on every backend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sat16;

impl DotVariant for Sat16 {
    const NAME: &'static str = "sat16";
    #[inline(always)]
    fn dot<B: Backend>(b: B, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
        b.dot_u8i8_sat16(features, weights)
    }
    fn own_reference(features: &[u8; 64], weights: &[i8; 64]) -> Option<i32> {
        Some(dot_u8i8_sat16_reference(features, weights))
    }
}
