//! Two spreading steps per convergence test.

use bb_simd::Backend;

use super::{INNER, StabilityVariant, all_full, stable_edge, step};

/// [`super::FullFirst`] with the spreading loop unrolled twice: most positions with a stable
/// disc settle within two steps, so the loop's exit branch is taken at its first test.
#[derive(Clone, Copy, Debug, Default)]
pub struct TwoStep;

impl StabilityVariant for TwoStep {
    const NAME: &'static str = "two_step";
    #[inline(always)]
    fn stability<B: Backend>(_b: B, p: u64, o: u64) -> u64 {
        let full = all_full(p | o);
        let inner = p & INNER;
        let mut stable = stable_edge(p, o) | (inner & full[0] & full[1] & full[2] & full[3]);
        loop {
            let next = step(step(stable, inner, full), inner, full);
            if next == stable {
                return stable;
            }
            stable = next;
        }
    }
}
