//! Integration tests of bb-core, in one binary to keep link time down.

mod bits;
mod fill;
mod reference;
mod rng;
mod tables;
mod types;

use bb_core::Square;

/// Maps every set square of `x` through `f` (on file and rank indices): the coordinate
/// definition that the fast transforms must match.
pub fn map_squares(x: u64, f: impl Fn(u8, u8) -> (u8, u8)) -> u64 {
    Square::ALL
        .into_iter()
        .filter(|s| x & s.bit() != 0)
        .map(|s| {
            let (file, rank) = f(s.file().index() as u8, s.rank().index() as u8);
            1u64 << (rank * 8 + file)
        })
        .fold(0, |a, b| a | b)
}
