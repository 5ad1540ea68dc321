//! [`super::Avx2Early`] with a cheaper early exit: full inner ranks by one byte compare.

use bb_simd::Backend;

use super::{INNER, StabilityVariant, stable_edge_bytes};
use crate::full_lines;

/// The early exit tests the edges and the full ranks 2 to 7 only (PCMPEQB and PMOVMSKB on the
/// occupancy): an inner disc on four full lines needs a full rank, and the test costs four
/// instructions where the full ranks and files as bitboards cost fourteen. It lets a few more
/// positions through to the full computation (in the benchmark's workload 2143 of 4096 exit,
/// against 2390 on ranks and files), which the cheaper common path pays for. The full ranks
/// are then the rank bits spread by PDEP and a multiply where PDEP is fast, and the edge files
/// are put back by PDEP there too ([`stable_edge_bytes`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx2RankExit;

impl StabilityVariant for Avx2RankExit {
    const NAME: &'static str = "avx2_rank_exit";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn stability<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let ranks = full_lines::full_rank_bits(b, p | o);
        let edge = stable_edge_bytes::<B, true>(b, p, o);
        if edge | (ranks & 0x7e) == 0 {
            return 0;
        }
        let h = if B::FAST_PEXT {
            b.pdep(ranks, 0x0101_0101_0101_0101).wrapping_mul(0xff)
        } else {
            full_lines::full_h(p | o)
        };
        let v = full_lines::full_v(p | o);
        let inner = p & INNER;
        super::avx2_early::diagonals_and_spread(b, p | o, edge, inner, h, v)
    }
}
