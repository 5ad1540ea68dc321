//! Four lines per 256-bit vector (Okuhara's *Reversi bitboard techniques* "Flip AVX2"). Lanes are
//! the lines in the project's order (horizontal, vertical, diagonal, anti-diagonal); every variant
//! does the MSB-ward half by LS1B and differs in how it finds the MS1B of the LSB-ward half.

use super::{FlipVariant, SHIFTS, half};
use bb_core::Square;
use bb_simd::Backend;

/// Opponent masks with the board edge cleared per line (Okuhara's "sentinel on the edge").
pub(crate) const EDGE: [u64; 4] = [
    0x7e7e_7e7e_7e7e_7e7e,
    0x00ff_ffff_ffff_ff00,
    0x007e_7e7e_7e7e_7e00,
    0x007e_7e7e_7e7e_7e00,
];

/// The variants in this file need 256-bit integer vectors natively (Avx2 and up).
fn avx2_up<B: Backend>() -> bool {
    matches!(B::ISA.arch(), Some("x86_64")) && B::VECTOR_BITS >= 256
}

/// OR of the four lanes, by the shortest dependent chain: in a search the flipped discs make
/// the next position.
#[inline(always)]
pub(crate) fn fold<B: Backend>(b: B, v: B::U64x4) -> u64 {
    b.u64x4_hor_short(v)
}

/// MSB-ward half, LS1B form with the edge sentinel (Okuhara's "PP seq" left side):
/// `outflank + (outflank == ls1b ? -1 : 0)` sets the bits below a player outflank.
#[inline(always)]
fn up_ls1b_sentinel<B: Backend>(b: B, pp: B::U64x4, moo: B::U64x4, m: B::U64x4) -> B::U64x4 {
    let oc = b.u64x4_andnot(moo, m);
    let ls = b.u64x4_and(oc, b.u64x4_neg(oc));
    let of = b.u64x4_and(ls, pp);
    let of = b.u64x4_add(of, b.u64x4_cmpeq(of, ls));
    b.u64x4_and(of, m)
}

/// MSB-ward half, LS1B without sentinel (Okuhara's "CVTPD2PS" left side):
/// `!((of == 0) - of) & M`.
#[inline(always)]
pub(crate) fn up_ls1b<B: Backend>(b: B, pp: B::U64x4, oo: B::U64x4, m: B::U64x4) -> B::U64x4 {
    let x = b.u64x4_andnot(oo, m);
    let of = b.u64x4_and(b.u64x4_and(x, b.u64x4_neg(x)), pp);
    let of = b.u64x4_sub(b.u64x4_cmpeq(of, b.u64x4_zero()), of);
    b.u64x4_andnot(of, m)
}

/// LSB-ward flip from an MS1B outflank: the mask bits above it, `-(2 * of) & M`.
#[inline(always)]
fn above<B: Backend>(b: B, of: B::U64x4, m: B::U64x4) -> B::U64x4 {
    b.u64x4_and(b.u64x4_sub(b.u64x4_zero(), b.u64x4_add(of, of)), m)
}

/// Common set-up: broadcast P and O, load the two half-line masks.
#[inline(always)]
pub(crate) fn setup<B: Backend>(
    b: B,
    sq: Square,
    p: u64,
    o: u64,
) -> (B::U64x4, B::U64x4, B::U64x4, B::U64x4) {
    let h = half(sq);
    (
        b.u64x4_splat(p),
        b.u64x4_splat(o),
        b.u64x4_from_array(h.lsb),
        b.u64x4_from_array(h.msb),
    )
}

