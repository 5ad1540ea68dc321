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
