//! The endgame search's use of stability: an upper bound of the final score and its cut-off.

use super::stability;
use bb_simd::Backend;

/// Upper bound of the final disc difference (player minus opponent) for the player to move:
/// the opponent's stable discs stay the opponent's, so at most `64 - 2 * stable` remains.
#[inline(always)]
pub fn stability_bound<B: Backend>(b: B, p: u64, o: u64) -> i32 {
    64 - 2 * b.popcnt(stability(b, o, p)) as i32
}

/// Stability cut-off of an endgame search: `Some(bound)` when the score cannot exceed `alpha`
/// (fail low, return the bound), `None` otherwise. Edax calls it only when `alpha` is high
/// enough for the bound to matter.
///
/// ```
/// use bb_simd::Scalar;
/// // The opponent owns all four corners: the bound is 64 - 8 = 56.
/// let o = 0x8100_0000_0000_0081;
/// assert_eq!(bb_reversi::stability::stability_cutoff(Scalar, 0x100, o, 60), Some(56));
/// assert_eq!(bb_reversi::stability::stability_cutoff(Scalar, 0x100, o, 40), None);
/// ```
#[inline(always)]
pub fn stability_cutoff<B: Backend>(b: B, p: u64, o: u64, alpha: i32) -> Option<i32> {
    let bound = stability_bound(b, p, o);
    (bound <= alpha).then_some(bound)
}
