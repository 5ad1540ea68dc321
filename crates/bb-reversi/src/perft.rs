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
//! loop (a call per leaf's parent saved) that plays four children side by side. [`perft_with`]
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
use bb_simd::{Backend, specialize};

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
    /// One level of the recursion, compiled for the backend at every depth.
    fn rec<B: Backend, const CV: u8>(b: B, p: u64, o: u64, depth: u32) -> u64 {
        let moves = crate::mobility::mobility(b, p, o);
        if moves == 0 {
            let opp = crate::mobility::mobility(b, o, p);
            if opp == 0 {
                // Finished game.
                return u64::from(CV != 1);
            }
            if CV == 2 {
                // Passes are free.
                return body_moves::<B, CV>(b, o, p, opp, depth);
            }
            if depth == 1 {
                return 1;
            }
            return rec::<B, CV>(b, o, p, depth - 1);
        }
        body_moves::<B, CV>(b, p, o, moves, depth)
    }
}

#[inline(always)]
fn body_moves<B: Backend, const CV: u8>(b: B, p: u64, o: u64, mut moves: u64, depth: u32) -> u64 {
    if depth == 1 {
        return u64::from(b.popcnt(moves));
    }
    let mut n = 0;
    if depth == 2 {
        return leaf_parent::<B, CV>(b, p, o, moves);
    }
    while moves != 0 {
        let sq = Square::new_masked(moves.trailing_zeros() as u8);
        moves &= moves - 1;
        let (np, no) = play(b, sq, p, o);
        n += rec::<B, CV>(b, np, no, depth - 1);
    }
    n
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
        *s = Square::new_masked(moves.trailing_zeros() as u8);
        *moves &= *moves - 1;
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
    let board = board.validate()?;
    if depth == 0 {
        return Ok(1);
    }
    Ok(match cv {
        Convention::A => rec::<B, 0>(b, board.p, board.o, depth),
        Convention::B => rec::<B, 1>(b, board.p, board.o, depth),
        Convention::C => rec::<B, 2>(b, board.p, board.o, depth),
    })
}

/// Perft on the best backend, single thread.
///
/// # Errors
/// [`BoardError`] when `board` is not valid.
pub fn perft(board: Board, depth: u32, cv: Convention) -> Result<u64, BoardError> {
    bb_simd::dispatch!(|b| perft_with(b, board, depth, cv))
}

/// Cuts the tree of `board` `split` plies below it, for sharing perft among threads: appends
/// each position there with its remaining depth to `out` (in move order), and returns the
/// leaves met on the way (games that end, or `depth` reached), in convention `cv` (a pass is a
/// ply in A and B and free in C; a finished game is a leaf in A and C). The perft of `board`
/// is the return value plus the perft of every position in `out` to its depth.
///
/// ```
/// use bb_reversi::{Board, perft::{perft, split, Convention}};
/// let mut jobs = Vec::new();
/// let base = split(Board::START, 7, 2, Convention::A, &mut jobs)?;
/// assert_eq!(jobs.len(), 12); // the 12 positions two plies in
/// let mut sum = 0;
/// for &(b, d) in &jobs {
///     sum += perft(b, d, Convention::A)?;
/// }
/// assert_eq!(base + sum, perft(Board::START, 7, Convention::A)?);
/// # Ok::<(), bb_reversi::BoardError>(())
/// ```
///
/// # Errors
/// [`BoardError`] when `board` is not valid (then `out` is left as it was).
#[cfg(feature = "alloc")]
pub fn split(
    board: Board,
    depth: u32,
    split_plies: u32,
    cv: Convention,
    out: &mut alloc::vec::Vec<(Board, u32)>,
) -> Result<u64, BoardError> {
    Ok(split_valid(board.validate()?, depth, split_plies, cv, out))
}

/// [`split`] of a valid board (every position below a valid board is valid).
#[cfg(feature = "alloc")]
fn split_valid(
    board: Board,
    depth: u32,
    split_plies: u32,
    cv: Convention,
    out: &mut alloc::vec::Vec<(Board, u32)>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if split_plies == 0 {
        out.push((board, depth));
        return 0;
    }
    let moves = board.moves();
    if moves == 0 {
        let pass = board.pass();
        if pass.moves() == 0 {
            return u64::from(cv != Convention::B);
        }
        return match cv {
            Convention::C => split_valid(pass, depth, split_plies, cv, out),
            _ => split_valid(pass, depth - 1, split_plies - 1, cv, out),
        };
    }
    let mut n = 0;
    for sq in bb_core::Bitboard(moves) {
        if let Some(next) = board.play(sq) {
            n += split_valid(next, depth - 1, split_plies - 1, cv, out);
        }
    }
    n
}

/// Perft on `threads` threads: the tree is split a few plies below the root and the
/// sub-trees are handed out one at a time. Each thread dispatches once.
///
/// ```
/// use bb_reversi::{Board, perft::{perft_threads, Convention}};
/// assert_eq!(perft_threads(Board::START, 8, Convention::B, 2), Ok(390_216));
/// ```
///
/// # Errors
/// [`BoardError`] when `board` is not valid.
#[cfg(feature = "std")]
pub fn perft_threads(
    board: Board,
    depth: u32,
    cv: Convention,
    threads: usize,
) -> Result<u64, BoardError> {
    use core::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
    if threads <= 1 || depth <= 4 {
        return perft(board, depth, cv);
    }
    let mut work = alloc::vec::Vec::new();
    let base = split(board, depth, 3, cv, &mut work)?;
    let next = AtomicUsize::new(0);
    let total = AtomicU64::new(base);
    let backend = bb_simd::best_backend();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let n: u64 = bb_simd::dispatch!(backend, |b| {
                    let mut n = 0;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(bd, d)) = work.get(i) else { break };
                        // Positions below a valid board are valid: never an error.
                        n += perft_with(b, bd, d, cv).unwrap_or(0);
                    }
                    n
                });
                total.fetch_add(n, Ordering::Relaxed);
            });
        }
    });
    Ok(total.load(Ordering::Relaxed))
}
