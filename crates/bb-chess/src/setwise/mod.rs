//! Set-wise attacks: the union of the attacks of a whole set of rooks, bishops or queens
//! (the Chess Programming Wiki's *Hyperbola Quintessence*, "Generalized set-wise attacks", and
//! occluded Kogge-Stone fills).
//!
//! Each technique is a [`SetwiseVariant`], listed by the kernel declarations [`SetwiseRooks`],
//! [`SetwiseBishops`] and [`SetwiseQueens`]; [`rooks`], [`bishops`] and [`queens`] use the
//! default of the backend. `sliders` need not be a subset of `occupied` (they are added to it).

mod bswap;
mod hq_rank;
mod kogge_stone;
mod wide;

pub use bswap::KoggeStoneBswap;
pub use hq_rank::{HqRankKoggeStone, east_attacks};
pub use kogge_stone::KoggeStone;
pub use wide::{KoggeStoneX4, KoggeStoneX8};

use bb_simd::{Backend, Isa};

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// A set-wise attack technique.
pub trait SetwiseVariant: Copy + Default + 'static {
    /// Short name (tests, criterion, `bb bench`).
    const NAME: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    fn supported<B: Backend>() -> bool {
        true
    }
    /// Union of the rook attacks of every square in `sliders`.
    fn rooks<B: Backend>(b: B, sliders: u64, occupied: u64) -> u64;
    /// Union of the bishop attacks of every square in `sliders`.
    fn bishops<B: Backend>(b: B, sliders: u64, occupied: u64) -> u64;
    /// Union of the queen attacks of every square in `sliders`.
    #[inline(always)]
    fn queens<B: Backend>(b: B, sliders: u64, occupied: u64) -> u64 {
        Self::rooks(b, sliders, occupied) | Self::bishops(b, sliders, occupied)
    }
}

/// The union of the attacks of every square of `sliders` (each square's own bit counts as
/// occupied), with bb-core's per-square oracle.
fn union_of(sliders: u64, occupied: u64, attacks: fn(bb_core::Square, u64) -> u64) -> u64 {
    let occupied = occupied | sliders;
    bb_core::Bitboard(sliders)
        .into_iter()
        .fold(0, |a, sq| a | attacks(sq, occupied))
}

// The set-wise kernels share one variant list.
macro_rules! setwise_kernel {
    ($(#[$doc:meta])* $K:ident, $name:literal, $method:ident, $oracle:ident, $default:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $K;

        bb_simd::kernel! {
            $K: SetwiseVariant {
                name: $name,
                input: (u64, u64),
                output: u64,
                reference(&(sliders, occupied)) {
                    union_of(sliders, occupied, bb_core::reference::$oracle)
                }
                chain(&(sliders, occupied), z) { (sliders, occupied ^ z) }
                fold(a) { a }
                default_name<B>() { $default(B::ISA, B::FAST_PEXT) }
                run<V>(b, &(sliders, occupied)) { V::$method(b, sliders, occupied) }
                variants [
                    KoggeStone,
                    HqRankKoggeStone,
                    KoggeStoneBswap,
                    KoggeStoneX4,
                    KoggeStoneX8,
                ]
            }
        }
    };
}

setwise_kernel!(
    /// The set-wise rook kernel: input `(sliders, occupied)`, output the union of the rook
    /// attacks of every square of `sliders`; every [`SetwiseVariant`] (see [`bb_simd::kernel`](mod@bb_simd::kernel)).
    SetwiseRooks, "setwise_rook", rooks, rook_attacks, default_rooks_name
);
setwise_kernel!(
    /// The set-wise bishop kernel (see [`SetwiseRooks`]).
    SetwiseBishops, "setwise_bishop", bishops, bishop_attacks, default_bishops_name
);
setwise_kernel!(
    /// The set-wise queen kernel (see [`SetwiseRooks`]).
    SetwiseQueens, "setwise_queen", queens, queen_attacks, default_queens_name
);

/// The per-backend default tables of [`rooks`], [`bishops`] and [`queens`], written once and read
/// by them and by their `default_*_name`: `V` names the variant type of `$isa` inside `$e`. Each
/// match is exhaustive, so a new backend token does not compile until it has a default here.
macro_rules! default_variant {
    (queens, $isa:expr, |$V:ident| $e:expr) => {
        bb_simd::select_variant!($isa, |$V| $e, {
            Isa::Sse2 | Isa::Ssse3 => KoggeStoneBswap,
            Isa::Scalar | Isa::Avx2 | Isa::Avx512 | Isa::Avx512Vbmi | Isa::Neon | Isa::Wasm128 => KoggeStone,
        })
    };
    // Rooks and bishops: four directions fit the general-purpose registers of every ISA.
    (lines, $isa:expr, |$V:ident| $e:expr) => {
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

/// Set-wise rook attacks with the default variant of `B` ([`KoggeStone`] on every backend,
/// chosen by measurement: docs/kernels/setwise.md; [`default_rooks_name`]).
#[inline(always)]
pub fn rooks<B: Backend>(b: B, sliders: u64, occupied: u64) -> u64 {
    default_variant!(lines, B::ISA, |V| V::rooks(b, sliders, occupied))
}

/// Set-wise bishop attacks with the default variant of `B` ([`KoggeStone`] on every backend;
/// [`default_bishops_name`]).
#[inline(always)]
pub fn bishops<B: Backend>(b: B, sliders: u64, occupied: u64) -> u64 {
    default_variant!(lines, B::ISA, |V| V::bishops(b, sliders, occupied))
}

/// Set-wise queen attacks with the default variant of `B`: [`KoggeStoneBswap`] on Sse2 and
/// Ssse3 (the same throughput as [`KoggeStone`] there and about half its latency),
/// [`KoggeStone`] elsewhere ([`default_queens_name`]).
#[inline(always)]
pub fn queens<B: Backend>(b: B, sliders: u64, occupied: u64) -> u64 {
    default_variant!(queens, B::ISA, |V| V::queens(b, sliders, occupied))
}

/// Name of the variant [`rooks`] uses on backends of instruction set `isa`; `fast_pext` (whether
/// PEXT is fast there) does not change the choice.
///
/// ```
/// assert_eq!(bb_chess::setwise::default_rooks_name(bb_simd::Isa::Avx2, true), "kogge_stone");
/// ```
#[must_use]
pub const fn default_rooks_name(isa: Isa, fast_pext: bool) -> &'static str {
    let _ = fast_pext;
    default_variant!(lines, isa, |V| V::NAME)
}

/// Name of the variant [`bishops`] uses on backends of instruction set `isa` (as
/// [`default_rooks_name`]).
#[must_use]
pub const fn default_bishops_name(isa: Isa, fast_pext: bool) -> &'static str {
    default_rooks_name(isa, fast_pext)
}

/// Name of the variant [`queens`] uses on backends of instruction set `isa`; `fast_pext` does
/// not change the choice.
///
/// ```
/// use bb_chess::setwise::default_queens_name;
/// use bb_simd::Isa;
/// assert_eq!(default_queens_name(Isa::Sse2, false), "kogge_stone_bswap");
/// assert_eq!(default_queens_name(Isa::Avx512, true), "kogge_stone");
/// ```
#[must_use]
pub const fn default_queens_name(isa: Isa, fast_pext: bool) -> &'static str {
    let _ = fast_pext;
    default_variant!(queens, isa, |V| V::NAME)
}
