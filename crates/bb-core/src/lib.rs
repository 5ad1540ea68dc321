//! The bottom layer of the bb workspace: board coordinates, bitboards, shared geometry tables,
//! scalar bit tricks and the slow oracles every faster kernel is tested against.
//!
//! - [`Square`], [`File`], [`Rank`]: coordinates, a1 = 0 ... h8 = 63 (little-endian rank-file
//!   mapping), parsed from and displayed as `"e4"` with a typed [`ParseSquareError`].
//! - [`Direction`] (N, NE, E, SE, S, SW, W, NW) and [`Line`] (horizontal, vertical, diagonal,
//!   anti-diagonal): the project's fixed orders.
//! - [`Bitboard`]: a `#[repr(transparent)]` `u64` set of squares. Kernels use raw `u64`.
//! - [`masks`], [`attacks`]: tables generated at build time by [`geometry`].
//! - [`bits`], [`fill`]: popcount, mirrors, flips, transposes, rotations, LS1B/MS1B tricks,
//!   Kogge-Stone fills.
//! - [`reference`](mod@reference): slow, obviously correct ray walkers for chess and reversi.
//! - [`meter`]: how a counting recursion (perft) hears a node limit, a stop flag or a clock
//!   from inside, at no cost when unlimited.
//! - [`rng`]: a small seeded generator for reproducible tests and benchmarks.
//!
//! ```
//! use bb_core::{attacks, reference, Bitboard, Square};
//!
//! let occ = Square::D6.bit() | Square::G4.bit();
//! let rook = Bitboard(reference::rook_attacks(Square::D4, occ));
//! assert!(rook.contains(Square::D6) && !rook.contains(Square::D7));
//! assert_eq!(Bitboard(attacks::knight(Square::A1)).count(), 2);
//! ```
//!
//! # Features
//!
//! - `bytemuck` (off by default): `bytemuck::Pod` and `Zeroable` for [`Bitboard`] and the mask
//!   records, `NoUninit` (and `Zeroable` for [`Square`]) for [`Square`], [`File`], [`Rank`], [`Direction`] and [`Line`], so
//!   slices cast for free (`bytemuck::cast_slice::<Bitboard, u64>`). Optional because the
//!   derive's `syn` build would otherwise dominate a clean build of this crate.
//! - `std` (off by default; the game crates' `std` features turn it on): the time limit of
//!   [`meter::Limits`], read from the system clock.

#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

pub mod attacks;
pub mod bitboard;
pub mod bits;
pub mod direction;
pub mod fill;
pub mod geometry;
pub mod masks;
pub mod meter;
pub mod reference;
pub mod rng;
pub mod square;
#[cfg(feature = "std")]
pub mod workers;

pub use bitboard::{Bitboard, BitboardIter};
pub use direction::{Direction, Line};
pub use square::{File, ParseSquareError, Rank, Square};

/// The crate README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
