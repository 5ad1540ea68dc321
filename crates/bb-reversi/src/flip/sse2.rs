//! SSE2: two directions per 128-bit register (Okuhara's *Reversi bitboard techniques* "浮動小数変換
//! (MS1B)", "Outflank → Flip (LSB方向)" flipmask).

use super::ms1b_float::{epu64, flipmask};
use super::{FlipVariant, half};
use bb_core::Square;
use bb_core::masks::HALF_LINES;
use bb_simd::Backend;

/// Two MSB-ward rays by carry propagation: `((O | !M) + 1) & M & P` is the outflank, then
/// `(outflank - 1) & M` with the lanes whose outflank is 0 cleared (flipmask: PCMPEQD on
/// swapped dwords). `not_m` is `!m`, passed in so callers with a stored complement save the NOT.
///
/// The clearing is a saturating byte subtraction of the flipmask (PSUBUSB: an all-ones byte
/// clears, a zero byte keeps), not an AND: LLVM reorders a chain of ANDs at will and put the
/// `& M` after the flipmask, while as a subtraction `(outflank - 1) & M` runs beside the two
/// flipmask operations and the chain after the outflank is three operations, not four.
#[inline(always)]
pub(crate) fn carry_up2<B: Backend>(
    b: B,
    pp: B::U64x2,
    oo: B::U64x2,
    m: B::U64x2,
    not_m: B::U64x2,
) -> B::U64x2 {
    let one = b.u64x2_splat(1);
    let of = b.u64x2_and(b.u64x2_and(b.u64x2_add(b.u64x2_or(oo, not_m), one), m), pp);
    let run = b.u64x2_as_u8x16(b.u64x2_and(b.u64x2_sub(of, one), m));
    let zero_of = b.u64x2_as_u8x16(flipmask(b, of));
    b.u8x16_as_u64x2(b.u8x16_subs(run, zero_of))
}

/// Two LSB-ward rays from the MS1B `ms` of their non-opponent squares: the outflank is
/// `ms & P`, the flips `-(2 * outflank) & M`.
#[inline(always)]
pub(crate) fn ms1b_down2<B: Backend>(b: B, pp: B::U64x2, ms: B::U64x2, m: B::U64x2) -> B::U64x2 {
    let of = b.u64x2_and(ms, pp);
    b.u64x2_and(b.u64x2_sub(b.u64x2_zero(), b.u64x2_add(of, of)), m)
}

/// SSE2, two lines per register (Okuhara's *Reversi bitboard techniques* "Flip: 浮動小数変換 (MS1B)"
/// and "Outflank → Flip"): MSB-ward carry propagation with the "outflank == 0" flip mask
/// (Okuhara's PCMPEQD on dword-swapped copies), LSB-ward MS1B by int -> float conversion
/// (MS1B_epu31/32/64: CVTDQ2PS, mantissa cleared, CVTTPS2DQ) and `0 - 2 * outflank`. Runs on
/// Sse2 and up.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Sse2Ms1bFloat;
impl FlipVariant for Sse2Ms1bFloat {
    const NAME: &'static str = "sse2_ms1b_float";
    fn supported<B: Backend>() -> bool {
        matches!(B::ISA.arch(), Some("x86_64" | "wasm32"))
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let h = half(sq);
        let (pp, oo) = (b.u64x2_splat(p), b.u64x2_splat(o));
        let mut f = b.u64x2_zero();
        for i in [0, 2] {
            let hi = b.u64x2_from_array([h.msb[i], h.msb[i + 1]]);
            let lo = b.u64x2_from_array([h.lsb[i], h.lsb[i + 1]]);
            let up = carry_up2(b, pp, oo, hi, b.u64x2_not(hi));
            // LSB-ward: MS1B by float conversion
            let down = ms1b_down2(b, pp, epu64(b, b.u64x2_andnot(oo, lo)), lo);
            f = b.u64x2_or(f, b.u64x2_or(up, down));
        }
        b.u64x2_hor(f)
    }
}

/// SSE2 with byte-swapped boards (Okuhara's "Flip AVX2: PSHUFB" idea in SSE2, as Edax's
/// `flip_sse_bswap`): a vertical mirror (BSWAP) turns the three LSB-ward vertical and
/// diagonal rays into MSB-ward ones of the mirrored square, so all six are carry
/// propagation, two per register (lane 0 the board, lane 1 its mirror; PCMPEQD/PSHUFD
/// flipmask), and the rank, which a mirror does not reverse, goes through the
/// OUTFLANK/FLIPPED tables in a general register. No MS1B search at all. Runs on Sse2
/// and up.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Sse2Bswap;
impl FlipVariant for Sse2Bswap {
    const NAME: &'static str = "sse2_bswap";
    fn supported<B: Backend>() -> bool {
        matches!(B::ISA.arch(), Some("x86_64" | "wasm32"))
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let i = sq.index();
        let pp = b.u64x2_from_array([p, p.swap_bytes()]);
        let oo = b.u64x2_from_array([o, o.swap_bytes()]);
        let mut f = b.u64x2_zero();
        for [m, nm] in &BSWAP_RAYS[i].0 {
            // the inverted mask is stored next to the mask
            let (m, nm) = (b.u64x2_from_array(*m), b.u64x2_from_array(*nm));
            f = b.u64x2_or(f, carry_up2(b, pp, oo, m, nm));
        }
        let [lo, hi] = b.u64x2_to_array(f);
        let r = 8 * (i >> 3);
        lo | hi.swap_bytes() | (super::table::line8(i & 7, p >> r, o >> r) << r)
    }
}

/// Per square, the north, north-east and north-west rays of the square (lane 0) and of its
/// vertical mirror (lane 1: the south, south-east and south-west rays, mirrored), each with
/// its complement, 16-byte aligned so every operand is one aligned load.
#[repr(C, align(16))]
struct BswapRays([[[u64; 2]; 2]; 3]);

static BSWAP_RAYS: [BswapRays; 64] = {
    let mut t = [const { BswapRays([[[0; 2]; 2]; 3]) }; 64];
    let mut sq = 0;
    while sq < 64 {
        let (h, hm) = (&HALF_LINES[sq], &HALF_LINES[sq ^ 56]);
        let mut k = 0;
        while k < 3 {
            // the MSB-ward vertical, diagonal and anti-diagonal halves
            let m = [h.msb[k + 1], hm.msb[k + 1]];
            t[sq].0[k] = [m, [!m[0], !m[1]]];
            k += 1;
        }
        sq += 1;
    }
    t
};
