//! Helpers on `v128`. Every intrinsic here requires `simd128`, which the `wasm` module's `cfg`
//! guarantees for the whole build, so they are safe to call.

use core::arch::wasm32::*;

/// Nibble -> its 4 bits reversed.
const RBIT_LO_LUT: v128 = u8x16(
    0x0, 0x8, 0x4, 0xc, 0x2, 0xa, 0x6, 0xe, 0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf,
);
/// Nibble -> its 4 bits reversed, moved to the high nibble.
const RBIT_HI_LUT: v128 = u8x16(
    0x00, 0x80, 0x40, 0xc0, 0x20, 0xa0, 0x60, 0xe0, 0x10, 0x90, 0x50, 0xd0, 0x30, 0xb0, 0x70, 0xf0,
);

/// `1 << i` in 16-bit lane `i`.
const LANE_BITS16: v128 = u16x8(1, 2, 4, 8, 16, 32, 64, 128);

helpers! { [#[inline(always)]]
    fn andnot(a: v128, b: v128) -> v128 {
        // wasm's andnot is `a & !b`; the trait's is `!a & b`
        v128_andnot(b, a)
    }
    fn shl64<const N: u32>(a: v128) -> v128 {
        // the instruction takes the count modulo 64
        if N >= 64 { u64x2_splat(0) } else { i64x2_shl(a, N) }
    }
    fn shr64<const N: u32>(a: v128) -> v128 {
        if N >= 64 { u64x2_splat(0) } else { u64x2_shr(a, N) }
    }
    /// VPSLLVQ: wasm's 64-bit shifts take one count for both lanes, modulo 64, so shift by each
    /// lane's count, keep that lane of each, and clear the lanes whose count is 64 or more. With
    /// constant counts the extracts and the mask fold away: two shifts and a blend.
    fn shlv64(a: v128, c: v128) -> v128 {
        let (c0, c1) = (u64x2_extract_lane::<0>(c), u64x2_extract_lane::<1>(c));
        let r = i64x2_shuffle::<0, 3>(i64x2_shl(a, c0 as u32), i64x2_shl(a, c1 as u32));
        v128_and(r, gt_u64(u64x2_splat(64), c))
    }
    /// VPSRLVQ, as [`shlv64`].
    fn shrv64(a: v128, c: v128) -> v128 {
        let (c0, c1) = (u64x2_extract_lane::<0>(c), u64x2_extract_lane::<1>(c));
        let r = i64x2_shuffle::<0, 3>(u64x2_shr(a, c0 as u32), u64x2_shr(a, c1 as u32));
        v128_and(r, gt_u64(u64x2_splat(64), c))
    }
    /// Unsigned 64-bit `a > b`: the signed compare with both sign bits flipped.
    fn gt_u64(a: v128, b: v128) -> v128 {
        let sign = u64x2_splat(1 << 63);
        i64x2_gt(v128_xor(a, sign), v128_xor(b, sign))
    }
    fn min64(a: v128, b: v128) -> v128 { v128_bitselect(b, a, gt_u64(a, b)) }
    fn subs64(a: v128, b: v128) -> v128 { v128_andnot(i64x2_sub(a, b), gt_u64(b, a)) }
    fn bswap64(a: v128) -> v128 {
        i8x16_shuffle::<7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8>(a, a)
    }
    /// Byte swap, then each byte's nibbles reversed and exchanged by two swizzle lookups.
    fn rbit64(a: v128) -> v128 {
        let a = bswap64(a);
        let m4 = u8x16_splat(0x0f);
        let lo = v128_and(a, m4);
        let hi = u8x16_shr(a, 4);
        v128_or(u8x16_swizzle(RBIT_HI_LUT, lo), u8x16_swizzle(RBIT_LO_LUT, hi))
    }
    /// Per-u64 sum of its 8 bytes: two widening pairwise adds, then the two 32-bit halves.
    fn sum_bytes64(a: v128) -> v128 {
        let w = u32x4_extadd_pairwise_u16x8(u16x8_extadd_pairwise_u8x16(a));
        i64x2_add(v128_and(w, u64x2_splat(0xffff_ffff)), u64x2_shr(w, 32))
    }
    fn popcnt64(a: v128) -> v128 { sum_bytes64(i8x16_popcnt(a)) }
    fn hor64(a: v128) -> u64 { u64x2_extract_lane::<0>(a) | u64x2_extract_lane::<1>(a) }
    fn hadd64(a: v128) -> u64 {
        u64x2_extract_lane::<0>(a).wrapping_add(u64x2_extract_lane::<1>(a))
    }
    fn nonzero64(a: v128) -> u8 { i64x2_bitmask(i64x2_ne(a, u64x2_splat(0))) }
    /// PSHUFB: swizzle yields 0 for indices >= 16, so keep the top bit and the low nibble.
    fn shuffle8(t: v128, i: v128) -> v128 { u8x16_swizzle(t, v128_and(i, u8x16_splat(0x8f))) }
    fn sad8(a: v128, b: v128) -> v128 {
        sum_bytes64(v128_or(u8x16_sub_sat(a, b), u8x16_sub_sat(b, a)))
    }
    fn testv8(a: v128, b: v128) -> v128 { i8x16_ne(v128_and(a, b), u8x16_splat(0)) }
    fn sum16(a: v128) -> u16 {
        let s = u32x4_extadd_pairwise_u16x8(a);
        let s = i32x4_add(s, i32x4_shuffle::<2, 3, 0, 1>(s, s));
        let s = i32x4_add(s, i32x4_shuffle::<1, 0, 3, 2>(s, s));
        u32x4_extract_lane::<0>(s) as u16
    }
    /// VPERMB on 64 bytes: four swizzles per register, one per 16-byte table part; an index
    /// outside a part wraps to 16 or more after the subtraction and swizzles to 0.
    fn permute8(t: [v128; 4], idx: [v128; 4]) -> [v128; 4] {
        idx.map(|i| {
            let i = v128_and(i, u8x16_splat(63));
            let look = |k: u8| u8x16_swizzle(t[usize::from(k)], u8x16_sub(i, u8x16_splat(16 * k)));
            v128_or(v128_or(look(0), look(1)), v128_or(look(2), look(3)))
        })
    }
    /// VPSHUFBITQMB on one register (two qwords): a swizzle fetches byte `idx >> 3` of the
    /// lane's qword, a second turns `idx & 7` into the bit, a test keeps it.
    fn bitshuffle16(x: v128, i: v128) -> u16 {
        let seven = u8x16_splat(7);
        let qword = u8x16(0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8);
        let bits = u64x2_splat(0x8040_2010_0804_0201);
        let byte = u8x16_add(v128_and(u8x16_shr(i, 3), seven), qword);
        let bit = u8x16_swizzle(bits, v128_and(i, seven));
        i8x16_bitmask(testv8(u8x16_swizzle(x, byte), bit))
    }
    /// VPBLENDMW on one register: the 8 mask bits spread over the lanes, then a bit-select.
    fn select16(m: u16, a: v128, b: v128) -> v128 {
        let sel = i16x8_ne(v128_and(u16x8_splat(m), LANE_BITS16), u16x8_splat(0));
        v128_bitselect(a, b, sel)
    }
    /// VPSLLVW by multiplication: `2^count` from two swizzle tables (its low and its high byte,
    /// both indexed by the count, clamped to 16, copied into each byte of the lane; index 16 is
    /// out of the table and gives 0).
    fn shlv16(a: v128, c: v128) -> v128 {
        let lo_t = u8x16(1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0);
        let hi_t = u8x16(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128);
        let c = u16x8_min(c, u16x8_splat(16));
        let i = v128_or(c, i16x8_shl(c, 8));
        let pow = v128_bitselect(
            u8x16_swizzle(hi_t, i),
            u8x16_swizzle(lo_t, i),
            u16x8_splat(0xff00),
        );
        i16x8_mul(a, pow)
    }
    /// CVTTPS2DQ: wasm's conversion saturates (NaN gives 0), x86's gives 0x8000_0000 to every
    /// lane out of the i32 range.
    fn cvtt_f32_i32(a: v128) -> v128 {
        let in_range = v128_and(
            f32x4_ge(a, f32x4_splat(-2_147_483_648.0)),
            f32x4_lt(a, f32x4_splat(2_147_483_648.0)),
        );
        v128_bitselect(i32x4_trunc_sat_f32x4(a), u32x4_splat(0x8000_0000), in_range)
    }
    /// PMULHUW: the widening products, their high halves gathered.
    fn mulhi16(a: v128, b: v128) -> v128 {
        let lo = u32x4_extmul_low_u16x8(a, b);
        let hi = u32x4_extmul_high_u16x8(a, b);
        i16x8_shuffle::<1, 3, 5, 7, 9, 11, 13, 15>(lo, hi)
    }
    /// Exact dot product: bytes widened to 16 bits, `i32x4.dot_i16x8_s` (PMADDWD).
    fn dot_exact(f: [v128; 4], w: [v128; 4]) -> i32 {
        let mut acc = i32x4_splat(0);
        for k in 0..4 {
            let lo = i32x4_dot_i16x8(u16x8_extend_low_u8x16(f[k]), i16x8_extend_low_i8x16(w[k]));
            let hi = i32x4_dot_i16x8(u16x8_extend_high_u8x16(f[k]), i16x8_extend_high_i8x16(w[k]));
            acc = i32x4_add(acc, i32x4_add(lo, hi));
        }
        let acc = i32x4_add(acc, i32x4_shuffle::<2, 3, 0, 1>(acc, acc));
        let acc = i32x4_add(acc, i32x4_shuffle::<1, 0, 3, 2>(acc, acc));
        i32x4_extract_lane::<0>(acc)
    }
}
