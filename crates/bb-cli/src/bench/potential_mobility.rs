//! Kernels `potential_mobility` and `frontier`: the neighbourhood helpers of
//! `bb_reversi::mobility` (general-register and 4-lane forms) on the mobility workload.

use super::mobility::{Input, workload};
use super::{Case, Register};
use bb_core::reference::neighbours;
use bb_reversi::mobility;
use bb_simd::Backend;

/// One helper in one form: `FRONTIER` picks frontier over potential mobility, `SIMD` the
/// 4-lane form ([`mobility::potential_mobility_simd`], [`mobility::frontier_simd`]) over the
/// general-register one ([`mobility::potential_mobility_scalar`], [`mobility::frontier_scalar`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Helper<const FRONTIER: bool, const SIMD: bool>;

impl<const FRONTIER: bool, const SIMD: bool> Case for Helper<FRONTIER, SIMD> {
    type Input = Input;
    const KERNEL: &'static str = if FRONTIER {
        "frontier"
    } else {
        "potential_mobility"
    };
    const VARIANT: &'static str = if SIMD { "simd" } else { "scalar" };
    fn supported<B: Backend>() -> bool {
        !SIMD || B::VECTOR_BITS >= 256
    }
    fn is_default<B: Backend>() -> bool {
        Self::VARIANT == mobility::DEFAULT_FORM
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, &(p, o): &Input) -> u64 {
        match (FRONTIER, SIMD) {
            (false, false) => mobility::potential_mobility_scalar(p, o),
            (false, true) => mobility::potential_mobility_simd(b, p, o),
            (true, false) => mobility::frontier_scalar(p, o),
            (true, true) => mobility::frontier_simd(b, p, o),
        }
    }
    fn reference(&(p, o): &Input) -> u64 {
        let e = !(p | o);
        if FRONTIER {
            neighbours(e) & p
        } else {
            neighbours(o) & e
        }
    }
    #[inline(always)]
    fn chain(&(p, o): &Input, z: u64) -> Input {
        (p ^ z, o ^ z)
    }
}

/// Registers both forms of both helpers on one workload.
pub fn register(r: &mut impl Register) {
    let w = workload(r.samples());
    r.add::<Helper<false, false>>(w.clone());
    r.add::<Helper<false, true>>(w.clone());
    r.add::<Helper<true, false>>(w.clone());
    r.add::<Helper<true, true>>(w);
}
