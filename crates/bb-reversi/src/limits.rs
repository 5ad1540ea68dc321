//! The limits of a long call: the solver's search and perft's count stop on a node count, a
//! stop flag or a clock, checked from inside the work every few thousand nodes, and run on
//! several threads.

use core::sync::atomic::AtomicBool;

/// Stop conditions and threads of a solve ([`solver`](crate::solver)) or of a count
/// ([`perft::perft_limited`](crate::perft::perft_limited)).
///
/// Build it with `..Limits::default()`: the `time` field exists only with the `std` feature.
///
/// ```
/// use bb_reversi::{Board, Limits, perft::{perft_limited, Convention, PerftError}};
/// use std::time::Duration;
/// let quick = Limits { max_nodes: 1_000_000, time: Some(Duration::from_secs(5)), ..Limits::default() };
/// match perft_limited(Board::START, 12, Convention::A, &quick) {
///     Err(PerftError::Stopped(s)) => assert!(s.leaves >= 1_000_000),
///     other => panic!("perft 12 has 7.8e9 leaves, not {other:?}"),
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Limits<'a> {
    /// Stop after about this many nodes searched by the solver, or leaves counted by perft
    /// (`u64::MAX`: no limit).
    pub max_nodes: u64,
    /// Stop when this becomes `true` (checked every few thousand nodes).
    pub stop: Option<&'a AtomicBool>,
    /// Threads (1: single thread; 2+: all threads search, sharing the solver's table, or share
    /// perft's sub-trees; `std` only). The node limit counts the nodes of all threads.
    pub threads: usize,
    /// Stop after about this much wall time from the start of the call (checked every few
    /// thousand nodes; `std` only).
    #[cfg(feature = "std")]
    pub time: Option<core::time::Duration>,
}

impl Default for Limits<'_> {
    fn default() -> Self {
        Limits {
            max_nodes: u64::MAX,
            stop: None,
            threads: 1,
            #[cfg(feature = "std")]
            time: None,
        }
    }
}
