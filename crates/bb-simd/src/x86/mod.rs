//! x86-64 tokens: `Sse2`, `Ssse3`, `Avx2`, `Avx512`, `Avx512Vbmi`.

pub(crate) mod h128;
pub(crate) mod h256;
pub(crate) mod h512;

use crate::backend::sealed::Sealed;
use crate::{Backend, Isa, detect};
use core::arch::x86_64::*;

// One macro per token: the unsafe block that calls `#[target_feature]` helpers, with the
// token as the proof.
macro_rules! sse2 {
    ($($t:tt)*) => {{
        // SAFETY: `self` is an `Sse2` token, which proves SSE2 (the x86-64 baseline).
        unsafe { $($t)* }
    }};
}
macro_rules! ssse3 {
    ($($t:tt)*) => {{
        // SAFETY: `self` is an `Ssse3` token, which proves SSE2 and SSSE3.
        unsafe { $($t)* }
    }};
}
macro_rules! avx2 {
    ($($t:tt)*) => {{
        // SAFETY: `self` is an `Avx2` token, which proves x86-64-v3 (AVX2, BMI1, BMI2, LZCNT,
        // POPCNT, MOVBE, and the SSSE3/SSE4.2/AVX they imply).
        unsafe { $($t)* }
    }};
}
macro_rules! avx512 {
    ($($t:tt)*) => {{
        // SAFETY: `self` is an `Avx512` token, which proves x86-64-v4 (v3 + AVX-512 F, CD, BW,
        // DQ, VL).
        unsafe { $($t)* }
    }};
}
macro_rules! avx512vbmi {
    ($($t:tt)*) => {{
        // SAFETY: `self` is an `Avx512Vbmi` token, which proves x86-64-v4 plus AVX-512 VBMI,
        // VBMI2, BITALG, VPOPCNTDQ, VNNI and GFNI.
        unsafe { $($t)* }
    }};
}

macro_rules! token_ctors {
    ($T:ty, $isa:expr, $features:literal) => {
        impl $T {
            /// The token if the running CPU has every feature it requires (cached detection
            /// with `std`; the compile-time target features without it).
            #[inline]
            pub fn try_new() -> Option<Self> {
                if $isa.supported_by(&detect::detect()) {
                    // SAFETY: detection just confirmed every required feature.
                    Some(unsafe { Self::new_unchecked() })
                } else {
                    None
                }
            }
            #[doc = concat!("The token without checking. Enabled features: `", $features, "`.")]
            ///
            /// # Safety
            /// The running CPU must support every feature in [`Isa::requirements`] of this
            /// token's ISA; otherwise using the token executes illegal instructions.
            #[inline(always)]
            pub const unsafe fn new_unchecked() -> Self {
                Self(())
            }
        }
    };
}

macro_rules! vectorize_with {
    ($safe:ident, $features:literal) => {
        #[inline(always)]
        fn vectorize<R, Op: FnOnce() -> R>(self, f: Op) -> R {
            #[inline]
            #[target_feature(enable = $features)]
            fn inner<R, Op: FnOnce() -> R>(f: Op) -> R {
                f()
            }
            $safe! { inner(f) }
        }
    };
}

/// Casts between types that are the same registers (`U64x4` and `U8x32` are both `__m256i`, ...).
macro_rules! identity_casts {
    () => {
        #[inline(always)]
        fn u64x2_as_u8x16(self, a: Self::U64x2) -> Self::U8x16 {
            a
        }
        #[inline(always)]
        fn u8x16_as_u64x2(self, a: Self::U8x16) -> Self::U64x2 {
            a
        }
        #[inline(always)]
        fn u64x4_as_u8x32(self, a: Self::U64x4) -> Self::U8x32 {
            a
        }
        #[inline(always)]
        fn u8x32_as_u64x4(self, a: Self::U8x32) -> Self::U64x4 {
            a
        }
        #[inline(always)]
        fn u64x8_as_u8x64(self, a: Self::U64x8) -> Self::U8x64 {
            a
        }
        #[inline(always)]
        fn u8x64_as_u64x8(self, a: Self::U8x64) -> Self::U64x8 {
            a
        }
        #[inline(always)]
        fn u8x64_as_u16x32(self, a: Self::U8x64) -> Self::U16x32 {
            a
        }
        #[inline(always)]
        fn u16x32_as_u8x64(self, a: Self::U16x32) -> Self::U8x64 {
            a
        }
        #[inline(always)]
        fn u64x8_as_u16x32(self, a: Self::U64x8) -> Self::U16x32 {
            a
        }
        #[inline(always)]
        fn u16x32_as_u64x8(self, a: Self::U16x32) -> Self::U64x8 {
            a
        }
    };
}

/// Array conversions by reinterpretation (lane `i` is element `i` on x86).
macro_rules! array_convs {
    () => {
        #[inline(always)]
        fn u64x2_from_array(self, a: [u64; 2]) -> Self::U64x2 {
            bits!(a)
        }
        #[inline(always)]
        fn u64x2_to_array(self, a: Self::U64x2) -> [u64; 2] {
            bits!(a)
        }
        #[inline(always)]
        fn u64x4_from_array(self, a: [u64; 4]) -> Self::U64x4 {
            bits!(a)
        }
        #[inline(always)]
        fn u64x4_to_array(self, a: Self::U64x4) -> [u64; 4] {
            bits!(a)
        }
        #[inline(always)]
        fn u64x8_from_array(self, a: [u64; 8]) -> Self::U64x8 {
            bits!(a)
        }
        #[inline(always)]
        fn u64x8_to_array(self, a: Self::U64x8) -> [u64; 8] {
            bits!(a)
        }
        #[inline(always)]
        fn u8x16_from_array(self, a: [u8; 16]) -> Self::U8x16 {
            bits!(a)
        }
        #[inline(always)]
        fn u8x16_to_array(self, a: Self::U8x16) -> [u8; 16] {
            bits!(a)
        }
        #[inline(always)]
        fn u8x32_from_array(self, a: [u8; 32]) -> Self::U8x32 {
            bits!(a)
        }
        #[inline(always)]
        fn u8x32_to_array(self, a: Self::U8x32) -> [u8; 32] {
            bits!(a)
        }
        #[inline(always)]
        fn u8x64_from_array(self, a: [u8; 64]) -> Self::U8x64 {
            bits!(a)
        }
        #[inline(always)]
        fn u8x64_to_array(self, a: Self::U8x64) -> [u8; 64] {
            bits!(a)
        }
        #[inline(always)]
        fn u16x32_from_array(self, a: [u16; 32]) -> Self::U16x32 {
            bits!(a)
        }
        #[inline(always)]
        fn u16x32_to_array(self, a: Self::U16x32) -> [u16; 32] {
            bits!(a)
        }
    };
}

