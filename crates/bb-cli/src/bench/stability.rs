//! Kernel `stability`: every `bb_reversi::stability` variant (Edax's method, seed 002 "Get full lines") on positions from random play-outs.

use super::{Case, Register};
use bb_reversi::stability::{StabilityVariant, StabilityVisitor, default_name, for_each_variant};
use bb_simd::Backend;
use bb_simd::Scalar;
use std::marker::PhantomData;
use std::sync::Arc;

/// One call.
pub type Input = (u64, u64);

/// The case of variant `V`.
#[derive(Clone, Copy, Debug, Default)]
pub struct StabilityCase<V>(PhantomData<V>);

impl<V: StabilityVariant + Send + Sync> Case for StabilityCase<V> {
    type Input = Input;
    const KERNEL: &'static str = "stability";
    const VARIANT: &'static str = V::NAME;
    fn supported<B: Backend>() -> bool {
        V::supported::<B>()
    }
    fn is_default<B: Backend>() -> bool {
        default_name(B::ISA) == V::NAME
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, &(p, o): &Input) -> u64 {
        V::stability(b, p, o)
    }
    fn reference(&(p, o): &Input) -> u64 {
        bb_reversi::stability::ScalarSpread::stability(Scalar, p, o)
    }
    #[inline(always)]
    fn chain(&(p, o): &Input, z: u64) -> Input {
        (p ^ z, o ^ z)
    }
}

/// `n` inputs from seeded random play-outs (bb_reversi::workload).
pub fn workload(n: usize) -> Arc<[Input]> {
    let mut v = Vec::with_capacity(n);
    bb_reversi::workload::random_positions(0x0b11_0008, |b| {
        v.push((b.p, b.o));
        v.len() < n
    });
    v.into()
}

struct Visit<'a, R>(&'a mut R, Arc<[Input]>);

impl<R: Register> StabilityVisitor for Visit<'_, R> {
    fn visit<V: StabilityVariant>(&mut self, _: V) {
        self.0.add::<StabilityCase<V>>(self.1.clone());
    }
}

/// Registers every variant on one workload.
pub fn register(r: &mut impl Register) {
    let w = workload(r.samples());
    for_each_variant(&mut Visit(r, w));
}
