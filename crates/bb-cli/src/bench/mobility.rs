//! Kernel `mobility`: every `bb_reversi::mobility` variant (seed 002 "Mobility") on positions from random play-outs.

use super::{Case, Register};
use bb_core::reference;
use bb_reversi::mobility::{MobilityVariant, MobilityVisitor, default_name, for_each_variant};
use bb_simd::Backend;
use std::marker::PhantomData;
use std::sync::Arc;

/// One call.
pub type Input = (u64, u64);

/// The case of variant `V`.
#[derive(Clone, Copy, Debug, Default)]
pub struct MobilityCase<V>(PhantomData<V>);

impl<V: MobilityVariant + Send + Sync> Case for MobilityCase<V> {
    type Input = Input;
    const KERNEL: &'static str = "mobility";
    const VARIANT: &'static str = V::NAME;
    fn supported<B: Backend>() -> bool {
        V::supported::<B>()
    }
    fn is_default<B: Backend>() -> bool {
        default_name(B::ISA) == V::NAME
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, &(p, o): &Input) -> u64 {
        V::mobility(b, p, o)
    }
    fn reference(&(p, o): &Input) -> u64 {
        reference::mobility(p, o)
    }
    #[inline(always)]
    fn chain(&(p, o): &Input, z: u64) -> Input {
        (p ^ z, o ^ z)
    }
}

/// `n` inputs from seeded random play-outs (bb_reversi::workload).
pub fn workload(n: usize) -> Arc<[Input]> {
    let mut v = Vec::with_capacity(n);
    bb_reversi::workload::random_positions(0x0b11_0005, |b| {
        v.push((b.p, b.o));
        v.len() < n
    });
    v.into()
}

struct Visit<'a, R>(&'a mut R, Arc<[Input]>);

impl<R: Register> MobilityVisitor for Visit<'_, R> {
    fn visit<V: MobilityVariant>(&mut self, _: V) {
        self.0.add::<MobilityCase<V>>(self.1.clone());
    }
}

/// Registers every variant on one workload.
pub fn register(r: &mut impl Register) {
    let w = workload(r.samples());
    for_each_variant(&mut Visit(r, w));
}