/// u64x2 and u8x16 ops that are plain SSE2 on every x86 token.
macro_rules! sse2_128_common {
    ($safe:ident) => {
        #[inline(always)]
        fn u64x2_cvt_i32_f32(self, a: __m128i) -> __m128i {
            $safe! { _mm_castps_si128(_mm_cvtepi32_ps(a)) }
        }
        #[inline(always)]
        fn u64x2_cvtt_f32_i32(self, a: __m128i) -> __m128i {
            $safe! { _mm_cvttps_epi32(_mm_castsi128_ps(a)) }
        }
        #[inline(always)]
        fn u64x2_add_f64(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_castpd_si128(_mm_add_pd(_mm_castsi128_pd(a), _mm_castsi128_pd(b))) }
        }
        #[inline(always)]
        fn u64x2_sub_f64(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_castpd_si128(_mm_sub_pd(_mm_castsi128_pd(a), _mm_castsi128_pd(b))) }
        }
        #[inline(always)]
        fn u64x2_cmpeq_u32(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_cmpeq_epi32(a, b) }
        }
        #[inline(always)]
        fn u64x2_shuffle_u32<const IMM: i32>(self, a: __m128i) -> __m128i {
            $safe! { _mm_shuffle_epi32::<IMM>(a) }
        }
        #[inline(always)]
        fn u64x2_sra_i32<const N: u32>(self, a: __m128i) -> __m128i {
            $safe! { _mm_sra_epi32(a, _mm_cvtsi32_si128(N.min(32) as i32)) }
        }
        #[inline(always)]
        fn u64x2_srl_u32<const N: u32>(self, a: __m128i) -> __m128i {
            $safe! { _mm_srl_epi32(a, _mm_cvtsi32_si128(N.min(32) as i32)) }
        }
        #[inline(always)]
        fn u64x2_sll_u32<const N: u32>(self, a: __m128i) -> __m128i {
            $safe! { _mm_sll_epi32(a, _mm_cvtsi32_si128(N.min(32) as i32)) }
        }
        #[inline(always)]
        fn u64x2_mullo_u16(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_mullo_epi16(a, b) }
        }
        #[inline(always)]
        fn u64x2_mulhi_u16(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_mulhi_epu16(a, b) }
        }
        #[inline(always)]
        fn u64x2_min_i16(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_min_epi16(a, b) }
        }
        #[inline(always)]
        fn u64x2_madd_i16(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_madd_epi16(a, b) }
        }
        #[inline(always)]
        fn u8x16_subs(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_subs_epu8(a, b) }
        }
        #[inline(always)]
        fn u64x2_splat(self, x: u64) -> __m128i {
            $safe! { _mm_set1_epi64x(x as i64) }
        }
        #[inline(always)]
        fn u64x2_zero(self) -> __m128i {
            $safe! { _mm_setzero_si128() }
        }
        #[inline(always)]
        fn u64x2_and(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_and_si128(a, b) }
        }
        #[inline(always)]
        fn u64x2_or(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_or_si128(a, b) }
        }
        #[inline(always)]
        fn u64x2_xor(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_xor_si128(a, b) }
        }
        #[inline(always)]
        fn u64x2_andnot(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_andnot_si128(a, b) }
        }
        #[inline(always)]
        fn u64x2_add(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_add_epi64(a, b) }
        }
        #[inline(always)]
        fn u64x2_sub(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_sub_epi64(a, b) }
        }
        #[inline(always)]
        fn u64x2_neg(self, a: __m128i) -> __m128i {
            $safe! { h128::neg64(a) }
        }
        #[inline(always)]
        fn u64x2_shl<const N: u32>(self, a: __m128i) -> __m128i {
            $safe! { h128::shl64::<N>(a) }
        }
        #[inline(always)]
        fn u64x2_shr<const N: u32>(self, a: __m128i) -> __m128i {
            $safe! { h128::shr64::<N>(a) }
        }
        #[inline(always)]
        fn u64x2_hor(self, a: __m128i) -> u64 {
            $safe! { h128::hor64(a) }
        }
        #[inline(always)]
        fn u64x2_hadd(self, a: __m128i) -> u64 {
            $safe! { h128::hadd64(a) }
        }
        #[inline(always)]
        fn u8x16_splat(self, x: u8) -> __m128i {
            $safe! { _mm_set1_epi8(x as i8) }
        }
        #[inline(always)]
        fn u8x16_zero(self) -> __m128i {
            $safe! { _mm_setzero_si128() }
        }
        #[inline(always)]
        fn u8x16_and(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_and_si128(a, b) }
        }
        #[inline(always)]
        fn u8x16_or(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_or_si128(a, b) }
        }
        #[inline(always)]
        fn u8x16_xor(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_xor_si128(a, b) }
        }
        #[inline(always)]
        fn u8x16_andnot(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_andnot_si128(a, b) }
        }
        #[inline(always)]
        fn u8x16_add(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_add_epi8(a, b) }
        }
        #[inline(always)]
        fn u8x16_sub(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_sub_epi8(a, b) }
        }
        #[inline(always)]
        fn u8x16_min(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_min_epu8(a, b) }
        }
        #[inline(always)]
        fn u8x16_max(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_max_epu8(a, b) }
        }
        #[inline(always)]
        fn u8x16_cmpeq(self, a: __m128i, b: __m128i) -> u16 {
            $safe! { h128::cmpeq8_mask(a, b) }
        }
        #[inline(always)]
        fn u8x16_test(self, a: __m128i, b: __m128i) -> u16 {
            $safe! { h128::test8_mask(a, b) }
        }
        #[inline(always)]
        fn u8x16_movemask(self, a: __m128i) -> u16 {
            $safe! { h128::movemask8(a) }
        }
        #[inline(always)]
        fn u8x16_sad(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_sad_epu8(a, b) }
        }
        #[inline(always)]
        fn u8x16_zip_lo(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_unpacklo_epi8(a, b) }
        }
        #[inline(always)]
        fn u8x16_testv(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { h128::testv8(a, b) }
        }
        #[inline(always)]
        fn u8x16_sum_u16(self, a: __m128i) -> u16 {
            $safe! { h128::sum16(a) }
        }
    };
}

