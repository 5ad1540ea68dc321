//! [`Mask8`]: a PEXT mask of at most 8 bits, whose gathers index a 256-entry table.

/// A bit mask with at most 8 bits set: a PEXT through it ([`crate::Backend::pext8`]) is
/// below 256, and the compiler is told so, so an index built from it needs no mask or bounds
/// check in front of a table of 256 entries (or of `base + 256`, for a `u16` base).
///
/// ```
/// use bb_simd::{Backend, Mask8, Scalar};
/// const FILE_A: Mask8 = Mask8::expect(0x0101_0101_0101_0101);
/// assert_eq!(Scalar.pext8(0x0100_0000_0000_0001, FILE_A), 0b1000_0001);
/// assert!(Mask8::new(0x1ff).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Mask8(u64);

impl Mask8 {
    /// `mask` if it has at most 8 bits set.
    #[inline]
    pub const fn new(mask: u64) -> Option<Self> {
        if mask.count_ones() <= 8 {
            Some(Self(mask))
        } else {
            None
        }
    }

    /// `mask`, for tables built at compile time: panics (a compile error in a constant) if it has
    /// more than 8 bits set.
    #[inline]
    pub const fn expect(mask: u64) -> Self {
        match Self::new(mask) {
            Some(m) => m,
            None => panic!("Mask8::expect: more than 8 bits set"),
        }
    }

    /// The mask.
    #[inline(always)]
    pub const fn get(self) -> u64 {
        self.0
    }
}
