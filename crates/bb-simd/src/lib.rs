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

mod any_backend;
mod backend;
mod backends;
mod detect;
mod dispatch;
pub mod emu;
pub mod kernel;
mod mask8;
mod prefetch;
pub mod primitives;
mod scalar;
mod specialize;
#[doc(hidden)]
pub mod static_best;
#[cfg(feature = "std")]
mod test_env;

#[cfg(target_arch = "aarch64")]
mod neon;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use any_backend::{AnyBackend, Unavailable};
pub use backend::{Backend, Vector};
pub use detect::{CpuFeatures, Feature, Isa, UnknownIsa, Vendor, detect, select};
#[cfg(feature = "std")]
pub use dispatch::{
    BackendEnvError, for_each_backend, forced, test_backends, try_best_backend, try_forced,
};
pub use dispatch::{WithBackend, available, best, best_backend, dispatch};
pub use mask8::Mask8;
pub use prefetch::prefetch;
pub use static_best::STATIC_BEST;
#[cfg(feature = "std")]
pub use test_env::{scaled, test_scale};

/// The token exports, one per row of the backend table.
macro_rules! export_tokens {
    ([] $(
        $(#[$doc:meta])*
        $isa:ident, $name:literal, arch: $arch:expr, requires: $req:expr, cfg: $cfg:meta,
        export: $($export:ident)::+,
        forms: [$($forms:tt)*];
    )+) => {
        $( #[cfg($cfg)] pub use $($export)::+; )+
    };
}
__backends!([export_tokens]);