/// Everything `Sse2` and `Ssse3` share (types `[__m128i; K]` for the wide vectors).
macro_rules! sse_family {
    ($safe:ident) => {
        type U64x2 = __m128i;
        type U64x4 = [__m128i; 2];
        type U64x8 = [__m128i; 4];
        type U8x16 = __m128i;
        type U8x32 = [__m128i; 2];
        type U8x64 = [__m128i; 4];
        type U16x32 = [__m128i; 4];
        const NATIVE_PEXT: bool = false;
        const FAST_PEXT: bool = false;
        const VECTOR_BITS: u32 = 128;

        array_convs!();
        identity_casts!();
        sse2_128_common!($safe);
        split_u64x4!();
        split_u64x8_by2!();
        split_u8x32!();
        split_u8x64_by16!();

        #[inline(always)]
        fn u64x2_not(self, a: __m128i) -> __m128i {
            $safe! { h128::not(a) }
        }
        #[inline(always)]
        fn u64x2_shlv(self, a: __m128i, c: __m128i) -> __m128i {
            $safe! { h128::shlv64_sse2(a, c) }
        }
        #[inline(always)]
        fn u64x2_shrv(self, a: __m128i, c: __m128i) -> __m128i {
            $safe! { h128::shrv64_sse2(a, c) }
        }
        #[inline(always)]
        fn u64x2_cmpeq(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { h128::cmpeq64_sse2(a, b) }
        }
        #[inline(always)]
        fn u64x2_nonzero_mask(self, a: __m128i) -> u8 {
            $safe! { h128::nonzero64_sse2(a) }
        }
        #[inline(always)]
        fn u64x4_split(self, a: [__m128i; 2]) -> (__m128i, __m128i) {
            (a[0], a[1])
        }
        #[inline(always)]
        fn u64x4_join(self, lo: __m128i, hi: __m128i) -> [__m128i; 2] {
            [lo, hi]
        }
        #[inline(always)]
        fn u64x8_split(self, a: [__m128i; 4]) -> ([__m128i; 2], [__m128i; 2]) {
            ([a[0], a[1]], [a[2], a[3]])
        }
        #[inline(always)]
        fn u64x8_join(self, lo: [__m128i; 2], hi: [__m128i; 2]) -> [__m128i; 4] {
            [lo[0], lo[1], hi[0], hi[1]]
        }
        #[inline(always)]
        fn u16x32_and(self, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
            $safe! { core::array::from_fn(|i| _mm_and_si128(a[i], b[i])) }
        }
        #[inline(always)]
        fn u16x32_or(self, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
            $safe! { core::array::from_fn(|i| _mm_or_si128(a[i], b[i])) }
        }
        #[inline(always)]
        fn u16x32_xor(self, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
            $safe! { core::array::from_fn(|i| _mm_xor_si128(a[i], b[i])) }
        }
        #[inline(always)]
        fn u16x32_andnot(self, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
            $safe! { core::array::from_fn(|i| _mm_andnot_si128(a[i], b[i])) }
        }
        #[inline(always)]
        fn u16x32_add(self, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
            $safe! { core::array::from_fn(|i| _mm_add_epi16(a[i], b[i])) }
        }
        #[inline(always)]
        fn u16x32_sub(self, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
            $safe! { core::array::from_fn(|i| _mm_sub_epi16(a[i], b[i])) }
        }
        #[inline(always)]
        fn u16x32_select(self, mask: u32, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
            $safe! { h128::select16x32(mask, a, b) }
        }
        #[inline(always)]
        fn u16x32_cmpeq(self, a: [__m128i; 4], b: [__m128i; 4]) -> u32 {
            $safe! { h128::cmpeq16x32_mask(a, b) }
        }
        #[inline(always)]
        fn dot_u8i8(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
            $safe! { h128::dot_exact_sse2(features, weights) }
        }
    };
}

// ----- Sse2 --------------------------------------------------------------------------------

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

    #[inline(always)]
    fn u64x2_bswap(self, a: __m128i) -> __m128i {
        sse2! { h128::bswap64_sse2(a) }
    }
    #[inline(always)]
    fn u64x2_popcnt(self, a: __m128i) -> __m128i {
        sse2! { h128::popcnt64_sse2(a) }
    }
}

// ----- Ssse3 -------------------------------------------------------------------------------

/// SSSE3 backend (Core 2 and later): adds PSHUFB (byte shuffle, byte swap, bit reversal,
/// Muła's popcount) and PMADDUBSW (the SSSE3 page's saturating dot product) to [`Sse2`].
///
/// ```
/// # #[cfg(target_arch = "x86_64")] {
/// use bb_simd::{Backend, Ssse3};
/// if let Some(b) = Ssse3::try_new() {
///     let v = b.u64x2_from_array([1, u64::MAX]);
///     assert_eq!(b.u64x2_to_array(b.u64x2_rbit(v)), [1 << 63, u64::MAX]);
/// }
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ssse3(());
token_ctors!(Ssse3, Isa::Ssse3, "sse2,ssse3");
impl Sealed for Ssse3 {}

