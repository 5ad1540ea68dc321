//! The WebAssembly SIMD128 token.
//!
//! A wasm module cannot ask the engine which instructions it has: a module that uses one SIMD
//! instruction fails validation as a whole on an engine without SIMD. So the token exists only
//! in builds with `-C target-feature=+simd128`, and its presence is a compile-time fact.

use crate::backend::sealed::Sealed;
use crate::{Backend, Isa};
use core::arch::wasm32::*;

mod h;

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

// What the other tokens' macros of this name wrap in an `unsafe` block needs none here: the
// whole build has `simd128`, so the intrinsics are safe to call.
macro_rules! simd128 {
    ($($t:tt)*) => {
        $($t)*
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

    array_convs!(except u64x2);
    // Every vector type is `v128` or an array of it: the casts are the identity.
    casts!(a => a);

    // ----- u64 lanes ---------------------------------------------------------------------

    forward! { simd128;
        fn u64x2_splat(x: u64) -> v128 = u64x2_splat;
        fn u64x2_and(a: v128, b: v128) -> v128 = v128_and;
        fn u64x2_or(a: v128, b: v128) -> v128 = v128_or;
        fn u64x2_xor(a: v128, b: v128) -> v128 = v128_xor;
        fn u64x2_andnot(a: v128, b: v128) -> v128 = h::andnot;
        fn u64x2_not(a: v128) -> v128 = v128_not;
        fn u64x2_add(a: v128, b: v128) -> v128 = i64x2_add;
        fn u64x2_sub(a: v128, b: v128) -> v128 = i64x2_sub;
        fn u64x2_neg(a: v128) -> v128 = i64x2_neg;
        fn u64x2_shl<const N: u32>(a: v128) -> v128 = h::shl64;
        fn u64x2_shr<const N: u32>(a: v128) -> v128 = h::shr64;
        fn u64x2_shlv(a: v128, counts: v128) -> v128 = h::shlv64;
        fn u64x2_shrv(a: v128, counts: v128) -> v128 = h::shrv64;
        fn u64x2_cmpeq(a: v128, b: v128) -> v128 = i64x2_eq;
        fn u64x2_min(a: v128, b: v128) -> v128 = h::min64;
        fn u64x2_subs_u64(a: v128, b: v128) -> v128 = h::subs64;
        fn u64x2_bswap(a: v128) -> v128 = h::bswap64;
        fn u64x2_rbit(a: v128) -> v128 = h::rbit64;
        fn u64x2_popcnt(a: v128) -> v128 = h::popcnt64;
        fn u64x2_hor(a: v128) -> u64 = h::hor64;
        fn u64x2_hadd(a: v128) -> u64 = h::hadd64;
        fn u64x2_nonzero_mask(a: v128) -> u8 = h::nonzero64;
    }
    #[inline(always)]
    fn u64x2_zero(self) -> v128 {
        u64x2_splat(0)
    }

    split_u64x4!();
    split_u64x8_by2!();
    forward! { simd128, each 2;
        fn u64x4_cmpgt_i64(a: [v128; 2], b: [v128; 2]) -> [v128; 2] = i64x2_gt;
    }

    // ----- lane views ----------------------------------------------------------------------

    forward! { simd128;
        fn u64x2_cvt_i32_f32(a: v128) -> v128 = f32x4_convert_i32x4;
        fn u64x2_cvtt_f32_i32(a: v128) -> v128 = h::cvtt_f32_i32;
        fn u64x2_add_f64(a: v128, b: v128) -> v128 = f64x2_add;
        fn u64x2_sub_f64(a: v128, b: v128) -> v128 = f64x2_sub;
        fn u64x2_cmpeq_u32(a: v128, b: v128) -> v128 = i32x4_eq;
        fn u64x2_mullo_u16(a: v128, b: v128) -> v128 = i16x8_mul;
        fn u64x2_mulhi_u16(a: v128, b: v128) -> v128 = h::mulhi16;
        fn u64x2_min_i16(a: v128, b: v128) -> v128 = i16x8_min;
        fn u64x2_madd_i16(a: v128, b: v128) -> v128 = i32x4_dot_i16x8;
        fn u8x16_subs(a: v128, b: v128) -> v128 = u8x16_sub_sat;
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

    // ----- u8 lanes ------------------------------------------------------------------------

    forward! { simd128;
        fn u8x16_splat(x: u8) -> v128 = u8x16_splat;
        fn u8x16_and(a: v128, b: v128) -> v128 = v128_and;
        fn u8x16_or(a: v128, b: v128) -> v128 = v128_or;
        fn u8x16_xor(a: v128, b: v128) -> v128 = v128_xor;
        fn u8x16_andnot(a: v128, b: v128) -> v128 = h::andnot;
        fn u8x16_add(a: v128, b: v128) -> v128 = u8x16_add;
        fn u8x16_sub(a: v128, b: v128) -> v128 = u8x16_sub;
        fn u8x16_min(a: v128, b: v128) -> v128 = u8x16_min;
        fn u8x16_max(a: v128, b: v128) -> v128 = u8x16_max;
        fn u8x16_movemask(a: v128) -> u16 = u8x16_bitmask;
        fn u8x16_shuffle(t: v128, i: v128) -> v128 = h::shuffle8;
        fn u8x16_sad(a: v128, b: v128) -> v128 = h::sad8;
        fn u8x16_testv(a: v128, b: v128) -> v128 = h::testv8;
        fn u8x16_sum_u16(a: v128) -> u16 = h::sum16;
        fn u8x64_permute(table: [v128; 4], idx: [v128; 4]) -> [v128; 4] = h::permute8;
    }
    #[inline(always)]
    fn u8x16_zero(self) -> v128 {
        u8x16_splat(0)
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
    fn u8x16_zip_lo(self, a: v128, b: v128) -> v128 {
        u8x16_shuffle::<0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23>(a, b)
    }

    split_u8x32!();
    split_u8x64_by16!();

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
    forward! { simd128, each 4;
        fn u16x32_and(a: [v128; 4], b: [v128; 4]) -> [v128; 4] = v128_and;
        fn u16x32_or(a: [v128; 4], b: [v128; 4]) -> [v128; 4] = v128_or;
        fn u16x32_xor(a: [v128; 4], b: [v128; 4]) -> [v128; 4] = v128_xor;
        fn u16x32_andnot(a: [v128; 4], b: [v128; 4]) -> [v128; 4] = h::andnot;
        fn u16x32_add(a: [v128; 4], b: [v128; 4]) -> [v128; 4] = i16x8_add;
        fn u16x32_sub(a: [v128; 4], b: [v128; 4]) -> [v128; 4] = i16x8_sub;
        fn u16x32_shlv(a: [v128; 4], c: [v128; 4]) -> [v128; 4] = h::shlv16;
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
