//! Kernel `last_flip_count`: every `bb_reversi::last_flip` variant (seed 002 "Count Last Flip") on positions with one empty square from random play-outs.

use super::{Case, Register};
use bb_core::{Square, reference};
use bb_reversi::last_flip::{LastFlipVariant, LastFlipVisitor, default_name, for_each_variant};
use bb_simd::Backend;
use std::marker::PhantomData;
use std::sync::Arc;

/// One call.
pub type Input = (Square, u64);

/// The case of variant `V`.
#[derive(Clone, Copy, Debug, Default)]
pub struct LastFlipCase<V>(PhantomData<V>);

impl<V: LastFlipVariant + Send + Sync> Case for LastFlipCase<V> {
    type Input = Input;
    const KERNEL: &'static str = "last_flip_count";
    const VARIANT: &'static str = V::NAME;
    fn supported<B: Backend>() -> bool {
        V::supported::<B>()
    }
    fn is_default<B: Backend>() -> bool {
        default_name(B::ISA) == V::NAME
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, &(sq, p): &Input) -> u64 {
        u64::from(V::count(b, sq, p))
    }
    fn reference(&(sq, p): &Input) -> u64 {
        u64::from(reference::count_last_flip(sq, p))
    }
    #[inline(always)]
    fn chain(&(sq, p): &Input, z: u64) -> Input {
        (sq, p ^ z)
    }
}

/// `n` inputs from seeded random play-outs (bb_reversi::workload).
pub fn workload(n: usize) -> Arc<[Input]> {
    let mut v = Vec::with_capacity(n);
    bb_reversi::workload::random_positions(0x0b11_0006, |b| {
        let empty = !(b.p | b.o);
        if empty.count_ones() == 1 {
            v.push((
                Square::new(empty.trailing_zeros() as u8).expect("square"),
                b.p,
            ));
        }
        v.len() < n
    });
    v.into()
}

struct Visit<'a, R>(&'a mut R, Arc<[Input]>);

impl<R: Register> LastFlipVisitor for Visit<'_, R> {
    fn visit<V: LastFlipVariant>(&mut self, _: V) {
        self.0.add::<LastFlipCase<V>>(self.1.clone());
    }
}

/// Registers every variant on one workload.
pub fn register(r: &mut impl Register) {
    let w = workload(r.samples());
    for_each_variant(&mut Visit(r, w));
}
