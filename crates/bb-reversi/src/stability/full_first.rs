//! All four full lines before the one test for an empty stable set.

use bb_simd::Backend;

use super::{INNER, StabilityVariant, all_full, spread, stable_edge};

/// [`super::ScalarSpread`] without the early exit on the ranks and files: one data-dependent
/// branch fewer before the spreading loop.
#[derive(Clone, Copy, Debug, Default)]
pub struct FullFirst;

impl StabilityVariant for FullFirst {
    const NAME: &'static str = "full_first";
    #[inline(always)]
    fn stability<B: Backend>(_b: B, p: u64, o: u64) -> u64 {
        let [h, v, d9, d7] = all_full(p | o);
        let inner = p & INNER;
        let stable = stable_edge(p, o) | (inner & h & v & d9 & d7);
        spread(stable, inner, [h, v, d9, d7])
    }
}
