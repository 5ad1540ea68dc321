//! Kernel `flip`: every [`FlipVariant`] of `bb_reversi::flip` (seed 002, "Flip - 返る石を求める",
//! "Flip AVX2", "Flip neon") on (position, legal move) samples from seeded uniformly random
//! play-outs from the start position (the Edax anchor's workload).

use super::{Case, Register};
use bb_core::{Square, reference};
use bb_reversi::flip::{FlipVariant, FlipVisitor, default_name, for_each_variant};
use bb_reversi::workload;
use bb_simd::Backend;
use std::marker::PhantomData;
use std::sync::Arc;

/// One call: the move square, the player to move, the opponent.
pub type Input = (Square, u64, u64);

/// Minimum workload size: at least a million samples, as the anchor measured.
pub const MIN_SAMPLES: usize = 1 << 20;

/// The case of variant `V`.
#[derive(Clone, Copy, Debug, Default)]
pub struct FlipCase<V>(PhantomData<V>);

impl<V: FlipVariant + Send + Sync> Case for FlipCase<V> {
    type Input = Input;
    const KERNEL: &'static str = "flip";
    const VARIANT: &'static str = V::NAME;
    const STREAM: bool = true;
    fn supported<B: Backend>() -> bool {
        V::supported::<B>()
    }
    fn is_default<B: Backend>() -> bool {
        default_name(B::ISA) == V::NAME
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, &(sq, p, o): &Input) -> u64 {
        V::flip(b, sq, p, o)
    }
    fn reference(&(sq, p, o): &Input) -> u64 {
        reference::flip(sq, p, o)
    }
    #[inline(always)]
    fn chain(&(sq, p, o): &Input, z: u64) -> Input {
        (sq, p ^ z, o ^ z)
    }
}

/// `n.max(MIN_SAMPLES)` samples from random games (seed 0x0f11_9002); a request below the default
/// size (`--quick`, tests) is honoured as it is, since it asks for a fast run, not the anchor's.
pub fn workload(n: usize) -> Arc<[Input]> {
    let n = if n < super::Settings::DEFAULT.samples {
        n
    } else {
        n.max(MIN_SAMPLES)
    };
    let mut v = Vec::with_capacity(n);
    workload::samples(0x0f11_9002, |s| {
        v.push((s.sq, s.p, s.o));
        v.len() < n
    });
    v.into()
}

struct Visit<'a, R>(&'a mut R, Arc<[Input]>);

impl<R: Register> FlipVisitor for Visit<'_, R> {
    fn visit<V: FlipVariant>(&mut self, _: V) {
        self.0.add::<FlipCase<V>>(self.1.clone());
    }
}

/// Registers every flip variant on one workload.
pub fn register(r: &mut impl Register) {
    let w = workload(r.samples());
    for_each_variant(&mut Visit(r, w));
}
