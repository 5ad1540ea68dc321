//! Full lines (Okuhara's *Reversi bitboard techniques*, "Get full lines"): the squares whose whole
//! line, edge to edge, is occupied, for each of the four line directions. Stability starts from
//! them: a disc on four full lines can never be flipped.
//!
//! Every variant returns `[horizontal, vertical, diagonal (+9), anti-diagonal (+7)]` (the
//! project's line order) for an occupancy `discs`, each the union of the full lines.
//!
//! | type | `NAME` | ISA | idea |
//! |---|---|---|---|
//! | [`KoggeStone`] | `kogge_stone` | any | ranks by a parallel prefix, files by rotate-and, diagonals by Kogge-Stone from both ends with edge masks |
//! | [`Sse2Bswap`] | `sse2_bswap` | 128-bit vectors | ranks by PCMPEQB; both diagonals in one 2 x u64 vector, the second lane byte-swapped so that +7 becomes -9 |
//! | [`Avx2KoggeStone`] | `avx2_kogge_stone` | 256-bit vectors | both diagonals, both ends, in one 4 x u64 vector with per-lane shifts |
//! | [`Avx2Cmpeq`] | `avx2_cmpeq` | 256-bit vectors | each diagonal compared whole against the occupancy with PCMPEQQ, four at a time |
//!
//! ```
//! use bb_reversi::full_lines::{FullLinesVariant, KoggeStone};
//! let [h, v, d9, d7] = KoggeStone::full_lines(bb_simd::Scalar, 0xff);
//! assert_eq!((h, v), (0xff, 0));
//! assert_eq!((d9, d7), (0x80, 1)); // h1 and a1 are one-square lines
//! ```

use bb_simd::{Backend, Isa};

mod avx2;
mod kogge_stone;
mod sse2;

pub use avx2::{Avx2Cmpeq, Avx2KoggeStone};
pub use kogge_stone::{KoggeStone, full_d79, full_h, full_rank_bits, full_v};
pub use sse2::Sse2Bswap;

/// One full-lines technique.
pub trait FullLinesVariant: Copy + Default + Send + Sync + 'static {
    /// Short name used by tests, criterion and `bb bench`.
    const NAME: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    fn supported<B: Backend>() -> bool {
        true
    }
    /// `[horizontal, vertical, diagonal, anti-diagonal]` full lines of the occupancy `discs`.
    fn full_lines<B: Backend>(b: B, discs: u64) -> [u64; 4];
}

/// The full-lines kernel: input the occupied squares, output the squares whose line is full in
/// each direction (horizontal, vertical, +9 diagonal, +7 diagonal); every [`FullLinesVariant`]
/// (see [`bb_simd::kernel`](mod@bb_simd::kernel)).
#[derive(Clone, Copy, Debug, Default)]
pub struct FullLines;

bb_simd::kernel! {
    FullLines: FullLinesVariant {
        name: "full_lines",
        input: u64,
        output: [u64; 4],
        reference(&d) {
            use bb_core::reference::{full_lines_d7, full_lines_d9, full_lines_h, full_lines_v};
            [full_lines_h(d), full_lines_v(d), full_lines_d9(d), full_lines_d7(d)]
        }
        chain(&d, z) { d ^ z }
        fold([h, v, d9, d7]) { h ^ v.rotate_left(16) ^ d9.rotate_left(32) ^ d7.rotate_left(48) }
        default_name<B>() { default_name(B::ISA, B::FAST_PEXT) }
        run<V>(b, &d) { V::full_lines(b, d) }
        variants [
            KoggeStone,
            Sse2Bswap,
            Avx2KoggeStone,
            Avx2Cmpeq,
        ]
    }
}

/// The per-backend default table, written once and read by [`full_lines()`] and
/// [`default_name`]: `V` names the variant type of `$isa` inside `$e`. The general-register form
/// is the fastest on every backend (it overlaps with the caller's vector work; see
/// docs/kernels/full-lines.md). The match is exhaustive, so a new backend token does not compile
/// until it has a default here.
macro_rules! default_variant {
    ($isa:expr, |$V:ident| $e:expr) => {
        bb_simd::select_variant!($isa, |$V| $e, {
            Isa::Scalar
            | Isa::Sse2
            | Isa::Ssse3
            | Isa::Avx2
            | Isa::Avx512
            | Isa::Avx512Vbmi
            | Isa::Neon
            | Isa::Wasm128 => KoggeStone,
        })
    };
}

/// The name of the variant [`full_lines()`] uses on backends of instruction set `isa`; `fast_pext`
/// is the token's [`Backend::FAST_PEXT`] (every kernel's `default_name` takes it; the full-lines
/// choice does not depend on it).
///
/// ```
/// use bb_reversi::full_lines::default_name;
/// assert_eq!(default_name(bb_simd::Isa::Avx2, true), "kogge_stone");
/// ```
#[must_use]
pub const fn default_name(isa: Isa, fast_pext: bool) -> &'static str {
    // The choice does not depend on PEXT's speed.
    let _ = fast_pext;
    default_variant!(isa, |V| V::NAME)
}

/// The default full lines for backend `B`.
#[inline(always)]
pub fn full_lines<B: Backend>(b: B, discs: u64) -> [u64; 4] {
    default_variant!(B::ISA, |V| V::full_lines(b, discs))
}
