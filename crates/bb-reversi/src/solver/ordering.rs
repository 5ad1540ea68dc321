//! Move-ordering helpers: corners and the parity of quadrants.

pub(super) const CORNERS: u64 = 0x8100_0000_0000_0081;

/// Quadrant masks (a1-d4, e1-h4, a5-d8, e5-h8).
pub(super) const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// Empty squares of quadrants holding an odd number of empties.
#[inline(always)]
pub(super) fn odd_quadrants(empty: u64) -> u64 {
    let mut m = 0;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            m |= q;
        }
    }
    m & empty
}
