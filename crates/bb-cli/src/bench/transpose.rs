//! Kernel `transpose`: mailbox of [`Place`] bytes -> eight bitboards (87flowers' *mailbox/bitboard
//! transposition*), every [`TransposeVariant`], on the mailboxes of seeded random game positions.

use super::{Case, Register};
use bb_chess::Position;
use bb_chess::byteboard::transpose::{self, TransposeVariant};
use bb_chess::byteboard::{Byteboard, Place};
use bb_core::rng::Rng;
use bb_simd::Backend;
use std::sync::Arc;

/// Raw mailbox bytes.
pub type Input = [u8; 64];

const VARIANTS: [TransposeVariant; 3] = TransposeVariant::ALL;

fn fold(b: &transpose::Bitboards) -> u64 {
    b.0.iter().fold(0u64, |h, &x| h.rotate_left(9) ^ x)
}

/// Variant `K` of [`TransposeVariant::ALL`].
#[derive(Clone, Copy, Debug, Default)]
pub struct TransposeCase<const K: usize>;

impl<const K: usize> Case for TransposeCase<K> {
    type Input = Input;
    const KERNEL: &'static str = "transpose";
    const VARIANT: &'static str = VARIANTS[K].name();
    fn supported<B: Backend>() -> bool {
        match VARIANTS[K] {
            TransposeVariant::Scalar => true,
            TransposeVariant::Movemask => B::NATIVE_BYTE_SHUFFLE,
            TransposeVariant::Gfni => B::HAS_GFNI && B::HAS_VBMI,
        }
    }
    fn is_default<B: Backend>() -> bool {
        TransposeVariant::default_for::<B>() == VARIANTS[K]
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, x: &Input) -> u64 {
        let m: &[Place; 64] = &x.map(Place);
        fold(&transpose::to_bitboards_with(b, m, VARIANTS[K]))
    }
    fn reference(x: &Input) -> u64 {
        fold(&transpose::to_bitboards_scalar(x))
    }
    #[inline(always)]
    fn chain(x: &Input, z: u64) -> Input {
        let z = z as u8;
        x.map(|p| p ^ z)
    }
}

/// Mailboxes of `n` positions from seeded random games.
pub fn workload(n: usize) -> Arc<[Input]> {
    let mut rng = Rng::new(0x7a45_9053);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pos = Position::startpos();
        for _ in 0..(10 + rng.below(120)) {
            let list = pos.legal_moves();
            if list.is_empty() || out.len() >= n {
                break;
            }
            pos = pos.play(list[rng.below(list.len() as u64) as usize]);
            if let Ok(bb) = Byteboard::from_position(&pos) {
                out.push(*bb.raw_mailbox());
            }
        }
    }
    out.into()
}

/// Registers every variant.
pub fn register(r: &mut impl Register) {
    let w = workload(r.samples());
    r.add::<TransposeCase<0>>(w.clone());
    r.add::<TransposeCase<1>>(w.clone());
    r.add::<TransposeCase<2>>(w);
}
