//! An exit before the edge table: most positions have no stable disc, and most of those show it
//! without a table lookup.

use core::marker::PhantomData;

use bb_simd::Backend;

use super::edge::FILE_A;
use super::{Avx2RankExit, ScalarSpread, Sse2Early, StabilityVariant};
use crate::full_lines;

const CORNERS: u64 = 0x8100_0000_0000_0081;
const RANKS_1_8: u64 = 0xff00_0000_0000_00ff;
const FILE_H: u64 = FILE_A << 7;
const FILES_A_H: u64 = FILE_A | FILE_H;

/// Whether the position surely has no stable disc of the player, decided from the discs alone,
/// with no table lookup. An inner disc on four full lines needs a full inner rank. On an edge
/// line where the player holds neither corner, every run of the player's discs ends on both
/// sides in a square of the line that is empty or the opponent's; a run with an empty square at
/// one end is flipped by an opponent disc played there once the other end holds one (it does or
/// it is empty too, and the edge table lets either side play any empty square). So a player's
/// disc there is stable only inside a run closed by opponent discs at both ends (every line was
/// checked against the table), and such a run has a disc with an opponent neighbour below it on
/// the line and one with an opponent neighbour above it. Hence when the player holds no corner,
/// no inner rank is full, and one of the two kinds of disc is missing on all four edges, the
/// edges give nothing and nothing can spread. The test is conservative: it lets some positions without
/// stable discs through.
/// `BYTES`: the full ranks by PCMPEQB and PMOVMSKB (native on x86) instead of shifts.
///
/// The tests are chained (`&&`), cheapest and most decisive first: a branch per test resolves
/// sooner than one on their combination, which measured 15 % slower in throughput.
#[inline(always)]
#[must_use]
pub(super) fn surely_none<B: Backend, const BYTES: bool>(b: B, p: u64, o: u64) -> bool {
    let occupied = p | o;
    let full_inner_rank = || {
        if BYTES {
            full_lines::full_rank_bits(b, occupied) & 0x7e != 0
        } else {
            let mut f = occupied;
            f &= f >> 1;
            f &= f >> 2;
            f &= f >> 4;
            f & 0x0001_0101_0101_0100 != 0
        }
    };
    let one_sided = || {
        let below = (p & (o << 1) & RANKS_1_8 & !FILE_A) | (p & (o << 8) & FILES_A_H);
        let above = (p & (o >> 1) & RANKS_1_8 & !FILE_H) | (p & (o >> 8) & FILES_A_H);
        below == 0 || above == 0
    };
    p & CORNERS == 0 && !full_inner_rank() && one_sided()
}

/// `V` behind a gate that returns 0 with no table lookup when `surely_none` holds: in the
/// benchmark's workload 1964 of the 4096 positions leave there, against 2553 that have no
/// stable disc. The gate's branch resolves a few cycles after the discs are loaded, where `V`'s
/// own exit waits for the table loads; in throughput that matters most, as the exit is taken
/// about half the time and so is often mispredicted.
#[derive(Clone, Copy, Debug, Default)]
pub struct CornerGate<V>(PhantomData<V>);

macro_rules! gated {
    ($($v:ty, $bytes:literal => $name:literal;)*) => {$(
        impl StabilityVariant for CornerGate<$v> {
            const NAME: &'static str = $name;
            fn supported<B: Backend>() -> bool {
                <$v>::supported::<B>()
            }
            #[inline(always)]
            fn stability<B: Backend>(b: B, p: u64, o: u64) -> u64 {
                if surely_none::<B, $bytes>(b, p, o) {
                    return 0;
                }
                <$v>::stability(b, p, o)
            }
        }
    )*};
}

gated! {
    ScalarSpread, false => "scalar_gate";
    Sse2Early, true => "sse2_gate";
    Avx2RankExit, true => "avx2_gate";
}

#[cfg(test)]
mod tests {
    use super::surely_none;
    use crate::stability::stable_edge;
    use bb_simd::{Backend, WithBackend};

    /// Every line pattern on each of the four edges, the rest of the board empty: where the gate
    /// says none, the edge table agrees; both forms of the full-rank test agree.
    #[derive(Clone)]
    struct Lines;

    impl WithBackend for Lines {
        type Output = usize;
        fn run<B: Backend>(self, b: B) -> usize {
            let place: [fn(u64) -> u64; 4] = [
                |x| x,
                |x| x << 56,
                |x| (0..8).fold(0, |a, i| a | (x >> i & 1) << (8 * i)),
                |x| (0..8).fold(0, |a, i| a | (x >> i & 1) << (8 * i + 7)),
            ];
            let mut exits = 0;
            for p in 0..256u64 {
                for o in (0..256u64).filter(|o| o & p == 0) {
                    for f in place {
                        let (p, o) = (f(p), f(o));
                        let none = surely_none::<B, false>(b, p, o);
                        assert_eq!(none, surely_none::<B, true>(b, p, o), "{}", B::NAME);
                        if none {
                            exits += 1;
                            assert_eq!(stable_edge(p, o), 0, "p={p:#x} o={o:#x}");
                        }
                    }
                }
            }
            exits
        }
    }

    #[test]
    fn gate_agrees_with_the_edge_table() {
        for (backend, exits) in bb_simd::for_each_backend(Lines) {
            // Not vacuous: of the placements where the player holds no corner, most leave.
            assert!(exits > 2000, "{backend:?}: {exits}");
        }
    }
}
