//! Sliding-piece attacks: every technique of the seeds as a named [`SliderVariant`], a visitor
//! registry ([`for_each_variant`]) and the per-backend defaults [`rook`], [`bishop`], [`queen`].
//!
//! All kernels take the square and the occupancy as a raw `u64` (the slider's own bit may be
//! set or not) and return the attack set, including the first blocker in each direction.
//!
//! Bishop attacks combine the diagonal and anti-diagonal with **XOR**: the two lines are
//! disjoint, so XOR, OR and ADD give the same value, and XOR distributes over the byte swap /
//! bit reversal, which is what lets Peshkov's twin and the four-lines form combine lines before
//! the final reversal. Its cost equals ADD's.

use bb_core::Square;
use bb_simd::{Backend, Isa};

mod hq;
mod lookup;
mod okuhara;
mod simd_hq;

pub use hq::{HqCooijmans, HqFirstRank, HqRbit};
pub use lookup::{FancyMagic, Pext, PextFile, PextPdep16, PextSmall};
pub use okuhara::{Avx2Okuhara, Avx512Lzcnt};
pub use simd_hq::{Hq4Lines, Occupied, PeshkovTwin, Ssse3Hq};

/// A sliding-attack technique.
///
/// ```
/// use bb_chess::sliders::{HqFirstRank, SliderVariant};
/// use bb_core::Square;
/// let occ = Square::D6.bit();
/// let a = HqFirstRank::rook(bb_simd::Scalar, Square::D4, occ);
/// assert_eq!(a, bb_core::reference::rook_attacks(Square::D4, occ));
/// ```
pub trait SliderVariant: Copy + Default + 'static {
    /// Short name used by tests, criterion and `bb bench` (for example `hq_first_rank`).
    const NAME: &'static str;
    /// The seed section the technique comes from.
    const SEED: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    fn supported<B: Backend>() -> bool {
        true
    }
    /// Rook attacks from `sq` with occupancy `occ`.
    fn rook<B: Backend>(b: B, sq: Square, occ: u64) -> u64;
    /// Bishop attacks from `sq` with occupancy `occ`.
    fn bishop<B: Backend>(b: B, sq: Square, occ: u64) -> u64;
    /// Queen attacks: by default rook | bishop; vector variants override it.
    #[inline(always)]
    fn queen<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        Self::rook(b, sq, occ) | Self::bishop(b, sq, occ)
    }
}

/// A visitor over the slider variants (variants are types with generic methods, so the registry
/// hands each one to a generic `visit`).
pub trait SliderVisitor {
    /// Called once per variant.
    fn visit<V: SliderVariant>(&mut self, v: V);
}

/// Calls `visitor.visit` with every slider variant, in a fixed order. Callers filter with
/// [`SliderVariant::supported`] for their backend.
///
/// ```
/// use bb_chess::sliders::{for_each_variant, SliderVariant, SliderVisitor};
/// struct Names(Vec<&'static str>);
/// impl SliderVisitor for Names {
///     fn visit<V: SliderVariant>(&mut self, _: V) { self.0.push(V::NAME); }
/// }
/// let mut n = Names(Vec::new());
/// for_each_variant(&mut n);
/// assert!(n.0.contains(&"hq_cooijmans") && n.0.contains(&"fancy_magic"));
/// ```
pub fn for_each_variant(visitor: &mut impl SliderVisitor) {
    visitor.visit(HqCooijmans);
    visitor.visit(HqFirstRank);
    visitor.visit(HqRbit);
    visitor.visit(Ssse3Hq);
    visitor.visit(PeshkovTwin);
    visitor.visit(Hq4Lines);
    visitor.visit(Avx2Okuhara);
    visitor.visit(Avx512Lzcnt);
    visitor.visit(Pext);
    visitor.visit(PextPdep16);
    visitor.visit(PextSmall);
    visitor.visit(PextFile);
    visitor.visit(FancyMagic);
    visitor.visit(Default_);
}

