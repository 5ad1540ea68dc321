//! Reversi (Othello) bitboard kernels, generic over a [`bb_simd::Backend`].
//!
//! - [`board`]: a minimal [`Board`] (player to move `p`, opponent `o`), move generation, play,
//!   pass, and the 64-character board string.
//! - [`flip`]: every flip technique of seed 002 as a named [`FlipVariant`](flip::FlipVariant),
//!   a registry ([`flip::for_each_variant`]) and a per-backend default ([`flip::flip`]).
//! - [`workload`]: seeded random play-outs, the positions and (position, move) samples that
//!   tests and benchmarks use.
//!
//! ```
//! use bb_reversi::{Board, flip};
//! use bb_simd::{Backend, Scalar};
//! let b = Board::START;
//! let sq = "d3".parse().unwrap();
//! let f = Scalar.vectorize(|| flip::flip(Scalar, sq, b.p, b.o));
//! assert_eq!(f, bb_core::Square::D4.bit());
//! ```

#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod board;
pub mod flip;
pub mod full_lines;
pub mod game;
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

pub use board::{Board, ParseBoardError};
