//! Scalar Hyperbola Quintessence (Chess Programming Wiki): file and
//! diagonals by byte swap over the per-square record [`bb_core::masks::HQ`]; the rank, which a byte
//! swap does not reverse, three ways.

use super::{SliderVariant, hq_bswap};
use crate::tables::{FIRST_RANK, MAIN_DIAGONAL};
use bb_core::Square;
use bb_core::masks::{DIAG_EX, HQ, RANK_EX};
use bb_simd::Backend;

const BYTE_SPREAD: u64 = 0x0101_0101_0101_0101;

/// Bishop attacks by byte-swap Hyperbola Quintessence on both diagonals, combined with XOR.
#[inline(always)]
pub(crate) fn bishop_bswap<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
    let m = &HQ[sq.index()];
    hq_bswap(b, occ, m.diag, m.bit) ^ hq_bswap(b, occ, m.anti, m.bit)
}

/// File attacks by byte-swap Hyperbola Quintessence.
#[inline(always)]
pub(crate) fn file_bswap<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
    let m = &HQ[sq.index()];
    hq_bswap(b, occ, m.file, m.bit)
}

/// The attacks along a line of 8 squares, as a byte, of a slider at position `at` (0-7) when
/// the byte `line` holds the line's occupancy: the first-rank table, whose index ignores the two
/// end squares.
#[inline(always)]
pub(crate) fn line_attacks(line: usize, at: usize) -> u8 {
    FIRST_RANK[((line & 0x7e) * 4 + at) & 511]
}

/// Rank attacks from the 512-byte first-rank table.
#[inline(always)]
pub(crate) fn rank_table(sq: Square, occ: u64) -> u64 {
    let s = sq.index();
    let rs = s & 56;
    u64::from(line_attacks((occ >> rs) as usize, s & 7)) << rs
}

/// Rank attacks by Cooijmans' mapping: the rank is copied onto the a1-h8 diagonal by a
/// multiplication, attacked there by byte-swap HQ, and gathered back by a second multiplication
/// (one bit per file, so no carries).
#[inline(always)]
pub(crate) fn rank_cooijmans<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
    let s = sq.index();
    let rs = s & 56;
    let d = (s & 7) * 9;
    let on_diag = ((occ >> rs) & 0xff).wrapping_mul(BYTE_SPREAD) & MAIN_DIAGONAL;
    let att = hq_bswap(b, on_diag, DIAG_EX[d], 1 << d);
    (att.wrapping_mul(BYTE_SPREAD) >> 56) << rs
}

/// Attacks along one line by the generalized getter: a full 64-bit bit reversal, so one
/// formula serves the rank too.
#[inline(always)]
pub(crate) fn hq_rbit<B: Backend>(b: B, s: usize, occ: u64, mask: u64) -> u64 {
    let fwd = occ & mask;
    let rev = b.rbit(fwd);
    let fwd = fwd.wrapping_sub(1 << s);
    let rev = rev.wrapping_sub(1 << (63 - s));
    (fwd ^ b.rbit(rev)) & mask
}

/// Hyperbola Quintessence with the rank by Cooijmans' mapping onto the main diagonal.
///
/// The Chess Programming Wiki's *Hyperbola Quintessence*, "Source Code" (file, diagonals) and the
/// rank problem's mapping by Tim Cooijmans. Any ISA (byte swap is one instruction everywhere).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HqCooijmans;

impl SliderVariant for HqCooijmans {
    const NAME: &'static str = "hq_cooijmans";
    #[inline(always)]
    fn rook<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        file_bswap(b, sq, occ) | rank_cooijmans(b, sq, occ)
    }
    #[inline(always)]
    fn bishop<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        bishop_bswap(b, sq, occ)
    }
}

/// Hyperbola Quintessence with the rank from a 512-byte first-rank table.
///
/// The Chess Programming Wiki's *Hyperbola Quintessence*, "Source Code", with "some standard
/// technique for the rank-attacks". Any ISA.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HqFirstRank;

impl SliderVariant for HqFirstRank {
    const NAME: &'static str = "hq_first_rank";
    #[inline(always)]
    fn rook<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        file_bswap(b, sq, occ) | rank_table(sq, occ)
    }
    #[inline(always)]
    fn bishop<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        bishop_bswap(b, sq, occ)
    }
}

/// The Hyperbola Quintessence page's generalized attack getter: every line, the rank included, by a
/// full 64-bit bit reversal ([`Backend::rbit`]: RBIT on aarch64; a shift-and-mask sequence on x86).
///
/// The Chess Programming Wiki's *Hyperbola Quintessence*, "Java": `Long.reverse` for a generalized
/// attack getter. Native on Neon.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HqRbit;

impl SliderVariant for HqRbit {
    const NAME: &'static str = "hq_rbit";
    #[inline(always)]
    fn rook<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let s = sq.index();
        hq_rbit(b, s, occ, HQ[s].file) | hq_rbit(b, s, occ, RANK_EX[s])
    }
    #[inline(always)]
    fn bishop<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let s = sq.index();
        hq_rbit(b, s, occ, HQ[s].diag) ^ hq_rbit(b, s, occ, HQ[s].anti)
    }
}
