//! Occluded Kogge-Stone with four (256-bit) or eight (512-bit) directions per register and
//! per-lane variable shifts.

use super::{FILE_A, SetwiseVariant};
use bb_simd::Backend;

// Per-lane shift counts: left shifts (toward the MSB) and right shifts; 64 gives 0.
// Rook lanes: N, E, S, W.  Bishop lanes: NE, NW, SE, SW.
const ROOK_L: [u64; 4] = [8, 1, 64, 64];
const ROOK_R: [u64; 4] = [64, 64, 8, 1];
const BISHOP_L: [u64; 4] = [9, 7, 64, 64];
const BISHOP_R: [u64; 4] = [64, 64, 7, 9];
const NOT_A: u64 = !FILE_A;
const NOT_H: u64 = !(FILE_A << 7);
// Squares a step may land on, per lane.
const ROOK_LAND: [u64; 4] = [!0, NOT_A, !0, NOT_H];
const BISHOP_LAND: [u64; 4] = [NOT_A, NOT_H, NOT_A, NOT_H];

/// Occluded Kogge-Stone in four lanes: `l`/`r` hold the per-lane step (64 = none), `land` the
/// squares a step may land on.
#[inline(always)]
fn ks4<B: Backend>(b: B, s: u64, empty: u64, l: [u64; 4], r: [u64; 4], land: [u64; 4]) -> u64 {
    let land = b.u64x4_from_array(land);
    let step = |x: B::U64x4, k: u64| {
        let lk = b.u64x4_from_array(l.map(|c| if c == 64 { 64 } else { c * k }));
        let rk = b.u64x4_from_array(r.map(|c| if c == 64 { 64 } else { c * k }));
        b.u64x4_or(b.u64x4_shlv(x, lk), b.u64x4_shrv(x, rk))
    };
    let mut g = b.u64x4_splat(s);
    let mut p = b.u64x4_and(b.u64x4_splat(empty), land);
    g = b.u64x4_or(g, b.u64x4_and(p, step(g, 1)));
    p = b.u64x4_and(p, step(p, 1));
    g = b.u64x4_or(g, b.u64x4_and(p, step(g, 2)));
    p = b.u64x4_and(p, step(p, 2));
    g = b.u64x4_or(g, b.u64x4_and(p, step(g, 4)));
    b.u64x4_hor(b.u64x4_and(step(g, 1), land))
}

/// Occluded Kogge-Stone with four directions per 256-bit register (rook: N, E, S, W; bishop:
/// NE, NW, SE, SW; queen: both), per-lane variable shifts (VPSLLVQ / VPSRLVQ). Needs 256-bit
/// vectors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KoggeStoneX4;

impl SetwiseVariant for KoggeStoneX4 {
    const NAME: &'static str = "kogge_stone_x4";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn rooks<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        ks4(b, s, !(occ | s), ROOK_L, ROOK_R, ROOK_LAND)
    }
    #[inline(always)]
    fn bishops<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        ks4(b, s, !(occ | s), BISHOP_L, BISHOP_R, BISHOP_LAND)
    }
}

/// Occluded Kogge-Stone with all eight directions in one 512-bit register (queen); rook and
/// bishop as [`KoggeStoneX4`]. Needs 512-bit vectors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KoggeStoneX8;

impl SetwiseVariant for KoggeStoneX8 {
    const NAME: &'static str = "kogge_stone_x8";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 512
    }
    #[inline(always)]
    fn rooks<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        KoggeStoneX4::rooks(b, s, occ)
    }
    #[inline(always)]
    fn bishops<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        KoggeStoneX4::bishops(b, s, occ)
    }
    #[inline(always)]
    fn queens<B: Backend>(b: B, s: u64, occ: u64) -> u64 {
        let land = b.u64x8_from_array([!0, NOT_A, !0, NOT_H, NOT_A, NOT_H, NOT_A, NOT_H]);
        let l = [8, 1, 64, 64, 9, 7, 64, 64];
        let r = [64, 64, 8, 1, 64, 64, 7, 9];
        let step = |x: B::U64x8, k: u64| {
            let lk = b.u64x8_from_array(l.map(|c: u64| if c == 64 { 64 } else { c * k }));
            let rk = b.u64x8_from_array(r.map(|c: u64| if c == 64 { 64 } else { c * k }));
            b.u64x8_or(b.u64x8_shlv(x, lk), b.u64x8_shrv(x, rk))
        };
        let mut g = b.u64x8_splat(s);
        let mut p = b.u64x8_and(b.u64x8_splat(!(occ | s)), land);
        g = b.u64x8_or(g, b.u64x8_and(p, step(g, 1)));
        p = b.u64x8_and(p, step(p, 1));
        g = b.u64x8_or(g, b.u64x8_and(p, step(g, 2)));
        p = b.u64x8_and(p, step(p, 2));
        g = b.u64x8_or(g, b.u64x8_and(p, step(g, 4)));
        b.u64x8_hor(b.u64x8_and(step(g, 1), land))
    }
}
