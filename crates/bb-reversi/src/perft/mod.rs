//! Othello perft from any position in the three conventions of the project's test data:
//!
//! - [`Convention::A`]: a pass is a ply, and a finished game is a leaf at whatever depth it
//!   ends (Egaroucid's and Edax's count).
//! - [`Convention::B`]: a pass is a ply, a finished game before the last ply is not a leaf
//!   (OEIS A124004).
//! - [`Convention::C`]: passes are not plies (a forced pass is played for free); a finished
//!   game is a leaf.
//!
//! The last ply is bulk-counted (the popcount of the mobility), and the last two plies are one
//! loop (a call per leaf's parent saved) that plays four children side by side. Above them, each
//! move loop plays the next child and finds its moves before it counts the current child's
//! sub-tree, so that chain overlaps the work below. [`perft_with`]
//! takes a token (its recursion is [`specialize!`]d, so every level runs with the backend's
//! instructions); [`perft`] dispatches once.
//!
//! Every function here checks its board first: an overlapping board (see
//! [Validity](crate::Board#validity)) is a [`BoardError`], not a count.
//!
//! ```
//! use bb_reversi::{Board, perft::{perft, Convention}};
//! assert_eq!(perft(Board::START, 6, Convention::A), Ok(8200));
//! assert_eq!(perft(Board::START, 9, Convention::C), Ok(3_005_320));
//! assert!(perft(Board { p: 0xFFFF, o: 0xFF }, 6, Convention::A).is_err());
//! ```

use crate::{Board, BoardError};
use bb_core::Square;
use bb_core::meter::{Meter, Unmetered};
use bb_simd::{Backend, specialize};

mod limited;
#[cfg(feature = "alloc")]
mod split;

pub use limited::PerftError;
#[cfg(target_has_atomic = "64")]
pub use limited::perft_limited;
#[cfg(feature = "std")]
pub use split::perft_threads;
#[cfg(feature = "alloc")]
pub use split::split;

/// Remaining depth of the sub-trees a [`Meter`] hears about: about a thousand leaves each in
/// the midgame (a microsecond), so a tick costs a thousandth of the work it reports and a
/// limit is seen within microseconds.
const TICK_DEPTH: u32 = 3;

/// Which leaves perft counts (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Convention {
    /// Pass is a ply; finished games are leaves.
    A,
    /// Pass is a ply; finished games are not leaves (OEIS A124004).
    B,
    /// Passes are not plies; finished games are leaves.
    C,
}

impl core::str::FromStr for Convention {
    type Err = ();
    /// `a`, `b` or `c` (either case).
    fn from_str(s: &str) -> Result<Self, ()> {
        match s {
            "a" | "A" => Ok(Convention::A),
            "b" | "B" => Ok(Convention::B),
            "c" | "C" => Ok(Convention::C),
            _ => Err(()),
        }
    }
}

#[inline(always)]
fn play<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> (u64, u64) {
    let f = crate::flip::flip(b, sq, p, o);
    (o ^ f, p | f | sq.bit())
}

specialize! {
    /// One level of the recursion, compiled for the backend at every depth, for a position
    /// whose moves the caller has found. A metered count ticks its meter once per sub-tree
    /// `TICK_DEPTH` plies above the leaves, and counts those sub-trees unmetered (the code of
    /// an unlimited count).
    fn rec<B: Backend, const CV: u8, M: Meter>(b: B, p: u64, o: u64, moves: u64, depth: u32, meter: &mut M) -> u64 {
        if M::ACTIVE && depth == TICK_DEPTH {
            let n = node::<B, CV, Unmetered>(b, p, o, moves, depth, &mut Unmetered);
            meter.tick(n);
            return n;
        }
        node::<B, CV, M>(b, p, o, moves, depth, meter)
    }
}

#[inline(always)]
fn node<B: Backend, const CV: u8, M: Meter>(
    b: B,
    p: u64,
    o: u64,
    moves: u64,
    depth: u32,
    meter: &mut M,
) -> u64 {
    if moves == 0 {
        let opp = crate::mobility::mobility(b, o, p);
        if opp == 0 {
            // Finished game.
            return u64::from(CV != 1);
        }
        if CV == 2 {
            // Passes are free.
            return body_moves::<B, CV, M>(b, o, p, opp, depth, meter);
        }
        if depth == 1 {
            return 1;
        }
        return rec::<B, CV, M>(b, o, p, opp, depth - 1, meter);
    }
    body_moves::<B, CV, M>(b, p, o, moves, depth, meter)
}

#[inline(always)]
fn body_moves<B: Backend, const CV: u8, M: Meter>(
    b: B,
    p: u64,
    o: u64,
    mut moves: u64,
    depth: u32,
    meter: &mut M,
) -> u64 {
    if depth == 1 {
        return u64::from(b.popcnt(moves));
    }
    if depth == 2 {
        return leaf_parent::<B, CV>(b, p, o, moves);
    }
    // Each child is played and its moves found one child ahead, before the sub-tree of the
    // one before it is counted: that flip and mobility are a dependent chain of about 16 ns,
    // and the sub-tree below a parent of leaves fills the core's window, so a child played
    // when its turn came waited that long at every parent of leaves (perft 12 on an Intel
    // Xeon: 0.84x the time on AVX-512, 0.90x on AVX2, 0.96x on SSE2).
    let mut n = 0;
    let mut next = child(b, p, o, &mut moves);
    loop {
        let (cp, co, cm) = next;
        let last = moves == 0;
        if !last {
            next = child(b, p, o, &mut moves);
        }
        // A parent of leaves is counted here, not through a call of its own.
        n += if depth == 3 && cm != 0 {
            leaf_parent::<B, CV>(b, cp, co, cm)
        } else {
            rec::<B, CV, M>(b, cp, co, cm, depth - 1, meter)
        };
        if last || (M::ACTIVE && meter.halted()) {
            return n;
        }
    }
}

