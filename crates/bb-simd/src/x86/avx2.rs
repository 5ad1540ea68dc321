//! The `Avx2` token: x86-64-v3, in its fast-PEXT and slow-PEXT forms.

use super::{h128, h256};
use crate::backend::sealed::Sealed;
use crate::{Backend, Isa, detect};
use core::arch::x86_64::*;

/// x86-64-v3 backend (Haswell, Zen 1 and later): AVX2, BMI1, BMI2, LZCNT, POPCNT, MOVBE.
///
/// `FAST_PEXT` is part of the type because AMD CPUs before Zen 3 have BMI2 but microcode PEXT
/// and PDEP (hundreds of cycles): algorithms choose their form from
/// [`Backend::FAST_PEXT`] at compile time, so the run-time fact must be a type. `Avx2` (=
/// `Avx2<true>`) is what every Intel CPU and Zen 3+ get; [`Avx2::try_new_slow_pext`] gives the
/// `Avx2<false>` form that Zen 1 / Zen 2 get from dispatch. Both forms run the same code except
/// where an algorithm branches on `FAST_PEXT`; `Avx2<false>` works on every v3 CPU.
///
/// ```
/// # #[cfg(target_arch = "x86_64")] {
/// use bb_simd::{Avx2, Backend};
/// if let Some(b) = Avx2::try_new() {
///     assert!(<Avx2 as Backend>::FAST_PEXT);
///     assert_eq!(b.pext(0b1011_0000, 0xf0), 0b1011);
/// }
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Avx2<const FAST_PEXT: bool = true>(());

impl Avx2<true> {
    /// The token if the CPU is x86-64-v3 **and** PEXT/PDEP are fast (not AMD before Zen 3).
    #[inline]
    pub fn try_new() -> Option<Self> {
        let cpu = detect::detect();
        if Isa::Avx2.supported_by(&cpu) && cpu.fast_pext() {
            // SAFETY: detection just confirmed x86-64-v3.
            Some(unsafe { Self::new_unchecked() })
        } else {
            None
        }
    }
    /// The slow-PEXT form, `Avx2<false>`, if the CPU is x86-64-v3 (any vendor; this is what
    /// dispatch uses on AMD Zen 1 / Zen 2).
    #[inline]
    pub fn try_new_slow_pext() -> Option<Avx2<false>> {
        if Isa::Avx2.supported_by(&detect::detect()) {
            // SAFETY: detection just confirmed x86-64-v3.
            Some(unsafe { Avx2::<false>::new_unchecked() })
        } else {
            None
        }
    }
}

impl<const FAST_PEXT: bool> Avx2<FAST_PEXT> {
    /// The token without checking. Enabled features: `avx2,bmi1,bmi2,lzcnt,popcnt,movbe`.
    ///
    /// # Safety
    /// The CPU must be x86-64-v3 ([`Isa::Avx2`]'s requirements). `FAST_PEXT = true` on a slow-PEXT
    /// CPU is sound, only slow.
    #[inline(always)]
    pub const unsafe fn new_unchecked() -> Self {
        Avx2(())
    }
}

impl<const F: bool> Sealed for Avx2<F> {}

impl<const F: bool> Backend for Avx2<F> {
    const NAME: &'static str = "avx2";
    const ISA: Isa = Isa::Avx2;
    const NATIVE_BYTE_SHUFFLE: bool = true;
    const NATIVE_PEXT: bool = true;
    const FAST_PEXT: bool = F;
    const VECTOR_BITS: u32 = 256;

    type U64x2 = __m128i;
    type U64x4 = __m256i;
    type U64x8 = [__m256i; 2];
    type U8x16 = __m128i;
    type U8x32 = __m256i;
    type U8x64 = [__m256i; 2];
    type U16x32 = [__m256i; 2];

    vectorize_with!(avx2, "avx2,bmi1,bmi2,lzcnt,popcnt,movbe");
    array_convs!();
    casts!(a => a);
    avx2_128_256!(avx2);
    split_u64x8!();
    split_u8x64_by32!();

    forward! { avx2;
        fn pext(a: u64, mask: u64) -> u64 = _pext_u64;
        fn pdep(a: u64, mask: u64) -> u64 = _pdep_u64;
        fn u64x2_not(a: __m128i) -> __m128i = h128::not;
        fn u64x2_min(a: __m128i, b: __m128i) -> __m128i = h128::min64_sse42;
        fn u64x2_popcnt(a: __m128i) -> __m128i = h128::popcnt64_pshufb;
        fn u64x2_nonzero_mask(a: __m128i) -> u8 = h128::nonzero64;
        fn u64x4_not(a: __m256i) -> __m256i = h256::not;
        fn u64x4_min(a: __m256i, b: __m256i) -> __m256i = h256::min64;
        fn u64x4_cmpgt_i64(a: __m256i, b: __m256i) -> __m256i = h256::cmpgt64;
        fn u64x4_popcnt(a: __m256i) -> __m256i = h256::popcnt64;
        fn u64x4_nonzero_mask(a: __m256i) -> u8 = h256::nonzero64;
        fn u8x64_permute(table: [__m256i; 2], idx: [__m256i; 2]) -> [__m256i; 2]
            = h256::permute8x64;
        fn u8x64_bitshuffle(x: [__m256i; 2], idx: [__m256i; 2]) -> u64 = h256::bitshuffle8x64;
        fn u16x32_select(mask: u32, a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2]
            = h256::select16x32;
        fn dot_u8i8(features: &[u8; 64], weights: &[i8; 64]) -> i32 = h128::dot_exact_avx2;
    }
    #[inline(always)]
    fn u16x32_splat(self, x: u16) -> [__m256i; 2] {
        avx2! { [h256::splat16(x); 2] }
    }
    forward! { avx2, each 2;
        fn u16x32_and(a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2] = h256::and;
        fn u16x32_or(a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2] = h256::or;
        fn u16x32_xor(a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2] = h256::xor;
        fn u16x32_andnot(a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2] = h256::andnot;
        fn u16x32_add(a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2] = h256::add16;
        fn u16x32_sub(a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2] = h256::sub16;
        fn u16x32_shlv(a: [__m256i; 2], c: [__m256i; 2]) -> [__m256i; 2] = h256::shlv16;
        fn u16x32_shrv(a: [__m256i; 2], c: [__m256i; 2]) -> [__m256i; 2] = h256::shrv16;
    }
    #[inline(always)]
    fn u16x32_cmpeq(self, a: [__m256i; 2], b: [__m256i; 2]) -> u32 {
        avx2! {
            u32::from(h256::cmpeq16_mask(a[0], b[0]))
                | (u32::from(h256::cmpeq16_mask(a[1], b[1])) << 16)
        }
    }
}
