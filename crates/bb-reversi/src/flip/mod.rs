//! Flip: the discs turned over when the player to move plays a square (Okuhara's *Reversi bitboard
//! techniques*, "Flip - 返る石を求める (Move Generator)", "Flip AVX2", "Flip neon").
//!
//! Every technique is a public zero-sized type implementing [`FlipVariant`]; the kernel
//! declaration [`Flip`] lists all of them for the tests and benchmarks ([`bb_simd::kernel`](mod@bb_simd::kernel)),
//! and [`flip`] is the measured default for each backend.
//!
//! All kernels take `p` (player to move), `o` (opponent) and an empty square `sq`, and return
//! the flipped discs (0 = the move is illegal). They are written once, generically over
//! [`Backend`]; call them inside [`Backend::vectorize`] so the backend's operations inline to
//! its instructions.
//!
//! Direction vocabulary: the four lines through a square (horizontal, vertical, diagonal +9,
//! anti-diagonal +7, in that order) split into an *MSB-ward* half (squares with larger indices;
//! Okuhara's `lmask`, reached by left shifts) and an *LSB-ward* half (Okuhara's `rmask`), from
//! [`bb_core::masks::HALF_LINES`]. The MSB-ward half needs the *first* non-opponent square above
//! `sq` (an LS1B problem: carry propagation, `x & -x`); the LSB-ward half needs the *last* one
//! below (an MS1B problem: LZCNT, float conversion, fills, or bit reversal).

use bb_core::Square;
use bb_simd::{Backend, Isa};

mod avx2;
mod avx512;
mod lines;
mod ms1b_float;
mod neon;
mod scalar;
mod sse2;
mod sse2_per_square;
mod table;
#[doc(hidden)]
pub mod table_gen;
mod wasm;

pub use avx2::{
    Avx2Acepck, Avx2Cvt, Avx2PpFill, Avx2PpSeq, Avx2PshufbLzcnt, Avx2PshufbPmaxub, Avx2SmartClear,
};
pub use avx512::{Avx512BitShuffle, Avx512Lzcnt, Avx512Mask, Avx512Oct, GfniRbit};
pub use neon::{NeonRbit, NeonVclz};
pub use scalar::{
    CarryClzSentinel, CarryLzcnt, CarryLzcntSbb, CarryPropagation, Ls1b, Ls1bLzcnt, ParallelPrefix,
    ShiftRepetition,
};
pub use sse2::{Sse2Bswap, Sse2Ms1bFloat};
pub use sse2_per_square::Sse2PerSquare;
pub use table::{Kindergarten, KindergartenRotated, PextTable};
pub use wasm::WasmLs1bClz;

use lines::{SHIFTS, half};

/// A flip technique.
///
/// ```
/// use bb_reversi::flip::{CarryLzcnt, FlipVariant};
/// use bb_core::Square;
/// use bb_simd::{Backend, Scalar};
/// let (p, o) = (Square::D5.bit() | Square::E4.bit(), Square::D4.bit() | Square::E5.bit());
/// assert_eq!(Scalar.vectorize(|| CarryLzcnt::flip(Scalar, Square::D3, p, o)), Square::D4.bit());
/// ```
pub trait FlipVariant: Copy + Default + Send + Sync + 'static {
    /// Short name used by tests, criterion and `bb bench` (e.g. `"carry_lzcnt"`).
    const NAME: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    #[must_use]
    fn supported<B: Backend>() -> bool {
        true
    }
    /// The discs flipped by `p` playing the empty square `sq` against `o`.
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64;
}

/// The flip kernel: input `(sq, p, o)`, output the flipped discs; every [`FlipVariant`] in a
/// fixed order, scalar family first (see [`bb_simd::kernel`](mod@bb_simd::kernel)).
///
/// ```
/// use bb_reversi::flip::Flip;
/// let names = bb_simd::kernel::variant_names::<Flip>();
/// assert!(names.contains(&"carry_propagation") && names.contains(&"avx512_lzcnt"));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Flip;

bb_simd::kernel! {
    Flip: FlipVariant {
        name: "flip",
        input: (Square, u64, u64),
        output: u64,
        reference(&(sq, p, o)) { bb_core::reference::flip(sq, p, o) }
        chain(&(sq, p, o), z) { (sq, p ^ z, o ^ z) }
        fold(f) { f }
        default_name<B>() { default_name(B::ISA, B::FAST_PEXT) }
        run<V>(b, &(sq, p, o)) { V::flip(b, sq, p, o) }
        variants [
            ShiftRepetition,
            ParallelPrefix,
            CarryPropagation,
            Ls1b,
            CarryLzcnt,
            Ls1bLzcnt,
            CarryClzSentinel,
            CarryLzcntSbb,
            Kindergarten,
            KindergartenRotated,
            PextTable,
            Sse2Ms1bFloat,
            Sse2Bswap,
            Sse2PerSquare,
            Avx2PpSeq,
            Avx2Cvt,
            Avx2PshufbLzcnt,
            Avx2PshufbPmaxub,
            Avx2PpFill,
            Avx2SmartClear,
            Avx2Acepck,
            Avx512Lzcnt,
            Avx512Mask,
            Avx512Oct,
            GfniRbit,
            Avx512BitShuffle,
            NeonVclz,
            NeonRbit,
            WasmLs1bClz,
        ]
    }
}

/// The per-backend default table, written once and read by [`flip`] and [`default_name`]: `V`
/// names the variant type of `$isa` inside `$e`. The match is exhaustive, so a new backend token
/// does not compile until it has a default here.
macro_rules! default_variant {
    ($isa:expr, |$V:ident| $e:expr) => {
        bb_simd::select_variant!($isa, |$V| $e, {
            Isa::Scalar => CarryLzcnt,
            // MSB-ward halves in vectors, `i64.clz` for the rest (docs/kernels/flip.md)
            Isa::Wasm128 => WasmLs1bClz,
            Isa::Sse2 | Isa::Ssse3 => Sse2Bswap,
            Isa::Avx2 => Avx2SmartClear,
            Isa::Avx512 | Isa::Avx512Vbmi => Avx512Mask,
            Isa::Neon => NeonRbit,
        })
    };
}

/// The default flip for backend `B`, chosen by measurement (docs/kernels/flip.md).
///
/// ```
/// use bb_reversi::flip;
/// use bb_core::Square;
/// use bb_simd::{Backend, Scalar};
/// let (p, o) = (Square::D5.bit() | Square::E4.bit(), Square::D4.bit() | Square::E5.bit());
/// assert_eq!(Scalar.vectorize(|| flip::flip(Scalar, Square::F5, p, o)), Square::E5.bit());
/// ```
#[inline(always)]
pub fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
    default_variant!(B::ISA, |V| V::flip(b, sq, p, o))
}

/// The name of the variant [`flip`] uses on backends of instruction set `isa`; `fast_pext` is the
/// token's [`Backend::FAST_PEXT`] (every kernel's `default_name` takes it; flip's choice does not
/// depend on it).
///
/// ```
/// use bb_reversi::flip::default_name;
/// assert_eq!(default_name(bb_simd::Isa::Avx2, true), "avx2_smart_clear");
/// ```
#[must_use]
pub const fn default_name(isa: Isa, fast_pext: bool) -> &'static str {
    // The choice does not depend on PEXT's speed.
    let _ = fast_pext;
    default_variant!(isa, |V| V::NAME)
}
