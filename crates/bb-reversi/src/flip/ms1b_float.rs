//! MS1B by int -> float conversion (Okuhara's *Reversi bitboard techniques* "浮動小数変換 (MS1B)"):
//! converting to float and clearing the mantissa leaves only the leading one, because the hidden
//! bit of the float is the most significant set bit of the integer. Exact on masked line bits,
//! where rounding to 24 (f32) or 53 (f64) significant bits can never carry into the exponent: a
//! rank lies within one byte (at most 8 significant bits), and the bits of the other lines are 7, 8
//! or 9 apart, so the bits below the leading one are never all ones (a tie, 8 apart, rounds to the
//! even, zero, bit). `tests::exact_on_every_line_subset` checks every subset of every half line.

use bb_simd::Backend;

/// Sign and exponent of four packed f32.
const F32_EXP: u64 = 0xff80_0000_ff80_0000;
/// 2^52 as f64 bits: OR it onto a 52-bit integer and subtract it as a double to convert.
const K1E52: u64 = 0x4330_0000_0000_0000;
/// Sign and exponent of two packed f64.
const F64_EXP: u64 = 0xfff0_0000_0000_0000;

/// MS1B_epu31 on the four 32-bit lanes (inputs below 2^31): CVTDQ2PS, clear the mantissa,
/// CVTTPS2DQ. 3 instructions.
#[inline(always)]
pub(crate) fn epu31<B: Backend>(b: B, x: B::U64x2) -> B::U64x2 {
    let f = b.u64x2_and(b.u64x2_cvt_i32_f32(x), b.u64x2_splat(F32_EXP));
    b.u64x2_cvtt_f32_i32(f)
}

/// MS1B_epu32: a lane with bit 31 set converted to a negative power of two; keep only
/// its sign bit.
#[inline(always)]
pub(crate) fn epu32<B: Backend>(b: B, x: B::U64x2) -> B::U64x2 {
    let y = epu31(b, x);
    b.u64x2_andnot(b.u64x2_srl_u32::<1>(b.u64x2_sra_i32::<31>(y)), y)
}

/// MS1B_epu64: MS1B of both dwords, then the low one cleared where the high one is set
/// (PCMPEQD of the shifted-down high dword against zero).
#[inline(always)]
pub(crate) fn epu64<B: Backend>(b: B, x: B::U64x2) -> B::U64x2 {
    let y = epu32(b, x);
    let hi_zero = b.u64x2_cmpeq_u32(b.u64x2_shr::<32>(y), b.u64x2_zero());
    b.u64x2_and(y, hi_zero)
}

/// MS1B_epu52 (inputs below 2^52): OR 2^52's exponent on, subtract 2^52 as doubles (the
/// integer is now a normalized double), clear the mantissa, add 2^52 back and remove its
/// exponent. 5 instructions, no 32-bit split.
#[inline(always)]
pub(crate) fn epu52<B: Backend>(b: B, x: B::U64x2) -> B::U64x2 {
    let k = b.u64x2_splat(K1E52);
    let f = b.u64x2_sub_f64(b.u64x2_or(x, k), k);
    let f = b.u64x2_and(f, b.u64x2_splat(F64_EXP));
    b.u64x2_xor(b.u64x2_add_f64(f, k), k)
}

/// [`epu64`] on four 64-bit lanes (Okuhara's "AVX2 (CVTPD2PS)" right side).
#[inline(always)]
pub(crate) fn epu64x4<B: Backend>(b: B, x: B::U64x4) -> B::U64x4 {
    let f = b.u64x4_and(b.u64x4_cvt_i32_f32(x), b.u64x4_splat(F32_EXP));
    let y = b.u64x4_cvtt_f32_i32(f);
    let y = b.u64x4_andnot(b.u64x4_srl_u32::<1>(b.u64x4_sra_i32::<31>(y)), y);
    let hi_zero = b.u64x4_cmpeq_u32(b.u64x4_shr::<32>(y), b.u64x4_zero());
    b.u64x4_and(y, hi_zero)
}

/// Okuhara's SSE2 `flipmask`: all ones in a 64-bit lane whose outflank is 0, else 0. The
/// outflank has at most one bit (precondition: it comes from disjoint `p` and `o`, as every
/// flip kernel requires), so its two dwords are equal exactly when both are zero: PCMPEQD
/// against the dword-swapped copy (PSHUFD 0xb1), no 64-bit compare needed.
#[inline(always)]
pub(crate) fn flipmask<B: Backend>(b: B, of: B::U64x2) -> B::U64x2 {
    b.u64x2_cmpeq_u32(b.u64x2_shuffle_u32::<0xb1>(of), of)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bb_simd::Scalar;

    fn ms1b(x: u64) -> u64 {
        if x == 0 {
            0
        } else {
            1 << (63 - x.leading_zeros())
        }
    }

    /// Every line half of every square, every subset of it: the conversions must be exact.
    #[test]
    fn exact_on_every_line_subset() {
        let s = Scalar;
        for h in &bb_core::masks::HALF_LINES {
            for &m in h.lsb.iter().chain(&h.msb) {
                let mut x = m;
                loop {
                    let w = ms1b(x);
                    assert_eq!(s.u64x2_to_array(epu64(s, [x, x])), [w, w], "epu64 {x:#x}");
                    let e4 = s.u64x4_to_array(epu64x4(s, [x; 4]));
                    assert_eq!(e4, [w; 4], "epu64x4 {x:#x}");
                    if x < 1 << 52 {
                        assert_eq!(s.u64x2_to_array(epu52(s, [x, x])), [w, w], "epu52 {x:#x}");
                    }
                    if x == 0 {
                        break;
                    }
                    x = (x - 1) & m;
                }
            }
        }
    }

    #[test]
    fn flipmask_is_outflank_zero() {
        let s = Scalar;
        for i in 0..64 {
            assert_eq!(s.u64x2_to_array(flipmask(s, [1 << i, 0])), [0, u64::MAX]);
        }
    }
}
