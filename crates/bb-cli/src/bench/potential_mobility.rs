//! Kernels `potential_mobility` and `frontier`: the neighbourhood helpers of
//! `bb_reversi::mobility` (general-register and 4-lane forms) on the mobility workload.

use super::mobility::{Input, workload};
use super::{Case, Register};
use bb_core::{Direction, Square};
use bb_reversi::mobility;
use bb_simd::Backend;

/// Every square adjacent to a square of `x`, by walking the eight directions (the oracle).
fn near(x: u64) -> u64 {
    Square::ALL
        .into_iter()
        .filter(|s| {
            Direction::ALL
                .into_iter()
                .any(|d| s.offset(d).is_some_and(|t| x & t.bit() != 0))
        })
        .fold(0, |a, s| a | s.bit())
}

/// Which helper: potential mobility (`false`) or frontier (`true`).
const POTENTIAL: bool = false;
const FRONTIER: bool = true;

/// The general-register form ([`mobility::potential_mobility_scalar`],
/// [`mobility::frontier_scalar`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct ScalarForm<const K: bool>;

/// The 4-lane form ([`mobility::potential_mobility_simd`], [`mobility::frontier_simd`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct SimdForm<const K: bool>;

const fn kernel(k: bool) -> &'static str {
    if k { "frontier" } else { "potential_mobility" }
}

fn reference(k: bool, &(p, o): &Input) -> u64 {
    let e = !(p | o);
    if k { near(e) & p } else { near(o) & e }
}

impl<const K: bool> Case for ScalarForm<K> {
    type Input = Input;
    const KERNEL: &'static str = kernel(K);
    const VARIANT: &'static str = "scalar";
    fn is_default<B: Backend>() -> bool {
        Self::VARIANT == mobility::DEFAULT_FORM
    }
    #[inline(always)]
    fn run<B: Backend>(_: B, &(p, o): &Input) -> u64 {
        if K {
            mobility::frontier_scalar(p, o)
        } else {
            mobility::potential_mobility_scalar(p, o)
        }
    }
    fn reference(x: &Input) -> u64 {
        reference(K, x)
    }
    #[inline(always)]
    fn chain(&(p, o): &Input, z: u64) -> Input {
        (p ^ z, o ^ z)
    }
}

impl<const K: bool> Case for SimdForm<K> {
    type Input = Input;
    const KERNEL: &'static str = kernel(K);
    const VARIANT: &'static str = "simd";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    fn is_default<B: Backend>() -> bool {
        Self::VARIANT == mobility::DEFAULT_FORM
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, &(p, o): &Input) -> u64 {
        if K {
            mobility::frontier_simd(b, p, o)
        } else {
            mobility::potential_mobility_simd(b, p, o)
        }
    }
    fn reference(x: &Input) -> u64 {
        reference(K, x)
    }
    #[inline(always)]
    fn chain(&(p, o): &Input, z: u64) -> Input {
        (p ^ z, o ^ z)
    }
}

/// Registers both forms of both helpers on one workload.
pub fn register(r: &mut impl Register) {
    let w = workload(r.samples());
    r.add::<ScalarForm<POTENTIAL>>(w.clone());
    r.add::<SimdForm<POTENTIAL>>(w.clone());
    r.add::<ScalarForm<FRONTIER>>(w.clone());
    r.add::<SimdForm<FRONTIER>>(w);
}
