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
use bb_core::meter::{Meter, Unmetered};
use bb_simd::{Backend, WithBackend, specialize};
use core::fmt;

mod limited;
#[cfg(feature = "std")]
mod threads;

/// The limits of [`perft_limited`] (node limit, stop flag, threads, time).
pub use bb_core::meter::Limits;
#[cfg(target_has_atomic = "64")]
pub use limited::perft_limited;
#[cfg(feature = "std")]
pub use threads::{divide_threads, perft_threads};

/// Remaining depth of the sub-trees a [`Meter`] hears about: a few hundred to a few thousand
/// leaves each (a microsecond or two), so a tick costs a fraction of a percent of the work it
/// reports and a limit is seen within microseconds.
pub(crate) const TICK_DEPTH: u32 = 2;

/// Perft of `pos` to `depth` with backend `b`, bulk counting at the last ply.
#[must_use]
pub fn perft_with<B: Backend>(b: B, pos: &Position, depth: u32) -> u64 {
    rec(b, pos, depth, &mut Unmetered)
}

/// [`perft_with`] reporting to `meter` every sub-tree two plies above the leaves, and stopping
/// when it halts: the count returned is then partial (the leaves counted before the stop).
/// For a count with a node limit, a stop flag or a clock on threads of the caller's (each with
/// a [`Limiter`](bb_core::meter::Limiter) on one shared [`Tally`](bb_core::meter::Tally));
/// [`perft_limited`] does it all.
///
/// ```
/// use bb_chess::{Position, perft::perft_metered_with, bb_core::meter::{Limiter, Meter, Tally}};
/// let tally = Tally::new();
/// let mut meter = Limiter::new(&tally, 100_000);
/// let pos = Position::startpos();
/// let partial = bb_chess::dispatch!(|b| perft_metered_with(b, &pos, 6, &mut meter));
/// assert!(meter.halted() && partial >= 100_000 && partial < 200_000);
/// ```
pub fn perft_metered_with<B: Backend, M: Meter>(
    b: B,
    pos: &Position,
    depth: u32,
    meter: &mut M,
) -> u64 {
    rec(b, pos, depth, meter)
}

specialize! {
    /// One level of the recursion, written with [`specialize!`] so that every level runs with
    /// the backend's instructions (a plain recursive call would leave the `#[target_feature]`
    /// context that `dispatch` opened, and lose POPCNT/PEXT inlining below the root). A
    /// metered count ticks its meter once per sub-tree `TICK_DEPTH` plies above the leaves
    /// and counts those sub-trees unmetered (the code of an unlimited count).
    fn rec<B: Backend, M: Meter>(b: B, pos: &Position, depth: u32, meter: &mut M) -> u64 {
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
                if M::ACTIVE {
                    meter.tick(n);
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
                    n += rec(b, &child, depth - 1, meter);
                    if M::ACTIVE && meter.halted() {
                        break;
                    }
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
