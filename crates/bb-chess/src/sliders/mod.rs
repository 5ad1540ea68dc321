//! Sliding-piece attacks: every published technique as a named [`SliderVariant`], the kernel
//! declarations [`Rook`], [`Bishop`] and [`Queen`] that list them, and the per-backend
//! defaults [`rook`], [`bishop`], [`queen`].
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
mod pext_lines;
mod simd_hq;

pub use hq::{HqCooijmans, HqFirstRank, HqRbit};
pub use lookup::{FancyMagic, Pext, PextFile, PextHq, PextPdep16, PextSmall};
pub use okuhara::{Avx2Okuhara, Avx512Lzcnt};
pub use pext_lines::PextLines;
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

// The slider kernels `rook`, `bishop` and `queen` share one variant list.
macro_rules! slider_kernel {
    ($(#[$doc:meta])* $K:ident, $name:literal, $method:ident, $oracle:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $K;

        bb_simd::kernel! {
            $K: SliderVariant {
                name: $name,
                input: (Square, u64),
                output: u64,
                reference(&(sq, occ)) { bb_core::reference::$oracle(sq, occ) }
                chain(&(sq, occ), z) { (sq, occ ^ z) }
                fold(a) { a }
                default_name<B>() { default_name(B::ISA, B::FAST_PEXT) }
                run<V>(b, &(sq, occ)) { V::$method(b, sq, occ) }
                variants [
                    HqCooijmans,
                    HqFirstRank,
                    HqRbit,
                    Ssse3Hq,
                    PeshkovTwin,
                    Hq4Lines,
                    Avx2Okuhara,
                    Avx512Lzcnt,
                    Pext,
                    PextPdep16,
                    PextSmall,
                    PextFile,
                    PextLines,
                    PextHq,
                    FancyMagic,
                ]
            }
        }
    };
}

slider_kernel!(
    /// The rook-attack kernel: input `(sq, occupied)`, output the attacked squares; every
    /// [`SliderVariant`] (see [`bb_simd::kernel`](mod@bb_simd::kernel)).
    ///
    /// ```
    /// let names = bb_simd::kernel::variant_names::<bb_chess::sliders::Rook>();
    /// assert!(names.contains(&"hq_cooijmans") && names.contains(&"fancy_magic"));
    /// ```
    Rook, "rook", rook, rook_attacks
);
slider_kernel!(
    /// The bishop-attack kernel (see [`Rook`]).
    Bishop, "bishop", bishop, bishop_attacks
);
slider_kernel!(
    /// The queen-attack kernel (see [`Rook`]).
    Queen, "queen", queen, queen_attacks
);

// The per-backend default table, written once and read by every default kernel and by
// `default_name`; `V` names the variant type for instruction set `$isa` with fast PEXT or not
// (`$fast_pext`) inside `$e`. Measured (see docs/kernels/sliders.md): PEXT wherever it is fast
// (AVX2 with fast PEXT, AVX-512), for move generation's throughput (the small-table forms halve a
// dependent chain's latency where the 841 KiB table misses L2, but slow perft), fancy magics
// elsewhere (including AMD Zen 1/2, whose PEXT is microcoded). The match is exhaustive, so a new backend token does not compile
// until it has a default here.
macro_rules! default_variant {
    ($isa:expr, $fast_pext:expr, |$V:ident| $e:expr) => {
        bb_simd::select_variant!($isa, |$V| $e, {
            Isa::Avx2 | Isa::Avx512 | Isa::Avx512Vbmi if $fast_pext => Pext,
            Isa::Scalar
            | Isa::Sse2
            | Isa::Ssse3
            | Isa::Avx2
            | Isa::Avx512
            | Isa::Avx512Vbmi
            | Isa::Neon
            | Isa::Wasm128 => FancyMagic,
        })
    };
}

/// Which variant [`rook`], [`bishop`] and [`queen`] use on backends of instruction set `isa` (its
/// [`SliderVariant::NAME`]); `fast_pext` is the token's [`Backend::FAST_PEXT`] (`false` for
/// `Avx2<false>`, the AVX2 token of CPUs whose PEXT is microcoded).
///
/// ```
/// use bb_chess::sliders::default_name;
/// use bb_simd::Isa;
/// assert_eq!(default_name(Isa::Scalar, false), "fancy_magic");
/// assert_eq!(default_name(Isa::Avx2, true), "pext");
/// assert_eq!(default_name(Isa::Avx2, false), "fancy_magic");
/// ```
#[must_use]
pub const fn default_name(isa: Isa, fast_pext: bool) -> &'static str {
    default_variant!(isa, fast_pext, |V| V::NAME)
}

macro_rules! default_kernel {
    ($name:ident, $doc:literal) => {
        #[doc = $doc]
        ///
        /// The variant is chosen per backend at compile time ([`default_name`]); call it inside
        /// `b.vectorize(..)` so the backend's instructions inline.
        #[inline(always)]
        pub fn $name<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
            default_variant!(B::ISA, B::FAST_PEXT, |V| V::$name(b, sq, occ))
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