impl Backend for Ssse3 {
    const NAME: &'static str = "ssse3";
    const ISA: Isa = Isa::Ssse3;
    const NATIVE_BYTE_SHUFFLE: bool = true;
    vectorize_with!(ssse3, "sse2,ssse3");
    sse_family!(ssse3);

    #[inline(always)]
    fn u64x2_bswap(self, a: __m128i) -> __m128i {
        ssse3! { h128::bswap64(a) }
    }
    #[inline(always)]
    fn u64x2_rbit(self, a: __m128i) -> __m128i {
        ssse3! { h128::rbit64(a) }
    }
    #[inline(always)]
    fn u64x2_popcnt(self, a: __m128i) -> __m128i {
        ssse3! { h128::popcnt64_pshufb(a) }
    }
    #[inline(always)]
    fn u8x16_shuffle(self, t: __m128i, i: __m128i) -> __m128i {
        ssse3! { h128::shuffle8(t, i) }
    }
    #[inline(always)]
    fn u8x64_permute(self, table: [__m128i; 4], idx: [__m128i; 4]) -> [__m128i; 4] {
        ssse3! { h128::permute8x64(table, idx) }
    }
    #[inline(always)]
    fn u16x32_shlv(self, a: [__m128i; 4], c: [__m128i; 4]) -> [__m128i; 4] {
        ssse3! { h128::shlv16x32(a, c) }
    }
    #[inline(always)]
    fn u8x64_bitshuffle(self, x: [__m128i; 4], idx: [__m128i; 4]) -> u64 {
        ssse3! { h128::bitshuffle8x64(x, idx) }
    }
    #[inline(always)]
    fn dot_u8i8_sat16(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
        ssse3! { h128::dot_sat16(features, weights) }
    }
}

// ----- AVX2 and AVX-512 share their 128/256-bit code ---------------------------------------

