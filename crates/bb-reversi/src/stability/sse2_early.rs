//! Vector forms of the edge indices and of the diagonal full lines, behind the early exit.

use bb_simd::Backend;

use super::{INNER, StabilityVariant, spread, stable_edge_movemask};
use crate::full_lines::{self, FullLinesVariant, Sse2Bswap};

/// [`super::MovemaskEdge`] with both diagonals' full lines in one 2 x u64 vector
/// ([`Sse2Bswap`]): the throughput is bound by the instruction count, and the two vector lanes
/// halve the diagonal work.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sse2Early;

impl StabilityVariant for Sse2Early {
    const NAME: &'static str = "sse2_early";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 128
    }
    #[inline(always)]
    fn stability<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let (h, v) = (full_lines::full_h(p | o), full_lines::full_v(p | o));
        let inner = p & INNER;
        let edge = stable_edge_movemask(b, p, o);
        if edge | (inner & h & v) == 0 {
            return 0;
        }
        // Only the diagonals are used: the rest of the variant's work is dead code here.
        let [_, _, d9, d7] = Sse2Bswap::full_lines(b, p | o);
        spread(edge | (inner & h & v & d9 & d7), inner, [h, v, d9, d7])
    }
}
