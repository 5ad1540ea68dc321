//! Cutting a perft tree a few plies below its root into sub-trees, and counting them on
//! several threads.

use super::Convention;
#[cfg(feature = "std")]
use super::{perft, perft_metered_with};
use crate::{Board, BoardError};
#[cfg(feature = "std")]
use bb_core::meter::{Meter, Unmetered};

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
    if threads <= 1 || depth <= 4 {
        return perft(board, depth, cv);
    }
    let mut work = alloc::vec::Vec::new();
    let base = split(board, depth, 3, cv, &mut work)?;
    Ok(base + count_shared(&work, cv, threads, &|| Unmetered))
}

/// The leaves of every sub-tree of `work` counted on `threads` threads, handed out one at a
/// time; each thread dispatches once and meters its sub-trees with its own `meter()`, and
/// stops taking sub-trees when it halts (the sum is then partial).
#[cfg(feature = "std")]
pub(super) fn count_shared<M: Meter + Send>(
    work: &[(Board, u32)],
    cv: Convention,
    threads: usize,
    meter: &(dyn Fn() -> M + Sync),
) -> u64 {
    let backend = bb_simd::best_backend();
    let each = |(n, m): &mut (u64, M), _, &(bd, d): &(Board, u32)| {
        // Positions below a valid board are valid: never an error.
        *n += bb_simd::dispatch!(backend, |b| perft_metered_with(b, bd, d, cv, m)).unwrap_or(0);
        !(M::ACTIVE && m.halted())
    };
    bb_core::workers::share(threads, work, || (0, meter()), each)
        .iter()
        .map(|&(n, _)| n)
        .sum()
}