// The per-backend default table, written once and read by every default kernel and by
// `default_name`; `V` names the variant type for token `$B` inside `$e`. Measured on this machine
// class (see docs/techniques-chess.md): PEXT wherever it is fast (AVX2 with fast PEXT,
// AVX-512), fancy magics elsewhere (including AMD Zen 1/2, whose PEXT is microcoded). The match
// is exhaustive, so a new backend token does not compile until it has a default here.
macro_rules! default_variant {
    ($B:ty, |$V:ident| $e:expr) => {
        match <$B as Backend>::ISA {
            Isa::Avx2 | Isa::Avx512 | Isa::Avx512Vbmi if <$B as Backend>::FAST_PEXT => {
                type $V = Pext;
                $e
            }
            Isa::Scalar
            | Isa::Sse2
            | Isa::Ssse3
            | Isa::Avx2
            | Isa::Avx512
            | Isa::Avx512Vbmi
            | Isa::Neon => {
                type $V = FancyMagic;
                $e
            }
        }
    };
}

/// Which variant [`rook`], [`bishop`] and [`queen`] use on backend `B` (its [`SliderVariant::NAME`]).
///
/// ```
/// assert_eq!(bb_chess::sliders::default_name::<bb_simd::Scalar>(), "fancy_magic");
/// ```
pub fn default_name<B: Backend>() -> &'static str {
    default_variant!(B, |V| V::NAME)
}

macro_rules! default_kernel {
    ($name:ident, $doc:literal) => {
        #[doc = $doc]
        ///
        /// The variant is chosen per backend at compile time ([`default_name`]); call it inside
        /// `b.vectorize(..)` so the backend's instructions inline.
        #[inline(always)]
        pub fn $name<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
            default_variant!(B, |V| V::$name(b, sq, occ))
        }
    };
}

default_kernel!(
    rook,
    "Rook attacks with the default variant of `B`.\n\n```\nuse bb_core::Square;\nlet a = bb_chess::sliders::rook(bb_simd::Scalar, Square::A1, 0);\nassert_eq!(a, 0x0101_0101_0101_01fe);\n```"
);
default_kernel!(
    bishop,
    "Bishop attacks with the default variant of `B`.\n\n```\nuse bb_core::Square;\nlet a = bb_chess::sliders::bishop(bb_simd::Scalar, Square::A1, 0);\nassert_eq!(a, 0x8040_2010_0804_0200);\n```"
);
default_kernel!(
    queen,
    "Queen attacks with the default variant of `B`.\n\n```\nuse bb_core::Square;\nlet a = bb_chess::sliders::queen(bb_simd::Scalar, Square::A1, 0);\nassert_eq!(a, 0x8141_2111_0905_03fe);\n```"
);

/// The default variant of each backend, as a variant type (so tests and benches can list it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct Default_;

impl SliderVariant for Default_ {
    const NAME: &'static str = "default";
    const SEED: &'static str = "per-backend choice, see docs/techniques-chess.md";
    #[inline(always)]
    fn rook<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        rook(b, sq, occ)
    }
    #[inline(always)]
    fn bishop<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        bishop(b, sq, occ)
    }
    #[inline(always)]
    fn queen<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        queen(b, sq, occ)
    }
}

/// `x ^ (x - 1)`: the bits up to and including the lowest set bit (all ones for 0); BLSMSK.
#[inline(always)]
pub(crate) fn blsmsk(x: u64) -> u64 {
    x ^ x.wrapping_sub(1)
}

/// Attacks along one line by Hyperbola Quintessence with byte swap (file and diagonals).
#[inline(always)]
pub(crate) fn hq_bswap<B: Backend>(b: B, occ: u64, mask: u64, bit: u64) -> u64 {
    let fwd = occ & mask;
    let rev = b.bswap(fwd);
    let fwd = fwd.wrapping_sub(bit);
    let rev = rev.wrapping_sub(b.bswap(bit));
    (fwd ^ b.bswap(rev)) & mask
}
