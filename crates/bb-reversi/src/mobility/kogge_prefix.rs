//! Eight directions in general registers with a shallower first level (beyond the published
//! sources).
//!
//! [`KoggeStone8`](super::KoggeStone8) finds the runs of length 1 and 2 with two dependent
//! steps (`f = m & p<<n`, then `f |= m & f<<n`). Both come straight from `p` instead:
//! `m & p<<n | pairs & p<<2n`, where `pairs = m & m<<n` is the pair mask the doubling steps need
//! anyway. The two shifts of `p` are independent, so each direction's chain is one step shorter
//! for the same number of operations; with eight directions in flight the general-register
//! form is bound by its chain length in latency mode, not by its operation count. The +1
//! direction needs no steps at all: one addition carries through the runs ([`carry_left1`]).
//! Toward the LSB each line's run is carried one step behind ([`runs`]), so the two sides of a
//! line share one shifted mask and one pair mask.

use super::{INNER_FILES, MobilityVariant};
use bb_simd::Backend;

/// Eight directions in general registers; runs of 1-2 straight from `p`, then two doubling steps.
#[derive(Clone, Copy, Debug, Default)]
pub struct KoggePrefix8;

/// Squares one past the runs of `m` that start next to `p` one square toward the MSB, by a
/// carry: adding `m` to the first disc of each such run ripples through the run and stops one
/// square past it (Edax's SSE2 `get_moves` adds bytes the same way). Three dependent operations
/// where the shifts take five. `m` must leave out files a and h, so that no carry crosses into
/// the next rank.
#[inline(always)]
pub(super) const fn carry_left1(p: u64, m: u64) -> u64 {
    ((p << 1) & m).wrapping_add(m) & !m
}

/// Squares one past the runs of `m` that start next to `p` along the line of step `n`, toward
/// the MSB and toward the LSB. The MSB-ward side takes its runs of 1-2 straight from `p` (by
/// [`carry_left1`] when `n` is 1); the LSB-ward run `f` is carried one step behind, as
/// `g = f << n` (the 4-lane `avx2_pair_lag` does the same), so both sides share `m << n` and the
/// pairs `m & m<<n`: the LSB-ward first level is `(m<<n) & p | pairs & p>>n`, its doubling step
/// `g |= pairs & g>>2n`, its moves `g >> 2n`. Nothing is lost in the frame: `f` never holds any
/// of the top `n` squares.
#[inline(always)]
pub(super) const fn runs(p: u64, m: u64, n: u32) -> u64 {
    let mu = m << n;
    let pairs = m & mu;
    let left = if n == 1 {
        carry_left1(p, m)
    } else {
        let mut f = (m & (p << n)) | (pairs & (p << (2 * n)));
        f |= pairs & (f << (2 * n));
        f |= pairs & (f << (2 * n));
        f << n
    };
    let mut g = (mu & p) | (pairs & (p >> n));
    g |= pairs & (g >> (2 * n));
    g |= pairs & (g >> (2 * n));
    left | (g >> (2 * n))
}

impl MobilityVariant for KoggePrefix8 {
    const NAME: &'static str = "kogge_prefix8";
    #[inline(always)]
    fn mobility<B: Backend>(_b: B, p: u64, o: u64) -> u64 {
        let mo = o & INNER_FILES;
        (runs(p, mo, 1) | runs(p, mo, 7) | runs(p, mo, 9) | runs(p, o, 8)) & !(p | o)
    }
}
