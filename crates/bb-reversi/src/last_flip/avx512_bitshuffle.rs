//! All eight rays in one bit shuffle, counted without tables.

use super::LastFlipVariant;
use bb_core::Square;
use bb_simd::Backend;

/// One VPSHUFBITQMB gathers all eight rays from the square, nearest square first, one byte
/// per ray; the flips of a ray are its trailing opponent discs when a player disc closes them
/// (`crate::rays::ray_runs`). No count table, no per-line index arithmetic (beyond the published
/// sources, which gathers the four lines and looks each up in `COUNT_FLIP`). Needs AVX-512 BITALG.
///
/// 0.82x the time of [`Avx512TestMb256`](super::Avx512TestMb256) in throughput on this project's AVX-512 machine, but
/// not a default: its latency (6 ns, the mask register to GPR move on the chain) is far above
/// [`PextMerged`](super::PextMerged)'s, and the endgame solver follows the latency (docs/kernels/last-flip.md).
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx512BitShuffle;

impl LastFlipVariant for Avx512BitShuffle {
    const NAME: &'static str = "avx512_bitshuffle";
    fn supported<B: Backend>() -> bool {
        B::HAS_VBMI
    }
    #[inline(always)]
    fn count<B: Backend>(b: B, sq: Square, p: u64) -> u32 {
        let s = sq.index();
        let pp = b.u64x8_as_u8x64(b.u64x8_splat(p));
        let rays = b.u8x64_bitshuffle(pp, b.u8x64_from_array(crate::rays::RAY_SLOTS.0[s]));
        crate::rays::ray_runs(rays)
    }
}
