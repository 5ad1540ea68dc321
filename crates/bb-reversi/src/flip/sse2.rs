//! SSE2: two directions per 128-bit register (seed 002 "浮動小数変換 (MS1B)", "Outflank → Flip
//! (LSB方向)" flipmask).

use super::ms1b_float::{epu64, flipmask};
use super::{FlipVariant, half, variant};
use bb_core::Square;
use bb_simd::{Backend, Isa};

variant! {
    /// SSE2, two lines per register (seed 002 "Flip: 浮動小数変換 (MS1B)" and "Outflank → Flip"):
    /// MSB-ward carry propagation with the "outflank == 0" flip mask (the seed's PCMPEQD on
    /// dword-swapped copies), LSB-ward MS1B by int -> float conversion (MS1B_epu31/32/64:
    /// CVTDQ2PS, mantissa cleared, CVTTPS2DQ) and `0 - 2 * outflank`. Runs on Sse2 and up.
    Sse2Ms1bFloat
}
impl FlipVariant for Sse2Ms1bFloat {
    const NAME: &'static str = "sse2_ms1b_float";
    const SEED: &'static str = "002 Flip: SSE2 MS1B float conversion, 2 directions per register";
    fn supported<B: Backend>() -> bool {
        !matches!(B::ISA, Isa::Scalar | Isa::Neon)
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let h = half(sq);
        let (pp, oo) = (b.u64x2_splat(p), b.u64x2_splat(o));
        let one = b.u64x2_splat(1);
        let mut f = b.u64x2_zero();
        for i in [0, 2] {
            let hi = b.u64x2_from_array([h.msb[i], h.msb[i + 1]]);
            let lo = b.u64x2_from_array([h.lsb[i], h.lsb[i + 1]]);
            // MSB-ward: carry propagation
            let of = b.u64x2_and(
                b.u64x2_add(b.u64x2_or(oo, b.u64x2_not(hi)), one),
                b.u64x2_and(hi, pp),
            );
            let up = b.u64x2_andnot(flipmask(b, of), b.u64x2_and(b.u64x2_sub(of, one), hi));
            // LSB-ward: MS1B by float conversion
            let of = b.u64x2_and(epu64(b, b.u64x2_andnot(oo, lo)), pp);
            let down = b.u64x2_and(b.u64x2_sub(b.u64x2_zero(), b.u64x2_add(of, of)), lo);
            f = b.u64x2_or(f, b.u64x2_or(up, down));
        }
        b.u64x2_hor(f)
    }
}
