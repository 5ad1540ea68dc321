//! One zero-sized backend token per instruction set, the [`Backend`] trait of bitboard
//! operations, CPU feature detection and run-time dispatch.
//!
//! See the crate README (included below) for the operation list and what each backend
//! compiles each operation to.
#![doc = include_str!("../README.md")]
#![no_std]

#[cfg(feature = "std")]
extern crate std;

#[macro_use]
// a build with no SIMD token (wasm32 without simd128, Arm M-profile, ...) uses none of them
#[cfg_attr(
    not(any(
        target_arch = "x86_64",
        target_arch = "aarch64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )),
    allow(unused_macros)
)]
mod macros;

mod backend;
mod detect;
mod dispatch;
pub mod emu;
pub mod kernel;
mod mask8;
mod prefetch;
pub mod primitives;
mod scalar;
mod specialize;
#[cfg(feature = "std")]
mod test_env;

#[cfg(target_arch = "aarch64")]
mod neon;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use backend::{Backend, Vector};
pub use detect::{CpuFeatures, Feature, Isa, UnknownIsa, Vendor, detect, select};
pub use dispatch::{
    AnyBackend, STATIC_BEST, Unavailable, WithBackend, available, best, best_backend, dispatch,
    static_best,
};
#[cfg(feature = "std")]
pub use dispatch::{
    BackendEnvError, for_each_backend, forced, test_backends, try_best_backend, try_forced,
};
pub use mask8::Mask8;
#[cfg(target_arch = "aarch64")]
pub use neon::Neon;
pub use prefetch::prefetch;
pub use scalar::Scalar;
#[cfg(feature = "std")]
pub use test_env::{scaled, test_scale};
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub use wasm::Wasm128;
#[cfg(target_arch = "x86_64")]
pub use x86::{Avx2, Avx512, Avx512Vbmi, Sse2, Ssse3};
