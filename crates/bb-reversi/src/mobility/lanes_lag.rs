//! The 4-lane forms with the LSB-ward runs tracked one step behind (beyond the published
//! sources).
//!
//! The 4-lane forms fill toward the MSB and toward the LSB with the same step `s` per lane. The
//! LSB-ward side usually needs masks of its own (the pairs shifted down, `pr = pl >> s`) and
//! shifts of its own of `p`. Here the LSB-ward run `f` is carried one step behind, as
//! `g = f << s`. `f` has no square among the top `s` (each of its terms is shifted down from `p`
//! or from `f`), so `g` loses nothing, and in that frame
//!
//! - the first level `m & p>>s | pr & p>>2s` becomes `(m<<s) & p | pl & p>>s`: `m << s` is the
//!   shifted opponent mask that the pairs `pl = m & m<<s` are built from anyway, and the pairs
//!   are the MSB-ward ones;
//! - a doubling step `f |= pr & f>>2s` becomes `g |= pl & g>>2s`;
//! - the moves `f >> s` are `g >> 2s`.
//!
//! The down-shifted pairs and one shift of `p` go: 10 variable shifts a call instead of 12,
//! and the LSB-ward first level is one step shorter.

use super::MobilityVariant;
use super::lanes_pair_prefix::{Lanes, MASK, MASK_UP, PAIR_MASK};
use bb_simd::Backend;

/// Four directions in a 4 x u64 vector, runs of 1-2 straight from `p` (as
/// [`Avx2PairPrefix`](super::Avx2PairPrefix)), the LSB-ward runs one step behind. The masked
/// opponent discs `m`, their copy one step up `mu` and the pairs `m & mu` are each computed once
/// and serve both sides.
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx2PairLag;

impl MobilityVariant for Avx2PairLag {
    const NAME: &'static str = "avx2_pair_lag";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let l = Lanes::new(b, p, o);
        let (s1, s2, pp, oo) = (l.s1, l.s2, l.pp, l.oo);
        let m = b.u64x4_and(oo, b.u64x4_from_array(MASK));
        let mu = b.u64x4_shlv(m, s1);
        let pl = b.u64x4_and(m, mu);
        let fl = b.u64x4_or(
            b.u64x4_and(m, b.u64x4_shlv(pp, s1)),
            b.u64x4_and(pl, b.u64x4_shlv(pp, s2)),
        );
        let gr = b.u64x4_or(b.u64x4_and(mu, pp), b.u64x4_and(pl, b.u64x4_shrv(pp, s1)));
        l.finish(b, [pl, pl], fl, gr, s2)
    }
}

/// [`Avx2PairLag`] for AVX-512: the masks enter as three-input ANDs ([`Backend::u64x4_and3`],
/// one VPTERNLOGQ each): the pairs `o & o<<s & PAIR_MASK`, `o & MASK & p<<s` and
/// `o<<s & MASK_UP & p`. LLVM's own fusion of the AND/OR trees, which works from the root, leaves
/// an AND apart in each side's first level; this way each side's first level is two VPTERNLOGQs
/// and the call issues 26 vector operations (Edax's `get_moves_avx` loop issues 29). Without a
/// ternary operation each three-input AND is two ANDs, and `avx2_pair_lag` is shorter.
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx512PairLag;

impl MobilityVariant for Avx512PairLag {
    const NAME: &'static str = "avx512_pair_lag";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 512
    }
    #[inline(always)]
    fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let l = Lanes::new(b, p, o);
        let (s1, s2, pp, oo) = (l.s1, l.s2, l.pp, l.oo);
        let ou = b.u64x4_shlv(oo, s1);
        let pl = b.u64x4_and3(oo, ou, b.u64x4_from_array(PAIR_MASK));
        let fl = b.u64x4_or(
            b.u64x4_and3(oo, b.u64x4_from_array(MASK), b.u64x4_shlv(pp, s1)),
            b.u64x4_and(pl, b.u64x4_shlv(pp, s2)),
        );
        let gr = b.u64x4_or(
            b.u64x4_and3(ou, b.u64x4_from_array(MASK_UP), pp),
            b.u64x4_and(pl, b.u64x4_shrv(pp, s1)),
        );
        l.finish(b, [pl, pl], fl, gr, s2)
    }
}
