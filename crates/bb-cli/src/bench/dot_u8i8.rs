//! Kernel `dot_u8i8`: the dot product of 64 unsigned byte features with 64 signed byte weights
//! (seed 001, "Byte-wise Dot-Product"). Variants: `exact` (i32, every backend's default) and
//! `sat16` (the seed's PMADDUBSW/PADDSW/PHADDSW sequence with 16-bit saturation).

use super::{Case, Registry};
use bb_core::rng::Rng;
use bb_simd::{Backend, emu};
use std::sync::Arc;

/// Features and weights of one call.
#[derive(Clone, Copy, Debug)]
struct Input {
    features: [u8; 64],
    weights: [i8; 64],
}

#[inline(always)]
fn chain(x: &Input, z: u64) -> Input {
    let mut y = *x;
    y.features[0] ^= z as u8;
    y
}

/// Exact in i32.
#[derive(Clone, Copy, Default)]
struct Exact;

impl Case for Exact {
    type Input = Input;
    const KERNEL: &'static str = "dot_u8i8";
    const VARIANT: &'static str = "exact";
    fn is_default<B: Backend>() -> bool {
        true
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, x: &Input) -> u64 {
        b.dot_u8i8(&x.features, &x.weights) as u32 as u64
    }
    fn reference(x: &Input) -> u64 {
        let exact: i32 = x
            .features
            .iter()
            .zip(&x.weights)
            .map(|(&f, &w)| i32::from(f) * i32::from(w))
            .sum();
        exact as u32 as u64
    }
    #[inline(always)]
    fn chain(x: &Input, z: u64) -> Input {
        chain(x, z)
    }
}

/// The seed's 16-bit saturating sequence, bit-exact on every backend.
#[derive(Clone, Copy, Default)]
struct Sat16;

impl Case for Sat16 {
    type Input = Input;
    const KERNEL: &'static str = "dot_u8i8";
    const VARIANT: &'static str = "sat16";
    fn is_default<B: Backend>() -> bool {
        false
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, x: &Input) -> u64 {
        b.dot_u8i8_sat16(&x.features, &x.weights) as u32 as u64
    }
    fn reference(x: &Input) -> u64 {
        emu::dot_u8i8_sat16(&x.features, &x.weights) as u32 as u64
    }
    #[inline(always)]
    fn chain(x: &Input, z: u64) -> Input {
        chain(x, z)
    }
}

/// Registers the variants on one seeded workload: features and weights of every magnitude,
/// a quarter of them extreme (255 / -128 / 127) so that the saturating variant saturates.
pub fn register(r: &mut Registry) {
    let mut rng = Rng::new(0x0b0b_0002);
    let w: Arc<[Input]> = (0..r.samples())
        .map(|i| {
            let extreme = i % 4 == 0;
            Input {
                features: std::array::from_fn(|_| if extreme { 255 } else { rng.next_u64() as u8 }),
                weights: std::array::from_fn(|_| {
                    let v = rng.next_u64() as i8;
                    if extreme {
                        if v < 0 { -128 } else { 127 }
                    } else {
                        v
                    }
                }),
            }
        })
        .collect();
    r.add::<Exact>(w.clone());
    r.add::<Sat16>(w);
}
