//! Potential mobility and frontier: the one-step neighbourhood helpers of evaluation functions.

use bb_simd::Backend;

const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// Every square adjacent (in one of the eight directions) to a square of `x`, in general
/// registers: the horizontal neighbours first, then the rows above and below of `x` plus them.
#[inline(always)]
#[must_use]
pub const fn neighbours_scalar(x: u64) -> u64 {
    let h = ((x << 1) & NOT_A) | ((x >> 1) & NOT_H);
    let row = x | h;
    h | (row << 8) | (row >> 8)
}

/// SIMD form of the neighbourhood: a 4 x u64 vector shifts `x` by 1, 7, 8, 9 both ways with
/// per-lane counts and masks, then ORs the lanes.
#[derive(Clone, Copy, Debug, Default)]
pub struct PotentialSimd;

impl PotentialSimd {
    /// Every square adjacent to a square of `x`.
    #[inline(always)]
    pub fn neighbours<B: Backend>(b: B, x: u64) -> u64 {
        let sh = b.u64x4_from_array([1, 7, 8, 9]);
        let xx = b.u64x4_splat(x);
        let l = b.u64x4_and(
            b.u64x4_shlv(xx, sh),
            b.u64x4_from_array([NOT_A, NOT_H, !0, NOT_A]),
        );
        let r = b.u64x4_and(
            b.u64x4_shrv(xx, sh),
            b.u64x4_from_array([NOT_H, NOT_A, !0, NOT_H]),
        );
        b.u64x4_hor(b.u64x4_or(l, r))
    }
}

/// The form [`potential_mobility`] and [`frontier`] use on every backend: `"scalar"` (the
/// general-register form), not `"simd"` ([`PotentialSimd`]).
pub const DEFAULT_FORM: &str = "scalar";

/// Potential mobility, general registers: the empty squares adjacent to an opponent disc.
#[inline(always)]
#[must_use]
pub const fn potential_mobility_scalar(p: u64, o: u64) -> u64 {
    neighbours_scalar(o) & !(p | o)
}

/// Frontier discs with [`PotentialSimd`].
#[inline(always)]
pub fn frontier_simd<B: Backend>(b: B, p: u64, o: u64) -> u64 {
    PotentialSimd::neighbours(b, !(p | o)) & p
}

/// Potential mobility with [`PotentialSimd`].
#[inline(always)]
pub fn potential_mobility_simd<B: Backend>(b: B, p: u64, o: u64) -> u64 {
    PotentialSimd::neighbours(b, o) & !(p | o)
}

/// Potential mobility, per-backend default: the empty squares adjacent to an opponent disc
/// (squares where the player may get a move later).
///
/// The general-register form ([`DEFAULT_FORM`]) on every backend: it measured faster than the
/// 4-lane [`PotentialSimd`] form on every backend with 256-bit vectors, in both timing modes
/// (0.24-0.44 / 3.0 ns per call against 1.1-1.3 / 5.3-5.8 ns, docs/kernels/mobility.md),
/// because one neighbourhood is only six shifts and the vector form pays a broadcast and a
/// horizontal OR around them.
///
/// ```
/// use bb_simd::Scalar;
/// let p = 1 << 0; // a1
/// let o = 1 << 1; // b1
/// let pm = bb_reversi::mobility::potential_mobility(Scalar, p, o);
/// assert_eq!(pm, (1 << 2) | (1 << 8) | (1 << 9) | (1 << 10));
/// ```
#[inline(always)]
pub fn potential_mobility<B: Backend>(_b: B, p: u64, o: u64) -> u64 {
    potential_mobility_scalar(p, o)
}

/// Frontier discs, general registers: the player's discs adjacent to an empty square.
#[inline(always)]
#[must_use]
pub const fn frontier_scalar(p: u64, o: u64) -> u64 {
    neighbours_scalar(!(p | o)) & p
}

/// Frontier discs, per-backend default: the player's discs adjacent to an empty square. The
/// general-register form on every backend, as [`potential_mobility`] and for the same reason.
///
/// ```
/// use bb_simd::Scalar;
/// assert_eq!(bb_reversi::mobility::frontier(Scalar, 1, !1), 0);
/// assert_eq!(bb_reversi::mobility::frontier(Scalar, 1, 2), 1);
/// ```
#[inline(always)]
pub fn frontier<B: Backend>(_b: B, p: u64, o: u64) -> u64 {
    frontier_scalar(p, o)
}
