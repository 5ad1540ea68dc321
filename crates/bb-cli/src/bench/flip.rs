//! Kernel `flip`: every `FlipVariant` of `bb_reversi::flip` (Okuhara's *Reversi bitboard
//! techniques*, "Flip - 返る石を求める", "Flip AVX2", "Flip neon") on (position, legal move) samples from
//! seeded uniformly random play-outs from the start position (the Edax anchor's workload).

use super::Register;
use bb_core::Square;
use bb_reversi::flip::Flip;
use bb_reversi::workload;
use std::sync::Arc;

/// One call: the move square, the player to move, the opponent.
pub type Input = (Square, u64, u64);

/// Minimum workload size: at least a million samples, as the anchor measured.
pub const MIN_SAMPLES: usize = 1 << 20;

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

/// Registers every flip variant on one workload.
pub fn register(r: &mut impl Register) {
    super::kernel::register::<Flip, true>(r, workload(r.samples()));
}