/// AVX2 "PP seq" (Okuhara's *Reversi bitboard techniques* "Flip AVX2: AVX2 (PP sequencial)"):
/// LSB-ward half by parallel prefix with per-lane variable shifts (VPSRLVQ by 1/8/9/7),
/// MSB-ward by LS1B with the edge sentinel. Needs Avx2.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Avx2PpSeq;
impl FlipVariant for Avx2PpSeq {
    const NAME: &'static str = "avx2_pp_seq";
    fn supported<B: Backend>() -> bool {
        avx2_up::<B>()
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let (pp, oo, _lo, hi) = setup(b, sq, p, o);
        let moo = b.u64x4_and(oo, b.u64x4_from_array(EDGE));
        let sh = b.u64x4_from_array(SHIFTS);
        let sh2 = b.u64x4_add(sh, sh);
        let mut oc = b.u64x4_and(moo, b.u64x4_shrv(b.u64x4_splat(sq.bit()), sh));
        oc = b.u64x4_or(oc, b.u64x4_and(moo, b.u64x4_shrv(oc, sh)));
        let pre = b.u64x4_and(moo, b.u64x4_shrv(moo, sh));
        oc = b.u64x4_or(oc, b.u64x4_and(pre, b.u64x4_shrv(oc, sh2)));
        oc = b.u64x4_or(oc, b.u64x4_and(pre, b.u64x4_shrv(oc, sh2)));
        let of = b.u64x4_and(b.u64x4_shrv(oc, sh), pp);
        let down = b.u64x4_andnot(b.u64x4_cmpeq(of, b.u64x4_zero()), oc);
        fold(b, b.u64x4_or(down, up_ls1b_sentinel(b, pp, moo, hi)))
    }
}

/// AVX2 "CVTPD2PS" (Okuhara's *Reversi bitboard techniques* "Flip AVX2: AVX2 (CVTPD2PS)"):
/// LSB-ward MS1B by int -> float conversion (VCVTDQ2PS, mantissa cleared, VCVTTPS2DQ, then the
/// 32 -> 64-bit fix-ups), MSB-ward LS1B without sentinel. Needs Avx2.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Avx2Cvt;
impl FlipVariant for Avx2Cvt {
    const NAME: &'static str = "avx2_cvt";
    fn supported<B: Backend>() -> bool {
        avx2_up::<B>()
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let (pp, oo, lo, hi) = setup(b, sq, p, o);
        let x = b.u64x4_andnot(oo, lo);
        let of = super::ms1b_float::epu64x4(b, x);
        let of = b.u64x4_and(of, pp);
        fold(b, b.u64x4_or(above(b, of, lo), up_ls1b(b, pp, oo, hi)))
    }
}

/// AVX2 "PSHUFB + LZCNT" (Okuhara's *Reversi bitboard techniques* "Flip AVX2: AVX2 (PSHUFB,
/// LZCNT)"): byte swap turns the vertical/diagonal LSB-ward MS1B into an LS1B; the horizontal
/// lane (which a byte swap does not reverse) uses the scalar LZCNT. Needs Avx2.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Avx2PshufbLzcnt;
impl FlipVariant for Avx2PshufbLzcnt {
    const NAME: &'static str = "avx2_pshufb_lzcnt";
    fn supported<B: Backend>() -> bool {
        avx2_up::<B>()
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let (pp, oo, lo, hi) = setup(b, sq, p, o);
        let moo = b.u64x4_and(oo, b.u64x4_from_array(EDGE));
        let oc = b.u64x4_andnot(moo, lo);
        let h = half(sq).lsb[0] & !(o & EDGE[0]);
        let h = (1u64 << 63).wrapping_shr(b.lzcnt(h));
        let r = b.u64x4_bswap(oc);
        let r = b.u64x4_bswap(b.u64x4_and(r, b.u64x4_neg(r)));
        let of = b.u64x4_or(
            b.u64x4_and(r, b.u64x4_from_array([0, !0, !0, !0])),
            b.u64x4_from_array([h, 0, 0, 0]),
        );
        let of = b.u64x4_and(of, pp);
        fold(
            b,
            b.u64x4_or(above(b, of, lo), up_ls1b_sentinel(b, pp, moo, hi)),
        )
    }
}