/// 128- and 256-bit ops identical on `Avx2`, `Avx512` and `Avx512Vbmi` (all prove AVX2).
macro_rules! avx2_128_256 {
    ($safe:ident) => {
        sse2_128_common!($safe);
        #[inline(always)]
        fn u64x2_shrv_u32(self, a: __m128i, c: __m128i) -> __m128i {
            $safe! { _mm_srlv_epi32(a, c) }
        }
        #[inline(always)]
        fn u64x4_cvt_i32_f32(self, a: __m256i) -> __m256i {
            $safe! { _mm256_castps_si256(_mm256_cvtepi32_ps(a)) }
        }
        #[inline(always)]
        fn u64x4_cvtt_f32_i32(self, a: __m256i) -> __m256i {
            $safe! { _mm256_cvttps_epi32(_mm256_castsi256_ps(a)) }
        }
        #[inline(always)]
        fn u64x4_cmpeq_u32(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { _mm256_cmpeq_epi32(a, b) }
        }
        #[inline(always)]
        fn u64x4_sra_i32<const N: u32>(self, a: __m256i) -> __m256i {
            $safe! { _mm256_sra_epi32(a, _mm_cvtsi32_si128(N.min(32) as i32)) }
        }
        #[inline(always)]
        fn u64x4_srl_u32<const N: u32>(self, a: __m256i) -> __m256i {
            $safe! { _mm256_srl_epi32(a, _mm_cvtsi32_si128(N.min(32) as i32)) }
        }
        #[inline(always)]
        fn u64x2_shlv(self, a: __m128i, c: __m128i) -> __m128i {
            $safe! { h128::shlv64(a, c) }
        }
        #[inline(always)]
        fn u64x2_shrv(self, a: __m128i, c: __m128i) -> __m128i {
            $safe! { h128::shrv64(a, c) }
        }
        #[inline(always)]
        fn u64x2_cmpeq(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { h128::cmpeq64(a, b) }
        }
        #[inline(always)]
        fn u64x2_bswap(self, a: __m128i) -> __m128i {
            $safe! { h128::bswap64(a) }
        }
        #[inline(always)]
        fn u64x2_rbit(self, a: __m128i) -> __m128i {
            $safe! { h128::rbit64(a) }
        }
        #[inline(always)]
        fn u8x16_shuffle(self, t: __m128i, i: __m128i) -> __m128i {
            $safe! { h128::shuffle8(t, i) }
        }
        #[inline(always)]
        fn u64x4_splat(self, x: u64) -> __m256i {
            $safe! { h256::splat64(x) }
        }
        #[inline(always)]
        fn u64x4_zero(self) -> __m256i {
            $safe! { h256::zero() }
        }
        #[inline(always)]
        fn u64x4_and(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::and(a, b) }
        }
        #[inline(always)]
        fn u64x4_or(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::or(a, b) }
        }
        #[inline(always)]
        fn u64x4_xor(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::xor(a, b) }
        }
        #[inline(always)]
        fn u64x4_andnot(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::andnot(a, b) }
        }
        #[inline(always)]
        fn u64x4_add(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::add64(a, b) }
        }
        #[inline(always)]
        fn u64x4_sub(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::sub64(a, b) }
        }
        #[inline(always)]
        fn u64x4_neg(self, a: __m256i) -> __m256i {
            $safe! { h256::neg64(a) }
        }
        #[inline(always)]
        fn u64x4_shl<const N: u32>(self, a: __m256i) -> __m256i {
            $safe! { h256::shl64::<N>(a) }
        }
        #[inline(always)]
        fn u64x4_shr<const N: u32>(self, a: __m256i) -> __m256i {
            $safe! { h256::shr64::<N>(a) }
        }
        #[inline(always)]
        fn u64x4_shlv(self, a: __m256i, c: __m256i) -> __m256i {
            $safe! { h256::shlv64(a, c) }
        }
        #[inline(always)]
        fn u64x4_shrv(self, a: __m256i, c: __m256i) -> __m256i {
            $safe! { h256::shrv64(a, c) }
        }
        #[inline(always)]
        fn u64x4_cmpeq(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::cmpeq64(a, b) }
        }
        #[inline(always)]
        fn u64x4_bswap(self, a: __m256i) -> __m256i {
            $safe! { h256::bswap64(a) }
        }
        #[inline(always)]
        fn u64x4_rbit(self, a: __m256i) -> __m256i {
            $safe! { h256::rbit64(a) }
        }
        #[inline(always)]
        fn u64x4_hor(self, a: __m256i) -> u64 {
            $safe! { h256::hor64(a) }
        }
        #[inline(always)]
        fn u64x4_hadd(self, a: __m256i) -> u64 {
            $safe! { h256::hadd64(a) }
        }
        #[inline(always)]
        fn u64x4_split(self, a: __m256i) -> (__m128i, __m128i) {
            $safe! { h256::split(a) }
        }
        #[inline(always)]
        fn u64x4_join(self, lo: __m128i, hi: __m128i) -> __m256i {
            $safe! { h256::join(lo, hi) }
        }
        #[inline(always)]
        fn u8x32_splat(self, x: u8) -> __m256i {
            $safe! { h256::splat8(x) }
        }
        #[inline(always)]
        fn u8x32_zero(self) -> __m256i {
            $safe! { h256::zero() }
        }
        #[inline(always)]
        fn u8x32_and(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::and(a, b) }
        }
        #[inline(always)]
        fn u8x32_or(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::or(a, b) }
        }
        #[inline(always)]
        fn u8x32_xor(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::xor(a, b) }
        }
        #[inline(always)]
        fn u8x32_andnot(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::andnot(a, b) }
        }
        #[inline(always)]
        fn u8x32_add(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::add8(a, b) }
        }
        #[inline(always)]
        fn u8x32_sub(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::sub8(a, b) }
        }
        #[inline(always)]
        fn u8x32_min(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::min8(a, b) }
        }
        #[inline(always)]
        fn u8x32_max(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::max8(a, b) }
        }
        #[inline(always)]
        fn u8x32_cmpeq(self, a: __m256i, b: __m256i) -> u32 {
            $safe! { h256::cmpeq8_mask(a, b) }
        }
        #[inline(always)]
        fn u8x32_test(self, a: __m256i, b: __m256i) -> u32 {
            $safe! { h256::test8_mask(a, b) }
        }
        #[inline(always)]
        fn u8x32_movemask(self, a: __m256i) -> u32 {
            $safe! { h256::movemask8(a) }
        }
        #[inline(always)]
        fn u8x32_shuffle(self, t: __m256i, i: __m256i) -> __m256i {
            $safe! { h256::shuffle8(t, i) }
        }
        #[inline(always)]
        fn u8x32_sad(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::sad8(a, b) }
        }
        #[inline(always)]
        fn dot_u8i8_sat16(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
            $safe! { h128::dot_sat16(features, weights) }
        }
    };
}

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
    identity_casts!();
    avx2_128_256!(avx2);
    split_u64x8!();
    split_u8x64_by32!();

    #[inline(always)]
    fn pext(self, a: u64, mask: u64) -> u64 {
        avx2! { _pext_u64(a, mask) }
    }
    #[inline(always)]
    fn pdep(self, a: u64, mask: u64) -> u64 {
        avx2! { _pdep_u64(a, mask) }
    }
    #[inline(always)]
    fn u64x2_not(self, a: __m128i) -> __m128i {
        avx2! { h128::not(a) }
    }
    #[inline(always)]
    fn u64x2_min(self, a: __m128i, b: __m128i) -> __m128i {
        avx2! { h128::min64_sse42(a, b) }
    }
    #[inline(always)]
    fn u64x2_popcnt(self, a: __m128i) -> __m128i {
        avx2! { h128::popcnt64_pshufb(a) }
    }
    #[inline(always)]
    fn u64x2_nonzero_mask(self, a: __m128i) -> u8 {
        avx2! { h128::nonzero64(a) }
    }
    #[inline(always)]
    fn u64x4_not(self, a: __m256i) -> __m256i {
        avx2! { h256::not(a) }
    }
    #[inline(always)]
    fn u64x4_min(self, a: __m256i, b: __m256i) -> __m256i {
        avx2! { h256::min64(a, b) }
    }
    #[inline(always)]
    fn u64x4_cmpgt_i64(self, a: __m256i, b: __m256i) -> __m256i {
        avx2! { h256::cmpgt64(a, b) }
    }
    #[inline(always)]
    fn u64x4_popcnt(self, a: __m256i) -> __m256i {
        avx2! { h256::popcnt64(a) }
    }
    #[inline(always)]
    fn u64x4_nonzero_mask(self, a: __m256i) -> u8 {
        avx2! { h256::nonzero64(a) }
    }
    #[inline(always)]
    fn u64x8_split(self, a: [__m256i; 2]) -> (__m256i, __m256i) {
        (a[0], a[1])
    }
    #[inline(always)]
    fn u64x8_join(self, lo: __m256i, hi: __m256i) -> [__m256i; 2] {
        [lo, hi]
    }
    #[inline(always)]
    fn u8x64_permute(self, table: [__m256i; 2], idx: [__m256i; 2]) -> [__m256i; 2] {
        avx2! { h256::permute8x64(table, idx) }
    }
    #[inline(always)]
    fn u8x64_bitshuffle(self, x: [__m256i; 2], idx: [__m256i; 2]) -> u64 {
        avx2! { h256::bitshuffle8x64(x, idx) }
    }
    #[inline(always)]
    fn u16x32_select(self, mask: u32, a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2] {
        avx2! { h256::select16x32(mask, a, b) }
    }
    #[inline(always)]
    fn u16x32_splat(self, x: u16) -> [__m256i; 2] {
        avx2! { [h256::splat16(x); 2] }
    }
    #[inline(always)]
    fn u16x32_and(self, a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2] {
        avx2! { [h256::and(a[0], b[0]), h256::and(a[1], b[1])] }
    }
    #[inline(always)]
    fn u16x32_or(self, a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2] {
        avx2! { [h256::or(a[0], b[0]), h256::or(a[1], b[1])] }
    }
    #[inline(always)]
    fn u16x32_xor(self, a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2] {
        avx2! { [h256::xor(a[0], b[0]), h256::xor(a[1], b[1])] }
    }
    #[inline(always)]
    fn u16x32_andnot(self, a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2] {
        avx2! { [h256::andnot(a[0], b[0]), h256::andnot(a[1], b[1])] }
    }
    #[inline(always)]
    fn u16x32_add(self, a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2] {
        avx2! { [h256::add16(a[0], b[0]), h256::add16(a[1], b[1])] }
    }
    #[inline(always)]
    fn u16x32_sub(self, a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2] {
        avx2! { [h256::sub16(a[0], b[0]), h256::sub16(a[1], b[1])] }
    }
    #[inline(always)]
    fn u16x32_shlv(self, a: [__m256i; 2], c: [__m256i; 2]) -> [__m256i; 2] {
        avx2! { [h256::shlv16(a[0], c[0]), h256::shlv16(a[1], c[1])] }
    }
    #[inline(always)]
    fn u16x32_shrv(self, a: [__m256i; 2], c: [__m256i; 2]) -> [__m256i; 2] {
        avx2! { [h256::shrv16(a[0], c[0]), h256::shrv16(a[1], c[1])] }
    }
    #[inline(always)]
    fn u16x32_cmpeq(self, a: [__m256i; 2], b: [__m256i; 2]) -> u32 {
        avx2! {
            u32::from(h256::cmpeq16_mask(a[0], b[0]))
                | (u32::from(h256::cmpeq16_mask(a[1], b[1])) << 16)
        }
    }
    #[inline(always)]
    fn dot_u8i8(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
        avx2! { h128::dot_exact_avx2(features, weights) }
    }
}

