//! Full lines with a 128-bit vector: ranks by a byte compare, both diagonals in one vector.

use super::FullLinesVariant;
use super::kogge_stone::{RANK1, full_rank_bits, full_v};
use bb_simd::Backend;

/// Ranks by PCMPEQB against all ones; both diagonals in one 2 x u64 vector whose second lane
/// is the byte-swapped board, on which the +7 direction is -9 (Okuhara's *Reversi bitboard
/// techniques*, SSE2 forms). The De Morgan rewrite (OR-AND into ANDNOT-ANDNOT) lets both ends share
/// one second-step mask.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sse2Bswap;

impl FullLinesVariant for Sse2Bswap {
    const NAME: &'static str = "sse2_bswap";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 128
    }
    #[inline(always)]
    fn full_lines<B: Backend>(b: B, discs: u64) -> [u64; 4] {
        // bb-simd's PCMPEQB returns a bit per byte; spread each bit back over its byte.
        let ranks = full_rank_bits(b, discs);
        let x = (ranks | ranks << 28) & 0x0000_000f_0000_000f;
        let x = (x | x << 14) & 0x0003_0003_0003_0003;
        let h = ((x | x << 7) & RANK1).wrapping_mul(0xff);
        let e0 = b.u64x2_splat(0xff80_8080_8080_8080);
        let e1 = b.u64x2_splat(0x0101_0101_0101_01ff);
        let e2 = b.u64x2_splat(0x0000_3f3f_3f3f_3f3f);
        let e3 = b.u64x2_splat(0x0f0f_0f0f_f0f0_f0f0);
        let d = b.u64x2_from_array([discs, b.bswap(discs)]);
        let mut l = b.u64x2_and(d, b.u64x2_or(e0, b.u64x2_shr::<9>(d)));
        let mut r = b.u64x2_and(d, b.u64x2_or(e1, b.u64x2_shl::<9>(d)));
        l = b.u64x2_andnot(b.u64x2_andnot(b.u64x2_shr::<18>(l), e2), l);
        r = b.u64x2_andnot(b.u64x2_shl::<18>(b.u64x2_andnot(r, e2)), r);
        let x = b.u64x2_and(
            b.u64x2_and(l, r),
            b.u64x2_or(e3, b.u64x2_or(b.u64x2_shr::<36>(l), b.u64x2_shl::<36>(r))),
        );
        let [d9, d7m] = b.u64x2_to_array(x);
        [h, full_v(discs), d9, b.bswap(d7m)]
    }
}
