//! Gathers in 256-bit vectors: the rank in a general register, the three other lines marked by
//! one byte mask.

use super::LastFlipVariant;
use super::tables::{LINES4, cf};
use bb_core::Square;
use bb_simd::Backend;

/// Rank in a general register, the other three lines by one VPMOVMSKB (Okuhara's *Reversi bitboard
/// techniques*, AVX2 note).
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx2Movemask;

impl LastFlipVariant for Avx2Movemask {
    const NAME: &'static str = "avx2_movemask";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn count<B: Backend>(b: B, sq: Square, p: u64) -> u32 {
        let sq = sq.index();
        let l = &LINES4.0[sq];
        let pp = b.u64x4_as_u8x32(b.u64x4_splat(p));
        let m4 = b.u64x4_as_u8x32(b.u64x4_from_array(*l));
        let z = b.u8x32_zero();
        let m = u64::from(b.u8x32_movemask(b.u8x32_sub(z, b.u8x32_and(pp, m4))));
        let (f, r) = (sq & 7, sq >> 3);
        cf(f, p >> (8 * r)) + cf(r, m >> 8) + cf(r, m >> 16) + cf(r, m >> 24)
    }
}

/// The AVX2 form with one 256-bit VPTESTMB instead of subtract + VPMOVMSKB (beyond the published
/// sources).
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx512TestMb256;

impl LastFlipVariant for Avx512TestMb256 {
    const NAME: &'static str = "avx512_testmb256";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 512
    }
    #[inline(always)]
    fn count<B: Backend>(b: B, sq: Square, p: u64) -> u32 {
        let sq = sq.index();
        let l = &LINES4.0[sq];
        let pp = b.u64x4_as_u8x32(b.u64x4_splat(p));
        let m4 = b.u64x4_as_u8x32(b.u64x4_from_array(*l));
        let m = u64::from(b.u8x32_test(pp, m4));
        let (f, r) = (sq & 7, sq >> 3);
        cf(f, p >> (8 * r)) + cf(r, m >> 8) + cf(r, m >> 16) + cf(r, m >> 24)
    }
}
