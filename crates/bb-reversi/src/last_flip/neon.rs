//! The Neon form: two lines per horizontal sum.

use super::LastFlipVariant;
use super::tables::{ZIPPED, cf};
use bb_core::Square;
use bb_simd::Backend;

/// The Arm Neon form (Okuhara's *Reversi bitboard techniques* "Count Last Flip", Arm Neon
/// (vaddvq)): Neon has no PMOVMSKB, but it has a horizontal sum. A zip doubles every byte of `p`,
/// so each 16-bit lane `i` holds byte `i` twice and two lines are gathered at once, one per byte of
/// the lane:
/// - rank and diagonal: `p & mask` summed over the lanes; within a line each byte holds at most
///   one bit, on a distinct file, so the sum is an OR and the two bytes of the result are the
///   two lines indexed by file;
/// - file and anti-diagonal: a vector test (CMTST) marks the bytes holding a player disc of the
///   line, an AND with `2^i` in lane `i` weights them by rank, and the sum indexes by rank.
///
/// The masks are interleaved in advance (build.rs). On x86 the same code runs with PUNPCKLBW
/// and PMADDWD (for the tests; it is not a default there).
#[derive(Clone, Copy, Debug, Default)]
pub struct NeonAddv;

/// Weight of lane `i` (both bytes): `2^i`.
const RANK_WEIGHTS: [u64; 2] = [0x0808_0404_0202_0101, 0x8080_4040_2020_1010];

impl LastFlipVariant for NeonAddv {
    const NAME: &'static str = "neon_addv";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 128
    }
    #[inline(always)]
    fn count<B: Backend>(b: B, sq: Square, p: u64) -> u32 {
        let s = sq.index();
        let z = &ZIPPED.0[s];
        let pp = b.u64x2_as_u8x16(b.u64x2_splat(p));
        let pz = b.u8x16_zip_lo(pp, pp);
        let m0 = b.u64x2_as_u8x16(b.u64x2_from_array([z[0], z[1]]));
        let m1 = b.u64x2_as_u8x16(b.u64x2_from_array([z[2], z[3]]));
        let w = b.u64x2_as_u8x16(b.u64x2_from_array(RANK_WEIGHTS));
        let t0 = u64::from(b.u8x16_sum_u16(b.u8x16_and(pz, m0)));
        let t1 = u64::from(b.u8x16_sum_u16(b.u8x16_and(b.u8x16_testv(pz, m1), w)));
        let (f, r) = (s & 7, s >> 3);
        cf(f, t0) + cf(f, t0 >> 8) + cf(r, t1) + cf(r, t1 >> 8)
    }
}
