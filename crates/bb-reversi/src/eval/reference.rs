//! The oracle: every index computed square by square from [`PATTERNS`], slow on purpose.

use super::Features;
use super::patterns::{LANES, PATTERNS};

/// The digit of the square with bit `bit`: 0 for a disc in `p`, 1 in `o`, 2 when empty.
const fn digit(p: u64, o: u64, bit: u64) -> u16 {
    if p & bit != 0 {
        0
    } else if o & bit != 0 {
        1
    } else {
        2
    }
}

/// The features of the board seen from `p` (digit 0) against `o` (digit 1), read square by
/// square. A square in both counts as `p`'s.
///
/// ```
/// use bb_reversi::eval::reference;
/// let f = reference::features(1, 0); // one disc of `p` on a1
/// // 3x3 corner a1: a1 is the most significant digit of nine.
/// assert_eq!(f.index(0), Some(19682 - 2 * 6561));
/// ```
#[must_use]
pub fn features(p: u64, o: u64) -> Features {
    let mut lanes = [0u16; LANES];
    for (lane, squares) in lanes.iter_mut().zip(PATTERNS) {
        *lane = squares
            .iter()
            .fold(0, |x, sq| x * 3 + digit(p, o, sq.bit()));
    }
    Features::from_lanes(lanes)
}
