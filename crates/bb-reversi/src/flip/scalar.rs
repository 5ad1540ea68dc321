//! Scalar family (Okuhara's *Reversi bitboard techniques*, "Flip - 返る石を求める": シフトの繰り返し, Parallel
//! Prefix, キャリー伝播, LS1B, LZCNT, __builtin_clzll, "Outflank → Flip").

use super::{FlipVariant, SHIFTS, half};
use bb_core::Square;
use bb_simd::Backend;

/// Opponent masks that stop a walk from wrapping around the board edge, per line.
const WRAP: [u64; 4] = [
    0x7e7e_7e7e_7e7e_7e7e,
    !0,
    0x7e7e_7e7e_7e7e_7e7e,
    0x7e7e_7e7e_7e7e_7e7e,
];

// ----- outflank -> flip conversions (Okuhara's "Outflank → Flip") ------------------------------

/// MSB-ward: bits below `of`, only if `of != 0` ("subtract (outflank != 0)").
#[inline(always)]
fn below_ne(of: u64) -> u64 {
    of.wrapping_sub(u64::from(of != 0))
}

/// MSB-ward: subtract 1, then add the borrow back (Okuhara's `_subborrow_u64` +
/// `_addcarry_u64` pair; two instructions, SUB + ADC).
#[inline(always)]
fn below_sbb(of: u64) -> u64 {
    let (f, borrow) = of.overflowing_sub(1);
    f.wrapping_add(u64::from(borrow))
}

/// LSB-ward: bits above `of` ("multiply by -2"); 0 stays 0.
#[inline(always)]
fn above_mul(of: u64) -> u64 {
    of.wrapping_mul(!1)
}

// ----- per-half kernels -------------------------------------------------------------------

/// MSB-ward half by carry propagation: `((O | !M) + 1) & M & P`.
#[inline(always)]
fn up_carry(m: u64, p: u64, o: u64, conv: fn(u64) -> u64) -> u64 {
    let of = (o | !m).wrapping_add(1) & m & p;
    conv(of) & m
}

/// MSB-ward half by LS1B of the non-opponent squares: `(x & -x) & P`.
#[inline(always)]
fn up_ls1b(m: u64, p: u64, o: u64) -> u64 {
    let x = !o & m;
    let of = x & x.wrapping_neg() & p;
    below_ne(of) & m
}

/// LSB-ward half by LZCNT: `(1 << 63) >> lzcnt(!O & M)`. A zero argument gives a shift of 64,
/// which wraps to 0 on x86; the result is then bit 63, which `* -2` turns into 0 (Okuhara's
/// remark that either CPU behaviour is harmless).
#[inline(always)]
pub(super) fn down_lzcnt<B: Backend>(b: B, m: u64, p: u64, o: u64) -> u64 {
    let of = (1u64 << 63).wrapping_shr(b.lzcnt(!o & m)) & p;
    above_mul(of) & m
}

/// LSB-ward half by count-leading-zeros with Okuhara's sentinel: `(O & BLSR(M)) ^ M` keeps
/// the lowest mask square set, so the argument is never 0 on a non-empty line (a false
/// outflank on the edge meets no player disc). The `| 1` covers the empty mask of edge squares
/// and lets the compiler drop the zero test of BSR.
#[inline(always)]
fn down_clz(m: u64, p: u64, o: u64) -> u64 {
    let x = ((o & (m & m.wrapping_sub(1))) ^ m) | 1;
    let of = (1u64 << 63) >> x.leading_zeros() & p;
    above_mul(of) & m
}

/// One direction by parallel prefix, shifting left by `s` (Okuhara's "Parallel Prefix").
#[inline(always)]
fn pp_left(x: u64, p: u64, mo: u64, s: u32) -> u64 {
    let mut f = (x << s) & mo;
    f |= (f << s) & mo;
    let pre = mo & (mo << s);
    f |= (f << (2 * s)) & pre;
    f |= (f << (2 * s)) & pre;
    let of = p & (f << s);
    f & 0u64.wrapping_sub(u64::from(of != 0))
}

/// One direction by parallel prefix, shifting right by `s`.
#[inline(always)]
fn pp_right(x: u64, p: u64, mo: u64, s: u32) -> u64 {
    let mut f = (x >> s) & mo;
    f |= (f >> s) & mo;
    let pre = mo & (mo >> s);
    f |= (f >> (2 * s)) & pre;
    f |= (f >> (2 * s)) & pre;
    let of = p & (f >> s);
    f & 0u64.wrapping_sub(u64::from(of != 0))
}

/// LSB-ward half of all four lines by parallel prefix.
#[inline(always)]
fn down_pp_all(x: u64, p: u64, o: u64) -> u64 {
    let mut f = 0;
    for l in 0..4 {
        f |= pp_right(x, p, o & WRAP[l], SHIFTS[l] as u32);
    }
    f
}

/// Shift repetition, one direction at a time (Okuhara's *Reversi bitboard techniques* "Flip:
/// シフトの繰り返しによる方法"). Portable; no ISA needed. Six dependent shift-and-mask steps per direction.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct ShiftRepetition;
impl FlipVariant for ShiftRepetition {
    const NAME: &'static str = "shift_repetition";
    #[inline(always)]
    fn flip<B: Backend>(_b: B, sq: Square, p: u64, o: u64) -> u64 {
        let x = sq.bit();
        let mut flip = 0;
        for l in 0..4 {
            let s = SHIFTS[l] as u32;
            let mo = o & WRAP[l];
            let (mut fl, mut fr) = ((x << s) & mo, (x >> s) & mo);
            for _ in 0..5 {
                fl |= (fl << s) & mo;
                fr |= (fr >> s) & mo;
            }
            if p & (fl << s) != 0 {
                flip |= fl;
            }
            if p & (fr >> s) != 0 {
                flip |= fr;
            }
        }
        flip
    }
}