/// Plays the lowest square of `moves` (taken out of it): the child's `(p, o)` from the side to
/// move there, and that side's moves.
#[inline(always)]
fn child<B: Backend>(b: B, p: u64, o: u64, moves: &mut u64) -> (u64, u64, u64) {
    let (np, no) = play(b, take_lowest(moves), p, o);
    (np, no, crate::mobility::mobility(b, np, no))
}

/// The lowest square of `moves`, taken out of it (branch-free; `moves` is not empty where it
/// is called).
#[inline(always)]
fn take_lowest(moves: &mut u64) -> Square {
    let sq = Square::new_masked(moves.trailing_zeros() as u8);
    *moves &= moves.wrapping_sub(1);
    sq
}

/// The leaves below a position two plies from the end, whose moves are `moves`.
///
/// The children go four at a time (then two, then one): each child's flip and mobility is a
/// dependent chain, and four independent chains written side by side keep the core busy where
/// one at a time would leave it waiting (perft 11: 13 % faster on avx2, 9 % on avx512, 8 % on
/// sse2, 20 % on scalar; six or eight at a time run out of registers).
#[inline(always)]
fn leaf_parent<B: Backend, const CV: u8>(b: B, p: u64, o: u64, mut moves: u64) -> u64 {
    let mut n = 0;
    let mut left = b.popcnt(moves);
    while left >= 4 {
        left -= 4;
        n += children::<B, CV, 4>(b, p, o, &mut moves);
    }
    if left >= 2 {
        n += children::<B, CV, 2>(b, p, o, &mut moves);
    }
    if left & 1 != 0 {
        n += children::<B, CV, 1>(b, p, o, &mut moves);
    }
    n
}

/// The leaves below the next `K` children (the lowest squares of `moves`, taken out of it).
#[inline(always)]
fn children<B: Backend, const CV: u8, const K: usize>(
    b: B,
    p: u64,
    o: u64,
    moves: &mut u64,
) -> u64 {
    let mut sq = [Square::A1; K];
    for s in &mut sq {
        *s = take_lowest(moves);
    }
    // Index loops, not `array::map`: a closure is a function of its own, compiled without the
    // token's target features unless it inlines, and at this size it does not.
    let mut kids = [(0u64, 0u64); K];
    for i in 0..K {
        kids[i] = play(b, sq[i], p, o);
    }
    let mut m = [0u64; K];
    for i in 0..K {
        m[i] = crate::mobility::mobility(b, kids[i].0, kids[i].1);
    }
    let mut n = 0;
    for i in 0..K {
        n += last_ply::<B, CV>(b, kids[i].0, kids[i].1, m[i]);
    }
    n
}

/// The leaves below a position one ply from the end whose mobility is `m`.
#[inline(always)]
fn last_ply<B: Backend, const CV: u8>(b: B, p: u64, o: u64, m: u64) -> u64 {
    if m != 0 {
        return u64::from(b.popcnt(m));
    }
    let m3 = crate::mobility::mobility(b, o, p);
    match CV {
        0 => 1,
        1 => u64::from(m3 != 0),
        _ => {
            if m3 == 0 {
                1
            } else {
                u64::from(b.popcnt(m3))
            }
        }
    }
}

/// Perft of `board` to `depth` in convention `cv` with backend `b` (depth 0 counts 1).
///
/// # Errors
/// [`BoardError`] when `board` is not valid.
pub fn perft_with<B: Backend>(
    b: B,
    board: Board,
    depth: u32,
    cv: Convention,
) -> Result<u64, BoardError> {
    perft_metered_with(b, board, depth, cv, &mut Unmetered)
}

/// [`perft_with`] reporting to `meter` every sub-tree a few plies above the leaves, and
/// stopping when it halts: then the count returned is partial (the leaves counted before the
/// stop). For a count with a node limit, a stop flag or a clock, on threads of the caller's
/// (each with a [`Limiter`](bb_core::meter::Limiter) on one shared
/// [`Tally`](bb_core::meter::Tally)); [`perft_limited`] does it all.
///
/// ```
/// use bb_reversi::{Board, perft::{perft_metered_with, Convention}, bb_core::meter::{Limiter, Meter, Tally}};
/// let tally = Tally::new();
/// let mut meter = Limiter::new(&tally, 100_000);
/// let partial = bb_reversi::dispatch!(|b| perft_metered_with(b, Board::START, 11, Convention::A, &mut meter))?;
/// assert!(meter.halted() && partial >= 100_000 && partial < 200_000);
/// # Ok::<(), bb_reversi::BoardError>(())
/// ```
///
/// # Errors
/// [`BoardError`] when `board` is not valid.
pub fn perft_metered_with<B: Backend, M: Meter>(
    b: B,
    board: Board,
    depth: u32,
    cv: Convention,
    meter: &mut M,
) -> Result<u64, BoardError> {
    let board = board.validate()?;
    if depth == 0 {
        return Ok(1);
    }
    let moves = b.vectorize(|| crate::mobility::mobility(b, board.p, board.o));
    Ok(match cv {
        Convention::A => rec::<B, 0, M>(b, board.p, board.o, moves, depth, meter),
        Convention::B => rec::<B, 1, M>(b, board.p, board.o, moves, depth, meter),
        Convention::C => rec::<B, 2, M>(b, board.p, board.o, moves, depth, meter),
    })
}

/// Perft on the best backend, single thread.
///
/// # Errors
/// [`BoardError`] when `board` is not valid.
pub fn perft(board: Board, depth: u32, cv: Convention) -> Result<u64, BoardError> {
    bb_simd::dispatch!(|b| perft_with(b, board, depth, cv))
}
