//! Stable discs (Edax's method, referenced by Okuhara's *Reversi bitboard techniques* "Get full
//! lines"): discs that no continuation of the game can flip.
//!
//! Built from three parts, each exact or conservative:
//!
//! 1. **Edge stability**: for the four edge lines, [`edge_stability_table`] (256 x 256 entries
//!    generated in build.rs by retrograde analysis of one line) gives the player's discs that no
//!    sequence of moves on that line can flip; an edge disc can only be flipped along its edge.
//! 2. **Full lines**: an inner disc whose four lines are all full can never be flipped
//!    ([`crate::full_lines`]).
//! 3. **Spreading**: an inner disc is stable when, in each of the four line directions, its line
//!    is full or one of its two neighbours on that line is a stable disc of the same player;
//!    repeated until nothing changes.
//!
//! The result is a subset of the player's truly stable discs (a lower bound), computed for the
//! player `p`. [`stability`] is the per-backend default; [`stability_cutoff`] is the endgame
//! search helper.
//!
//! ```
//! use bb_simd::Scalar;
//! // The player owns a1, b1 and a2; everything else is empty: all three are stable.
//! let p = (1 << 0) | (1 << 1) | (1 << 8);
//! assert_eq!(bb_reversi::stability::stability(Scalar, p, 0), p);
//! ```

use bb_simd::{Backend, Isa};

mod avx2_early;
mod avx2_rank_exit;
mod corner_gate;
mod cutoff;
mod edge;
mod movemask_edge;
mod spread;

pub use avx2_early::Avx2Early;
pub use avx2_rank_exit::Avx2RankExit;
pub use corner_gate::CornerGate;
pub use cutoff::{stability_bound, stability_cutoff};
pub use edge::{edge_stability_table, stable_edge};
pub use movemask_edge::{MovemaskEdge, Sse2Early, stable_edge_bytes, stable_edge_movemask};
pub use spread::{INNER, ScalarSpread, SimdSpread};

/// One stability technique.
pub trait StabilityVariant: Copy + Default + Send + Sync + 'static {
    /// Short name used by tests, criterion and `bb bench`.
    const NAME: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    fn supported<B: Backend>() -> bool {
        true
    }
    /// Stable discs of the player `p` against the opponent `o` (a subset of `p`).
    fn stability<B: Backend>(b: B, p: u64, o: u64) -> u64;
}

/// The stability kernel: input `(p, o)`, output the stable discs of `p` that the edge and
/// full-line rules find; every [`StabilityVariant`] (see [`bb_simd::kernel`](mod@bb_simd::kernel)). Its reference is
/// [`ScalarSpread`] on the scalar backend; the tests also check the result against the
/// definition (a stable disc cannot be flipped in any continuation).
#[derive(Clone, Copy, Debug, Default)]
pub struct Stability;

bb_simd::kernel! {
    Stability: StabilityVariant {
        name: "stability",
        input: (u64, u64),
        output: u64,
        reference(&(p, o)) { ScalarSpread::stability(bb_simd::Scalar, p, o) }
        chain(&(p, o), z) { (p ^ z, o ^ z) }
        fold(s) { s }
        default_name<B>() { default_name(B::ISA, B::FAST_PEXT) }
        run<V>(b, &(p, o)) { V::stability(b, p, o) }
        variants [
            ScalarSpread,
            SimdSpread,
            MovemaskEdge,
            Sse2Early,
            Avx2Early,
            Avx2Early<true>,
            Avx2RankExit,
            CornerGate<ScalarSpread>,
            CornerGate<Sse2Early>,
            CornerGate<Avx2RankExit>,
        ]
    }
}

/// The per-backend default table, written once and read by [`stability()`] and
/// [`default_name`] (docs/kernels/stability.md): `V` names the variant type of `$isa` inside
/// `$e`. Neon and Wasm128 keep the general-register form: their byte sign masks are emulated.
macro_rules! default_variant {
    ($isa:expr, |$V:ident| $e:expr) => {
        bb_simd::select_variant!($isa, |$V| $e, {
            Isa::Avx2 | Isa::Avx512 | Isa::Avx512Vbmi => CornerGate<Avx2RankExit>,
            Isa::Sse2 | Isa::Ssse3 => CornerGate<Sse2Early>,
            Isa::Scalar | Isa::Neon | Isa::Wasm128 => CornerGate<ScalarSpread>,
        })
    };
}

/// The name of the variant [`stability()`] uses on backends of instruction set `isa`; `fast_pext`
/// is the token's [`Backend::FAST_PEXT`] (every kernel's `default_name` takes it; stability's
/// choice does not depend on it).
///
/// ```
/// use bb_reversi::stability::default_name;
/// assert_eq!(default_name(bb_simd::Isa::Avx2, true), "avx2_gate");
/// ```
#[must_use]
pub const fn default_name(isa: Isa, fast_pext: bool) -> &'static str {
    // The choice does not depend on PEXT's speed.
    let _ = fast_pext;
    default_variant!(isa, |V| V::NAME)
}

/// The default stability for backend `B`.
#[inline(always)]
pub fn stability<B: Backend>(b: B, p: u64, o: u64) -> u64 {
    default_variant!(B::ISA, |V| V::stability(b, p, o))
}
