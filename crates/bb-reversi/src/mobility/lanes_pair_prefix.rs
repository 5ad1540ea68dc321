//! The 4-lane form with the runs of length 1 and 2 taken straight from `p` (beyond the published
//! sources).
//!
//! [`Avx2Lanes`](super::Avx2Lanes) reaches the runs of length 2 through the runs of length 1
//! (shift, mask, shift, mask). Here both come from two independent shifts of `p`:
//! `m & p<<s | pairs & p<<2s`, with `pairs = o & o<<s` restricted per lane to the squares that a
//! pair of interior discs can occupy (a constant). Two doubling steps with `pairs` then reach
//! runs of 6. The chain on `p` is one shift shorter than the 4-lane Kogge-Stone form for the
//! same number of vector operations.
//!
//! The lane constants, the set-up and the doubling steps here serve the lagged forms of
//! [`lanes_lag`](super::lanes_lag) as well.

use super::{INNER_FILES, MobilityVariant};
use bb_simd::Backend;

/// Four directions in a 4 x u64 vector; runs of 1-2 straight from `p`, then two doubling steps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx2PairPrefix;

/// Per lane: the step (toward the MSB) and twice it.
pub(super) const STEP: [u64; 4] = [1, 8, 9, 7];
pub(super) const STEP2: [u64; 4] = [STEP[0] * 2, STEP[1] * 2, STEP[2] * 2, STEP[3] * 2];
/// The opponent mask per lane: files b to g where the step has a horizontal component.
pub(super) const MASK: [u64; 4] = [INNER_FILES, !0, INNER_FILES, INNER_FILES];
/// Per lane, `MASK << s`: where the masked opponent discs can be after one step up.
pub(super) const MASK_UP: [u64; 4] = [
    MASK[0] << STEP[0],
    MASK[1] << STEP[1],
    MASK[2] << STEP[2],
    MASK[3] << STEP[3],
];
/// Per lane, the squares where the opponent mask and its copy shifted by one step overlap:
/// `pairs = o & (o << s) & PAIR_MASK` without masking `o` first.
pub(super) const PAIR_MASK: [u64; 4] = [
    MASK[0] & MASK_UP[0],
    MASK[1] & MASK_UP[1],
    MASK[2] & MASK_UP[2],
    MASK[3] & MASK_UP[3],
];

/// The shift counts and the broadcast boards of a 4-lane call.
pub(super) struct Lanes<B: Backend> {
    pub(super) s1: B::U64x4,
    pub(super) s2: B::U64x4,
    pub(super) pp: B::U64x4,
    pub(super) oo: B::U64x4,
}

impl<B: Backend> Lanes<B> {
    #[inline(always)]
    pub(super) fn new(b: B, p: u64, o: u64) -> Self {
        Lanes {
            s1: b.u64x4_from_array(STEP),
            s2: b.u64x4_from_array(STEP2),
            pp: b.u64x4_splat(p),
            oo: b.u64x4_splat(o),
        }
    }

    /// Two doubling steps on each side, MSB-ward run `fl` with the pairs `pl`, LSB-ward run `fr`
    /// with `pr`; then the step to the moves (the LSB-ward one by the counts `last`) and the
    /// empty squares among them.
    #[inline(always)]
    pub(super) fn finish(
        &self,
        b: B,
        [pl, pr]: [B::U64x4; 2],
        mut fl: B::U64x4,
        mut fr: B::U64x4,
        last: B::U64x4,
    ) -> u64 {
        let s2 = self.s2;
        fl = b.u64x4_or(fl, b.u64x4_and(pl, b.u64x4_shlv(fl, s2)));
        fr = b.u64x4_or(fr, b.u64x4_and(pr, b.u64x4_shrv(fr, s2)));
        fl = b.u64x4_or(fl, b.u64x4_and(pl, b.u64x4_shlv(fl, s2)));
        fr = b.u64x4_or(fr, b.u64x4_and(pr, b.u64x4_shrv(fr, s2)));
        let mm = b.u64x4_or(b.u64x4_shlv(fl, self.s1), b.u64x4_shrv(fr, last));
        // A search feeds each result into its next call, so the lanes are joined by the
        // shortest chain.
        let occupied = b.u64x4_or(self.pp, self.oo);
        if B::VECTOR_BITS >= 512 {
            // One VPTERNLOGQ takes both the OR above and the mask of the occupied squares.
            b.u64x4_hor_short(b.u64x4_andnot(occupied, mm))
        } else {
            // The mask in a general register once the lanes are out: ANDN instead of VPANDN, a
            // shorter step and one vector operation fewer. The occupied squares come from the
            // vector (opaque to LLVM): written as `p | o`, they let LLVM pack `p` and `o` into
            // one vector and shuffle them back out, three vector steps more on the chain.
            let occupied = b.u64x4_to_array(b.u64x4_opaque(occupied))[0];
            !occupied & b.u64x4_hor_short(mm)
        }
    }
}

impl MobilityVariant for Avx2PairPrefix {
    const NAME: &'static str = "avx2_pair_prefix";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let l = Lanes::new(b, p, o);
        let (s1, s2, pp, oo) = (l.s1, l.s2, l.pp, l.oo);
        let m = b.u64x4_and(oo, b.u64x4_from_array(MASK));
        let pl = b.u64x4_and(
            b.u64x4_and(oo, b.u64x4_shlv(oo, s1)),
            b.u64x4_from_array(PAIR_MASK),
        );
        let pr = b.u64x4_shrv(pl, s1);
        let fl = b.u64x4_or(
            b.u64x4_and(m, b.u64x4_shlv(pp, s1)),
            b.u64x4_and(pl, b.u64x4_shlv(pp, s2)),
        );
        let fr = b.u64x4_or(
            b.u64x4_and(m, b.u64x4_shrv(pp, s1)),
            b.u64x4_and(pr, b.u64x4_shrv(pp, s2)),
        );
        l.finish(b, [pl, pr], fl, fr, s1)
    }
}
