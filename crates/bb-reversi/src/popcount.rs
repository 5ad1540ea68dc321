//! Population count (Okuhara's *Reversi bitboard techniques*, "Population count"): disc counts of
//! reversi boards.
//!
//! | type | `NAME` | ISA | idea |
//! |---|---|---|---|
//! | [`Hardware`] | `hardware` | any (POPCNT where the backend has it) | the backend's scalar `popcnt` |
//! | [`Swar`] | `swar` | any | add bits in pairs, nibbles, bytes; one multiply sums the bytes |
//! | [`Vector`] | `vector` | 128-bit vectors | bb-simd's `u64x2_popcnt` (VPOPCNTQ with VPOPCNTDQ, nibble lookup otherwise) |
//!
//! ```
//! use bb_reversi::popcount::{PopcountVariant, Swar};
//! assert_eq!(Swar::popcount(bb_simd::Scalar, 0xf0f0), 8);
//! assert_eq!(bb_reversi::popcount::popcount(bb_simd::Scalar, !0), 64);
//! ```

use bb_simd::Backend;

/// One population-count technique.
pub trait PopcountVariant: Copy + Default + Send + Sync + 'static {
    /// Short name.
    const NAME: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    fn supported<B: Backend>() -> bool {
        true
    }
    /// Number of set bits of `x`.
    fn popcount<B: Backend>(b: B, x: u64) -> u32;
}

/// The population-count kernel on one bitboard; every [`PopcountVariant`] (see
/// [`bb_simd::kernel`](mod@bb_simd::kernel)).
#[derive(Clone, Copy, Debug, Default)]
pub struct Popcount;

bb_simd::kernel! {
    Popcount: PopcountVariant {
        name: "reversi_popcount",
        input: u64,
        output: u32,
        reference(&x) { (0..64).map(|i| (x >> i & 1) as u32).sum() }
        chain(&x, z) { x ^ z }
        fold(n) { u64::from(n) }
        default_name<B>() { Hardware::NAME }
        run<V>(b, &x) { V::popcount(b, x) }
        variants [
            Hardware,
            Swar,
            Vector,
        ]
    }
}

/// The default: the backend's scalar population count (the POPCNT instruction from the SSSE3
/// token up, which is what Edax measures at 0.3 ns; bb-simd's `Scalar` lowers it portably).
#[inline(always)]
pub fn popcount<B: Backend>(b: B, x: u64) -> u32 {
    Hardware::popcount(b, x)
}

/// The backend's `popcnt`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hardware;

impl PopcountVariant for Hardware {
    const NAME: &'static str = "hardware";
    #[inline(always)]
    fn popcount<B: Backend>(b: B, x: u64) -> u32 {
        b.popcnt(x)
    }
}

/// SWAR (Okuhara's *Reversi bitboard techniques*, the AMD optimisation guide's form),
/// [`bb_core::bits::popcount_swar`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Swar;

impl PopcountVariant for Swar {
    const NAME: &'static str = "swar";
    #[inline(always)]
    fn popcount<B: Backend>(_b: B, x: u64) -> u32 {
        bb_core::bits::popcount_swar(x)
    }
}

/// bb-simd's vector population count on one lane.
#[derive(Clone, Copy, Debug, Default)]
pub struct Vector;

impl PopcountVariant for Vector {
    const NAME: &'static str = "vector";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 128
    }
    #[inline(always)]
    fn popcount<B: Backend>(b: B, x: u64) -> u32 {
        b.u64x2_to_array(b.u64x2_popcnt(b.u64x2_from_array([x, 0])))[0] as u32
    }
}
