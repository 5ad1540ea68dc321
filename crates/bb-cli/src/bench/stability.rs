//! Kernel `stability`: every `bb_reversi::stability` variant (Edax's method, Okuhara's *Reversi
//! bitboard techniques* "Get full lines") on positions from random play-outs.

use super::Register;
use bb_reversi::stability::Stability;
use std::sync::Arc;

/// One call.
pub type Input = (u64, u64);

/// `n` inputs from seeded random play-outs (bb_reversi::workload).
pub fn workload(n: usize) -> Arc<[Input]> {
    let mut v = Vec::with_capacity(n);
    bb_reversi::workload::random_positions(0x0b11_0008, |b| {
        v.push((b.p, b.o));
        v.len() < n
    });
    v.into()
}

/// Registers every variant on one workload.
pub fn register(r: &mut impl Register) {
    super::kernel::register::<Stability, false>(r, workload(r.samples()));
}
