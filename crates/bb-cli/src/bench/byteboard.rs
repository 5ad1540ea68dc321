//! Kernels `byteboard_play` (one move on a [`Byteboard`] with the incremental attack-table
//! update, seed 003) and `byteboard_recompute` (the same move on the mailbox, then both tables
//! rebuilt from scratch: `vector` with the backend's `add_attacks` per piece, `scalar` with ray
//! walkers). Inputs: positions and one legal move each, from seeded random games.

use super::{Case, Register};
use bb_chess::byteboard::Byteboard;
use bb_chess::{Move, Position};
use bb_core::rng::Rng;
use bb_simd::Backend;
use std::sync::Arc;

/// A position and a legal move in it.
pub type Input = (Byteboard, Move);

fn reference(&(bb, mv): &Input) -> u64 {
    let mut r = bb;
    r.play_mailbox(mv);
    r.recompute_scalar();
    r.table_hash()
}

/// `byteboard_play`: `Byteboard::play` (incremental update).
#[derive(Clone, Copy, Debug, Default)]
pub struct Incremental;

impl Case for Incremental {
    type Input = Input;
    const KERNEL: &'static str = "byteboard_play";
    const VARIANT: &'static str = "incremental";
    fn is_default<B: Backend>() -> bool {
        true
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, &(bb, mv): &Input) -> u64 {
        let mut x = bb;
        x.play(b, mv);
        x.table_hash()
    }
    fn reference(x: &Input) -> u64 {
        reference(x)
    }
    #[inline(always)]
    fn chain(&(bb, mv): &Input, z: u64) -> Input {
        let mut x = bb;
        x.xor_tables(z as u16);
        (x, mv)
    }
}

/// `byteboard_recompute`: the move on the mailbox, then the tables from scratch; `K` = 0 for the
/// vector `add_attacks` per piece, 1 for the scalar ray walkers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Recompute<const K: u8>;

impl<const K: u8> Case for Recompute<K> {
    type Input = Input;
    const KERNEL: &'static str = "byteboard_recompute";
    const VARIANT: &'static str = ["vector", "scalar"][K as usize];
    fn is_default<B: Backend>() -> bool {
        K == 0
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, &(bb, mv): &Input) -> u64 {
        let mut x = bb;
        x.play_mailbox(mv);
        if K == 0 {
            x.recompute(b);
        } else {
            x.recompute_scalar();
        }
        x.table_hash()
    }
    fn reference(x: &Input) -> u64 {
        reference(x)
    }
    #[inline(always)]
    fn chain(&(bb, mv): &Input, z: u64) -> Input {
        let mut x = bb;
        x.xor_tables(z as u16);
        (x, mv)
    }
}

/// `n` (position, move) pairs from seeded random games from the start position.
pub fn workload(n: usize) -> Arc<[Input]> {
    let mut rng = Rng::new(0xb0a4_d0b0);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pos = Position::startpos();
        for _ in 0..(20 + rng.below(100)) {
            let list = pos.legal_moves();
            if list.is_empty() || out.len() >= n {
                break;
            }
            let mv = list[rng.below(list.len() as u64) as usize];
            if let Ok(bb) = Byteboard::from_position(&pos) {
                out.push((bb, mv));
            }
            pos = pos.play(mv);
        }
    }
    out.into()
}

/// Registers the three cases on one workload.
pub fn register(r: &mut impl Register) {
    let w = workload(r.samples());
    r.add::<Incremental>(w.clone());
    r.add::<Recompute<0>>(w.clone());
    r.add::<Recompute<1>>(w);
}
