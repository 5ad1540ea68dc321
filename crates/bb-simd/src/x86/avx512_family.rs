//! The operations shared by `Avx512` and `Avx512Vbmi` (`avx512_common!`).

/// Ops shared by `Avx512` and `Avx512Vbmi` (x86-64-v4).
macro_rules! avx512_common {
    ($safe:ident) => {
        const NATIVE_VECTOR_LZCNT: bool = true;
        const NATIVE_BYTE_SHUFFLE: bool = true;
        const NATIVE_PEXT: bool = true;
        const FAST_PEXT: bool = true;
        const VECTOR_BITS: u32 = 512;

        type U64x2 = __m128i;
        type U64x4 = __m256i;
        type U64x8 = __m512i;
        type U8x16 = __m128i;
        type U8x32 = __m256i;
        type U8x64 = __m512i;
        type U16x32 = __m512i;

        array_convs!();
        casts!(a => a);
        avx2_128_256!($safe);
        forward! { $safe;
            fn u64x2_clz_u32(a: __m128i) -> __m128i = h512::lzcnt32x4;
            fn u64x2_subs_u64(a: __m128i, b: __m128i) -> __m128i = h512::subs64x2;
            fn pext(a: u64, mask: u64) -> u64 = _pext_u64;
            fn pdep(a: u64, mask: u64) -> u64 = _pdep_u64;
            fn u64x2_not(a: __m128i) -> __m128i = h512::not128;
            fn u64x2_min(a: __m128i, b: __m128i) -> __m128i = h512::min64x2;
            fn u64x2_lzcnt(a: __m128i) -> __m128i = h512::lzcnt64x2;
            fn u64x2_nonzero_mask(a: __m128i) -> u8 = h512::nonzero64x2;
            fn u64x4_not(a: __m256i) -> __m256i = h512::not256;
            fn u64x4_min(a: __m256i, b: __m256i) -> __m256i = h512::min64x4;
            fn u64x4_cmpgt_i64(a: __m256i, b: __m256i) -> __m256i = h256::cmpgt64;
            fn u64x4_and3(a: __m256i, b: __m256i, c: __m256i) -> __m256i = h512::and3_64x4;
            fn u64x4_or_and_if_any(acc: __m256i, a: __m256i, b: __m256i, c: __m256i) -> __m256i
                = h512::or_and_if_any64x4;
            fn u64x4_rorv(a: __m256i, c: __m256i) -> __m256i = h512::rorv64x4;
            fn u64x4_lzcnt(a: __m256i) -> __m256i = h512::lzcnt64x4;
            fn u64x4_nonzero_mask(a: __m256i) -> u8 = h512::nonzero64x4;
            fn u64x8_splat(x: u64) -> __m512i = h512::splat64;
            fn u64x8_zero() -> __m512i = h512::zero;
            fn u64x8_and(a: __m512i, b: __m512i) -> __m512i = h512::and;
            fn u64x8_or(a: __m512i, b: __m512i) -> __m512i = h512::or;
            fn u64x8_xor(a: __m512i, b: __m512i) -> __m512i = h512::xor;
            fn u64x8_andnot(a: __m512i, b: __m512i) -> __m512i = h512::andnot;
            fn u64x8_not(a: __m512i) -> __m512i = h512::not;
            fn u64x8_add(a: __m512i, b: __m512i) -> __m512i = h512::add64;
            fn u64x8_sub(a: __m512i, b: __m512i) -> __m512i = h512::sub64;
            fn u64x8_neg(a: __m512i) -> __m512i = h512::neg64;
            fn u64x8_shl<const N: u32>(a: __m512i) -> __m512i = h512::shl64;
            fn u64x8_shr<const N: u32>(a: __m512i) -> __m512i = h512::shr64;
            fn u64x8_shlv(a: __m512i, c: __m512i) -> __m512i = h512::shlv64;
            fn u64x8_shrv(a: __m512i, c: __m512i) -> __m512i = h512::shrv64;
            fn u64x8_cmpeq(a: __m512i, b: __m512i) -> __m512i = h512::cmpeq64;
            fn u64x8_min(a: __m512i, b: __m512i) -> __m512i = h512::min64;
            fn u64x8_lzcnt(a: __m512i) -> __m512i = h512::lzcnt64;
            fn u64x8_bswap(a: __m512i) -> __m512i = h512::bswap64;
            fn u64x8_rbit(a: __m512i) -> __m512i = h512::rbit64;
            fn u64x8_hor(a: __m512i) -> u64 = h512::hor64;
            fn u64x8_hadd(a: __m512i) -> u64 = h512::hadd64;
            fn u64x8_nonzero_mask(a: __m512i) -> u8 = h512::nonzero64;
            fn u64x8_split(a: __m512i) -> (__m256i, __m256i) = h512::split;
            fn u64x8_join(lo: __m256i, hi: __m256i) -> __m512i = h512::join;
            fn u8x64_splat(x: u8) -> __m512i = h512::splat8;
            fn u8x64_zero() -> __m512i = h512::zero;
            fn u8x64_and(a: __m512i, b: __m512i) -> __m512i = h512::and;
            fn u8x64_or(a: __m512i, b: __m512i) -> __m512i = h512::or;
            fn u8x64_xor(a: __m512i, b: __m512i) -> __m512i = h512::xor;
            fn u8x64_andnot(a: __m512i, b: __m512i) -> __m512i = h512::andnot;
            fn u8x64_add(a: __m512i, b: __m512i) -> __m512i = h512::add8;
            fn u8x64_sub(a: __m512i, b: __m512i) -> __m512i = h512::sub8;
            fn u8x64_min(a: __m512i, b: __m512i) -> __m512i = h512::min8;
            fn u8x64_max(a: __m512i, b: __m512i) -> __m512i = h512::max8;
            fn u8x64_cmpeq(a: __m512i, b: __m512i) -> u64 = h512::cmpeq8_mask;
            fn u8x64_test(a: __m512i, b: __m512i) -> u64 = h512::test8_mask;
            fn u8x64_movemask(a: __m512i) -> u64 = h512::movemask8;
            fn u8x64_shuffle(t: __m512i, i: __m512i) -> __m512i = h512::shuffle8;
            fn u8x64_sad(a: __m512i, b: __m512i) -> __m512i = h512::sad8;
            fn u16x32_splat(x: u16) -> __m512i = h512::splat16;
            fn u16x32_zero() -> __m512i = h512::zero;
            fn u16x32_and(a: __m512i, b: __m512i) -> __m512i = h512::and;
            fn u16x32_or(a: __m512i, b: __m512i) -> __m512i = h512::or;
            fn u16x32_xor(a: __m512i, b: __m512i) -> __m512i = h512::xor;
            fn u16x32_andnot(a: __m512i, b: __m512i) -> __m512i = h512::andnot;
            fn u16x32_add(a: __m512i, b: __m512i) -> __m512i = h512::add16;
            fn u16x32_sub(a: __m512i, b: __m512i) -> __m512i = h512::sub16;
            fn u16x32_shlv(a: __m512i, c: __m512i) -> __m512i = h512::shlv16;
            fn u16x32_shrv(a: __m512i, c: __m512i) -> __m512i = h512::shrv16;
            fn u16x32_cmpeq(a: __m512i, b: __m512i) -> u32 = h512::cmpeq16_mask;
            fn u16x32_select(mask: u32, a: __m512i, b: __m512i) -> __m512i = h512::select16;
        }
    };
}
