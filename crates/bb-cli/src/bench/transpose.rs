//! Kernel `transpose`: mailbox of `Place` bytes -> eight bitboards (87flowers' *mailbox/bitboard
//! transposition*), every `TransposeVariant`, on the mailboxes of seeded random game positions.

use super::Register;
use bb_chess::Position;
use bb_chess::byteboard::Byteboard;
use bb_chess::byteboard::transpose::Transpose;
use bb_core::rng::Rng;
use std::sync::Arc;

/// Raw mailbox bytes.
pub type Input = [u8; 64];

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
    super::kernel::register::<Transpose, false>(r, workload(r.samples()));
}
