//! Kernels `rook`, `bishop`, `queen` (every [`SliderVariant`] of `bb_chess::sliders`) and
//! `setwise_rook`, `setwise_bishop`, `setwise_queen` (every [`SetwiseVariant`]), on samples
//! from seeded random positions (16..=32 pieces; the slider square is an occupied square).

use super::{Case, Register};
use bb_chess::setwise::{SetwiseVariant, SetwiseVisitor};
use bb_chess::sliders::{SliderVariant, SliderVisitor, default_name};
use bb_core::rng::Rng;
use bb_core::{Square, reference};
use bb_simd::Backend;
use std::marker::PhantomData;
use std::sync::Arc;

/// One slider call: square and occupancy. For set-wise kernels the square is unused and the
/// first word is the slider set.
pub type Input = (Square, u64, u64);

const ROOK: u8 = 0;
const BISHOP: u8 = 1;
const QUEEN: u8 = 2;

fn union(set: u64, f: impl Fn(Square) -> u64) -> u64 {
    Square::ALL
        .iter()
        .filter(|s| set & s.bit() != 0)
        .fold(0, |a, &s| a | f(s))
}

/// The case of slider variant `V` for piece kind `K` (0 rook, 1 bishop, 2 queen).
#[derive(Clone, Copy, Debug, Default)]
pub struct SliderCase<V, const K: u8>(PhantomData<fn() -> V>);

impl<V: SliderVariant, const K: u8> Case for SliderCase<V, K> {
    type Input = Input;
    const KERNEL: &'static str = ["rook", "bishop", "queen"][K as usize];
    const VARIANT: &'static str = V::NAME;
    fn supported<B: Backend>() -> bool {
        V::supported::<B>()
    }
    fn is_default<B: Backend>() -> bool {
        default_name::<B>() == V::NAME
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, &(sq, occ, _): &Input) -> u64 {
        match K {
            ROOK => V::rook(b, sq, occ),
            BISHOP => V::bishop(b, sq, occ),
            _ => V::queen(b, sq, occ),
        }
    }
    fn reference(&(sq, occ, _): &Input) -> u64 {
        match K {
            ROOK => reference::rook_attacks(sq, occ),
            BISHOP => reference::bishop_attacks(sq, occ),
            _ => reference::queen_attacks(sq, occ),
        }
    }
    #[inline(always)]
    fn chain(&(sq, occ, s): &Input, z: u64) -> Input {
        (sq, occ ^ z, s)
    }
}

/// The case of set-wise variant `V` for piece kind `K`; input `(_, occupied, sliders)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct SetwiseCase<V, const K: u8>(PhantomData<fn() -> V>);

impl<V: SetwiseVariant, const K: u8> Case for SetwiseCase<V, K> {
    type Input = Input;
    const KERNEL: &'static str = ["setwise_rook", "setwise_bishop", "setwise_queen"][K as usize];
    const VARIANT: &'static str = V::NAME;
    fn supported<B: Backend>() -> bool {
        V::supported::<B>()
    }
    fn is_default<B: Backend>() -> bool {
        match K {
            QUEEN => V::NAME == bb_chess::setwise::default_queens_name(B::ISA),
            _ => V::NAME == bb_chess::setwise::KoggeStone::NAME,
        }
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, &(_, occ, s): &Input) -> u64 {
        match K {
            ROOK => V::rooks(b, s, occ),
            BISHOP => V::bishops(b, s, occ),
            _ => V::queens(b, s, occ),
        }
    }
    fn reference(&(_, occ, s): &Input) -> u64 {
        let o = occ | s;
        match K {
            ROOK => union(s, |q| reference::rook_attacks(q, o)),
            BISHOP => union(s, |q| reference::bishop_attacks(q, o)),
            _ => union(s, |q| reference::queen_attacks(q, o)),
        }
    }
    #[inline(always)]
    fn chain(&(sq, occ, s): &Input, z: u64) -> Input {
        (sq, occ ^ z, s)
    }
}

/// `n` samples (seed 0x5eed_51de): an occupied square, the occupancy, and a subset of the
/// occupied squares as slider set.
pub fn workload(n: usize) -> Arc<[Input]> {
    let mut rng = Rng::new(0x5eed_51de);
    let mut v = Vec::with_capacity(n);
    while v.len() < n {
        let pieces = 16 + rng.below(17);
        let mut occ = 0u64;
        while u64::from(occ.count_ones()) < pieces {
            occ |= 1 << rng.below(64);
        }
        let mut o = occ;
        for _ in 0..rng.below(u64::from(occ.count_ones())) {
            o &= o - 1;
        }
        let sq = Square::new(o.trailing_zeros() as u8).expect("occupied square");
        v.push((sq, occ, occ & rng.next_u64() & rng.next_u64()));
    }
    v.into()
}

struct Sliders<'a, R>(&'a mut R, Arc<[Input]>);

impl<R: Register> SliderVisitor for Sliders<'_, R> {
    fn visit<V: SliderVariant>(&mut self, _: V) {
        self.0.add::<SliderCase<V, ROOK>>(self.1.clone());
        self.0.add::<SliderCase<V, BISHOP>>(self.1.clone());
        self.0.add::<SliderCase<V, QUEEN>>(self.1.clone());
    }
}

struct Setwise<'a, R>(&'a mut R, Arc<[Input]>);

impl<R: Register> SetwiseVisitor for Setwise<'_, R> {
    fn visit<V: SetwiseVariant>(&mut self, _: V) {
        self.0.add::<SetwiseCase<V, ROOK>>(self.1.clone());
        self.0.add::<SetwiseCase<V, BISHOP>>(self.1.clone());
        self.0.add::<SetwiseCase<V, QUEEN>>(self.1.clone());
    }
}

/// Registers every slider and set-wise variant on one workload.
pub fn register(r: &mut impl Register) {
    let w = workload(r.samples());
    bb_chess::sliders::for_each_variant(&mut Sliders(r, w.clone()));
    bb_chess::setwise::for_each_variant(&mut Setwise(r, w));
}
