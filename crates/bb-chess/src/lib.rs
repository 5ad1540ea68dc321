//! Chess bitboard kernels for the `bb` workspace: sliding-piece attacks in every technique of the
//! seeds (Hyperbola Quintessence and its SSSE3 / AVX2 / AVX-512 forms, PEXT and fancy magic
//! baselines), set-wise attacks of whole piece sets, and leaper attacks.
//!
//! Every kernel is generic over a [`bb_simd::Backend`] token; run hot loops inside
//! [`Backend::vectorize`](bb_simd::Backend::vectorize) (or [`bb_simd::dispatch!`]) so that the
//! backend's instructions inline. Each technique is a public variant type registered for tests
//! and benchmarks; [`sliders::queen`] and friends pick the measured default per backend.
//!
//! ```
//! use bb_chess::sliders;
//! use bb_core::Square;
//! let occ = Square::D6.bit() | Square::F4.bit();
//! let q = bb_simd::dispatch!(|b| sliders::queen(b, Square::D4, occ));
//! assert_eq!(q, bb_core::reference::queen_attacks(Square::D4, occ));
//! ```
#![no_std]
#![forbid(unsafe_code)]

#[cfg(any(test, feature = "std"))]
extern crate std;

pub mod byteboard;
pub mod leapers;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub mod setwise;
pub mod sliders;
pub mod tables;

#[cfg(test)]
mod tablegen;

pub use leapers::Color;
pub use movegen::MoveList;
pub use moves::{Move, MoveKind, UciError};
pub use position::{CastleSide, CastlingRights, FenError, FenField, Piece, Position};
