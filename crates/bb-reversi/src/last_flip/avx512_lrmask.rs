//! The vector LZCNT form with precomputed half-line masks.

use super::LastFlipVariant;
use super::tables::LR_MASKS;
use bb_core::Square;
use bb_simd::Backend;

/// The flipped discs of the four lines at once, one 64-bit lane per line, from per-square
/// masks of the half-lines below and above the square (Okuhara's *Reversi bitboard techniques*
/// "AVX512CD/VL (VPLZCNTQ)", as in Edax's count_last_flip_avx512cd.c), then one popcount.
///
/// - Above the square (toward the MSB) the nearest player disc is the lowest set bit `o` of
///   `p & above`; the flips are the line's squares below it, `(o - min(o, 1)) & !o & above`
///   (the `min` makes an empty `o` give 0 instead of every bit).
/// - Below the square the nearest player disc is the highest bit of `p & below`; shifting
///   all-ones right by its leading-zero count (taken mod 64, so that no disc gives a shift of
///   0) keeps it and everything under it, and the flips are the rest of `below`.
///
/// Unlike [`super::Avx512Lzcnt`], no mask is derived from the square at run time: the table
/// holds both halves, so the only general-register to vector move is the broadcast of `p`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx512LrMask;

impl LastFlipVariant for Avx512LrMask {
    const NAME: &'static str = "avx512_lrmask";
    fn supported<B: Backend>() -> bool {
        B::NATIVE_VECTOR_LZCNT
    }
    #[inline(always)]
    fn count<B: Backend>(b: B, sq: Square, p: u64) -> u32 {
        let m = &LR_MASKS.0[sq.index()];
        let below = b.u64x4_from_array([m[0], m[1], m[2], m[3]]);
        let above = b.u64x4_from_array([m[4], m[5], m[6], m[7]]);
        let pp = b.u64x4_splat(p);
        let o = b.u64x4_and(pp, above);
        let run = b.u64x4_sub(o, b.u64x4_min(o, b.u64x4_splat(1)));
        let up = b.u64x4_and(b.u64x4_andnot(o, run), above);
        let lz = b.u64x4_and(b.u64x4_lzcnt(b.u64x4_and(pp, below)), b.u64x4_splat(63));
        let kept = b.u64x4_shrv(b.u64x4_splat(!0), lz);
        let down = b.u64x4_andnot(kept, below);
        b.popcnt(b.u64x4_hor(b.u64x4_or(up, down)))
    }
}
