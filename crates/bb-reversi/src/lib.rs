//! Reversi (Othello) bitboard kernels for engines: flip, mobility, stability, last-flip count,
//! perft and an exact endgame solver, each compiled for every instruction set of
//! [`bb_simd`] (re-exported, with [`bb_core`]: this crate is the only dependency an engine needs).
//!
//! # Writing a search
//!
//! Write the search generic over a [`Backend`] token, inside [`specialize!`], calling the token
//! forms of the [`Board`] methods (`moves_with`, `play_with`, ...), and dispatch once at the
//! root. `specialize!` keeps every recursion level in code compiled for the backend; a generic
//! recursive function without it runs 35-47x slower on AVX-512 below the root.
//!
//! ```
//! use bb_reversi::{Backend, Bitboard, Board, specialize};
//!
//! specialize! {
//!     /// Negamax to `depth` plies, scored by mobility difference.
//!     fn negamax<B: Backend>(b: B, board: Board, depth: u32) -> i32 {
//!         let moves = board.moves_with(b);
//!         if depth == 0 {
//!             return b.popcnt(moves) as i32 - board.pass().mobility_with(b) as i32;
//!         }
//!         if moves == 0 {
//!             let pass = board.pass();
//!             if pass.moves_with(b) == 0 {
//!                 return b.popcnt(board.p) as i32 - b.popcnt(board.o) as i32;
//!             }
//!             return -negamax(b, pass, depth - 1);
//!         }
//!         let mut best = i32::MIN;
//!         for sq in Bitboard(moves) {
//!             if let Some(next) = board.play_with(b, sq) {
//!                 best = best.max(-negamax(b, next, depth - 1));
//!             }
//!         }
//!         best
//!     }
//! }
//!
//! // One dispatch at the root: the CPU's best backend, or BB_BACKEND's.
//! let score = bb_reversi::dispatch!(|b| negamax(b, Board::START, 4));
//! assert!((-64..=64).contains(&score));
//! ```
//!
//! Outside the search, the [`Board`] methods without a token choose the backend themselves
//! ([`bb_simd::auto!`]): no run-time check in a build whose target features prove the best
//! backend, else a cached choice (0.6-1.0 ns more per call than the token form inlined in a
//! loop, on a Zen 4; docs/backends.md). A `BB_BACKEND` that names no backend, or one this CPU
//! lacks, is reported once on stderr and ignored (detection decides); programs that prefer to
//! refuse it call [`bb_simd::try_best_backend`] once at start-up.
//!
//! ```
//! use bb_reversi::{Board, Square};
//! let board = Board::START;
//! assert_eq!(board.mobility(), 4);
//! let next = board.play(Square::F5).unwrap();
//! assert_eq!(next.o.count_ones(), 4); // the mover's discs, now the opponent's
//! assert_eq!(board.flip(Square::A1), 0);
//! ```
//!
//! # Modules
//!
//! - [`board`]: [`Board`] (player to move `p`, opponent `o`), its dispatching and token
//!   methods, and the 64-character board string.
//! - [`flip`], [`mobility`], [`last_flip`], [`stability`], [`full_lines`], [`popcount`]: every
//!   technique of each kernel as a named variant, a registry, and the measured per-backend
//!   default.
//! - [`perft`], [`solver`] (with `alloc`), [`game`], [`obf`]: whole programs and game records.
//!   The [`solver::Solver`] keeps its table across calls and answers exact scores, windows
//!   (bounds), win/draw/loss and every move's score, for an engine's own search.
//! - [`eval`]: Edax's 46 pattern features of a pattern evaluation, set from a board and
//!   updated after moves and passes (variants and defaults like the kernels above), and
//!   (with `alloc`) [`eval::Evaluator`], which reads Edax's weight files.
//! - [`hash`], [`symmetry`]: portable 64-bit board keys and the canonical form under the 8
//!   symmetries, for transposition tables and opening books.
//! - [`workload`]: seeded random play-outs for tests and benchmarks.

#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod board;
pub mod eval;
pub mod flip;
pub mod full_lines;
pub mod game;
pub mod hash;
pub mod last_flip;
pub mod mobility;
#[cfg(feature = "alloc")]
pub mod obf;
pub mod perft;
pub mod popcount;
mod rays;
#[cfg(feature = "alloc")]
pub mod solver;
pub mod stability;
pub mod symmetry;
pub mod workload;

/// The limits of a solve or a perft count (node limit, stop flag, threads, time).
pub use bb_core::meter::Limits;
pub use board::{Board, BoardError, ParseBoardError};

// Everything a user of this crate needs, so that it is the only dependency.
pub use bb_core::{self, Bitboard, Square};
pub use bb_simd::{self, AnyBackend, Backend, Scalar, auto, dispatch, specialize};

/// The crate README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The solver page's engine example (docs/solver.md), compiled and run as a doctest.
#[doc = include_str!("../../../docs/solver.md")]
#[cfg(all(doctest, feature = "std"))]
pub struct SolverDocDoctests;

/// The evaluation page's examples (docs/kernels/eval.md), compiled and run as doctests.
#[doc = include_str!("../../../docs/kernels/eval.md")]
#[cfg(all(doctest, feature = "std"))]
pub struct EvalDocDoctests;
