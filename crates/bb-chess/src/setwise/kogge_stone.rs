//! Occluded Kogge-Stone fills in general-purpose registers, one direction at a time.

use super::SetwiseVariant;
use bb_core::{Direction, fill};
use bb_simd::Backend;

#[inline(always)]
pub(super) fn ks(dir: Direction, s: u64, empty: u64) -> u64 {
    fill::attacks(dir, s, empty)
}

/// Occluded Kogge-Stone fills, one direction at a time in general-purpose registers (8 for a
/// queen). Any ISA.
///
/// ```
/// use bb_chess::setwise::{KoggeStone, SetwiseVariant};
/// use bb_core::Square;
/// let rooks = Square::A1.bit() | Square::H8.bit();
/// let a = KoggeStone::rooks(bb_simd::Scalar, rooks, rooks);
/// assert_eq!(a, 0x0101_0101_0101_01fe | 0x7f80_8080_8080_8080);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KoggeStone;

impl SetwiseVariant for KoggeStone {
    const NAME: &'static str = "kogge_stone";
    #[inline(always)]
    fn rooks<B: Backend>(_: B, s: u64, occ: u64) -> u64 {
        let e = !(occ | s) | s;
        ks(Direction::North, s, e)
            | ks(Direction::East, s, e)
            | ks(Direction::South, s, e)
            | ks(Direction::West, s, e)
    }
    #[inline(always)]
    fn bishops<B: Backend>(_: B, s: u64, occ: u64) -> u64 {
        let e = !(occ | s) | s;
        ks(Direction::NorthEast, s, e)
            | ks(Direction::SouthEast, s, e)
            | ks(Direction::SouthWest, s, e)
            | ks(Direction::NorthWest, s, e)
    }
}
