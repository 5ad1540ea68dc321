//! The four line directions in one 4 x u64 vector, behind the early exit.

use bb_simd::Backend;

use super::{INNER, StabilityVariant, stable_edge_bytes};
use crate::full_lines::{self, Avx2KoggeStone, FullLinesVariant};

/// Edge indices by byte operations ([`stable_edge_movemask`](super::stable_edge_movemask)),
/// the early exit on ranks and files, then the diagonals by [`Avx2KoggeStone`] and the
/// spreading step with one lane per line direction (per-lane shifts, the AND across lanes by
/// two halvings). The throughput is bound by the instruction count, which the lanes divide by
/// four in the loop. `PDEP`: the edge files put back by PDEP where it is fast
/// ([`stable_edge_bytes`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx2Early<const PDEP: bool = false>;

impl<const PDEP: bool> StabilityVariant for Avx2Early<PDEP> {
    const NAME: &'static str = if PDEP {
        "avx2_early_pdep"
    } else {
        "avx2_early"
    };
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn stability<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let (h, v) = (full_lines::full_h(p | o), full_lines::full_v(p | o));
        let inner = p & INNER;
        let edge = stable_edge_bytes::<B, PDEP>(b, p, o);
        if edge | (inner & h & v) == 0 {
            return 0;
        }
        diagonals_and_spread(b, p | o, edge, inner, h, v)
    }
}

/// The diagonal full lines by [`Avx2KoggeStone`], then the spreading loop with one lane per line
/// direction: a disc is stable when, along each of the four lines, it is full or a neighbour is
/// stable.
#[inline(always)]
pub(super) fn diagonals_and_spread<B: Backend>(
    b: B,
    occupied: u64,
    edge: u64,
    inner: u64,
    h: u64,
    v: u64,
) -> u64 {
    let [_, _, d9, d7] = Avx2KoggeStone::full_lines(b, occupied);
    let mut stable = edge | (inner & h & v & d9 & d7);
    let full = b.u64x4_from_array([h, v, d9, d7]);
    let sh = b.u64x4_from_array([1, 8, 9, 7]);
    loop {
        let s = b.u64x4_splat(stable);
        let n = b.u64x4_or(b.u64x4_or(b.u64x4_shlv(s, sh), b.u64x4_shrv(s, sh)), full);
        let (lo, hi) = b.u64x4_split(n);
        let [x, y] = b.u64x2_to_array(b.u64x2_and(lo, hi));
        let next = stable | (x & y & inner);
        if next == stable {
            return stable;
        }
        stable = next;
    }
}
