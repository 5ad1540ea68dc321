//! The spreading loop: stable discs grown from the edges and the full lines, in general registers
//! or in one 4 x u64 vector.

use super::StabilityVariant;
use super::edge::stable_edge;
use crate::full_lines;
use bb_simd::Backend;

/// Squares b2..g7: the discs that the spreading step considers.
pub const INNER: u64 = 0x007e_7e7e_7e7e_7e00;

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
pub(super) fn spread(mut stable: u64, inner: u64, full: [u64; 4]) -> u64 {
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