/// Ops shared by `Avx512` and `Avx512Vbmi` (x86-64-v4).
macro_rules! avx512_common {
    ($safe:ident) => {
        const NATIVE_VECTOR_LZCNT: bool = true;
        const NATIVE_BYTE_SHUFFLE: bool = true;
        const NATIVE_PEXT: bool = true;
        const FAST_PEXT: bool = true;
        const VECTOR_BITS: u32 = 512;

        type U64x2 = __m128i;
        type U64x4 = __m256i;
        type U64x8 = __m512i;
        type U8x16 = __m128i;
        type U8x32 = __m256i;
        type U8x64 = __m512i;
        type U16x32 = __m512i;

        array_convs!();
        identity_casts!();
        avx2_128_256!($safe);
        #[inline(always)]
        fn u64x2_clz_u32(self, a: __m128i) -> __m128i {
            $safe! { h512::lzcnt32x4(a) }
        }
        #[inline(always)]
        fn u64x2_subs_u64(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { h512::subs64x2(a, b) }
        }

        #[inline(always)]
        fn pext(self, a: u64, mask: u64) -> u64 {
            $safe! { _pext_u64(a, mask) }
        }
        #[inline(always)]
        fn pdep(self, a: u64, mask: u64) -> u64 {
            $safe! { _pdep_u64(a, mask) }
        }
        #[inline(always)]
        fn u64x2_not(self, a: __m128i) -> __m128i {
            $safe! { h512::not128(a) }
        }
        #[inline(always)]
        fn u64x2_min(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { h512::min64x2(a, b) }
        }
        #[inline(always)]
        fn u64x2_lzcnt(self, a: __m128i) -> __m128i {
            $safe! { h512::lzcnt64x2(a) }
        }
        #[inline(always)]
        fn u64x2_nonzero_mask(self, a: __m128i) -> u8 {
            $safe! { h512::nonzero64x2(a) }
        }
        #[inline(always)]
        fn u64x4_not(self, a: __m256i) -> __m256i {
            $safe! { h512::not256(a) }
        }
        #[inline(always)]
        fn u64x4_min(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h512::min64x4(a, b) }
        }
        #[inline(always)]
        fn u64x4_cmpgt_i64(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::cmpgt64(a, b) }
        }
        #[inline(always)]
        fn u64x4_lzcnt(self, a: __m256i) -> __m256i {
            $safe! { h512::lzcnt64x4(a) }
        }
        #[inline(always)]
        fn u64x4_nonzero_mask(self, a: __m256i) -> u8 {
            $safe! { h512::nonzero64x4(a) }
        }
        #[inline(always)]
        fn u64x8_splat(self, x: u64) -> __m512i {
            $safe! { h512::splat64(x) }
        }
        #[inline(always)]
        fn u64x8_zero(self) -> __m512i {
            $safe! { h512::zero() }
        }
        #[inline(always)]
        fn u64x8_and(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::and(a, b) }
        }
        #[inline(always)]
        fn u64x8_or(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::or(a, b) }
        }
        #[inline(always)]
        fn u64x8_xor(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::xor(a, b) }
        }
        #[inline(always)]
        fn u64x8_andnot(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::andnot(a, b) }
        }
        #[inline(always)]
        fn u64x8_not(self, a: __m512i) -> __m512i {
            $safe! { h512::not(a) }
        }
        #[inline(always)]
        fn u64x8_add(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::add64(a, b) }
        }
        #[inline(always)]
        fn u64x8_sub(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::sub64(a, b) }
        }
        #[inline(always)]
        fn u64x8_neg(self, a: __m512i) -> __m512i {
            $safe! { h512::neg64(a) }
        }
        #[inline(always)]
        fn u64x8_shl<const N: u32>(self, a: __m512i) -> __m512i {
            $safe! { h512::shl64::<N>(a) }
        }
        #[inline(always)]
        fn u64x8_shr<const N: u32>(self, a: __m512i) -> __m512i {
            $safe! { h512::shr64::<N>(a) }
        }
        #[inline(always)]
        fn u64x8_shlv(self, a: __m512i, c: __m512i) -> __m512i {
            $safe! { h512::shlv64(a, c) }
        }
        #[inline(always)]
        fn u64x8_shrv(self, a: __m512i, c: __m512i) -> __m512i {
            $safe! { h512::shrv64(a, c) }
        }
        #[inline(always)]
        fn u64x8_cmpeq(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::cmpeq64(a, b) }
        }
        #[inline(always)]
        fn u64x8_min(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::min64(a, b) }
        }
        #[inline(always)]
        fn u64x8_lzcnt(self, a: __m512i) -> __m512i {
            $safe! { h512::lzcnt64(a) }
        }
        #[inline(always)]
        fn u64x8_bswap(self, a: __m512i) -> __m512i {
            $safe! { h512::bswap64(a) }
        }
        #[inline(always)]
        fn u64x8_rbit(self, a: __m512i) -> __m512i {
            $safe! { h512::rbit64(a) }
        }
        #[inline(always)]
        fn u64x8_hor(self, a: __m512i) -> u64 {
            $safe! { h512::hor64(a) }
        }
        #[inline(always)]
        fn u64x8_hadd(self, a: __m512i) -> u64 {
            $safe! { h512::hadd64(a) }
        }
        #[inline(always)]
        fn u64x8_nonzero_mask(self, a: __m512i) -> u8 {
            $safe! { h512::nonzero64(a) }
        }
        #[inline(always)]
        fn u64x8_split(self, a: __m512i) -> (__m256i, __m256i) {
            $safe! { h512::split(a) }
        }
        #[inline(always)]
        fn u64x8_join(self, lo: __m256i, hi: __m256i) -> __m512i {
            $safe! { h512::join(lo, hi) }
        }
        #[inline(always)]
        fn u8x64_splat(self, x: u8) -> __m512i {
            $safe! { h512::splat8(x) }
        }
        #[inline(always)]
        fn u8x64_zero(self) -> __m512i {
            $safe! { h512::zero() }
        }
        #[inline(always)]
        fn u8x64_and(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::and(a, b) }
        }
        #[inline(always)]
        fn u8x64_or(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::or(a, b) }
        }
        #[inline(always)]
        fn u8x64_xor(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::xor(a, b) }
        }
        #[inline(always)]
        fn u8x64_andnot(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::andnot(a, b) }
        }
        #[inline(always)]
        fn u8x64_add(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::add8(a, b) }
        }
        #[inline(always)]
        fn u8x64_sub(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::sub8(a, b) }
        }
        #[inline(always)]
        fn u8x64_min(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::min8(a, b) }
        }
        #[inline(always)]
        fn u8x64_max(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::max8(a, b) }
        }
        #[inline(always)]
        fn u8x64_cmpeq(self, a: __m512i, b: __m512i) -> u64 {
            $safe! { h512::cmpeq8_mask(a, b) }
        }
        #[inline(always)]
        fn u8x64_test(self, a: __m512i, b: __m512i) -> u64 {
            $safe! { h512::test8_mask(a, b) }
        }
        #[inline(always)]
        fn u8x64_movemask(self, a: __m512i) -> u64 {
            $safe! { h512::movemask8(a) }
        }
        #[inline(always)]
        fn u8x64_shuffle(self, t: __m512i, i: __m512i) -> __m512i {
            $safe! { h512::shuffle8(t, i) }
        }
        #[inline(always)]
        fn u8x64_sad(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::sad8(a, b) }
        }
        #[inline(always)]
        fn u16x32_splat(self, x: u16) -> __m512i {
            $safe! { h512::splat16(x) }
        }
        #[inline(always)]
        fn u16x32_zero(self) -> __m512i {
            $safe! { h512::zero() }
        }
        #[inline(always)]
        fn u16x32_and(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::and(a, b) }
        }
        #[inline(always)]
        fn u16x32_or(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::or(a, b) }
        }
        #[inline(always)]
        fn u16x32_xor(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::xor(a, b) }
        }
        #[inline(always)]
        fn u16x32_andnot(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::andnot(a, b) }
        }
        #[inline(always)]
        fn u16x32_add(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::add16(a, b) }
        }
        #[inline(always)]
        fn u16x32_sub(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::sub16(a, b) }
        }
        #[inline(always)]
        fn u16x32_shlv(self, a: __m512i, c: __m512i) -> __m512i {
            $safe! { h512::shlv16(a, c) }
        }
        #[inline(always)]
        fn u16x32_shrv(self, a: __m512i, c: __m512i) -> __m512i {
            $safe! { h512::shrv16(a, c) }
        }
        #[inline(always)]
        fn u16x32_cmpeq(self, a: __m512i, b: __m512i) -> u32 {
            $safe! { h512::cmpeq16_mask(a, b) }
        }
        #[inline(always)]
        fn u16x32_select(self, mask: u32, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::select16(mask, a, b) }
        }
    };
}