/// AVX2 "PSHUFB + PMAXUB" (Okuhara's *Reversi bitboard techniques* "Flip AVX2: AVX2 (PSHUFB,
/// PMAXUB)"): MS1B of each nibble by a PSHUFB table, of each byte by PMAXUB, then every byte
/// below the top non-zero byte is erased (here by a byte-flag fill with u64 shifts, as bb-simd
/// has no vector 8/16/32-bit compares yet). Needs Avx2.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Avx2PshufbPmaxub;
impl FlipVariant for Avx2PshufbPmaxub {
    const NAME: &'static str = "avx2_pshufb_pmaxub";
    fn supported<B: Backend>() -> bool {
        avx2_up::<B>()
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        const LO: [u8; 16] = [0, 1, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 8, 8, 8, 8];
        const HI: [u8; 16] = [
            0, 16, 32, 32, 64, 64, 64, 64, 128, 128, 128, 128, 128, 128, 128, 128,
        ];
        const fn dup(t: [u8; 16]) -> [u8; 32] {
            let mut r = [0; 32];
            let mut i = 0;
            while i < 32 {
                r[i] = t[i & 15];
                i += 1;
            }
            r
        }
        let (pp, oo, lo, hi) = setup(b, sq, p, o);
        let x = b.u64x4_andnot(oo, lo);
        let nib = b.u8x32_splat(0x0f);
        let xl = b.u8x32_and(b.u64x4_as_u8x32(x), nib);
        let xh = b.u8x32_and(b.u64x4_as_u8x32(b.u64x4_shr::<4>(x)), nib);
        let m = b.u8x32_max(
            b.u8x32_shuffle(b.u8x32_from_array(dup(LO)), xl),
            b.u8x32_shuffle(b.u8x32_from_array(dup(HI)), xh),
        );
        // byte flags: 1 where the byte is non-zero; fill toward the LSB, shift one byte down
        let nz = b.u8x32_as_u64x4(b.u8x32_min(b.u64x4_as_u8x32(x), b.u8x32_splat(1)));
        let mut fl = b.u64x4_or(nz, b.u64x4_shr::<8>(nz));
        fl = b.u64x4_or(fl, b.u64x4_shr::<16>(fl));
        fl = b.u64x4_or(fl, b.u64x4_shr::<32>(fl));
        let erase = b.u8x32_sub(b.u8x32_zero(), b.u64x4_as_u8x32(b.u64x4_shr::<8>(fl)));
        let of = b.u64x4_andnot(b.u8x32_as_u64x4(erase), b.u8x32_as_u64x4(m));
        let of = b.u64x4_and(of, pp);
        fold(b, b.u64x4_or(above(b, of, lo), up_ls1b(b, pp, oo, hi)))
    }
}

/// AVX2 "PP fill" (Okuhara's *Reversi bitboard techniques* "Flip AVX2: AVX2 (PP fill)"): fill
/// the non-opponent squares of the LSB-ward half downward (shifts by 1, 2, 4, ..., 32) to erase
/// every player disc in the shadow of the MS1B. Needs Avx2.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Avx2PpFill;
impl FlipVariant for Avx2PpFill {
    const NAME: &'static str = "avx2_pp_fill";
    fn supported<B: Backend>() -> bool {
        avx2_up::<B>()
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let (pp, oo, lo, hi) = setup(b, sq, p, o);
        let mut e = b.u64x4_andnot(oo, lo);
        let of = b.u64x4_and(pp, lo);
        e = b.u64x4_or(e, b.u64x4_shr::<1>(e));
        e = b.u64x4_or(e, b.u64x4_shr::<2>(e));
        e = b.u64x4_or(e, b.u64x4_shr::<4>(e));
        e = b.u64x4_or(e, b.u64x4_shr::<8>(e));
        e = b.u64x4_or(e, b.u64x4_shr::<16>(e));
        e = b.u64x4_or(e, b.u64x4_shr::<32>(e));
        let of = b.u64x4_andnot(e, b.u64x4_add(of, of));
        let down = b.u64x4_and(lo, b.u64x4_neg(of));
        fold(b, b.u64x4_or(down, up_ls1b(b, pp, oo, hi)))
    }
}

/// `x` with every bit also copied 1 to 7 steps toward the LSB along its lane's line (per-lane
/// shifts by 1, 2 and 4 steps).
#[inline(always)]
fn smear_down<B: Backend>(b: B, x: B::U64x4) -> B::U64x4 {
    let x = b.u64x4_or(x, b.u64x4_shrv(x, b.u64x4_from_array(SHIFTS)));
    let x = b.u64x4_or(x, b.u64x4_shrv(x, b.u64x4_from_array(steps(2))));
    b.u64x4_or(x, b.u64x4_shrv(x, b.u64x4_from_array(steps(4))))
}

