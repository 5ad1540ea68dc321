//! Flip: the discs turned over when the player to move plays a square (seed 002, "Flip -
//! 返る石を求める (Move Generator)", "Flip AVX2", "Flip neon").
//!
//! Every technique is a public zero-sized type implementing [`FlipVariant`]; the registry
//! [`for_each_variant`] visits all of them (tests and benchmarks iterate it inside
//! `bb_simd::for_each_backend`), and [`flip`] is the measured default for each backend.
//!
//! All kernels take `p` (player to move), `o` (opponent) and an empty square `sq`, and return
//! the flipped discs (0 = the move is illegal). They are written once, generically over
//! [`Backend`]; call them inside [`Backend::vectorize`] so the backend's operations inline to
//! its instructions.
//!
//! Direction vocabulary: the four lines through a square (horizontal, vertical, diagonal +9,
//! anti-diagonal +7, in that order) split into an *MSB-ward* half (squares with larger indices;
//! the seed's `lmask`, reached by left shifts) and an *LSB-ward* half (the seed's `rmask`), from
//! [`bb_core::masks::HALF_LINES`]. The MSB-ward half needs the *first* non-opponent square above
//! `sq` (an LS1B problem: carry propagation, `x & -x`); the LSB-ward half needs the *last* one
//! below (an MS1B problem: LZCNT, float conversion, fills, or bit reversal).

use bb_core::Square;
use bb_simd::{Backend, Isa};

mod avx2;
mod avx512;
mod ms1b_float;
mod neon;
mod scalar;
mod sse2;
mod sse2_per_square;
mod table;
#[doc(hidden)]
pub mod table_gen;

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
    /// The seed section it comes from (e.g. `"002 Flip: carry propagation"`).
    const SEED: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    #[must_use]
    fn supported<B: Backend>() -> bool {
        true
    }
    /// The discs flipped by `p` playing the empty square `sq` against `o`.
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64;
}

/// Visitor over the variants of [`for_each_variant`].
pub trait FlipVisitor {
    /// Called once per variant.
    fn visit<V: FlipVariant>(&mut self, v: V);
}

/// Visits every flip variant, scalar family first, in a fixed order.
///
/// ```
/// use bb_reversi::flip::{for_each_variant, FlipVariant, FlipVisitor};
/// struct Names(Vec<&'static str>);
/// impl FlipVisitor for Names {
///     fn visit<V: FlipVariant>(&mut self, _: V) { self.0.push(V::NAME); }
/// }
/// let mut n = Names(Vec::new());
/// for_each_variant(&mut n);
/// assert!(n.0.contains(&"carry_propagation") && n.0.contains(&"avx512_lzcnt"));
/// ```
pub fn for_each_variant(v: &mut impl FlipVisitor) {
    v.visit(ShiftRepetition);
    v.visit(ParallelPrefix);
    v.visit(CarryPropagation);
    v.visit(Ls1b);
    v.visit(CarryLzcnt);
    v.visit(Ls1bLzcnt);
    v.visit(CarryClzSentinel);
    v.visit(CarryLzcntSbb);
    v.visit(Kindergarten);
    v.visit(KindergartenRotated);
    v.visit(PextTable);
    v.visit(Sse2Ms1bFloat);
    v.visit(Sse2Bswap);
    v.visit(Sse2PerSquare);
    v.visit(Avx2PpSeq);
    v.visit(Avx2Cvt);
    v.visit(Avx2PshufbLzcnt);
    v.visit(Avx2PshufbPmaxub);
    v.visit(Avx2PpFill);
    v.visit(Avx2SmartClear);
    v.visit(Avx2Acepck);
    v.visit(Avx512Lzcnt);
    v.visit(Avx512Mask);
    v.visit(Avx512Oct);
    v.visit(GfniRbit);
    v.visit(Avx512BitShuffle);
    v.visit(NeonVclz);
    v.visit(NeonRbit);
}

/// The per-backend default table, written once and read by [`flip`] and [`default_name`]: `V`
/// names the variant type of `$isa` inside `$e`. The match is exhaustive, so a new backend token
/// does not compile until it has a default here.
macro_rules! default_variant {
    ($isa:expr, |$V:ident| $e:expr) => {
        match $isa {
            Isa::Scalar => {
                type $V = CarryLzcnt;
                $e
            }
            Isa::Sse2 | Isa::Ssse3 => {
                type $V = Sse2Bswap;
                $e
            }
            Isa::Avx2 => {
                type $V = Avx2SmartClear;
                $e
            }
            Isa::Avx512 | Isa::Avx512Vbmi => {
                type $V = Avx512Mask;
                $e
            }
            Isa::Neon => {
                type $V = NeonRbit;
                $e
            }
        }
    };
}

/// The default flip for backend `B`, chosen by measurement (docs/techniques-reversi.md).
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

/// The name of the variant [`flip`] uses on backends of instruction set `isa`.
///
/// ```
/// use bb_reversi::flip::default_name;
/// assert_eq!(default_name(bb_simd::Isa::Avx2), "avx2_smart_clear");
/// ```
#[must_use]
pub const fn default_name(isa: Isa) -> &'static str {
    default_variant!(isa, |V| V::NAME)
}

/// Declares a unit struct variant with its docs.
macro_rules! variant {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct $name;
    };
}
pub(crate) use variant;

/// The instruction family whose native operations a variant is written for (what
/// [`FlipVariant::supported`] asks). Exhaustive, so a new backend token must choose its family.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    Portable,
    X86,
    Arm,
}

pub(crate) const fn family(isa: Isa) -> Family {
    match isa {
        Isa::Scalar => Family::Portable,
        Isa::Sse2 | Isa::Ssse3 | Isa::Avx2 | Isa::Avx512 | Isa::Avx512Vbmi => Family::X86,
        Isa::Neon => Family::Arm,
    }
}

/// The half lines of `sq`.
#[inline(always)]
pub(crate) fn half(sq: Square) -> &'static bb_core::masks::HalfLines {
    &bb_core::masks::HALF_LINES[sq.index()]
}

/// Shift per line, in line order (horizontal 1, vertical 8, diagonal 9, anti-diagonal 7).
pub(crate) const SHIFTS: [u64; 4] = [1, 8, 9, 7];
