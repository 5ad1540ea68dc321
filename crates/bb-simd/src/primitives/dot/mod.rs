//! Byte-wise dot product of 64 unsigned features with 64 signed weights (the Chess Programming
//! Wiki's *SSSE3*, "Byte-wise Dot-Product"), the inner loop of a quantised evaluation.
//!
//! Every technique is a public zero-sized type implementing [`DotVariant`]; the kernel
//! declaration [`Dot`] lists them for the tests and benchmarks, and [`dot_u8i8`] is each
//! backend's default. [`Sat16`] computes a variation (16-bit saturating sums) and is checked
//! against its own reference, [`dot_u8i8_sat16_reference`].
//!
//! ```
//! use bb_simd::primitives::dot::{dot_u8i8, dot_u8i8_reference};
//! let (f, w) = ([3u8; 64], [-5i8; 64]);
//! assert_eq!(bb_simd::dispatch!(|b| dot_u8i8(b, &f, &w)), dot_u8i8_reference(&f, &w));
//! ```

use crate::{Backend, Isa, emu};

mod backend;

pub use backend::{Exact, Sat16};

/// A dot-product technique.
///
/// ```
/// use bb_simd::primitives::dot::{DotVariant, Sat16};
/// use bb_simd::Scalar;
/// assert_eq!(Sat16::dot(Scalar, &[255; 64], &[127; 64]), i32::from(i16::MAX));
/// ```
pub trait DotVariant: Copy + Default + Send + Sync + 'static {
    /// Short name used by tests, criterion and `bb bench` (e.g. `"sat16"`).
    const NAME: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    #[must_use]
    fn supported<B: Backend>() -> bool {
        true
    }
    /// The dot product `sum(features[i] * weights[i])`, as this variant computes it.
    fn dot<B: Backend>(b: B, features: &[u8; 64], weights: &[i8; 64]) -> i32;
    /// The plain-loop reference of a variant that computes a variation of the exact sum; `None`
    /// for the exact variants ([`dot_u8i8_reference`]).
    #[must_use]
    fn own_reference(_features: &[u8; 64], _weights: &[i8; 64]) -> Option<i32> {
        None
    }
}

/// The dot-product kernel: input 64 features and 64 weights, output the i32 sum; every
/// [`DotVariant`] (see [`crate::kernel`](mod@crate::kernel)).
///
/// ```
/// use bb_simd::primitives::dot::Dot;
/// assert_eq!(bb_simd::kernel::variant_names::<Dot>(), ["exact", "sat16"]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Dot;

crate::kernel! {
    Dot: DotVariant {
        name: "dot_u8i8",
        input: ([u8; 64], [i8; 64]),
        output: i32,
        reference((f, w)) { dot_u8i8_reference(f, w) }
        variant_reference<V>((f, w)) { <V as DotVariant>::own_reference(f, w) }
        // Every byte (one vector XOR), not one byte: a single-byte store followed by a
        // full-width load would add a store-forwarding stall.
        chain((f, w), z) { (f.map(|x| x ^ z as u8), *w) }
        fold(d) { u64::from(d as u32) }
        default_name<B>() { default_name(B::ISA, B::FAST_PEXT) }
        run<V>(b, (f, w)) { V::dot(b, f, w) }
        variants [Exact, Sat16]
    }
}

/// The per-backend default table, read by [`dot_u8i8`] and [`default_name`]: `V` names the
/// variant type of `$isa` inside `$e`. Exhaustive, so a new backend token does not compile until
/// it has a default here.
macro_rules! default_variant {
    ($isa:expr, |$V:ident| $e:expr) => {
        crate::select_variant!($isa, |$V| $e, {
            // `sat16` saturates: the exact sum is the default everywhere (docs/backends.md).
            Isa::Scalar
            | Isa::Sse2
            | Isa::Ssse3
            | Isa::Avx2
            | Isa::Avx512
            | Isa::Avx512Vbmi
            | Isa::Neon
            | Isa::Wasm128 => Exact,
        })
    };
}

/// The exact dot product `sum(features[i] * weights[i])` in i32, with the default variant of
/// `B`.
///
/// ```
/// use bb_simd::{Scalar, primitives::dot::dot_u8i8};
/// assert_eq!(dot_u8i8(Scalar, &[255; 64], &[-128; 64]), 64 * 255 * -128);
/// ```
#[inline(always)]
pub fn dot_u8i8<B: Backend>(b: B, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
    default_variant!(B::ISA, |V| V::dot(b, features, weights))
}

/// The name of the variant [`dot_u8i8`] uses on backends of instruction set `isa`; `fast_pext`
/// (whether PEXT is fast there) does not change the choice.
///
/// ```
/// use bb_simd::primitives::dot::default_name;
/// assert_eq!(default_name(bb_simd::Isa::Ssse3, true), "exact");
/// ```
#[must_use]
pub const fn default_name(isa: Isa, fast_pext: bool) -> &'static str {
    let _ = fast_pext;
    default_variant!(isa, |V| V::NAME)
}

/// The exact plain loop.
#[must_use]
pub fn dot_u8i8_reference(features: &[u8; 64], weights: &[i8; 64]) -> i32 {
    emu::dot_u8i8(features, weights)
}

/// The saturating sequence of [`Sat16`], one scalar step per instruction.
#[must_use]
pub fn dot_u8i8_sat16_reference(features: &[u8; 64], weights: &[i8; 64]) -> i32 {
    emu::dot_u8i8_sat16(features, weights)
}
