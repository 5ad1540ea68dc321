//! The slider getters move generation uses.
//!
//! Interim: the classical approach over bb-core's half lines (scalar, any backend) until the
//! crate's per-backend default getters are wired in.

use bb_core::{Square, masks::HALF_LINES};
use bb_simd::Backend;

#[inline(always)]
fn line(sq: usize, l: usize, occ: u64) -> u64 {
    let h = &HALF_LINES[sq];
    let up = h.msb[l];
    let down = h.lsb[l];
    let bu = occ & up;
    let bd = occ & down;
    let mut a = up | down;
    if bu != 0 {
        a ^= HALF_LINES[bu.trailing_zeros() as usize].msb[l];
    }
    if bd != 0 {
        a ^= HALF_LINES[63 - bd.leading_zeros() as usize].lsb[l];
    }
    a
}

/// Rook attacks from `sq` under `occ`.
#[inline(always)]
pub(crate) fn rook<B: Backend>(_b: B, sq: Square, occ: u64) -> u64 {
    let s = sq.index();
    line(s, 0, occ) | line(s, 1, occ)
}

/// Bishop attacks from `sq` under `occ`.
#[inline(always)]
pub(crate) fn bishop<B: Backend>(_b: B, sq: Square, occ: u64) -> u64 {
    let s = sq.index();
    line(s, 2, occ) | line(s, 3, occ)
}
