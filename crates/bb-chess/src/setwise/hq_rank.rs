//! Ranks by the generalized set-wise Hyperbola Quintessence, files and diagonals by Kogge-Stone.

use super::kogge_stone::{KoggeStone, ks};
use super::{FILE_A, SetwiseVariant};
use bb_core::Direction;
use bb_core::bits::mirror_horizontal;
use bb_simd::Backend;

/// East-ward (toward h, the MSB side) rank attacks of a set of sliders by subtraction with an
/// overflow barrier on the a-file, so that borrows stop at the end of each rank (the Chess
/// Programming Wiki's *Hyperbola Quintessence*).
///
/// ```
/// use bb_chess::setwise::east_attacks;
/// use bb_core::Square;
/// let r = Square::B2.bit() | Square::E5.bit();
/// let occ = r | Square::D2.bit();
/// assert_eq!(east_attacks(r, occ), Square::C2.bit() | Square::D2.bit() | 0xe0 << 32);
/// ```
#[must_use]
#[inline(always)]
pub const fn east_attacks(sliders: u64, occupied: u64) -> u64 {
    let o = occupied | sliders;
    (o ^ (o | FILE_A).wrapping_sub(sliders << 1)) & !FILE_A
}

/// Mirrors every rank (a <-> h): by GF2P8AFFINEQB where the backend has GFNI, else by the
/// three delta swaps of [`mirror_horizontal`].
#[inline(always)]
fn mirror<B: Backend>(b: B, x: u64) -> u64 {
    if B::HAS_GFNI {
        let v = b.u64x2_as_u8x16(b.u64x2_splat(x));
        let m = b.u64x2_as_u8x16(b.u64x2_splat(0x8040_2010_0804_0201));
        b.u64x2_to_array(b.u8x16_as_u64x2(b.u8x16_gf2p8affine::<0>(v, m)))[0]
    } else {
        mirror_horizontal(x)
    }
}

/// Ranks by the generalized set-wise Hyperbola Quintessence (east-ward by the overflow barrier,
/// west-ward by the same on rank-wise bit-reversed boards, see [`east_attacks`]); files and
/// diagonals by Kogge-Stone. Any ISA; the rank reversal is one GF2P8AFFINEQB with GFNI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HqRankKoggeStone;

impl SetwiseVariant for HqRankKoggeStone {
    const NAME: &'static str = "hq_rank_kogge_stone";
    #[inline(always)]
    fn rooks<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        let e = !(occ | s) | s;
        let west = mirror(b, east_attacks(mirror(b, s), mirror(b, occ)));
        east_attacks(s, occ) | west | ks(Direction::North, s, e) | ks(Direction::South, s, e)
    }
    #[inline(always)]
    fn bishops<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        KoggeStone::bishops(b, s, occ)
    }
}