/// Parallel prefix in all 8 directions (Okuhara's *Reversi bitboard techniques* "Flip: Parallel
/// Prefix"): the pairwise AND of neighbouring opponent discs doubles the step. Portable.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct ParallelPrefix;
impl FlipVariant for ParallelPrefix {
    const NAME: &'static str = "parallel_prefix";
    #[inline(always)]
    fn flip<B: Backend>(_b: B, sq: Square, p: u64, o: u64) -> u64 {
        let x = sq.bit();
        let mut f = 0;
        for l in 0..4 {
            f |= pp_left(x, p, o & WRAP[l], SHIFTS[l] as u32);
        }
        f | down_pp_all(x, p, o)
    }
}

/// Carry propagation toward the MSB (Okuhara's *Reversi bitboard techniques* "Flip: キャリー伝播 (MSB
/// 方向のみ)"), parallel prefix toward the LSB. Portable (no LZCNT).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct CarryPropagation;
impl FlipVariant for CarryPropagation {
    const NAME: &'static str = "carry_propagation";
    #[inline(always)]
    fn flip<B: Backend>(_b: B, sq: Square, p: u64, o: u64) -> u64 {
        let h = half(sq);
        let mut f = 0;
        for l in 0..4 {
            f |= up_carry(h.msb[l], p, o, below_ne);
        }
        f | down_pp_all(sq.bit(), p, o)
    }
}

/// LS1B toward the MSB (Okuhara's *Reversi bitboard techniques* "Flip: LS1Bの利用"), parallel
/// prefix toward the LSB. Portable.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Ls1b;
impl FlipVariant for Ls1b {
    const NAME: &'static str = "ls1b";
    #[inline(always)]
    fn flip<B: Backend>(_b: B, sq: Square, p: u64, o: u64) -> u64 {
        let h = half(sq);
        let mut f = 0;
        for l in 0..4 {
            f |= up_ls1b(h.msb[l], p, o);
        }
        f | down_pp_all(sq.bit(), p, o)
    }
}

/// Carry propagation toward the MSB, LZCNT toward the LSB (Okuhara's *Reversi bitboard
/// techniques* "Flip: LZCNT (LSB 方向のみ)", the benchmark's "carry+LZCNT"); outflank -> flip by
/// "subtract (outflank != 0)" and "multiply by -2". LZCNT (BMI) is one instruction on Avx2 and
/// up; elsewhere `lzcnt` compiles to BSR + CMOV.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct CarryLzcnt;
impl FlipVariant for CarryLzcnt {
    const NAME: &'static str = "carry_lzcnt";
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let h = half(sq);
        let mut f = 0;
        for l in 0..4 {
            f |= up_carry(h.msb[l], p, o, below_ne) | down_lzcnt(b, h.lsb[l], p, o);
        }
        f
    }
}

/// LS1B toward the MSB, LZCNT toward the LSB (Okuhara's *Reversi bitboard techniques* "Flip:
/// LS1B" + "LZCNT"; Edax's best scalar form). LZCNT native on Avx2 and up.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Ls1bLzcnt;
impl FlipVariant for Ls1bLzcnt {
    const NAME: &'static str = "ls1b_lzcnt";
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let h = half(sq);
        let mut f = 0;
        for l in 0..4 {
            f |= up_ls1b(h.msb[l], p, o) | down_lzcnt(b, h.lsb[l], p, o);
        }
        f
    }
}

/// Carry propagation toward the MSB, count-leading-zeros with Okuhara's edge sentinel toward
/// the LSB (Okuhara's *Reversi bitboard techniques* "Flip: __builtin_clzll (LSB 方向のみ)"): the
/// argument is never zero, so baseline x86-64 gets a bare BSR. Portable.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct CarryClzSentinel;
impl FlipVariant for CarryClzSentinel {
    const NAME: &'static str = "carry_clz_sentinel";
    #[inline(always)]
    fn flip<B: Backend>(_b: B, sq: Square, p: u64, o: u64) -> u64 {
        let h = half(sq);
        let mut f = 0;
        for l in 0..4 {
            f |= up_carry(h.msb[l], p, o, below_ne) | down_clz(h.lsb[l], p, o);
        }
        f
    }
}

/// Carry propagation + LZCNT with the MSB-ward outflank -> flip done by the borrow/carry
/// pair (Okuhara's *Reversi bitboard techniques* "Outflank → Flip (LSB方向)": `_subborrow_u64`
/// then `_addcarry_u64`, here `overflowing_sub`). LZCNT native on Avx2 and up.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct CarryLzcntSbb;
impl FlipVariant for CarryLzcntSbb {
    const NAME: &'static str = "carry_lzcnt_sbb";
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let h = half(sq);
        let mut f = 0;
        for l in 0..4 {
            f |= up_carry(h.msb[l], p, o, below_sbb) | down_lzcnt(b, h.lsb[l], p, o);
        }
        f
    }
}
