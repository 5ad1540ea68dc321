//! Kernel `popcount`: the population count of a vector of eight bitboards (seed 001, "SSSE3
//! Population Count"), summed to one number.

use super::{Case, Registry};
use bb_core::rng::Rng;
use bb_simd::{Backend, Isa};
use std::sync::Arc;

type Input = [u64; 8];

/// Per-lane scalar `popcnt` (POPCNT where the backend enables it, SWAR otherwise).
#[derive(Clone, Copy, Default)]
struct Scalar;

impl Case for Scalar {
    type Input = Input;
    const KERNEL: &'static str = "popcount";
    const VARIANT: &'static str = "scalar_popcnt";
    fn is_default<B: Backend>() -> bool {
        matches!(B::ISA, Isa::Scalar | Isa::Sse2)
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, x: &Input) -> u64 {
        x.iter().map(|&w| u64::from(b.popcnt(w))).sum()
    }
    fn reference(x: &Input) -> u64 {
        reference(x)
    }
    #[inline(always)]
    fn chain(x: &Input, z: u64) -> Input {
        chain(x, z)
    }
}

/// The backend's vector popcount on 8 lanes (SWAR in SSE2, PSHUFB nibble lookup on SSSE3/AVX2,
/// VPOPCNTQ with AVX-512 VPOPCNTDQ), then a horizontal add.
#[derive(Clone, Copy, Default)]
struct Vector;

impl Case for Vector {
    type Input = Input;
    const KERNEL: &'static str = "popcount";
    const VARIANT: &'static str = "vector";
    fn is_default<B: Backend>() -> bool {
        !matches!(B::ISA, Isa::Scalar | Isa::Sse2)
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, x: &Input) -> u64 {
        b.u64x8_hadd(b.u64x8_popcnt(b.u64x8_from_array(*x)))
    }
    fn reference(x: &Input) -> u64 {
        reference(x)
    }
    #[inline(always)]
    fn chain(x: &Input, z: u64) -> Input {
        chain(x, z)
    }
}

fn reference(x: &Input) -> u64 {
    x.iter()
        .map(|w| (0..64).filter(|i| w >> i & 1 == 1).count() as u64)
        .sum()
}

#[inline(always)]
fn chain(x: &Input, z: u64) -> Input {
    let mut y = *x;
    y[0] ^= z;
    y
}

/// Registers the variants on one seeded workload of every density (empty to full).
pub fn register(r: &mut Registry) {
    let mut rng = Rng::new(0x0b0b_0001);
    let w: Arc<[Input]> = (0..r.samples())
        .map(|_| std::array::from_fn(|_| rng.any_density()))
        .collect();
    r.add::<Scalar>(w.clone());
    r.add::<Vector>(w);
}
