//! Perft on several threads: the root moves handed out one at a time.

use super::perft;
use crate::movegen::MoveList;
use crate::moves::Move;
use crate::position::Position;

/// Perft counts per root move, computed on `threads` threads (root moves handed out one at a
/// time); in generation order.
#[cfg(feature = "std")]
#[must_use]
pub fn divide_threads(pos: &Position, depth: u32, threads: usize) -> std::vec::Vec<(Move, u64)> {
    use std::vec::Vec;
    if depth == 0 {
        return Vec::new();
    }
    let list = MoveList::legal(pos);
    let moves: &[Move] = &list;
    let mut counts = std::vec![0u64; moves.len()];
    let done = bb_core::workers::share(threads, moves, Vec::new, |mine, i, &m| {
        mine.push((i, perft(&pos.play(m), depth - 1)));
        true
    });
    for (i, n) in done.into_iter().flatten() {
        if let Some(c) = counts.get_mut(i) {
            *c = n;
        }
    }
    moves.iter().copied().zip(counts).collect()
}

/// Perft on `threads` threads (root moves split across threads).
///
/// ```
/// use bb_chess::{perft, Position};
/// assert_eq!(perft::perft_threads(&Position::startpos(), 4, 2), 197_281);
/// ```
#[cfg(feature = "std")]
#[must_use]
pub fn perft_threads(pos: &Position, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads <= 1 {
        return perft(pos, depth);
    }
    divide_threads(pos, depth, threads)
        .iter()
        .map(|x| x.1)
        .sum()
}
