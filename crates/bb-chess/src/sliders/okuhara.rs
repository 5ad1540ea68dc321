//! Okuhara's AVX2 sliding attacks (Okuhara) and the AVX-512 VPLZCNTQ form of the queen.

use super::hq::rank_table;
use super::{SliderVariant, blsmsk};
use crate::tables::BISHOP_QUAD;
use bb_core::Square;
use bb_core::masks::HALF_LINES;
use bb_simd::Backend;

const NORTH_RAY: u64 = 0x0101_0101_0101_0100;
// Per-lane steps of the four lines (h, v, d, a) for the parallel-prefix fill.
const STEP1: [u64; 4] = [1, 8, 9, 7];
const STEP2: [u64; 4] = [2, 16, 18, 14];
const STEP4: [u64; 4] = [4, 32, 36, 28];

#[inline(always)]
fn blsmsk4<B: Backend>(b: B, x: B::U64x4) -> B::U64x4 {
    b.u64x4_xor(b.u64x4_add(x, b.u64x4_splat(!0)), x)
}

/// Okuhara's AVX2 sliding attacks (Okuhara's *Reversi bitboard techniques*, bonus section "AVX2
/// によるチェスの Sliding Attack").
///
/// Queen: the four lines' MSB-ward halves in one register, BLSMSK (`x ^ (x - 1)`) below the
/// lowest blocker; the LSB-ward halves by a parallel-prefix shadow fill with per-lane shifts
/// (VPSRLVQ). Rook: BLSMSK north, the byte-swapped board for south, a 512-byte table for the
/// rank. Bishop: the occupancy and its byte swap broadcast to four lanes so that all four rays
/// are LS1B searches. Needs AVX2 (the rook alone needs BMI1 only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Avx2Okuhara;

impl SliderVariant for Avx2Okuhara {
    const NAME: &'static str = "avx2_okuhara";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn rook<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let s = sq.index();
        let north = NORTH_RAY << s;
        let mut slides = blsmsk(occ & north) & north;
        let south = NORTH_RAY << (s ^ 56);
        slides |= b.bswap(blsmsk(b.bswap(occ) & south) & south);
        slides | rank_table(sq, occ)
    }
    #[inline(always)]
    fn bishop<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let occ2 = b.u64x2_from_array([occ, b.bswap(occ)]);
        let occ4 = b.u64x4_join(occ2, occ2);
        let mask = b.u64x4_from_array(BISHOP_QUAD[sq.index()].0);
        let slide4 = b.u64x4_and(blsmsk4(b, b.u64x4_and(occ4, mask)), mask);
        let (lo, hi) = b.u64x4_split(slide4);
        let [up, down] = b.u64x2_to_array(b.u64x2_or(lo, hi));
        up | b.bswap(down)
    }
    #[inline(always)]
    fn queen<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let h = &HALF_LINES[sq.index()];
        let occ4 = b.u64x4_splat(occ);
        let up = b.u64x4_from_array(h.msb);
        let down = b.u64x4_from_array(h.lsb);
        let slide = b.u64x4_and(blsmsk4(b, b.u64x4_and(occ4, up)), up);
        let r = b.u64x4_and(occ4, down);
        let s2 = b.u64x4_from_array(STEP2);
        let r = b.u64x4_or(
            b.u64x4_shrv(r, s2),
            b.u64x4_shrv(r, b.u64x4_from_array(STEP1)),
        );
        let r = b.u64x4_or(
            b.u64x4_shrv(r, b.u64x4_from_array(STEP4)),
            b.u64x4_or(r, b.u64x4_shrv(r, s2)),
        );
        b.u64x4_hor(b.u64x4_or(slide, b.u64x4_andnot(r, down)))
    }
}

/// The LSB-ward half by VPLZCNTQ: the ray minus everything strictly below the highest blocker,
/// `down & !(!0 >> (lzcnt(occ & down) + 1))` (a shift count of 64 or 65 gives 0: whole ray).
#[inline(always)]
fn below_lzcnt4<B: Backend>(b: B, occ4: B::U64x4, down: B::U64x4) -> B::U64x4 {
    let lz = b.u64x4_lzcnt(b.u64x4_and(occ4, down));
    let low = b.u64x4_shrv(b.u64x4_splat(!0), b.u64x4_add(lz, b.u64x4_splat(1)));
    b.u64x4_andnot(low, down)
}

#[inline(always)]
fn below_lzcnt2<B: Backend>(b: B, occ2: B::U64x2, down: B::U64x2) -> B::U64x2 {
    let lz = b.u64x2_lzcnt(b.u64x2_and(occ2, down));
    let low = b.u64x2_shrv(b.u64x2_splat(!0), b.u64x2_add(lz, b.u64x2_splat(1)));
    b.u64x2_andnot(low, down)
}

#[inline(always)]
fn above_blsmsk2<B: Backend>(b: B, occ2: B::U64x2, up: B::U64x2) -> B::U64x2 {
    let x = b.u64x2_and(occ2, up);
    b.u64x2_and(b.u64x2_xor(b.u64x2_add(x, b.u64x2_splat(!0)), x), up)
}

/// The queen of [`Avx2Okuhara`] with the LSB-ward halves by VPLZCNTQ instead of the
/// parallel-prefix fill (beyond the published sources; the form of Okuhara's AVX-512 flip). Rook
/// and bishop use two lanes each. Needs a native vector LZCNT (AVX-512 CD).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Avx512Lzcnt;

impl SliderVariant for Avx512Lzcnt {
    const NAME: &'static str = "avx512_lzcnt";
    fn supported<B: Backend>() -> bool {
        B::NATIVE_VECTOR_LZCNT
    }
    #[inline(always)]
    fn rook<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let h = &HALF_LINES[sq.index()];
        let o = b.u64x2_splat(occ);
        let up = above_blsmsk2(b, o, b.u64x2_from_array([h.msb[0], h.msb[1]]));
        let down = below_lzcnt2(b, o, b.u64x2_from_array([h.lsb[0], h.lsb[1]]));
        b.u64x2_hor(b.u64x2_or(up, down))
    }
    #[inline(always)]
    fn bishop<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let h = &HALF_LINES[sq.index()];
        let o = b.u64x2_splat(occ);
        let up = above_blsmsk2(b, o, b.u64x2_from_array([h.msb[2], h.msb[3]]));
        let down = below_lzcnt2(b, o, b.u64x2_from_array([h.lsb[2], h.lsb[3]]));
        b.u64x2_hor(b.u64x2_or(up, down))
    }
    #[inline(always)]
    fn queen<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let h = &HALF_LINES[sq.index()];
        let occ4 = b.u64x4_splat(occ);
        let up = b.u64x4_from_array(h.msb);
        let slide = b.u64x4_and(blsmsk4(b, b.u64x4_and(occ4, up)), up);
        let down = below_lzcnt4(b, occ4, b.u64x4_from_array(h.lsb));
        b.u64x4_hor(b.u64x4_or(slide, down))
    }
}
