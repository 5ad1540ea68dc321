//! Arm Neon variants (Okuhara's *Reversi bitboard techniques* "Flip neon"), written with 2 x u64
//! vectors: lines (horizontal, vertical) in one register and (diagonal, anti-diagonal) in the
//! other.

use super::{FlipVariant, half};
use bb_core::Square;
use bb_simd::Backend;

/// MSB-ward pair by carry propagation; the saturating 64-bit subtract (UQSUB, `vqsubq_u64`)
/// turns the outflank into the run and leaves 0 at 0, so no `outflank != 0` test.
#[inline(always)]
fn up_carry2<B: Backend>(b: B, pp: B::U64x2, oo: B::U64x2, m: B::U64x2) -> B::U64x2 {
    let one = b.u64x2_splat(1);
    let of = b.u64x2_add(b.u64x2_or(oo, b.u64x2_not(m)), one);
    let of = b.u64x2_and(b.u64x2_and(pp, m), of);
    b.u64x2_and(b.u64x2_subs_u64(of, one), m)
}

/// 64-bit MS1B from the 32-bit CLZ (Neon has no 64-bit vector CLZ): put a top bit in each
/// dword, the low one only where the high dword is zero (Okuhara's "high-word fix-up"), and
/// shift each right by its dword's leading-zero count (32 gives 0).
#[inline(always)]
fn ms1b_clz32<B: Backend>(b: B, x: B::U64x2) -> B::U64x2 {
    let clz = b.u64x2_clz_u32(x);
    let hi_zero = b.u64x2_cmpeq_u32(b.u64x2_shr::<32>(x), b.u64x2_zero());
    b.u64x2_shrv_u32(b.u64x2_sll_u32::<31>(hi_zero), clz)
}

#[inline(always)]
fn pair<B: Backend>(b: B, a: [u64; 4], i: usize) -> B::U64x2 {
    b.u64x2_from_array([a[i], a[i + 1]])
}

/// Neon "vclz" (Okuhara's *Reversi bitboard techniques* "Flip neon: Arm Neon (vclz)"): LSB-ward
/// MS1B from the 32-bit vector CLZ with the high-word fix-up and a per-dword variable shift,
/// MSB-ward carry propagation with the saturating 64-bit subtract. Native on Neon.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct NeonVclz;
impl FlipVariant for NeonVclz {
    const NAME: &'static str = "neon_vclz";
    fn supported<B: Backend>() -> bool {
        matches!(B::ISA.arch(), Some("aarch64"))
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let h = half(sq);
        let (pp, oo) = (b.u64x2_splat(p), b.u64x2_splat(o));
        let mut f = b.u64x2_zero();
        for i in [0, 2] {
            let lo = pair(b, h.lsb, i);
            let x = b.u64x2_andnot(oo, lo);
            let of = b.u64x2_and(ms1b_clz32(b, x), pp);
            let down = b.u64x2_and(b.u64x2_neg(b.u64x2_add(of, of)), lo);
            f = b.u64x2_or(f, b.u64x2_or(down, up_carry2(b, pp, oo, pair(b, h.msb, i))));
        }
        b.u64x2_hor(f)
    }
}

/// Neon "rbit" (Okuhara's *Reversi bitboard techniques* "Flip neon: Arm Neon (rbit)"):
/// bit-reverse P and O so the LSB-ward halves become MSB-ward halves of the rotated square,
/// carry propagation everywhere, and reverse those flips back. Native on Neon (aarch64 `rbit`).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct NeonRbit;
impl FlipVariant for NeonRbit {
    const NAME: &'static str = "neon_rbit";
    fn supported<B: Backend>() -> bool {
        // wasm has the vector bit reversal (three swizzles) and the saturating subtract (a
        // compare and a select), not the 32-bit CLZ that `neon_vclz` needs
        matches!(B::ISA.arch(), Some("aarch64" | "wasm32"))
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let h = half(sq);
        let r = half(Square::new_masked(63 - sq.to_u8()));
        let [rp, ro] = b.u64x2_to_array(b.u64x2_rbit(b.u64x2_from_array([p, o])));
        let (pp, oo) = (b.u64x2_splat(p), b.u64x2_splat(o));
        let (rpp, roo) = (b.u64x2_splat(rp), b.u64x2_splat(ro));
        let mut fr = b.u64x2_zero();
        let mut f = b.u64x2_zero();
        for i in [0, 2] {
            fr = b.u64x2_or(fr, up_carry2(b, rpp, roo, pair(b, r.msb, i)));
            f = b.u64x2_or(f, up_carry2(b, pp, oo, pair(b, h.msb, i)));
        }
        b.u64x2_hor(b.u64x2_or(f, b.u64x2_rbit(fr)))
    }
}