/// x86-64-v4 backend (Skylake-X, Cascade Lake): v3 plus AVX-512 F, CD, BW, DQ, VL.
///
/// 4-lane work uses 256-bit registers through AVX512VL (VPLZCNTQ, VPMINUQ, VPTERNLOGQ, mask
/// compares) without the 512-bit frequency penalty; `U64x8`, `U8x64` and `U16x32` are `__m512i`.
///
/// ```
/// # #[cfg(target_arch = "x86_64")] {
/// use bb_simd::{Avx512, Backend};
/// if let Some(b) = Avx512::try_new() {
///     let v = b.u64x4_from_array([0, 1, 1 << 40, !0]);
///     assert_eq!(b.u64x4_to_array(b.u64x4_lzcnt(v)), [64, 63, 23, 0]);
/// }
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Avx512(());
token_ctors!(
    Avx512,
    Isa::Avx512,
    "avx512f,avx512cd,avx512bw,avx512dq,avx512vl + v3"
);
impl Sealed for Avx512 {}

impl Backend for Avx512 {
    const NAME: &'static str = "avx512";
    const ISA: Isa = Isa::Avx512;
    vectorize_with!(
        avx512,
        "avx2,bmi1,bmi2,lzcnt,popcnt,movbe,avx512f,avx512cd,avx512bw,avx512dq,avx512vl"
    );
    avx512_common!(avx512);

