//! AVX-512 (VL/CD) variants (Okuhara's *Reversi bitboard techniques* "Flip AVX2: AVX512CD/VL
//! (VPLZCNTQ)"), and two of the project's own: the GFNI bit-reversal variant and the BITALG
//! (VPSHUFBITQMB) ray gather.

use super::avx2::{fold, setup};
use super::{FlipVariant, half};
use bb_core::Square;
use bb_simd::Backend;

fn avx512_up<B: Backend>() -> bool {
    matches!(B::ISA.arch(), Some("x86_64")) && B::VECTOR_BITS >= 512
}

/// LSB-ward half by VPLZCNTQ: the MS1B of `!O & M`, kept if it is a player disc.
///
/// Okuhara's form shifts `1 << 63` right by the count and relies on VPSRLVQ giving 0 for a
/// count of 64 (an all-opponent or empty half). LLVM rewrites such a shift as a generic shift
/// plus a select on the count's range (a VPTESTMQ and a masked shift). A rotate (VPRORVQ) has
/// no such case: a count of 64 leaves `1 << 63` in place, and an outflank of `1 << 63` yields
/// no flips, since `-of ^ of` is 0 for it. So the half is VPANDN, VPLZCNTQ, VPRORVQ, VPAND,
/// VPSUBQ and one VPTERNLOGQ, with no guard and no sentinel.
#[inline(always)]
fn down_lzcnt<B: Backend>(b: B, pp: B::U64x4, oo: B::U64x4, lo: B::U64x4) -> B::U64x4 {
    let x = b.u64x4_andnot(oo, lo);
    let of = b.u64x4_rorv(b.u64x4_splat(1 << 63), b.u64x4_lzcnt(x));
    let of = b.u64x4_and(of, pp);
    // (-of ^ of) & M: one VPTERNLOGQ (0x28) after the subtraction
    b.u64x4_and(b.u64x4_xor(b.u64x4_neg(of), of), lo)
}

/// VPLZCNTQ with ternary logic (Okuhara's *Reversi bitboard techniques* "AVX512CD/VL
/// (VPLZCNTQ)"): LSB-ward MS1B by vector LZCNT, MSB-ward LS1B and `of - min(of, 1)` (VPMINUQ).
/// Needs Avx512 (VL + CD).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Avx512Lzcnt;
impl FlipVariant for Avx512Lzcnt {
    const NAME: &'static str = "avx512_lzcnt";
    fn supported<B: Backend>() -> bool {
        avx512_up::<B>()
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let (pp, oo, lo, hi) = setup(b, sq, p, o);
        let down = down_lzcnt(b, pp, oo, lo);
        let x = b.u64x4_andnot(oo, hi);
        let of = b.u64x4_and(b.u64x4_and(b.u64x4_neg(x), x), pp);
        let of = b.u64x4_sub(of, b.u64x4_min(of, b.u64x4_splat(1)));
        fold(b, b.u64x4_or(down, b.u64x4_and(of, hi)))
    }
}

/// VPLZCNTQ, with the MSB-ward half in Okuhara's mask-register form: BLSMSK `x ^ (x - 1)`
/// masked to the line gives the run up to the first non-opponent square, and a
/// test-to-mask (VPTESTMQ against P) decides whether to OR its opponent discs in
/// (Okuhara's *Reversi bitboard techniques* "AVX512CD/VL", second listing). Needs Avx512.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Avx512Mask;
impl FlipVariant for Avx512Mask {
    const NAME: &'static str = "avx512_mask";
    fn supported<B: Backend>() -> bool {
        avx512_up::<B>()
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let (pp, oo, lo, hi) = setup(b, sq, p, o);
        let down = down_lzcnt(b, pp, oo, lo);
        let x = b.u64x4_andnot(oo, hi);
        let t = b.u64x4_and(b.u64x4_xor(x, b.u64x4_add(x, b.u64x4_splat(!0))), hi);
        // The shuffle-OR halving, not `fold`: taking the lanes out to general registers is
        // 4 % shorter in latency here but costs 9 % of throughput (Zen 5).
        b.u64x4_hor(b.u64x4_or_and_if_any(down, t, oo, pp))
    }
}

