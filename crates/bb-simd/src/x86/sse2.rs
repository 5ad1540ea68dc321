//! The `Sse2` token: the x86-64 baseline.

use super::h128;
use crate::backend::sealed::Sealed;
use crate::{Backend, Isa, detect};
use core::arch::x86_64::*;

/// x86-64 baseline backend (SSE2): 128-bit vectors; wider types are arrays of `__m128i`.
///
/// ```
/// # #[cfg(target_arch = "x86_64")] {
/// use bb_simd::{Backend, Sse2};
/// let b = Sse2::try_new().expect("every x86-64 CPU has SSE2");
/// let v = b.u64x2_from_array([0x0102, 1 << 63]);
/// assert_eq!(b.u64x2_to_array(b.u64x2_bswap(v)), [0x0201 << 48, 0x80]);
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sse2(());
token_ctors!(Sse2, Isa::Sse2, "sse2");
impl Sealed for Sse2 {}

impl Backend for Sse2 {
    const NAME: &'static str = "sse2";
    const ISA: Isa = Isa::Sse2;
    vectorize_with!(sse2, "sse2");
    sse_family!(sse2);

    forward! { sse2;
        fn u64x2_bswap(a: __m128i) -> __m128i = h128::bswap64_sse2;
        fn u64x2_popcnt(a: __m128i) -> __m128i = h128::popcnt64_sse2;
    }
}
