//! Three directions in a 2 x u64 vector with the vertical-mirror trick, the horizontal one in
//! general registers (beyond the published sources; the mirror trick is Okuhara's SSE2 form).
//!
//! [`Sse2Mirror`](super::Sse2Mirror) keeps the two diagonals in the vector and the horizontal
//! and vertical lines in general registers. The vertical line mirrors as well (a +8 step on the
//! byte-swapped board is the original's -8), so here the vector carries three lines and the
//! general registers only the horizontal one, which no byte swap can turn around. The two halves
//! run on different execution units in parallel, so the latency is that of the longer one.

use super::kogge_prefix::runs;
use super::{INNER_FILES, MobilityVariant};
use bb_simd::Backend;

/// Vertical and both diagonals in a `[board, byte-swapped board]` vector, horizontal in general
/// registers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sse2Mirror3;

impl MobilityVariant for Sse2Mirror3 {
    const NAME: &'static str = "sse2_mirror3";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 128
    }
    #[inline(always)]
    fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let mo = o & INNER_FILES;
        let pp = b.u64x2_from_array([p, b.bswap(p)]);
        let oo = b.u64x2_from_array([o, b.bswap(o)]);
        // INNER_FILES is its own byte swap, so one mask serves both lanes.
        let moo = b.u64x2_and(oo, b.u64x2_splat(INNER_FILES));
        // Squares one past the runs of `m` toward the MSB by N in both lanes (N2 = 2N).
        macro_rules! runs {
            ($m:expr, $n:literal, $n2:literal) => {{
                let m = $m;
                let pairs = b.u64x2_and(m, b.u64x2_shl::<$n>(m));
                let mut f = b.u64x2_and(m, b.u64x2_shl::<$n>(pp));
                f = b.u64x2_or(f, b.u64x2_and(m, b.u64x2_shl::<$n>(f)));
                f = b.u64x2_or(f, b.u64x2_and(pairs, b.u64x2_shl::<$n2>(f)));
                f = b.u64x2_or(f, b.u64x2_and(pairs, b.u64x2_shl::<$n2>(f)));
                b.u64x2_shl::<$n>(f)
            }};
        }
        let mm = b.u64x2_or(
            b.u64x2_or(runs!(moo, 7, 14), runs!(moo, 9, 18)),
            runs!(oo, 8, 16),
        );
        let moves = runs(p, mo, 1);
        let [lo, hi] = b.u64x2_to_array(mm);
        (moves | lo | b.bswap(hi)) & !(p | o)
    }
}
