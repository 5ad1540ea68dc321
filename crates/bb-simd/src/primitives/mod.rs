//! SSSE3 primitives from the Chess Programming Wiki's *SSSE3* page, each a kernel of the
//! [kernel model](mod@crate::kernel): the [`popcount`] of a vector of bitboards and the byte-wise
//! [`dot`] product of 64 unsigned features with 64 signed weights.
//!
//! The per-backend instruction sequences live in the backends (`u64x4_popcnt`, `dot_u8i8`,
//! `dot_u8i8_sat16`); the variants here name them and the techniques written on the generic
//! lane operations.

pub mod dot;
pub mod popcount;
