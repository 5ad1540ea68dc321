//! The `Avx512Vbmi` token: x86-64-v4 plus VBMI, VBMI2, GFNI, BITALG, VPOPCNTDQ and VNNI.

use super::{h128, h256, h512};
use crate::backend::sealed::Sealed;
use crate::{Backend, Isa, detect};
use core::arch::x86_64::*;

/// Ice Lake / Sapphire Rapids / Zen 4 backend: x86-64-v4 plus AVX-512 VBMI, VBMI2, GFNI,
/// BITALG, VPOPCNTDQ and VNNI.
///
/// VNNI is part of the requirement (no CPU with VBMI2 + GFNI + BITALG + VPOPCNTDQ lacks it), so
/// the exact dot product is a single VPDPBUSD. Native VPOPCNTQ, VPERMB, GF2P8AFFINEQB and
/// VPSHUFBITQMB.
///
/// ```
/// # #[cfg(target_arch = "x86_64")] {
/// use bb_simd::{Avx512Vbmi, Backend};
/// if let Some(b) = Avx512Vbmi::try_new() {
///     let v = b.u64x4_from_array([1, 3, 7, u64::MAX]);
///     assert_eq!(b.u64x4_to_array(b.u64x4_popcnt(v)), [1, 2, 3, 64]);
/// }
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Avx512Vbmi(());
token_ctors!(
    Avx512Vbmi,
    Isa::Avx512Vbmi,
    "v4 + avx512vbmi,avx512vbmi2,gfni,avx512bitalg,avx512vpopcntdq,avx512vnni"
);
impl Sealed for Avx512Vbmi {}

impl Backend for Avx512Vbmi {
    const NAME: &'static str = "avx512vbmi";
    const ISA: Isa = Isa::Avx512Vbmi;
    const NATIVE_VECTOR_POPCNT: bool = true;
    const HAS_GFNI: bool = true;
    const HAS_VBMI: bool = true;
    vectorize_with!(
        avx512vbmi,
        "avx2,bmi1,bmi2,lzcnt,popcnt,movbe,avx512f,avx512cd,avx512bw,avx512dq,avx512vl,avx512vbmi,avx512vbmi2,gfni,avx512bitalg,avx512vpopcntdq,avx512vnni"
    );
    avx512_common!(avx512vbmi);

    forward! { avx512vbmi;
        fn u64x2_popcnt(a: __m128i) -> __m128i = h512::popcnt64x2;
        fn u64x4_popcnt(a: __m256i) -> __m256i = h512::popcnt64x4;
        fn u64x8_popcnt(a: __m512i) -> __m512i = h512::popcnt64;
        fn u8x64_permute(table: __m512i, idx: __m512i) -> __m512i = h512::permute8;
        fn u8x64_bitshuffle(x: __m512i, idx: __m512i) -> u64 = h512::bitshuffle;
        fn dot_u8i8(features: &[u8; 64], weights: &[i8; 64]) -> i32 = h512::dot_vnni;
    }
    #[inline(always)]
    fn u8x16_gf2p8affine<const IMM: u8>(self, x: __m128i, m: __m128i) -> __m128i {
        // GF2P8AFFINEQB's immediate is xored into every result byte: apply it separately
        // (a const generic `u8` cannot be forwarded as the intrinsic's `i32` immediate).
        let r = avx512vbmi! { h512::gf2p8affine_x2(x, m) };
        if IMM == 0 {
            r
        } else {
            self.u8x16_xor(r, self.u8x16_splat(IMM))
        }
    }
    #[inline(always)]
    fn u8x32_gf2p8affine<const IMM: u8>(self, x: __m256i, m: __m256i) -> __m256i {
        let r = avx512vbmi! { h512::gf2p8affine_x4(x, m) };
        if IMM == 0 {
            r
        } else {
            self.u8x32_xor(r, self.u8x32_splat(IMM))
        }
    }
    #[inline(always)]
    fn u8x64_gf2p8affine<const IMM: u8>(self, x: __m512i, m: __m512i) -> __m512i {
        let r = avx512vbmi! { h512::gf2p8affine(x, m) };
        if IMM == 0 {
            r
        } else {
            self.u8x64_xor(r, self.u8x64_splat(IMM))
        }
    }
}
