//! x86-64 tokens, one file each (`sse2`, `ssse3`, `avx2`, `avx512`, `avx512vbmi`), and the
//! operation families they share (`sse_family`, `avx_family`, `avx512_family`), written as macros
//! so that every token's impl inlines its own copy under its own target features.

pub(crate) mod h128;
pub(crate) mod h256;
pub(crate) mod h512;

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

#[macro_use]
mod sse_family;
#[macro_use]
mod avx_family;
#[macro_use]
mod avx512_family;

mod avx2;
mod avx512;
mod avx512vbmi;
mod sse2;
mod ssse3;

pub use avx2::Avx2;
pub use avx512::Avx512;
pub use avx512vbmi::Avx512Vbmi;
pub use sse2::Sse2;
pub use ssse3::Ssse3;
