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

use super::MobilityVariant;
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

/// Squares one past the runs of `m` that start next to `p` toward the MSB by `n` (by
/// [`carry_left1`] when `n` is 1).
#[inline(always)]
pub(super) const fn runs_left(p: u64, m: u64, n: u32) -> u64 {
    if n == 1 {
        return carry_left1(p, m);
    }
    let pairs = m & (m << n);
    let mut f = (m & (p << n)) | (pairs & (p << (2 * n)));
    f |= pairs & (f << (2 * n));
    f |= pairs & (f << (2 * n));
    f << n
}

/// Squares one past the runs of `m` that start next to `p` toward the LSB by `n`.
#[inline(always)]
pub(super) const fn runs_right(p: u64, m: u64, n: u32) -> u64 {
    let pairs = m & (m >> n);
    let mut f = (m & (p >> n)) | (pairs & (p >> (2 * n)));
    f |= pairs & (f >> (2 * n));
    f |= pairs & (f >> (2 * n));
    f >> n
}

impl MobilityVariant for KoggePrefix8 {
    const NAME: &'static str = "kogge_prefix8";
    #[inline(always)]
    fn mobility<B: Backend>(_b: B, p: u64, o: u64) -> u64 {
        super::eight_directions(p, o, runs_left, runs_right)
    }
}
