//! Perft: the number of leaves of the legal move tree, with bulk counting at the last ply, and
//! `divide` in Stockfish's `go perft` format. Multi-threaded forms (root moves split across
//! threads) need the `std` feature.
//!
//! ```
//! use bb_chess::{perft, Position};
//! let pos = Position::startpos();
//! assert_eq!(perft::perft(&pos, 3), 8902);
//! let mut out = String::new();
//! let total = perft::divide(&pos, 1, &mut out).unwrap();
//! assert_eq!(total, 20);
//! assert!(out.contains("e2e4: 1\n") && out.ends_with("\nNodes searched: 20\n"));
//! ```

use crate::movegen::MoveList;
use crate::moves::Move;
use crate::position::Position;
use bb_simd::{Backend, WithBackend, specialize};
use core::fmt;

specialize! {
    /// Perft of `pos` to `depth` with backend `b`, bulk counting at the last ply.
    ///
    /// Written with [`specialize!`], so every recursion level runs with the backend's
    /// instructions (a plain recursive call would leave the `#[target_feature]` context that
    /// `dispatch` opened, and lose POPCNT/PEXT inlining below the root).
    #[must_use]
    pub fn perft_with<B: Backend>(b: B, pos: &Position, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => pos.count_legal_with(b),
            // The children are only counted: build just what the generator reads.
            2 => {
                let mut list = MoveList::new();
                pos.legal_moves_with(b, &mut list);
                let mut n = 0;
                for &m in list.iter() {
                    n += pos.count_legal_after_with(b, m);
                }
                n
            }
            _ => {
                let mut list = MoveList::new();
                pos.legal_moves_with(b, &mut list);
                let mut n = 0;
                for &m in list.iter() {
                    // `play_in_place` is inlined here, with the backend's features; `play` is
                    // an out-of-line function compiled without them.
                    let mut child = *pos;
                    child.play_in_place(m);
                    n += perft_with(b, &child, depth - 1);
                }
                n
            }
        }
    }
}

impl Position {
    /// Perft of this position to `depth` on the best backend, one thread (bulk counting at the
    /// last ply; [`perft::perft_with`](perft_with) takes a token).
    ///
    /// ```
    /// use bb_chess::Position;
    /// assert_eq!(Position::startpos().perft(3), 8902);
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        bb_simd::auto!(|b| perft_with(b, self, depth))
    }
}

struct PerftOp<'a>(&'a Position, u32);

impl WithBackend for PerftOp<'_> {
    type Output = u64;
    fn run<B: Backend>(self, b: B) -> u64 {
        perft_with(b, self.0, self.1)
    }
}

/// Perft of `pos` to `depth`, single thread, on the best backend.
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    bb_simd::dispatch(PerftOp(pos, depth))
}

/// Calls `f(move, nodes)` for every legal root move, in generation order, and returns the total.
/// `depth` 0 counts 1 and calls nothing.
pub fn divide_each(pos: &Position, depth: u32, mut f: impl FnMut(Move, u64)) -> u64 {
    if depth == 0 {
        return 1;
    }
    let list = MoveList::legal(pos);
    let mut total = 0;
    for &m in list.iter() {
        let n = perft(&pos.play(m), depth - 1);
        f(m, n);
        total += n;
    }
    total
}

/// Writes Stockfish's `go perft` output (`e2e4: 13160` per root move, a blank line, then
/// `Nodes searched: N`) and returns the total.
pub fn divide(pos: &Position, depth: u32, out: &mut impl fmt::Write) -> Result<u64, fmt::Error> {
    let mut res = Ok(());
    let total = divide_each(pos, depth, |m, n| {
        if res.is_ok() {
            res = writeln!(out, "{}: {}", m.to_uci(pos), n);
        }
    });
    res?;
    writeln!(out, "\nNodes searched: {total}")?;
    Ok(total)
}

/// Perft counts per root move, computed on `threads` threads (root moves handed out one at a
/// time); in generation order.
#[cfg(feature = "std")]
#[must_use]
pub fn divide_threads(pos: &Position, depth: u32, threads: usize) -> std::vec::Vec<(Move, u64)> {
    use core::sync::atomic::{AtomicUsize, Ordering};
    use std::vec::Vec;
    if depth == 0 {
        return Vec::new();
    }
    let list = MoveList::legal(pos);
    let moves: &[Move] = &list;
    let next = AtomicUsize::new(0);
    let mut counts = std::vec![0u64; moves.len()];
    let threads = threads.clamp(1, moves.len().max(1));
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&m) = moves.get(i) else { break };
                        mine.push((i, perft(&pos.play(m), depth - 1)));
                    }
                    mine
                })
            })
            .collect();
        for h in handles {
            if let Ok(v) = h.join() {
                for (i, n) in v {
                    counts[i] = n;
                }
            }
        }
    });
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
