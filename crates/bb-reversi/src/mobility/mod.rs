//! Mobility: the set of legal moves of the player to move (Okuhara's *Reversi bitboard techniques*,
//! "Mobility").
//!
//! A move is legal on an empty square from which a run of one or more opponent discs, closed by
//! a player disc, extends in some direction. Every variant here finds, for each of the eight
//! directions at once, the runs of opponent discs adjacent to a player disc with a Kogge-Stone
//! style fill (one plain step, then two steps of two squares using the pairs of adjacent
//! opponent discs), and moves one square past the run. The opponent mask drops files a and h for
//! every direction with a horizontal component, so that no run wraps around the board edge.
//!
//! Variants (listed by the kernel declaration [`Mobility`]):
//!
//! | type | `NAME` | ISA | idea |
//! |---|---|---|---|
//! | [`KoggeStone8`] | `kogge_stone8` | any | eight directions in general registers (Okuhara's Arm64 form) |
//! | [`KoggePrefix8`] | `kogge_prefix8` | any | the same with runs of 1-2 taken straight from `p` (`m & p<<n \| pairs & p<<2n`): one dependent step less per direction; the +1 direction by one addition whose carry runs through the opponent discs; the LSB-ward runs one step behind, sharing each line's masks (as `avx2_pair_lag`) |
//! | [`Sse2Mirror`] | `sse2_mirror` | 128-bit vectors | diagonals in a 2 x u64 vector whose second lane is the byte-swapped board, so +9 becomes -7 and both lanes shift by the same count; horizontal and vertical in general registers |
//! | [`Sse2Mirror3`] | `sse2_mirror3` | 128-bit vectors | the mirror trick for the vertical line too: three lines in the vector, only the horizontal one in general registers (prefix form, +1 by a carry) |
//! | [`Avx2Lanes`] | `avx2_lanes` | 256-bit vectors | four directions in a 4 x u64 vector with per-lane shift counts (VPSLLVQ / VPSRLVQ) |
//! | [`Avx2PairPrefix`] | `avx2_pair_prefix` | 256-bit vectors | the 4-lane form with runs of 1-2 straight from `p`, then two doubling steps |
//! | [`Avx2PairLag`] | `avx2_pair_lag` | 256-bit vectors | the pair-prefix form with the LSB-ward runs carried one step behind (`g = f << s`), so both sides share the MSB-ward pairs and masks: two variable shifts fewer |
//! | [`Avx512PairLag`] | `avx512_pair_lag` | AVX-512 (256-bit vectors) | `avx2_pair_lag` with each three-input AND in one VPTERNLOGQ ([`Backend::u64x4_and3`]) |
//! | [`Avx2Prefix`] | `avx2_prefix` | 256-bit vectors | the 4-lane form with a shallower parallel prefix: runs of 1-2 straight from `p`, then 3-4 and 5-6 in one level (shorter dependency chain) |
//! | [`Avx512Lanes`] | `avx512_lanes` | 512-bit vectors | all eight directions in one 8 x u64 vector: lanes 0..4 shift left, lanes 4..8 right |
//! | [`WasmMirrorPrefix`] | `wasm_mirror_prefix` | wasm SIMD128 | four 2 x u64 vectors, lane 1 the byte-swapped board so one shift count serves two directions; `avx2_prefix`'s short prefix |
//!
//! [`mobility`] is the per-backend default. [`potential_mobility`] and [`frontier`] are the
//! helpers that evaluation functions use.
//!
//! ```
//! use bb_simd::Scalar;
//! // Starting position, black to move: black d5 e4, white d4 e5.
//! let p = (1 << 35) | (1 << 28);
//! let o = (1 << 27) | (1 << 36);
//! let m = bb_reversi::mobility::mobility(Scalar, p, o);
//! assert_eq!(m, bb_core::reference::mobility(p, o));
//! assert_eq!(m.count_ones(), 4);
//! ```

use bb_simd::{Backend, Isa};

