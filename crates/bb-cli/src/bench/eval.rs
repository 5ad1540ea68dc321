//! Kernels `eval_set` and `eval_update`: every `bb_reversi::eval` variant (Edax's pattern
//! features) computed from a board, and updated after a move, on seeded random games.

use super::Register;
use bb_reversi::Board;
use bb_reversi::eval::{FeatureSet, FeatureUpdate, Mover, UpdateInput, reference};
use std::sync::Arc;

/// `n` positions from seeded random play-outs (bb_reversi::workload).
pub fn set_workload(n: usize) -> Arc<[(u64, u64)]> {
    let mut v = Vec::with_capacity(n);
    bb_reversi::workload::random_positions(0x0e7a_0001, |b| {
        v.push((b.p, b.o));
        v.len() < n
    });
    v.into()
}

/// Every legal move of the random positions, with the mover's digit from the parity as in a
/// search (Edax's model).
pub fn update_workload(n: usize) -> Arc<[UpdateInput]> {
    let mut v = Vec::with_capacity(n);
    bb_reversi::workload::samples(0x0e7a_0002, |s| {
        let board = Board { p: s.p, o: s.o };
        let mover = Mover::for_empties((!(s.p | s.o)).count_ones());
        let (p, o) = match mover {
            Mover::Zero => (s.p, s.o),
            Mover::One => (s.o, s.p),
        };
        v.push(UpdateInput {
            features: reference::features(p, o),
            sq: s.sq,
            flipped: board.flip(s.sq),
            mover,
            p,
            o,
        });
        v.len() < n
    });
    v.into()
}

/// Registers every variant of both kernels.
pub fn register(r: &mut impl Register) {
    super::kernel::register::<FeatureSet, false>(r, set_workload(r.samples()));
    super::kernel::register::<FeatureUpdate, false>(r, update_workload(r.samples()));
}