/// All 8 directions in one 512-bit register (Okuhara's VPLZCNTQ idea widened):
/// lanes 0-3 hold the LSB-ward halves (MS1B by VPLZCNTQ), lanes 4-7 the MSB-ward halves
/// (LS1B), blended by a constant lane mask; one horizontal OR of 8 lanes. Needs Avx512.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Avx512Oct;
impl FlipVariant for Avx512Oct {
    const NAME: &'static str = "avx512_8dir";
    fn supported<B: Backend>() -> bool {
        avx512_up::<B>()
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let h = half(sq);
        let m = b.u64x8_from_array([
            h.lsb[0], h.lsb[1], h.lsb[2], h.lsb[3], h.msb[0], h.msb[1], h.msb[2], h.msb[3],
        ]);
        let (pp, oo) = (b.u64x8_splat(p), b.u64x8_splat(o));
        let sel = b.u64x8_from_array([0, 0, 0, 0, !0, !0, !0, !0]);
        let x = b.u64x8_andnot(oo, m);
        let ms = b.u64x8_shrv(b.u64x8_splat(1 << 63), b.u64x8_lzcnt(x));
        let ls = b.u64x8_and(x, b.u64x8_neg(x));
        // outflank: MS1B in the low lanes, LS1B in the high lanes
        let of = b.u64x8_and(
            pp,
            b.u64x8_or(b.u64x8_andnot(sel, ms), b.u64x8_and(sel, ls)),
        );
        // flip: bits above (low lanes) or below (high lanes) a non-zero outflank
        let above = b.u64x8_xor(b.u64x8_neg(of), of);
        let below = b.u64x8_sub(of, b.u64x8_min(of, b.u64x8_splat(1)));
        let f = b.u64x8_or(b.u64x8_andnot(sel, above), b.u64x8_and(sel, below));
        b.u64x8_hor(b.u64x8_and(f, m))
    }
}

/// GFNI bit reversal (beyond the published sources): reversing P and O (GF2P8AFFINEQB + byte
/// swap) turns the LSB-ward halves into MSB-ward halves of the 180°-rotated square, so all 8
/// directions are LS1B problems in one 512-bit register; the flips of the reversed half
/// are reversed back. Needs GFNI (Avx512Vbmi).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct GfniRbit;
impl FlipVariant for GfniRbit {
    const NAME: &'static str = "gfni_rbit";
    fn supported<B: Backend>() -> bool {
        B::HAS_GFNI
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let h = half(sq);
        // the LSB-ward half of sq, reversed, is the MSB-ward half of 63 - sq
        let r = half(Square::new_masked(63 - sq.to_u8()));
        let m = b.u64x8_from_array([
            h.msb[0], h.msb[1], h.msb[2], h.msb[3], r.msb[0], r.msb[1], r.msb[2], r.msb[3],
        ]);
        let op = b.u64x2_rbit(b.u64x2_from_array([p, o]));
        let [rp, ro] = b.u64x2_to_array(op);
        let pp = b.u64x8_from_array([p, p, p, p, rp, rp, rp, rp]);
        let oo = b.u64x8_from_array([o, o, o, o, ro, ro, ro, ro]);
        let x = b.u64x8_andnot(oo, m);
        let of = b.u64x8_and(b.u64x8_and(x, b.u64x8_neg(x)), pp);
        let f = b.u64x8_and(b.u64x8_sub(of, b.u64x8_min(of, b.u64x8_splat(1))), m);
        let (fwd, rev) = b.u64x8_split(f);
        b.u64x4_hor(b.u64x4_or(fwd, b.u64x4_rbit(rev)))
    }
}

/// VPSHUFBITQMB ray gather (beyond the published sources): one bit shuffle gathers the eight
/// rays of
/// `p`, another those of `o`, into one byte per ray, nearest square first
/// (`crate::rays`). Each ray's flips are then a few general-register operations on all
/// eight bytes at once, with no carries between them (`rays::ray_flips`), and a
/// third bit shuffle scatters the flipped ray bits back to their squares. No line masks, no
/// horizontal OR, no LZCNT: three VPSHUFBITQMB (each followed by a mask-register move to a
/// GPR), three broadcasts (those of `p` and `o` fold into loads in a loop over memory),
/// two 64-byte table loads. Needs AVX-512 BITALG (Avx512Vbmi).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Avx512BitShuffle;
impl FlipVariant for Avx512BitShuffle {
    const NAME: &'static str = "avx512_bitshuffle";
    fn supported<B: Backend>() -> bool {
        B::HAS_VBMI
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let s = sq.index();
        let slots = b.u8x64_from_array(crate::rays::RAY_SLOTS.0[s]);
        let rp = b.u8x64_bitshuffle(b.u64x8_as_u8x64(b.u64x8_splat(p)), slots);
        let ro = b.u8x64_bitshuffle(b.u64x8_as_u8x64(b.u64x8_splat(o)), slots);
        let flips = b.u64x8_as_u8x64(b.u64x8_splat(crate::rays::ray_flips(rp, ro)));
        b.u8x64_bitshuffle(flips, b.u8x64_from_array(crate::rays::SLOT_OF_SQUARE.0[s]))
    }
}