/// Per line, the shift count of `k` steps along it (`k` times [`SHIFTS`]).
const fn steps(k: u64) -> [u64; 4] {
    [SHIFTS[0] * k, SHIFTS[1] * k, SHIFTS[2] * k, SHIFTS[3] * k]
}

/// `x` with every bit also copied 1 to 5 steps toward the LSB along its lane's line: the
/// "smart clr" eraser. Five steps are enough there: a half-line has at most 7 squares, and a
/// player disc beyond the first non-opponent square lies at most 5 steps below it once moved one
/// step up. The copies by 2 and 4 steps both come from `x | x >> 1 step` (as in Edax's
/// `flip_avx_ppfill.c`), so the fill is two shifts deep instead of three, for the same six
/// operations.
#[inline(always)]
fn erase_down<B: Backend>(b: B, x: B::U64x4) -> B::U64x4 {
    let x = b.u64x4_or(x, b.u64x4_shrv(x, b.u64x4_from_array(SHIFTS)));
    let x2 = b.u64x4_shrv(x, b.u64x4_from_array(steps(2)));
    let x4 = b.u64x4_shrv(x, b.u64x4_from_array(steps(4)));
    b.u64x4_or(x, b.u64x4_or(x2, x4))
}

/// AVX2 "smart clr" (Okuhara's *Reversi bitboard techniques* "Flip AVX2: AVX2 (smart clr)"):
/// the PP fill done with per-lane variable shifts along each line (by 1/8/9/7, then twice, then
/// four times), three steps instead of six. Needs Avx2.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Avx2SmartClear;
impl FlipVariant for Avx2SmartClear {
    const NAME: &'static str = "avx2_smart_clear";
    fn supported<B: Backend>() -> bool {
        avx2_up::<B>()
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let (pp, oo, lo, hi) = setup(b, sq, p, o);
        // Both uses of `o` are and-nots. Seen through, LLVM complements `o` before the
        // broadcast, which costs the broadcast its folded load and adds a VPXOR.
        let oo = b.u64x4_opaque(oo);
        let e = erase_down(b, b.u64x4_andnot(oo, lo));
        let of = b.u64x4_shlv(b.u64x4_and(pp, lo), b.u64x4_from_array(SHIFTS));
        let of = b.u64x4_andnot(e, of);
        let down = b.u64x4_and(lo, b.u64x4_neg(of));
        fold(b, b.u64x4_or(down, up_ls1b(b, pp, oo, hi)))
    }
}

/// The "acepck" AVX2 flip (beyond the published sources; an idea from the Egaroucid project,
/// built into Okuhara's Edax). LSB-ward: the player's discs on each half-line are smeared
/// downward (by 1, 2 and 4 steps), so the half-line minus the smear is what lies between the
/// move and the nearest player disc; it flips when that disc is nearer than the nearest empty
/// square, which for two disjoint sets below bit 63 is one signed compare, `P > E` (VPCMPGTQ).
/// MSB-ward: BLSMSK of the non-opponent squares reaches the first of them; with a player disc
/// there, clearing it leaves the run to flip, and the run is kept only when the clearing
/// changed something. Needs Avx2.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Avx2Acepck;
impl FlipVariant for Avx2Acepck {
    const NAME: &'static str = "avx2_acepck";
    fn supported<B: Backend>() -> bool {
        avx2_up::<B>()
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let (pp, oo, lo, hi) = setup(b, sq, p, o);
        // LSB-ward.
        let rp = b.u64x4_and(pp, lo);
        let smear = smear_down(b, rp);
        let empty = b.u64x4_xor(b.u64x4_andnot(oo, lo), rp);
        let down = b.u64x4_and(b.u64x4_andnot(smear, lo), b.u64x4_cmpgt_i64(rp, empty));
        // MSB-ward.
        let x = b.u64x4_andnot(oo, hi);
        let reach = b.u64x4_and(b.u64x4_xor(b.u64x4_sub(x, b.u64x4_splat(1)), x), hi);
        let run = b.u64x4_andnot(pp, reach);
        let up = b.u64x4_andnot(b.u64x4_cmpeq(run, reach), run);
        fold(b, b.u64x4_or(down, up))
    }
}
