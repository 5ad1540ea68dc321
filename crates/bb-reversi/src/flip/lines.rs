//! The line geometry every flip technique shares: the half lines of a square and the shift of a
//! step along each line, in the line order of [`bb_core::masks::HalfLines`].

use bb_core::Square;

/// The half lines of `sq`.
#[inline(always)]
pub(crate) fn half(sq: Square) -> &'static bb_core::masks::HalfLines {
    &bb_core::masks::HALF_LINES[sq.index()]
}

/// Shift per line, in line order (horizontal 1, vertical 8, diagonal 9, anti-diagonal 7).
pub(crate) const SHIFTS: [u64; 4] = [1, 8, 9, 7];