mod kogge_prefix;
mod kogge_stone;
mod lanes;
mod lanes_lag;
mod lanes_pair_prefix;
mod mirror;
mod mirror3;
mod potential;
mod wasm;
pub use kogge_prefix::KoggePrefix8;
pub use kogge_stone::{INNER_FILES, KoggeStone8};
pub use lanes::{Avx2Lanes, Avx2Prefix, Avx512Lanes};
pub use lanes_lag::{Avx2PairLag, Avx512PairLag};
pub use lanes_pair_prefix::Avx2PairPrefix;
pub use mirror::Sse2Mirror;
pub use mirror3::Sse2Mirror3;
pub use potential::{
    DEFAULT_FORM, PotentialSimd, frontier, frontier_scalar, frontier_simd, potential_mobility,
    potential_mobility_scalar, potential_mobility_simd,
};
pub use wasm::WasmMirrorPrefix;

/// One mobility technique.
pub trait MobilityVariant: Copy + Default + Send + Sync + 'static {
    /// Short name used by tests, criterion and `bb bench`.
    const NAME: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    fn supported<B: Backend>() -> bool {
        true
    }
    /// The legal moves of the player with discs `p` against the opponent's `o`.
    fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64;
}

/// The mobility kernel: input `(p, o)`, output the legal moves of `p`; every
/// [`MobilityVariant`] (see [`bb_simd::kernel`](mod@bb_simd::kernel)).
#[derive(Clone, Copy, Debug, Default)]
pub struct Mobility;

bb_simd::kernel! {
    Mobility: MobilityVariant {
        name: "mobility",
        input: (u64, u64),
        output: u64,
        reference(&(p, o)) { bb_core::reference::mobility(p, o) }
        chain(&(p, o), z) { (p ^ z, o ^ z) }
        fold(m) { m }
        default_name<B>() { default_name(B::ISA, B::FAST_PEXT) }
        run<V>(b, &(p, o)) { V::mobility(b, p, o) }
        variants [
            KoggeStone8,
            KoggePrefix8,
            Sse2Mirror,
            Sse2Mirror3,
            Avx2Lanes,
            Avx2PairPrefix,
            Avx2PairLag,
            Avx512PairLag,
            Avx2Prefix,
            Avx512Lanes,
            WasmMirrorPrefix,
        ]
    }
}

/// The per-backend default table, written once and read by the kernel and [`default_name`]: `V`
/// names the variant type of `$isa` inside `$e`. The match is exhaustive, so a new backend token
/// does not compile until it has a default here.
macro_rules! default_variant {
    ($isa:expr, |$V:ident| $e:expr) => {
        bb_simd::select_variant!($isa, |$V| $e, {
            Isa::Avx2 => Avx2PairLag,
            Isa::Avx512 | Isa::Avx512Vbmi => Avx512PairLag,
            Isa::Scalar | Isa::Wasm128 => KoggePrefix8,
            Isa::Sse2 | Isa::Ssse3 => Sse2Mirror3,
            Isa::Neon => KoggeStone8,
        })
    };
}

/// The name of the variant [`mobility`] uses on backends of instruction set `isa`; `fast_pext` is
/// the token's [`Backend::FAST_PEXT`] (every kernel's `default_name` takes it; mobility's choice
/// does not depend on it).
///
/// ```
/// use bb_reversi::mobility::default_name;
/// assert_eq!(default_name(bb_simd::Isa::Avx2, true), "avx2_pair_lag");
/// ```
#[must_use]
pub const fn default_name(isa: Isa, fast_pext: bool) -> &'static str {
    // The choice does not depend on PEXT's speed.
    let _ = fast_pext;
    default_variant!(isa, |V| V::NAME)
}

/// The default mobility for backend `B`, chosen by measurement against Edax on Zen 4
/// (docs/kernels/mobility.md): the 4-lane pair-prefix form with the LSB-ward runs one step
/// behind where 256-bit vectors exist (its VPTERNLOGQ form on AVX-512), three mirrored
/// lines in a 128-bit vector on SSE2 (the best latency for about Edax's throughput), the
/// general-register prefix form on the scalar backend and on Wasm128 (also the fastest under
/// V8), and the general-register Kogge-Stone form on Neon (Okuhara notes that shift-and-operate
/// instructions make it the fastest).
#[inline(always)]
pub fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64 {
    default_variant!(B::ISA, |V| V::mobility(b, p, o))
}
