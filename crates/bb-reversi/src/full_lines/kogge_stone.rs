//! Full lines in general registers: ranks by a parallel prefix, files by rotations, diagonals by
//! Kogge-Stone from both ends. Stability calls the line helpers directly.

use super::FullLinesVariant;
use bb_simd::Backend;

pub(super) const RANK1: u64 = 0x0101_0101_0101_0101;

/// Full ranks by a parallel prefix of ANDs over 1, 2 and 4 squares.
#[inline(always)]
#[must_use]
pub const fn full_h(discs: u64) -> u64 {
    let mut f = discs;
    f &= f >> 1;
    f &= f >> 2;
    f &= f >> 4;
    (f & RANK1).wrapping_mul(0xff)
}

/// Full ranks as one bit per rank (bit `r` for rank `r + 1`), by PCMPEQB against all ones and
/// PMOVMSKB: four instructions where PCMPEQB and PMOVMSKB are native (x86).
#[inline(always)]
#[must_use]
pub fn full_rank_bits<B: Backend>(b: B, discs: u64) -> u64 {
    let v = b.u64x2_as_u8x16(b.u64x2_from_array([discs, 0]));
    u64::from(b.u8x16_cmpeq(v, b.u8x16_splat(0xff)) & 0xff)
}

/// Full files by three rotate-and steps.
#[inline(always)]
#[must_use]
pub const fn full_v(discs: u64) -> u64 {
    let mut f = discs;
    f &= f.rotate_right(8);
    f &= f.rotate_right(16);
    f &= f.rotate_right(32);
    f
}

/// Full anti-diagonals (+7) and diagonals (+9), Kogge-Stone from both ends; squares off the
/// board count as occupied (the edge masks). Returns `(anti-diagonals, diagonals)`.
#[inline(always)]
#[must_use]
pub const fn full_d79(discs: u64) -> (u64, u64) {
    let (mut l7, mut r7) = (discs, discs);
    l7 &= 0xff01_0101_0101_0101 | (l7 >> 7);
    r7 &= 0x8080_8080_8080_80ff | (r7 << 7);
    l7 &= 0xffff_0303_0303_0303 | (l7 >> 14);
    r7 &= 0xc0c0_c0c0_c0c0_ffff | (r7 << 14);
    l7 &= 0xffff_ffff_0f0f_0f0f | (l7 >> 28);
    r7 &= 0xf0f0_f0f0_ffff_ffff | (r7 << 28);
    let (mut l9, mut r9) = (discs, discs);
    l9 &= 0xff80_8080_8080_8080 | (l9 >> 9);
    r9 &= 0x0101_0101_0101_01ff | (r9 << 9);
    l9 &= 0xffff_c0c0_c0c0_c0c0 | (l9 >> 18);
    r9 &= 0x0303_0303_0303_ffff | (r9 << 18);
    (
        l7 & r7,
        l9 & r9 & (0x0f0f_0f0f_f0f0_f0f0 | (l9 >> 36) | (r9 << 36)),
    )
}

/// General registers (Okuhara's *Reversi bitboard techniques* "Get full lines", CPU forms).
#[derive(Clone, Copy, Debug, Default)]
pub struct KoggeStone;

impl FullLinesVariant for KoggeStone {
    const NAME: &'static str = "kogge_stone";
    #[inline(always)]
    fn full_lines<B: Backend>(_b: B, discs: u64) -> [u64; 4] {
        let (d7, d9) = full_d79(discs);
        [full_h(discs), full_v(discs), d9, d7]
    }
}
