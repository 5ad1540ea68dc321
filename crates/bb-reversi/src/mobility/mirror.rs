//! The vertical-mirror trick for the diagonals in a 128-bit vector.

use super::kogge_stone::{runs_left, runs_right};
use super::{INNER_FILES, MobilityVariant};
use bb_simd::Backend;

/// Diagonals in a 2 x u64 vector with the vertical-mirror trick, horizontal and vertical in
/// general registers (Okuhara's *Reversi bitboard techniques* "Mobility", SSE2 form).
///
/// Lane 1 holds the byte-swapped (upside-down) board, on which a +7 step is the original's -9
/// and a +9 step the original's -7, so both lanes shift left by 7 and then by 9.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sse2Mirror;

impl MobilityVariant for Sse2Mirror {
    const NAME: &'static str = "sse2_mirror";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 128
    }
    #[inline(always)]
    fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let mo = o & INNER_FILES;
        let pp = b.u64x2_from_array([p, b.bswap(p)]);
        let moo = b.u64x2_from_array([mo, b.bswap(mo)]);
        let pre7 = b.u64x2_and(moo, b.u64x2_shl::<7>(moo));
        let mut f = b.u64x2_and(moo, b.u64x2_shl::<7>(pp));
        f = b.u64x2_or(f, b.u64x2_and(moo, b.u64x2_shl::<7>(f)));
        f = b.u64x2_or(f, b.u64x2_and(pre7, b.u64x2_shl::<14>(f)));
        f = b.u64x2_or(f, b.u64x2_and(pre7, b.u64x2_shl::<14>(f)));
        let mut mm = b.u64x2_shl::<7>(f);
        let pre9 = b.u64x2_and(moo, b.u64x2_shl::<9>(moo));
        let mut f = b.u64x2_and(moo, b.u64x2_shl::<9>(pp));
        f = b.u64x2_or(f, b.u64x2_and(moo, b.u64x2_shl::<9>(f)));
        f = b.u64x2_or(f, b.u64x2_and(pre9, b.u64x2_shl::<18>(f)));
        f = b.u64x2_or(f, b.u64x2_and(pre9, b.u64x2_shl::<18>(f)));
        mm = b.u64x2_or(mm, b.u64x2_shl::<9>(f));
        let moves =
            runs_left(p, mo, 1) | runs_right(p, mo, 1) | runs_left(p, o, 8) | runs_right(p, o, 8);
        let [lo, hi] = b.u64x2_to_array(mm);
        (moves | lo | b.bswap(hi)) & !(p | o)
    }
}
