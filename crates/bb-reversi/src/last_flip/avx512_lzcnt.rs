//! The flipped discs by vector LZCNT, then a popcount.

use super::LastFlipVariant;
use super::tables::LINES4;
use bb_core::Square;
use bb_simd::Backend;

/// The flipped discs themselves with LS1B masks toward the MSB and VPLZCNTQ toward the LSB,
/// four lines per vector, then a popcount (Okuhara's *Reversi bitboard techniques* "AVX512CD/VL
/// (VPLZCNTQ)", `last_flip`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx512Lzcnt;

impl LastFlipVariant for Avx512Lzcnt {
    const NAME: &'static str = "avx512_lzcnt";
    fn supported<B: Backend>() -> bool {
        B::NATIVE_VECTOR_LZCNT
    }
    #[inline(always)]
    fn count<B: Backend>(b: B, sq: Square, p: u64) -> u32 {
        let s = sq.index();
        let l = b.u64x4_from_array(LINES4.0[s]);
        let pp = b.u64x4_splat(p);
        let one = b.u64x4_splat(1);
        let zero = b.u64x4_zero();
        let up = b.u64x4_and(l, b.u64x4_splat(!1u64 << s));
        let down = b.u64x4_and(l, b.u64x4_splat(sq.bit() - 1));
        // Toward the MSB: below the lowest player disc, if there is one.
        let of = b.u64x4_and(pp, up);
        let fl = b.u64x4_and(b.u64x4_andnot(of, b.u64x4_sub(of, one)), up);
        let fl = b.u64x4_andnot(b.u64x4_cmpeq(of, zero), fl);
        // Toward the LSB: above the highest player disc. With none the count is 64 and the
        // rotate (no select for a shift count of 64, see `flip::avx512`) leaves bit 63, above
        // every square of `down`: no flips.
        let of = b.u64x4_rorv(b.u64x4_splat(1 << 63), b.u64x4_lzcnt(b.u64x4_and(pp, down)));
        let fr = b.u64x4_andnot(b.u64x4_sub(of, one), b.u64x4_andnot(pp, down));
        b.popcnt(b.u64x4_hor(b.u64x4_or(fl, fr)))
    }
}
