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

use crate::full_lines;

mod avx2_early;
mod avx2_rank_exit;
mod corner_gate;
mod movemask_edge;

pub use avx2_early::Avx2Early;
pub use avx2_rank_exit::Avx2RankExit;
pub use corner_gate::CornerGate;
pub use movemask_edge::{MovemaskEdge, Sse2Early, stable_edge_bytes, stable_edge_movemask};

include!(concat!(env!("OUT_DIR"), "/edge_stability.rs"));

/// The generated edge table: `edge_stability_table()[p][o]` is the set of the player's discs of
/// an 8-square edge line (player bits `p`, opponent bits `o`) that no sequence of moves on the
/// line can flip.
#[must_use]
pub fn edge_stability_table() -> &'static [[u8; 256]; 256] {
    &EDGE_STABILITY
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_GATHER: u64 = 0x0102_0408_1020_4080;
/// Squares b2..g7: the discs that the spreading step considers.
pub const INNER: u64 = 0x007e_7e7e_7e7e_7e00;

#[inline(always)]
fn edge(p: u64, o: u64) -> u64 {
    u64::from(EDGE_STABILITY[(p & 0xff) as usize][(o & 0xff) as usize])
}

/// Stable discs of the player on the four edges, from the edge table. Files a and h are
/// gathered into bytes by kindergarten multiplies and put back by multiplies (Edax's
/// pack/unpack).
///
/// ```
/// // A corner disc is always stable; a lone b1 disc is not.
/// assert_eq!(bb_reversi::stability::stable_edge(1 | 2 << 8, 0), 1);
/// assert_eq!(bb_reversi::stability::stable_edge(2, 0), 0);
/// ```
#[inline(always)]
#[must_use]
pub fn stable_edge(p: u64, o: u64) -> u64 {
    let file = |x: u64, f: u32| ((x >> f) & FILE_A).wrapping_mul(FILE_GATHER) >> 56;
    let ranks = edge(p, o) | edge(p >> 56, o >> 56) << 56;
    // Back to the files: the inner six bits only (the corners come from the ranks), so that
    // the partial products of the multiply never meet and nothing carries.
    let unpack = |x: u64| ((x & 0x7e).wrapping_mul(0x0000_0408_1020_4080)) & 0x0001_0101_0101_0100;
    let a = unpack(edge(file(p, 0), file(o, 0)));
    let h = unpack(edge(file(p, 7), file(o, 7))) << 7;
    ranks | a | h
}

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
        default_name<B>() { default_name(B::ISA) }
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
        match $isa {
            Isa::Avx2 | Isa::Avx512 | Isa::Avx512Vbmi => {
                type $V = CornerGate<Avx2RankExit>;
                $e
            }
            Isa::Sse2 | Isa::Ssse3 => {
                type $V = CornerGate<Sse2Early>;
                $e
            }
            Isa::Scalar | Isa::Neon | Isa::Wasm128 => {
                type $V = CornerGate<ScalarSpread>;
                $e
            }
        }
    };
}

/// Name of [`stability()`]'s variant on `isa`.
#[must_use]
pub const fn default_name(isa: Isa) -> &'static str {
    default_variant!(isa, |V| V::NAME)
}

/// The default stability for backend `B`.
#[inline(always)]
pub fn stability<B: Backend>(b: B, p: u64, o: u64) -> u64 {
    default_variant!(B::ISA, |V| V::stability(b, p, o))
}

/// General registers throughout: [`full_lines::KoggeStone`] and the spreading loop with one
/// shift pair per line direction (Edax's `get_stability`).
#[derive(Clone, Copy, Debug, Default)]
pub struct ScalarSpread;

impl StabilityVariant for ScalarSpread {
    const NAME: &'static str = "scalar";
    #[inline(always)]
    fn stability<B: Backend>(_b: B, p: u64, o: u64) -> u64 {
        let (h, v) = (full_lines::full_h(p | o), full_lines::full_v(p | o));
        let inner = p & INNER;
        let edge = stable_edge(p, o);
        // Most positions have no stable disc (62 % of the benchmark's random play-out
        // positions), and for almost all of them the edges and the full ranks and files already
        // show it: the diagonals, the costliest lines, are computed only past this test.
        if edge | (inner & h & v) == 0 {
            return 0;
        }
        let (d7, d9) = full_lines::full_d79(p | o);
        spread(edge | (inner & h & v & d9 & d7), inner, [h, v, d9, d7])
    }
}

/// One spreading step: the inner discs of `inner` whose every line is full or has a stable
/// neighbour join `stable`.
#[inline(always)]
fn step(stable: u64, inner: u64, [h, v, d9, d7]: [u64; 4]) -> u64 {
    let sh = (stable >> 1) | (stable << 1) | h;
    let sv = (stable >> 8) | (stable << 8) | v;
    let s9 = (stable >> 9) | (stable << 9) | d9;
    let s7 = (stable >> 7) | (stable << 7) | d7;
    stable | (sh & sv & s9 & s7 & inner)
}

/// Spreading steps until nothing changes.
#[inline(always)]
fn spread(mut stable: u64, inner: u64, full: [u64; 4]) -> u64 {
    loop {
        let next = step(stable, inner, full);
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The backend's default full lines, then the spreading loop in one 4 x u64 vector (one lane
/// per line direction, per-lane shifts, the AND across lanes as a NOT-OR-NOT).
#[derive(Clone, Copy, Debug, Default)]
pub struct SimdSpread;

impl StabilityVariant for SimdSpread {
    const NAME: &'static str = "simd";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn stability<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let full = full_lines::full_lines(b, p | o);
        let inner = p & INNER;
        let mut stable = stable_edge(p, o) | (inner & full[0] & full[1] & full[2] & full[3]);
        if stable == 0 {
            return 0;
        }
        let full = b.u64x4_from_array(full);
        let sh = b.u64x4_from_array([1, 8, 9, 7]);
        loop {
            let s = b.u64x4_splat(stable);
            let n = b.u64x4_or(b.u64x4_or(b.u64x4_shlv(s, sh), b.u64x4_shrv(s, sh)), full);
            let all = !b.u64x4_hor(b.u64x4_not(n));
            let next = stable | (all & inner);
            if next == stable {
                return stable;
            }
            stable = next;
        }
    }
}

/// Upper bound of the final disc difference (player minus opponent) for the player to move:
/// the opponent's stable discs stay the opponent's, so at most `64 - 2 * stable` remains.
#[inline(always)]
pub fn stability_bound<B: Backend>(b: B, p: u64, o: u64) -> i32 {
    64 - 2 * b.popcnt(stability(b, o, p)) as i32
}

/// Stability cut-off of an endgame search: `Some(bound)` when the score cannot exceed `alpha`
/// (fail low, return the bound), `None` otherwise. Edax calls it only when `alpha` is high
/// enough for the bound to matter.
///
/// ```
/// use bb_simd::Scalar;
/// // The opponent owns all four corners: the bound is 64 - 8 = 56.
/// let o = 0x8100_0000_0000_0081;
/// assert_eq!(bb_reversi::stability::stability_cutoff(Scalar, 0x100, o, 60), Some(56));
/// assert_eq!(bb_reversi::stability::stability_cutoff(Scalar, 0x100, o, 40), None);
/// ```
#[inline(always)]
pub fn stability_cutoff<B: Backend>(b: B, p: u64, o: u64, alpha: i32) -> Option<i32> {
    let bound = stability_bound(b, p, o);
    (bound <= alpha).then_some(bound)
}
