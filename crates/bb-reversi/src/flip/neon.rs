//! Arm Neon variants (seed 002 "Flip neon"), written with 2 x u64 vectors: lines (horizontal,
//! vertical) in one register and (diagonal, anti-diagonal) in the other.

use super::{FlipVariant, half, variant};
use bb_core::Square;
use bb_simd::{Backend, Isa};

/// MSB-ward pair by carry propagation, `of - min(of, 1)` standing for Neon's saturating
/// 64-bit subtract (vqsubq_u64; bb-simd has no saturating u64 subtract yet).
#[inline(always)]
fn up_carry2<B: Backend>(b: B, pp: B::U64x2, oo: B::U64x2, m: B::U64x2) -> B::U64x2 {
    let one = b.u64x2_splat(1);
    let of = b.u64x2_add(b.u64x2_or(oo, b.u64x2_not(m)), one);
    let of = b.u64x2_and(b.u64x2_and(pp, m), of);
    b.u64x2_and(b.u64x2_sub(of, b.u64x2_min(of, one)), m)
}

#[inline(always)]
fn pair<B: Backend>(b: B, a: [u64; 4], i: usize) -> B::U64x2 {
    b.u64x2_from_array([a[i], a[i + 1]])
}

variant! {
    /// Neon "vclz" (seed 002 "Flip neon: Arm Neon (vclz)"): LSB-ward MS1B from a vector count of
    /// leading zeros and a variable shift, MSB-ward carry propagation with a saturating
    /// subtract. Native on Neon (bb-simd builds the 64-bit clz from 32-bit vclz).
    NeonVclz
}
impl FlipVariant for NeonVclz {
    const NAME: &'static str = "neon_vclz";
    const SEED: &'static str = "002 Flip neon: vclz";
    fn supported<B: Backend>() -> bool {
        B::ISA == Isa::Neon
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let h = half(sq);
        let (pp, oo) = (b.u64x2_splat(p), b.u64x2_splat(o));
        let mut f = b.u64x2_zero();
        for i in [0, 2] {
            let lo = pair(b, h.lsb, i);
            let x = b.u64x2_andnot(oo, lo);
            let of = b.u64x2_and(b.u64x2_shrv(b.u64x2_splat(1 << 63), b.u64x2_lzcnt(x)), pp);
            let down = b.u64x2_and(b.u64x2_neg(b.u64x2_add(of, of)), lo);
            f = b.u64x2_or(f, b.u64x2_or(down, up_carry2(b, pp, oo, pair(b, h.msb, i))));
        }
        b.u64x2_hor(f)
    }
}

variant! {
    /// Neon "rbit" (seed 002 "Flip neon: Arm Neon (rbit)"): bit-reverse P and O so the LSB-ward
    /// halves become MSB-ward halves of the rotated square, carry propagation everywhere, and
    /// reverse those flips back. Native on Neon (aarch64 `rbit`).
    NeonRbit
}
impl FlipVariant for NeonRbit {
    const NAME: &'static str = "neon_rbit";
    const SEED: &'static str = "002 Flip neon: rbit";
    fn supported<B: Backend>() -> bool {
        B::ISA == Isa::Neon
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
