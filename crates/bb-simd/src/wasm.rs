//! The WebAssembly SIMD128 token.
//!
//! A wasm module cannot ask the engine which instructions it has: a module that uses one SIMD
//! instruction fails validation as a whole on an engine without SIMD. So the token exists only
//! in builds with `-C target-feature=+simd128`, and its presence is a compile-time fact.

use crate::backend::sealed::Sealed;
use crate::{Backend, Isa};
use core::arch::wasm32::*;

/// Helpers on `v128`. Every intrinsic here requires `simd128`, which this module's `cfg`
/// guarantees for the whole build, so they are safe to call.
mod h {
    use core::arch::wasm32::*;

    /// Nibble -> its 4 bits reversed.
    const RBIT_LO_LUT: v128 = u8x16(
        0x0, 0x8, 0x4, 0xc, 0x2, 0xa, 0x6, 0xe, 0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf,
    );
    /// Nibble -> its 4 bits reversed, moved to the high nibble.
    const RBIT_HI_LUT: v128 = u8x16(
        0x00, 0x80, 0x40, 0xc0, 0x20, 0xa0, 0x60, 0xe0, 0x10, 0x90, 0x50, 0xd0, 0x30, 0xb0, 0x70,
        0xf0,
    );

    #[inline(always)]
    pub(super) fn andnot(a: v128, b: v128) -> v128 {
        // wasm's andnot is `a & !b`; the trait's is `!a & b`
        v128_andnot(b, a)
    }
    #[inline(always)]
    pub(super) fn shl64<const N: u32>(a: v128) -> v128 {
        // the instruction takes the count modulo 64
        if N >= 64 {
            u64x2_splat(0)
        } else {
            i64x2_shl(a, N)
        }
    }
    #[inline(always)]
    pub(super) fn shr64<const N: u32>(a: v128) -> v128 {
        if N >= 64 {
            u64x2_splat(0)
        } else {
            u64x2_shr(a, N)
        }
    }
    /// VPSLLVQ: wasm's 64-bit shifts take one count for both lanes, modulo 64, so shift by each
    /// lane's count, keep that lane of each, and clear the lanes whose count is 64 or more. With
    /// constant counts the extracts and the mask fold away: two shifts and a blend.
    #[inline(always)]
    pub(super) fn shlv64(a: v128, c: v128) -> v128 {
        let (c0, c1) = (u64x2_extract_lane::<0>(c), u64x2_extract_lane::<1>(c));
        let r = i64x2_shuffle::<0, 3>(i64x2_shl(a, c0 as u32), i64x2_shl(a, c1 as u32));
        v128_and(r, gt_u64(u64x2_splat(64), c))
    }
    /// VPSRLVQ, as [`shlv64`].
    #[inline(always)]
    pub(super) fn shrv64(a: v128, c: v128) -> v128 {
        let (c0, c1) = (u64x2_extract_lane::<0>(c), u64x2_extract_lane::<1>(c));
        let r = i64x2_shuffle::<0, 3>(u64x2_shr(a, c0 as u32), u64x2_shr(a, c1 as u32));
        v128_and(r, gt_u64(u64x2_splat(64), c))
    }
    /// Unsigned 64-bit `a > b`: the signed compare with both sign bits flipped.
    #[inline(always)]
    pub(super) fn gt_u64(a: v128, b: v128) -> v128 {
        let sign = u64x2_splat(1 << 63);
        i64x2_gt(v128_xor(a, sign), v128_xor(b, sign))
    }
    #[inline(always)]
    pub(super) fn min64(a: v128, b: v128) -> v128 {
        v128_bitselect(b, a, gt_u64(a, b))
    }
    #[inline(always)]
    pub(super) fn subs64(a: v128, b: v128) -> v128 {
        v128_andnot(i64x2_sub(a, b), gt_u64(b, a))
    }
    #[inline(always)]
    pub(super) fn bswap64(a: v128) -> v128 {
        i8x16_shuffle::<7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8>(a, a)
    }
    /// Byte swap, then each byte's nibbles reversed and exchanged by two swizzle lookups.
    #[inline(always)]
    pub(super) fn rbit64(a: v128) -> v128 {
        let a = bswap64(a);
        let m4 = u8x16_splat(0x0f);
        let lo = v128_and(a, m4);
        let hi = u8x16_shr(a, 4);
        v128_or(
            u8x16_swizzle(RBIT_HI_LUT, lo),
            u8x16_swizzle(RBIT_LO_LUT, hi),
        )
    }
    /// Per-u64 sum of its 8 bytes: two widening pairwise adds, then the two 32-bit halves.
    #[inline(always)]
    pub(super) fn sum_bytes64(a: v128) -> v128 {
        let w = u32x4_extadd_pairwise_u16x8(u16x8_extadd_pairwise_u8x16(a));
        i64x2_add(v128_and(w, u64x2_splat(0xffff_ffff)), u64x2_shr(w, 32))
    }
    #[inline(always)]
    pub(super) fn popcnt64(a: v128) -> v128 {
        sum_bytes64(i8x16_popcnt(a))
    }
    #[inline(always)]
    pub(super) fn hor64(a: v128) -> u64 {
        u64x2_extract_lane::<0>(a) | u64x2_extract_lane::<1>(a)
    }
    #[inline(always)]
    pub(super) fn hadd64(a: v128) -> u64 {
        u64x2_extract_lane::<0>(a).wrapping_add(u64x2_extract_lane::<1>(a))
    }
    #[inline(always)]
    pub(super) fn nonzero64(a: v128) -> u8 {
        i64x2_bitmask(i64x2_ne(a, u64x2_splat(0)))
    }
    /// PSHUFB: swizzle yields 0 for indices >= 16, so keep the top bit and the low nibble.
    #[inline(always)]
    pub(super) fn shuffle8(t: v128, i: v128) -> v128 {
        u8x16_swizzle(t, v128_and(i, u8x16_splat(0x8f)))
    }
    #[inline(always)]
    pub(super) fn sad8(a: v128, b: v128) -> v128 {
        sum_bytes64(v128_or(u8x16_sub_sat(a, b), u8x16_sub_sat(b, a)))
    }
    #[inline(always)]
    pub(super) fn testv8(a: v128, b: v128) -> v128 {
        i8x16_ne(v128_and(a, b), u8x16_splat(0))
    }
    #[inline(always)]
    pub(super) fn sum16(a: v128) -> u16 {
        let s = u32x4_extadd_pairwise_u16x8(a);
        let s = i32x4_add(s, i32x4_shuffle::<2, 3, 0, 1>(s, s));
        let s = i32x4_add(s, i32x4_shuffle::<1, 0, 3, 2>(s, s));
        u32x4_extract_lane::<0>(s) as u16
    }
    /// VPERMB on 64 bytes: four swizzles per register, one per 16-byte table part; an index
    /// outside a part wraps to 16 or more after the subtraction and swizzles to 0.
    #[inline(always)]
    pub(super) fn permute8(t: [v128; 4], idx: [v128; 4]) -> [v128; 4] {
        idx.map(|i| {
            let i = v128_and(i, u8x16_splat(63));
            let look = |k: u8| u8x16_swizzle(t[usize::from(k)], u8x16_sub(i, u8x16_splat(16 * k)));
            v128_or(v128_or(look(0), look(1)), v128_or(look(2), look(3)))
        })
    }
    /// VPSHUFBITQMB on one register (two qwords): a swizzle fetches byte `idx >> 3` of the
    /// lane's qword, a second turns `idx & 7` into the bit, a test keeps it.
    #[inline(always)]
    pub(super) fn bitshuffle16(x: v128, i: v128) -> u16 {
        let seven = u8x16_splat(7);
        let qword = u8x16(0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8);
        let bits = u64x2_splat(0x8040_2010_0804_0201);
        let byte = u8x16_add(v128_and(u8x16_shr(i, 3), seven), qword);
        let bit = u8x16_swizzle(bits, v128_and(i, seven));
        i8x16_bitmask(testv8(u8x16_swizzle(x, byte), bit))
    }
    /// `1 << i` in 16-bit lane `i`.
    const LANE_BITS16: v128 = u16x8(1, 2, 4, 8, 16, 32, 64, 128);
    /// VPBLENDMW on one register: the 8 mask bits spread over the lanes, then a bit-select.
    #[inline(always)]
    pub(super) fn select16(m: u16, a: v128, b: v128) -> v128 {
        let sel = i16x8_ne(v128_and(u16x8_splat(m), LANE_BITS16), u16x8_splat(0));
        v128_bitselect(a, b, sel)
    }
    /// VPSLLVW by multiplication: `2^count` from two swizzle tables (its low and its high byte,
    /// both indexed by the count, clamped to 16, copied into each byte of the lane; index 16 is
    /// out of the table and gives 0).
    #[inline(always)]
    pub(super) fn shlv16(a: v128, c: v128) -> v128 {
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
    #[inline(always)]
    pub(super) fn cvtt_f32_i32(a: v128) -> v128 {
        let in_range = v128_and(
            f32x4_ge(a, f32x4_splat(-2_147_483_648.0)),
            f32x4_lt(a, f32x4_splat(2_147_483_648.0)),
        );
        v128_bitselect(i32x4_trunc_sat_f32x4(a), u32x4_splat(0x8000_0000), in_range)
    }
    /// PMULHUW: the widening products, their high halves gathered.
    #[inline(always)]
    pub(super) fn mulhi16(a: v128, b: v128) -> v128 {
        let lo = u32x4_extmul_low_u16x8(a, b);
        let hi = u32x4_extmul_high_u16x8(a, b);
        i16x8_shuffle::<1, 3, 5, 7, 9, 11, 13, 15>(lo, hi)
    }
    /// Exact dot product: bytes widened to 16 bits, `i32x4.dot_i16x8_s` (PMADDWD).
    #[inline(always)]
    pub(super) fn dot_exact(f: [v128; 4], w: [v128; 4]) -> i32 {
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

/// WebAssembly SIMD128 backend: 128-bit `v128` vectors, wider types are arrays of them.
/// Native `i8x16.swizzle` byte shuffles (and VPERMB as four of them), `i8x16.popcnt`, 64-bit
/// lane arithmetic, shifts and compares, bit-select.
///
/// There is no run-time detection inside a wasm module: the token exists only when the build
/// enables `simd128` (`RUSTFLAGS="-C target-feature=+simd128"`), and then every engine that
/// loads the module has it.
///
/// ```
/// # #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))] {
/// use bb_simd::{Backend, Wasm128};
/// let b = Wasm128::try_new().expect("built with simd128");
/// assert_eq!(b.u64x2_to_array(b.u64x2_popcnt(b.u64x2_from_array([0xff, 1]))), [8, 1]);
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wasm128(());

impl Wasm128 {
    /// The token; always `Some` in a build that has it (the module would not load otherwise).
    #[inline]
    pub fn try_new() -> Option<Self> {
        Some(Wasm128(()))
    }
    /// The token without checking (there is nothing to check: see [`Wasm128::try_new`]).
    ///
    /// # Safety
    /// Always safe in a build that has this type; `unsafe` for the same shape as the other
    /// tokens.
    #[inline(always)]
    pub const unsafe fn new_unchecked() -> Self {
        Wasm128(())
    }
}

impl Sealed for Wasm128 {}

macro_rules! map4 {
    ($f:path, $a:ident, $b:ident) => {
        [
            $f($a[0], $b[0]),
            $f($a[1], $b[1]),
            $f($a[2], $b[2]),
            $f($a[3], $b[3]),
        ]
    };
}

impl Backend for Wasm128 {
    const NAME: &'static str = "wasm128";
    const ISA: Isa = Isa::Wasm128;
    const NATIVE_VECTOR_POPCNT: bool = true;
    const NATIVE_BYTE_SHUFFLE: bool = true;
    const VECTOR_BITS: u32 = 128;

    type U64x2 = v128;
    type U64x4 = [v128; 2];
    type U64x8 = [v128; 4];
    type U8x16 = v128;
    type U8x32 = [v128; 2];
    type U8x64 = [v128; 4];
    type U16x32 = [v128; 4];

    /// `simd128` is enabled for the whole build, so there is nothing to switch on.
    #[inline(always)]
    fn vectorize<R, F: FnOnce() -> R>(self, f: F) -> R {
        f()
    }

    #[inline(always)]
    fn u64x2_from_array(self, a: [u64; 2]) -> v128 {
        u64x2(a[0], a[1])
    }
    #[inline(always)]
    fn u64x2_to_array(self, a: v128) -> [u64; 2] {
        [u64x2_extract_lane::<0>(a), u64x2_extract_lane::<1>(a)]
    }
    #[inline(always)]
    fn u64x4_from_array(self, a: [u64; 4]) -> [v128; 2] {
        bits!(a)
    }
    #[inline(always)]
    fn u64x4_to_array(self, a: [v128; 2]) -> [u64; 4] {
        bits!(a)
    }
    #[inline(always)]
    fn u64x8_from_array(self, a: [u64; 8]) -> [v128; 4] {
        bits!(a)
    }
    #[inline(always)]
    fn u64x8_to_array(self, a: [v128; 4]) -> [u64; 8] {
        bits!(a)
    }
    #[inline(always)]
    fn u8x16_from_array(self, a: [u8; 16]) -> v128 {
        bits!(a)
    }
    #[inline(always)]
    fn u8x16_to_array(self, a: v128) -> [u8; 16] {
        bits!(a)
    }
    #[inline(always)]
    fn u8x32_from_array(self, a: [u8; 32]) -> [v128; 2] {
        bits!(a)
    }
    #[inline(always)]
    fn u8x32_to_array(self, a: [v128; 2]) -> [u8; 32] {
        bits!(a)
    }
    #[inline(always)]
    fn u8x64_from_array(self, a: [u8; 64]) -> [v128; 4] {
        bits!(a)
    }
    #[inline(always)]
    fn u8x64_to_array(self, a: [v128; 4]) -> [u8; 64] {
        bits!(a)
    }
    #[inline(always)]
    fn u16x32_from_array(self, a: [u16; 32]) -> [v128; 4] {
        bits!(a)
    }
    #[inline(always)]
    fn u16x32_to_array(self, a: [v128; 4]) -> [u16; 32] {
        bits!(a)
    }

    // Every vector type is `v128` or an array of it: the casts are the identity.
    #[inline(always)]
    fn u64x2_as_u8x16(self, a: v128) -> v128 {
        a
    }
    #[inline(always)]
    fn u8x16_as_u64x2(self, a: v128) -> v128 {
        a
    }
    #[inline(always)]
    fn u64x4_as_u8x32(self, a: [v128; 2]) -> [v128; 2] {
        a
    }
    #[inline(always)]
    fn u8x32_as_u64x4(self, a: [v128; 2]) -> [v128; 2] {
        a
    }
    #[inline(always)]
    fn u64x8_as_u8x64(self, a: [v128; 4]) -> [v128; 4] {
        a
    }
    #[inline(always)]
    fn u8x64_as_u64x8(self, a: [v128; 4]) -> [v128; 4] {
        a
    }
    #[inline(always)]
    fn u8x64_as_u16x32(self, a: [v128; 4]) -> [v128; 4] {
        a
    }
    #[inline(always)]
    fn u16x32_as_u8x64(self, a: [v128; 4]) -> [v128; 4] {
        a
    }
    #[inline(always)]
    fn u64x8_as_u16x32(self, a: [v128; 4]) -> [v128; 4] {
        a
    }
    #[inline(always)]
    fn u16x32_as_u64x8(self, a: [v128; 4]) -> [v128; 4] {
        a
    }

    // ----- u64 lanes ---------------------------------------------------------------------

    #[inline(always)]
    fn u64x2_splat(self, x: u64) -> v128 {
        u64x2_splat(x)
    }
    #[inline(always)]
    fn u64x2_zero(self) -> v128 {
        u64x2_splat(0)
    }
    #[inline(always)]
    fn u64x2_and(self, a: v128, b: v128) -> v128 {
        v128_and(a, b)
    }
    #[inline(always)]
    fn u64x2_or(self, a: v128, b: v128) -> v128 {
        v128_or(a, b)
    }
    #[inline(always)]
    fn u64x2_xor(self, a: v128, b: v128) -> v128 {
        v128_xor(a, b)
    }
    #[inline(always)]
    fn u64x2_andnot(self, a: v128, b: v128) -> v128 {
        h::andnot(a, b)
    }
    #[inline(always)]
    fn u64x2_not(self, a: v128) -> v128 {
        v128_not(a)
    }
    #[inline(always)]
    fn u64x2_add(self, a: v128, b: v128) -> v128 {
        i64x2_add(a, b)
    }
    #[inline(always)]
    fn u64x2_sub(self, a: v128, b: v128) -> v128 {
        i64x2_sub(a, b)
    }
    #[inline(always)]
    fn u64x2_neg(self, a: v128) -> v128 {
        i64x2_neg(a)
    }
    #[inline(always)]
    fn u64x2_shl<const N: u32>(self, a: v128) -> v128 {
        h::shl64::<N>(a)
    }
    #[inline(always)]
    fn u64x2_shr<const N: u32>(self, a: v128) -> v128 {
        h::shr64::<N>(a)
    }
    #[inline(always)]
    fn u64x2_shlv(self, a: v128, counts: v128) -> v128 {
        h::shlv64(a, counts)
    }
    #[inline(always)]
    fn u64x2_shrv(self, a: v128, counts: v128) -> v128 {
        h::shrv64(a, counts)
    }
    #[inline(always)]
    fn u64x2_cmpeq(self, a: v128, b: v128) -> v128 {
        i64x2_eq(a, b)
    }
    #[inline(always)]
    fn u64x2_min(self, a: v128, b: v128) -> v128 {
        h::min64(a, b)
    }
    #[inline(always)]
    fn u64x2_subs_u64(self, a: v128, b: v128) -> v128 {
        h::subs64(a, b)
    }
    #[inline(always)]
    fn u64x2_bswap(self, a: v128) -> v128 {
        h::bswap64(a)
    }
    #[inline(always)]
    fn u64x2_rbit(self, a: v128) -> v128 {
        h::rbit64(a)
    }
    #[inline(always)]
    fn u64x2_popcnt(self, a: v128) -> v128 {
        h::popcnt64(a)
    }
    #[inline(always)]
    fn u64x2_hor(self, a: v128) -> u64 {
        h::hor64(a)
    }
    #[inline(always)]
    fn u64x2_hadd(self, a: v128) -> u64 {
        h::hadd64(a)
    }
    #[inline(always)]
    fn u64x2_nonzero_mask(self, a: v128) -> u8 {
        h::nonzero64(a)
    }

    split_u64x4!();
    split_u64x8_by2!();

    #[inline(always)]
    fn u64x4_split(self, a: [v128; 2]) -> (v128, v128) {
        (a[0], a[1])
    }
    #[inline(always)]
    fn u64x4_join(self, lo: v128, hi: v128) -> [v128; 2] {
        [lo, hi]
    }
    #[inline(always)]
    fn u64x8_split(self, a: [v128; 4]) -> ([v128; 2], [v128; 2]) {
        ([a[0], a[1]], [a[2], a[3]])
    }
    #[inline(always)]
    fn u64x8_join(self, lo: [v128; 2], hi: [v128; 2]) -> [v128; 4] {
        [lo[0], lo[1], hi[0], hi[1]]
    }
    #[inline(always)]
    fn u64x4_cmpgt_i64(self, a: [v128; 2], b: [v128; 2]) -> [v128; 2] {
        [i64x2_gt(a[0], b[0]), i64x2_gt(a[1], b[1])]
    }

    // ----- lane views ----------------------------------------------------------------------

    #[inline(always)]
    fn u64x2_cvt_i32_f32(self, a: v128) -> v128 {
        f32x4_convert_i32x4(a)
    }
    #[inline(always)]
    fn u64x2_cvtt_f32_i32(self, a: v128) -> v128 {
        h::cvtt_f32_i32(a)
    }
    #[inline(always)]
    fn u64x2_add_f64(self, a: v128, b: v128) -> v128 {
        f64x2_add(a, b)
    }
    #[inline(always)]
    fn u64x2_sub_f64(self, a: v128, b: v128) -> v128 {
        f64x2_sub(a, b)
    }
    #[inline(always)]
    fn u64x2_cmpeq_u32(self, a: v128, b: v128) -> v128 {
        i32x4_eq(a, b)
    }
    #[inline(always)]
    fn u64x2_shuffle_u32<const IMM: i32>(self, a: v128) -> v128 {
        // the immediate's lanes as a byte swizzle, built at compile time; a constant swizzle
        // compiles to `i8x16.shuffle`
        let idx: [u8; 16] = const {
            assert!(IMM >= 0 && IMM < 256, "PSHUFD immediate out of 0..=255");
            let mut idx = [0u8; 16];
            let mut i = 0;
            while i < 16 {
                idx[i] = (4 * ((IMM >> (2 * (i / 4))) & 3) + (i % 4) as i32) as u8;
                i += 1;
            }
            idx
        };
        u8x16_swizzle(a, self.u8x16_from_array(idx))
    }
    #[inline(always)]
    fn u64x2_sra_i32<const N: u32>(self, a: v128) -> v128 {
        i32x4_shr(a, N.min(31))
    }
    #[inline(always)]
    fn u64x2_srl_u32<const N: u32>(self, a: v128) -> v128 {
        if N >= 32 {
            u32x4_splat(0)
        } else {
            u32x4_shr(a, N)
        }
    }
    #[inline(always)]
    fn u64x2_sll_u32<const N: u32>(self, a: v128) -> v128 {
        if N >= 32 {
            u32x4_splat(0)
        } else {
            i32x4_shl(a, N)
        }
    }
    #[inline(always)]
    fn u64x2_mullo_u16(self, a: v128, b: v128) -> v128 {
        i16x8_mul(a, b)
    }
    #[inline(always)]
    fn u64x2_mulhi_u16(self, a: v128, b: v128) -> v128 {
        h::mulhi16(a, b)
    }
    #[inline(always)]
    fn u64x2_min_i16(self, a: v128, b: v128) -> v128 {
        i16x8_min(a, b)
    }
    #[inline(always)]
    fn u64x2_madd_i16(self, a: v128, b: v128) -> v128 {
        i32x4_dot_i16x8(a, b)
    }
    #[inline(always)]
    fn u8x16_subs(self, a: v128, b: v128) -> v128 {
        u8x16_sub_sat(a, b)
    }

    // ----- u8 lanes ------------------------------------------------------------------------

    #[inline(always)]
    fn u8x16_splat(self, x: u8) -> v128 {
        u8x16_splat(x)
    }
    #[inline(always)]
    fn u8x16_zero(self) -> v128 {
        u8x16_splat(0)
    }
    #[inline(always)]
    fn u8x16_and(self, a: v128, b: v128) -> v128 {
        v128_and(a, b)
    }
    #[inline(always)]
    fn u8x16_or(self, a: v128, b: v128) -> v128 {
        v128_or(a, b)
    }
    #[inline(always)]
    fn u8x16_xor(self, a: v128, b: v128) -> v128 {
        v128_xor(a, b)
    }
    #[inline(always)]
    fn u8x16_andnot(self, a: v128, b: v128) -> v128 {
        h::andnot(a, b)
    }
    #[inline(always)]
    fn u8x16_add(self, a: v128, b: v128) -> v128 {
        u8x16_add(a, b)
    }
    #[inline(always)]
    fn u8x16_sub(self, a: v128, b: v128) -> v128 {
        u8x16_sub(a, b)
    }
    #[inline(always)]
    fn u8x16_min(self, a: v128, b: v128) -> v128 {
        u8x16_min(a, b)
    }
    #[inline(always)]
    fn u8x16_max(self, a: v128, b: v128) -> v128 {
        u8x16_max(a, b)
    }
    #[inline(always)]
    fn u8x16_cmpeq(self, a: v128, b: v128) -> u16 {
        u8x16_bitmask(u8x16_eq(a, b))
    }
    #[inline(always)]
    fn u8x16_test(self, a: v128, b: v128) -> u16 {
        u8x16_bitmask(h::testv8(a, b))
    }
    #[inline(always)]
    fn u8x16_movemask(self, a: v128) -> u16 {
        u8x16_bitmask(a)
    }
    #[inline(always)]
    fn u8x16_shuffle(self, t: v128, i: v128) -> v128 {
        h::shuffle8(t, i)
    }
    #[inline(always)]
    fn u8x16_sad(self, a: v128, b: v128) -> v128 {
        h::sad8(a, b)
    }
    #[inline(always)]
    fn u8x16_zip_lo(self, a: v128, b: v128) -> v128 {
        u8x16_shuffle::<0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23>(a, b)
    }
    #[inline(always)]
    fn u8x16_testv(self, a: v128, b: v128) -> v128 {
        h::testv8(a, b)
    }
    #[inline(always)]
    fn u8x16_sum_u16(self, a: v128) -> u16 {
        h::sum16(a)
    }

    split_u8x32!();
    split_u8x64_by16!();

    #[inline(always)]
    fn u8x64_permute(self, table: [v128; 4], idx: [v128; 4]) -> [v128; 4] {
        h::permute8(table, idx)
    }
    #[inline(always)]
    fn u8x64_bitshuffle(self, x: [v128; 4], idx: [v128; 4]) -> u64 {
        (0..4).fold(0, |acc, k| {
            acc | u64::from(h::bitshuffle16(x[k], idx[k])) << (16 * k)
        })
    }

    // ----- u16 lanes -----------------------------------------------------------------------

    #[inline(always)]
    fn u16x32_splat(self, x: u16) -> [v128; 4] {
        [u16x8_splat(x); 4]
    }
    #[inline(always)]
    fn u16x32_zero(self) -> [v128; 4] {
        [u16x8_splat(0); 4]
    }
    #[inline(always)]
    fn u16x32_and(self, a: [v128; 4], b: [v128; 4]) -> [v128; 4] {
        map4!(v128_and, a, b)
    }
    #[inline(always)]
    fn u16x32_or(self, a: [v128; 4], b: [v128; 4]) -> [v128; 4] {
        map4!(v128_or, a, b)
    }
    #[inline(always)]
    fn u16x32_xor(self, a: [v128; 4], b: [v128; 4]) -> [v128; 4] {
        map4!(v128_xor, a, b)
    }
    #[inline(always)]
    fn u16x32_andnot(self, a: [v128; 4], b: [v128; 4]) -> [v128; 4] {
        map4!(h::andnot, a, b)
    }
    #[inline(always)]
    fn u16x32_add(self, a: [v128; 4], b: [v128; 4]) -> [v128; 4] {
        map4!(i16x8_add, a, b)
    }
    #[inline(always)]
    fn u16x32_sub(self, a: [v128; 4], b: [v128; 4]) -> [v128; 4] {
        map4!(i16x8_sub, a, b)
    }
    #[inline(always)]
    fn u16x32_shlv(self, a: [v128; 4], c: [v128; 4]) -> [v128; 4] {
        map4!(h::shlv16, a, c)
    }
    #[inline(always)]
    fn u16x32_cmpeq(self, a: [v128; 4], b: [v128; 4]) -> u32 {
        (0..4).fold(0, |acc, k| {
            acc | u32::from(i16x8_bitmask(i16x8_eq(a[k], b[k]))) << (8 * k)
        })
    }
    #[inline(always)]
    fn u16x32_select(self, mask: u32, a: [v128; 4], b: [v128; 4]) -> [v128; 4] {
        core::array::from_fn(|k| h::select16(((mask >> (8 * k)) & 0xff) as u16, a[k], b[k]))
    }

    #[inline(always)]
    fn dot_u8i8(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
        h::dot_exact(bits!(*features), bits!(*weights))
    }
}
