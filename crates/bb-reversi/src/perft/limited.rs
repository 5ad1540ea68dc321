//! Perft that stops on a node limit, a stop flag or a clock, checked from inside the count.

#[cfg(target_has_atomic = "64")]
use super::Convention;
#[cfg(target_has_atomic = "64")]
use crate::Board;
use crate::BoardError;
use bb_core::meter::Stopped;
use core::fmt;

/// Why [`perft_limited`] gives no count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftError {
    /// The board is not a position.
    InvalidBoard(BoardError),
    /// A limit stopped the count; it carries the leaves counted before the stop.
    Stopped(Stopped),
}

impl From<BoardError> for PerftError {
    fn from(e: BoardError) -> Self {
        PerftError::InvalidBoard(e)
    }
}

impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftError::InvalidBoard(e) => write!(f, "invalid board: {e}"),
            PerftError::Stopped(s) => s.fmt(f),
        }
    }
}

impl core::error::Error for PerftError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            PerftError::InvalidBoard(e) => Some(e),
            PerftError::Stopped(s) => Some(s),
        }
    }
}

/// Perft of `board` to `depth` in convention `cv` within `limits`: at most about
/// `limits.max_nodes` leaves (the count stops within a few thousand leaves per thread of the
/// limit), until `limits.stop` is raised or `limits.time` has passed (seen within
/// microseconds), on `limits.threads` threads (with `std`; the tree is then cut three plies
/// down and the sub-trees shared).
///
/// The limits are looked at from inside the count, every sub-tree of about a thousand
/// leaves, so they hold at any depth; the looks cost about 1 % of the count.
///
/// ```
/// use bb_reversi::{Board, Limits, perft::{perft_limited, Convention, PerftError}};
/// let two = Limits { threads: 2, ..Limits::default() };
/// assert_eq!(perft_limited(Board::START, 9, Convention::A, &two), Ok(3_005_288));
/// let small = Limits { max_nodes: 50_000, ..Limits::default() };
/// let Err(PerftError::Stopped(s)) = perft_limited(Board::START, 11, Convention::A, &small) else {
///     panic!("perft 11 has 1.4e8 leaves");
/// };
/// assert!(s.leaves >= 50_000 && s.leaves < 150_000);
/// ```
///
/// # Errors
/// [`PerftError::InvalidBoard`] when `board` is not valid; [`PerftError::Stopped`] when a
/// limit stopped the count.
#[cfg(target_has_atomic = "64")]
pub fn perft_limited(
    board: Board,
    depth: u32,
    cv: Convention,
    limits: &crate::Limits<'_>,
) -> Result<u64, PerftError> {
    let board = board.validate()?;
    let (n, stopped) = limits.run(|limiter| {
        #[cfg(feature = "std")]
        if limits.threads > 1 && depth > 4 {
            let mut work = alloc::vec::Vec::new();
            // `board` is valid: no error.
            let base = super::split(board, depth, 3, cv, &mut work).unwrap_or(0);
            return base + super::split::count_shared(&work, cv, limits.threads, limiter);
        }
        let mut meter = limiter();
        // `board` is valid: no error.
        bb_simd::dispatch!(|b| super::perft_metered_with(b, board, depth, cv, &mut meter))
            .unwrap_or(0)
    });
    if stopped {
        Err(PerftError::Stopped(Stopped { leaves: n }))
    } else {
        Ok(n)
    }
}
