//! Kernel `last_flip_count`: every `bb_reversi::last_flip` variant (Okuhara's *Reversi bitboard
//! techniques* "Count Last Flip") on positions with one empty square from random play-outs.

use super::Register;
use bb_core::Square;
use bb_reversi::last_flip::LastFlipCount;
use std::sync::Arc;

/// One call.
pub type Input = (Square, u64);

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

/// Registers every variant on one workload.
pub fn register(r: &mut impl Register) {
    super::kernel::register::<LastFlipCount, false>(r, workload(r.samples()));
}
