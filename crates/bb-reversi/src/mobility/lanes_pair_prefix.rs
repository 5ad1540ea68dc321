//! The 4-lane form with the runs of length 1 and 2 taken straight from `p` (beyond the published
//! sources).
//!
//! [`Avx2Lanes`](super::Avx2Lanes) reaches the runs of length 2 through the runs of length 1
//! (shift, mask, shift, mask). Here both come from two independent shifts of `p`:
//! `m & p<<s | pairs & p<<2s`, with `pairs = o & o<<s` restricted per lane to the squares that a
//! pair of interior discs can occupy (a constant). Two doubling steps with `pairs` then reach
//! runs of 6. The chain on `p` is one shift shorter than the 4-lane Kogge-Stone form for the
//! same number of vector operations.

use super::{INNER_FILES, MobilityVariant};
use bb_simd::Backend;

/// Four directions in a 4 x u64 vector; runs of 1-2 straight from `p`, then two doubling steps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx2PairPrefix;

/// Per lane (steps 1, 8, 9, 7), the squares where the opponent mask and its copy shifted by one
/// step overlap: `pairs = o & (o << s) & PAIR_MASK` without masking `o` first.
pub(super) const PAIR_MASK: [u64; 4] = {
    let mask = [INNER_FILES, !0, INNER_FILES, INNER_FILES];
    let step = [1, 8, 9, 7];
    let mut r = [0; 4];
    let mut i = 0;
    while i < 4 {
        r[i] = mask[i] & (mask[i] << step[i]);
        i += 1;
    }
    r
};

impl MobilityVariant for Avx2PairPrefix {
    const NAME: &'static str = "avx2_pair_prefix";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let s1 = b.u64x4_from_array([1, 8, 9, 7]);
        let s2 = b.u64x4_from_array([2, 16, 18, 14]);
        let pp = b.u64x4_splat(p);
        let oo = b.u64x4_splat(o);
        let m = b.u64x4_and(
            oo,
            b.u64x4_from_array([INNER_FILES, !0, INNER_FILES, INNER_FILES]),
        );
        let pl = b.u64x4_and(
            b.u64x4_and(oo, b.u64x4_shlv(oo, s1)),
            b.u64x4_from_array(PAIR_MASK),
        );
        let pr = b.u64x4_shrv(pl, s1);
        let mut fl = b.u64x4_or(
            b.u64x4_and(m, b.u64x4_shlv(pp, s1)),
            b.u64x4_and(pl, b.u64x4_shlv(pp, s2)),
        );
        let mut fr = b.u64x4_or(
            b.u64x4_and(m, b.u64x4_shrv(pp, s1)),
            b.u64x4_and(pr, b.u64x4_shrv(pp, s2)),
        );
        fl = b.u64x4_or(fl, b.u64x4_and(pl, b.u64x4_shlv(fl, s2)));
        fr = b.u64x4_or(fr, b.u64x4_and(pr, b.u64x4_shrv(fr, s2)));
        fl = b.u64x4_or(fl, b.u64x4_and(pl, b.u64x4_shlv(fl, s2)));
        fr = b.u64x4_or(fr, b.u64x4_and(pr, b.u64x4_shrv(fr, s2)));
        let mm = b.u64x4_or(b.u64x4_shlv(fl, s1), b.u64x4_shrv(fr, s1));
        // Occupied squares masked in the vector: see `Avx2Lanes`.
        b.u64x4_hor(b.u64x4_andnot(b.u64x4_or(pp, oo), mm))
    }
}
