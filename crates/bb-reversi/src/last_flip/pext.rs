//! PEXT gathers of each line.

use super::LastFlipVariant;
use super::tables::{LINES4, PEXT_X, cf};
use bb_core::Square;
use bb_simd::Backend;

/// PEXT gathers of each line (Okuhara's *Reversi bitboard techniques* "BMI2 (PEXT)"). Registered
/// only where PEXT is fast.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pext;

impl LastFlipVariant for Pext {
    const NAME: &'static str = "pext";
    fn supported<B: Backend>() -> bool {
        B::FAST_PEXT
    }
    #[inline(always)]
    fn count<B: Backend>(b: B, sq: Square, p: u64) -> u32 {
        let sq = sq.index();
        let l = &LINES4.0[sq];
        let x = &PEXT_X[sq];
        cf(sq & 7, p >> (8 * (sq >> 3)))
            + cf(x[1].into(), b.pext(p, l[1]))
            + cf(x[2].into(), b.pext(p, l[2]))
            + cf(x[3].into(), b.pext(p, l[3]))
    }
}