    #[inline(always)]
    fn u8x64_permute(self, table: __m512i, idx: __m512i) -> __m512i {
        avx512! { h512::permute8_bw(table, idx) }
    }
    #[inline(always)]
    fn u8x64_bitshuffle(self, x: __m512i, idx: __m512i) -> u64 {
        avx512! { h512::bitshuffle_bw(x, idx) }
    }
    #[inline(always)]
    fn u64x2_popcnt(self, a: __m128i) -> __m128i {
        avx512! { h128::popcnt64_pshufb(a) }
    }
    #[inline(always)]
    fn u64x4_popcnt(self, a: __m256i) -> __m256i {
        avx512! { h256::popcnt64(a) }
    }
    #[inline(always)]
    fn u64x8_popcnt(self, a: __m512i) -> __m512i {
        avx512! { h512::popcnt64_pshufb(a) }
    }
    #[inline(always)]
    fn dot_u8i8(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
        avx512! { h512::dot_exact(features, weights) }
    }
}

/// Ice Lake / Sapphire Rapids / Zen 4 backend: x86-64-v4 plus AVX-512 VBMI, VBMI2, GFNI,
/// BITALG, VPOPCNTDQ and VNNI.
///
/// VNNI is part of the requirement (no CPU with VBMI2 + GFNI + BITALG + VPOPCNTDQ lacks it), so
/// the exact dot product is a single VPDPBUSD. Native VPOPCNTQ, VPERMB, GF2P8AFFINEQB and
/// VPSHUFBITQMB.
///
/// ```
/// # #[cfg(target_arch = "x86_64")] {
/// use bb_simd::{Avx512Vbmi, Backend};
/// if let Some(b) = Avx512Vbmi::try_new() {
///     let v = b.u64x4_from_array([1, 3, 7, u64::MAX]);
///     assert_eq!(b.u64x4_to_array(b.u64x4_popcnt(v)), [1, 2, 3, 64]);
/// }
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Avx512Vbmi(());
token_ctors!(
    Avx512Vbmi,
    Isa::Avx512Vbmi,
    "v4 + avx512vbmi,avx512vbmi2,gfni,avx512bitalg,avx512vpopcntdq,avx512vnni"
);
impl Sealed for Avx512Vbmi {}

impl Backend for Avx512Vbmi {
    const NAME: &'static str = "avx512vbmi";
    const ISA: Isa = Isa::Avx512Vbmi;
    const NATIVE_VECTOR_POPCNT: bool = true;
    const HAS_GFNI: bool = true;
    const HAS_VBMI: bool = true;
    vectorize_with!(
        avx512vbmi,
        "avx2,bmi1,bmi2,lzcnt,popcnt,movbe,avx512f,avx512cd,avx512bw,avx512dq,avx512vl,avx512vbmi,avx512vbmi2,gfni,avx512bitalg,avx512vpopcntdq,avx512vnni"
    );
    avx512_common!(avx512vbmi);

    #[inline(always)]
    fn u64x2_popcnt(self, a: __m128i) -> __m128i {
        avx512vbmi! { h512::popcnt64x2(a) }
    }
    #[inline(always)]
    fn u64x4_popcnt(self, a: __m256i) -> __m256i {
        avx512vbmi! { h512::popcnt64x4(a) }
    }
    #[inline(always)]
    fn u64x8_popcnt(self, a: __m512i) -> __m512i {
        avx512vbmi! { h512::popcnt64(a) }
    }
    #[inline(always)]
    fn u8x64_permute(self, table: __m512i, idx: __m512i) -> __m512i {
        avx512vbmi! { h512::permute8(table, idx) }
    }
    #[inline(always)]
    fn u8x64_bitshuffle(self, x: __m512i, idx: __m512i) -> u64 {
        avx512vbmi! { h512::bitshuffle(x, idx) }
    }
    #[inline(always)]
    fn u8x16_gf2p8affine<const IMM: u8>(self, x: __m128i, m: __m128i) -> __m128i {
        // GF2P8AFFINEQB's immediate is xored into every result byte: apply it separately
        // (a const generic `u8` cannot be forwarded as the intrinsic's `i32` immediate).
        let r = avx512vbmi! { h512::gf2p8affine_x2(x, m) };
        if IMM == 0 {
            r
        } else {
            self.u8x16_xor(r, self.u8x16_splat(IMM))
        }
    }
    #[inline(always)]
    fn u8x32_gf2p8affine<const IMM: u8>(self, x: __m256i, m: __m256i) -> __m256i {
        let r = avx512vbmi! { h512::gf2p8affine_x4(x, m) };
        if IMM == 0 {
            r
        } else {
            self.u8x32_xor(r, self.u8x32_splat(IMM))
        }
    }
    #[inline(always)]
    fn u8x64_gf2p8affine<const IMM: u8>(self, x: __m512i, m: __m512i) -> __m512i {
        let r = avx512vbmi! { h512::gf2p8affine(x, m) };
        if IMM == 0 {
            r
        } else {
            self.u8x64_xor(r, self.u8x64_splat(IMM))
        }
    }
    #[inline(always)]
    fn dot_u8i8(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
        avx512vbmi! { h512::dot_vnni(features, weights) }
    }
}
