//! Kernel `full_lines`: every `bb_reversi::full_lines` variant (seed 002 "Get full lines") on occupancies from random play-outs.

use super::{Case, Register};
use bb_core::reference;
use bb_reversi::full_lines::{FullLinesVariant, FullLinesVisitor, default_name, for_each_variant};
use bb_simd::Backend;
use std::marker::PhantomData;
use std::sync::Arc;

/// One call.
pub type Input = u64;

/// The case of variant `V`.
#[derive(Clone, Copy, Debug, Default)]
pub struct FullLinesCase<V>(PhantomData<V>);

impl<V: FullLinesVariant + Send + Sync> Case for FullLinesCase<V> {
    type Input = Input;
    const KERNEL: &'static str = "full_lines";
    const VARIANT: &'static str = V::NAME;
    fn supported<B: Backend>() -> bool {
        V::supported::<B>()
    }
    fn is_default<B: Backend>() -> bool {
        default_name(B::ISA) == V::NAME
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, &d: &Input) -> u64 {
        let [h, v, d9, d7] = V::full_lines(b, d);
        h ^ v.rotate_left(16) ^ d9.rotate_left(32) ^ d7.rotate_left(48)
    }
    fn reference(&d: &Input) -> u64 {
        reference::full_lines_h(d)
            ^ reference::full_lines_v(d).rotate_left(16)
            ^ reference::full_lines_d9(d).rotate_left(32)
            ^ reference::full_lines_d7(d).rotate_left(48)
    }
    #[inline(always)]
    fn chain(&d: &Input, z: u64) -> Input {
        d ^ z
    }
}

/// `n` inputs from seeded random play-outs (bb_reversi::workload).
pub fn workload(n: usize) -> Arc<[Input]> {
    let mut v = Vec::with_capacity(n);
    bb_reversi::workload::random_positions(0x0b11_0007, |b| {
        v.push(b.p | b.o);
        v.len() < n
    });
    v.into()
}

struct Visit<'a, R>(&'a mut R, Arc<[Input]>);

impl<R: Register> FullLinesVisitor for Visit<'_, R> {
    fn visit<V: FullLinesVariant>(&mut self, _: V) {
        self.0.add::<FullLinesCase<V>>(self.1.clone());
    }
}

/// Registers every variant on one workload.
pub fn register(r: &mut impl Register) {
    let w = workload(r.samples());
    for_each_variant(&mut Visit(r, w));
}
