//! The portable backend: every operation is the trait's default emulation.

use crate::backend::sealed::Sealed;
use crate::{Backend, Isa};

/// Portable backend: plain Rust on arrays, available everywhere.
///
/// ```
/// use bb_simd::{Backend, Scalar};
/// let b = Scalar::new();
/// assert_eq!(b.u64x2_to_array(b.u64x2_shlv(b.u64x2_splat(1), b.u64x2_from_array([3, 64]))), [8, 0]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Scalar;

impl Scalar {
    /// The scalar token; always available.
    #[inline(always)]
    pub const fn new() -> Self {
        Scalar
    }
    /// Always `Some(Scalar)` (same constructor shape as the other tokens).
    #[inline(always)]
    pub const fn try_new() -> Option<Self> {
        Some(Scalar)
    }
    /// Same as [`Scalar::new`]; exists for symmetry with the other tokens.
    ///
    /// # Safety
    /// Always safe to call.
    #[inline(always)]
    pub const unsafe fn new_unchecked() -> Self {
        Scalar
    }
}

impl Sealed for Scalar {}

impl Backend for Scalar {
    const NAME: &'static str = "scalar";
    const ISA: Isa = Isa::Scalar;

    type U64x2 = [u64; 2];
    type U64x4 = [u64; 4];
    type U64x8 = [u64; 8];
    type U8x16 = [u8; 16];
    type U8x32 = [u8; 32];
    type U8x64 = [u8; 64];
    type U16x32 = [u16; 32];

    #[inline(always)]
    fn vectorize<R, F: FnOnce() -> R>(self, f: F) -> R {
        f()
    }

    #[inline(always)]
    fn u64x2_from_array(self, a: [u64; 2]) -> [u64; 2] {
        a
    }
    #[inline(always)]
    fn u64x2_to_array(self, a: [u64; 2]) -> [u64; 2] {
        a
    }
    #[inline(always)]
    fn u64x4_from_array(self, a: [u64; 4]) -> [u64; 4] {
        a
    }
    #[inline(always)]
    fn u64x4_to_array(self, a: [u64; 4]) -> [u64; 4] {
        a
    }
    #[inline(always)]
    fn u64x8_from_array(self, a: [u64; 8]) -> [u64; 8] {
        a
    }
    #[inline(always)]
    fn u64x8_to_array(self, a: [u64; 8]) -> [u64; 8] {
        a
    }
    #[inline(always)]
    fn u8x16_from_array(self, a: [u8; 16]) -> [u8; 16] {
        a
    }
    #[inline(always)]
    fn u8x16_to_array(self, a: [u8; 16]) -> [u8; 16] {
        a
    }
    #[inline(always)]
    fn u8x32_from_array(self, a: [u8; 32]) -> [u8; 32] {
        a
    }
    #[inline(always)]
    fn u8x32_to_array(self, a: [u8; 32]) -> [u8; 32] {
        a
    }
    #[inline(always)]
    fn u8x64_from_array(self, a: [u8; 64]) -> [u8; 64] {
        a
    }
    #[inline(always)]
    fn u8x64_to_array(self, a: [u8; 64]) -> [u8; 64] {
        a
    }
    #[inline(always)]
    fn u16x32_from_array(self, a: [u16; 32]) -> [u16; 32] {
        a
    }
    #[inline(always)]
    fn u16x32_to_array(self, a: [u16; 32]) -> [u16; 32] {
        a
    }
}
