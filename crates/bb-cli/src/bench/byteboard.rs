//! Kernels `byteboard_play` (one move on a [`Byteboard`] with the incremental attack-table
//! update, 87flowers' *incrementally updated attack tables*) and `byteboard_recompute` (the same
//! move on the mailbox, then both tables rebuilt from scratch: `vector` with the backend's
//! `add_attacks` per piece, `scalar` with ray walkers), and `byteboard_overhead/copy_digest`: only
//! the board copy and the table digest that the other cases include, so that the update alone can
//! be read off by subtraction. Inputs: positions and one legal move each, from seeded random games.

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

/// One move on a [`Byteboard`], by method `K`: 0 `byteboard_play/incremental`
/// (`Byteboard::play`), 1 `byteboard_recompute/vector` (the move on the mailbox, then the tables
/// from scratch with the vector `add_attacks` per piece), 2 `byteboard_recompute/scalar` (the
/// same with the scalar ray walkers), 3 `byteboard_overhead/copy_digest` (neither: the copy and
/// the digest the others include).
#[derive(Clone, Copy, Debug, Default)]
pub struct PlayCase<const K: u8>;

impl<const K: u8> Case for PlayCase<K> {
    type Input = Input;
    const KERNEL: &'static str = [
        "byteboard_play",
        "byteboard_recompute",
        "byteboard_recompute",
        "byteboard_overhead",
    ][K as usize];
    const VARIANT: &'static str = ["incremental", "vector", "scalar", "copy_digest"][K as usize];
    fn is_default<B: Backend>() -> bool {
        K != 2
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, &(bb, mv): &Input) -> u64 {
        let mut x = bb;
        match K {
            0 => x.play(b, mv),
            1 => {
                x.play_mailbox(mv);
                x.recompute(b);
            }
            3 => {}
            _ => {
                x.play_mailbox(mv);
                x.recompute_scalar();
            }
        }
        x.table_hash()
    }
    fn reference(x: &Input) -> u64 {
        if K == 3 {
            x.0.table_hash()
        } else {
            reference(x)
        }
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

/// Registers the four cases on one workload.
pub fn register(r: &mut impl Register) {
    let w = workload(r.samples());
    r.add::<PlayCase<0>>(w.clone());
    r.add::<PlayCase<1>>(w.clone());
    r.add::<PlayCase<2>>(w.clone());
    r.add::<PlayCase<3>>(w);
}
