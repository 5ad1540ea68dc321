//! Occluded Kogge-Stone fills in the eight directions, and plain shifts.
//!
//! An occluded fill spreads every generator square along a direction through empty squares,
//! stopping before the first occupied square (the generators are part of the result). One
//! further [`shift`] in the same direction turns it into sliding attacks, including the first
//! blocker: that is [`attacks`]. Three shift/and/or steps of 1, 2 and 4 squares cover the board
//! for any number of generators at once (a parallel prefix, hence Kogge-Stone), instead of up to
//! seven dependent steps of a plain loop.

use crate::Direction;
use crate::direction::shift_raw;

/// Moves every square of `b` one step in `dir`, dropping squares that would leave the board
/// (same as [`Direction::apply`]).
#[must_use]
#[inline(always)]
pub const fn shift(dir: Direction, b: u64) -> u64 {
    dir.apply(b)
}

/// Occluded fill of `generators` through `empty` in direction `dir`.
///
/// ```
/// use bb_core::{fill, Direction, Square};
/// let empty = !Square::E6.bit();
/// let f = fill::occluded(Direction::North, Square::E2.bit(), empty);
/// assert_eq!(f, Square::E2.bit() | Square::E3.bit() | Square::E4.bit() | Square::E5.bit());
/// ```
#[must_use]
#[inline(always)]
pub const fn occluded(dir: Direction, generators: u64, empty: u64) -> u64 {
    let s = dir.shift();
    // Masking the propagators with the landing mask once stops every wrap: a bit can only move
    // onto a square that a one-step move may legally reach, and doubled steps are built only
    // from chains of such moves.
    let mut pro = empty & dir.landing_mask();
    let mut g = generators;
    g |= pro & shift_raw(g, s);
    pro &= shift_raw(pro, s);
    g |= pro & shift_raw(g, 2 * s);
    pro &= shift_raw(pro, 2 * s);
    g |= pro & shift_raw(g, 4 * s);
    g
}

/// Sliding attacks of all `sliders` in direction `dir`: every square reached through empty
/// squares, plus the first occupied square of each ray.
///
/// ```
/// use bb_core::{fill, Direction, Square};
/// let empty = !(Square::A1.bit() | Square::D1.bit());
/// let a = fill::attacks(Direction::East, Square::A1.bit(), empty);
/// assert_eq!(a, Square::B1.bit() | Square::C1.bit() | Square::D1.bit());
/// ```
#[must_use]
#[inline(always)]
pub const fn attacks(dir: Direction, sliders: u64, empty: u64) -> u64 {
    dir.apply(occluded(dir, sliders, empty))
}

macro_rules! per_direction {
    ($($name:ident $dir:ident;)*) => {$(
        #[doc = concat!("Occluded fill toward ", stringify!($dir), "; see [`occluded`].")]
        #[must_use]
        #[inline(always)]
        pub const fn $name(generators: u64, empty: u64) -> u64 {
            occluded(Direction::$dir, generators, empty)
        }
    )*};
}

per_direction! {
    north North;
    north_east NorthEast;
    east East;
    south_east SouthEast;
    south South;
    south_west SouthWest;
    west West;
    north_west NorthWest;
}
