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
        identity_casts!();
        avx2_128_256!($safe);
        #[inline(always)]
        fn u64x2_clz_u32(self, a: __m128i) -> __m128i {
            $safe! { h512::lzcnt32x4(a) }
        }
        #[inline(always)]
        fn u64x2_subs_u64(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { h512::subs64x2(a, b) }
        }

        #[inline(always)]
        fn pext(self, a: u64, mask: u64) -> u64 {
            $safe! { _pext_u64(a, mask) }
        }
        #[inline(always)]
        fn pdep(self, a: u64, mask: u64) -> u64 {
            $safe! { _pdep_u64(a, mask) }
        }
        #[inline(always)]
        fn u64x2_not(self, a: __m128i) -> __m128i {
            $safe! { h512::not128(a) }
        }
        #[inline(always)]
        fn u64x2_min(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { h512::min64x2(a, b) }
        }
        #[inline(always)]
        fn u64x2_lzcnt(self, a: __m128i) -> __m128i {
            $safe! { h512::lzcnt64x2(a) }
        }
        #[inline(always)]
        fn u64x2_nonzero_mask(self, a: __m128i) -> u8 {
            $safe! { h512::nonzero64x2(a) }
        }
        #[inline(always)]
        fn u64x4_not(self, a: __m256i) -> __m256i {
            $safe! { h512::not256(a) }
        }
        #[inline(always)]
        fn u64x4_min(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h512::min64x4(a, b) }
        }
        #[inline(always)]
        fn u64x4_cmpgt_i64(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::cmpgt64(a, b) }
        }
        #[inline(always)]
        fn u64x4_and3(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i {
            $safe! { h512::and3_64x4(a, b, c) }
        }
        #[inline(always)]
        fn u64x4_or_and_if_any(self, acc: __m256i, a: __m256i, b: __m256i, c: __m256i) -> __m256i {
            $safe! { h512::or_and_if_any64x4(acc, a, b, c) }
        }
        #[inline(always)]
        fn u64x4_rorv(self, a: __m256i, c: __m256i) -> __m256i {
            $safe! { h512::rorv64x4(a, c) }
        }
        #[inline(always)]
        fn u64x4_lzcnt(self, a: __m256i) -> __m256i {
            $safe! { h512::lzcnt64x4(a) }
        }
        #[inline(always)]
        fn u64x4_nonzero_mask(self, a: __m256i) -> u8 {
            $safe! { h512::nonzero64x4(a) }
        }
        #[inline(always)]
        fn u64x8_splat(self, x: u64) -> __m512i {
            $safe! { h512::splat64(x) }
        }
        #[inline(always)]
        fn u64x8_zero(self) -> __m512i {
            $safe! { h512::zero() }
        }
        #[inline(always)]
        fn u64x8_and(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::and(a, b) }
        }
        #[inline(always)]
        fn u64x8_or(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::or(a, b) }
        }
        #[inline(always)]
        fn u64x8_xor(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::xor(a, b) }
        }
        #[inline(always)]
        fn u64x8_andnot(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::andnot(a, b) }
        }
        #[inline(always)]
        fn u64x8_not(self, a: __m512i) -> __m512i {
            $safe! { h512::not(a) }
        }
        #[inline(always)]
        fn u64x8_add(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::add64(a, b) }
        }
        #[inline(always)]
        fn u64x8_sub(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::sub64(a, b) }
        }
        #[inline(always)]
        fn u64x8_neg(self, a: __m512i) -> __m512i {
            $safe! { h512::neg64(a) }
        }
        #[inline(always)]
        fn u64x8_shl<const N: u32>(self, a: __m512i) -> __m512i {
            $safe! { h512::shl64::<N>(a) }
        }
        #[inline(always)]
        fn u64x8_shr<const N: u32>(self, a: __m512i) -> __m512i {
            $safe! { h512::shr64::<N>(a) }
        }
        #[inline(always)]
        fn u64x8_shlv(self, a: __m512i, c: __m512i) -> __m512i {
            $safe! { h512::shlv64(a, c) }
        }
        #[inline(always)]
        fn u64x8_shrv(self, a: __m512i, c: __m512i) -> __m512i {
            $safe! { h512::shrv64(a, c) }
        }
        #[inline(always)]
        fn u64x8_cmpeq(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::cmpeq64(a, b) }
        }
        #[inline(always)]
        fn u64x8_min(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::min64(a, b) }
        }
        #[inline(always)]
        fn u64x8_lzcnt(self, a: __m512i) -> __m512i {
            $safe! { h512::lzcnt64(a) }
        }
        #[inline(always)]
        fn u64x8_bswap(self, a: __m512i) -> __m512i {
            $safe! { h512::bswap64(a) }
        }
        #[inline(always)]
        fn u64x8_rbit(self, a: __m512i) -> __m512i {
            $safe! { h512::rbit64(a) }
        }
        #[inline(always)]
        fn u64x8_hor(self, a: __m512i) -> u64 {
            $safe! { h512::hor64(a) }
        }
        #[inline(always)]
        fn u64x8_hadd(self, a: __m512i) -> u64 {
            $safe! { h512::hadd64(a) }
        }
        #[inline(always)]
        fn u64x8_nonzero_mask(self, a: __m512i) -> u8 {
            $safe! { h512::nonzero64(a) }
        }
        #[inline(always)]
        fn u64x8_split(self, a: __m512i) -> (__m256i, __m256i) {
            $safe! { h512::split(a) }
        }
        #[inline(always)]
        fn u64x8_join(self, lo: __m256i, hi: __m256i) -> __m512i {
            $safe! { h512::join(lo, hi) }
        }
        #[inline(always)]
        fn u8x64_splat(self, x: u8) -> __m512i {
            $safe! { h512::splat8(x) }
        }
        #[inline(always)]
        fn u8x64_zero(self) -> __m512i {
            $safe! { h512::zero() }
        }
        #[inline(always)]
        fn u8x64_and(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::and(a, b) }
        }
        #[inline(always)]
        fn u8x64_or(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::or(a, b) }
        }
        #[inline(always)]
        fn u8x64_xor(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::xor(a, b) }
        }
        #[inline(always)]
        fn u8x64_andnot(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::andnot(a, b) }
        }
        #[inline(always)]
        fn u8x64_add(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::add8(a, b) }
        }
        #[inline(always)]
        fn u8x64_sub(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::sub8(a, b) }
        }
        #[inline(always)]
        fn u8x64_min(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::min8(a, b) }
        }
        #[inline(always)]
        fn u8x64_max(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::max8(a, b) }
        }
        #[inline(always)]
        fn u8x64_cmpeq(self, a: __m512i, b: __m512i) -> u64 {
            $safe! { h512::cmpeq8_mask(a, b) }
        }
        #[inline(always)]
        fn u8x64_test(self, a: __m512i, b: __m512i) -> u64 {
            $safe! { h512::test8_mask(a, b) }
        }
        #[inline(always)]
        fn u8x64_movemask(self, a: __m512i) -> u64 {
            $safe! { h512::movemask8(a) }
        }
        #[inline(always)]
        fn u8x64_shuffle(self, t: __m512i, i: __m512i) -> __m512i {
            $safe! { h512::shuffle8(t, i) }
        }
        #[inline(always)]
        fn u8x64_sad(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::sad8(a, b) }
        }
        #[inline(always)]
        fn u16x32_splat(self, x: u16) -> __m512i {
            $safe! { h512::splat16(x) }
        }
        #[inline(always)]
        fn u16x32_zero(self) -> __m512i {
            $safe! { h512::zero() }
        }
        #[inline(always)]
        fn u16x32_and(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::and(a, b) }
        }
        #[inline(always)]
        fn u16x32_or(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::or(a, b) }
        }
        #[inline(always)]
        fn u16x32_xor(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::xor(a, b) }
        }
        #[inline(always)]
        fn u16x32_andnot(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::andnot(a, b) }
        }
        #[inline(always)]
        fn u16x32_add(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::add16(a, b) }
        }
        #[inline(always)]
        fn u16x32_sub(self, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::sub16(a, b) }
        }
        #[inline(always)]
        fn u16x32_shlv(self, a: __m512i, c: __m512i) -> __m512i {
            $safe! { h512::shlv16(a, c) }
        }
        #[inline(always)]
        fn u16x32_shrv(self, a: __m512i, c: __m512i) -> __m512i {
            $safe! { h512::shrv16(a, c) }
        }
        #[inline(always)]
        fn u16x32_cmpeq(self, a: __m512i, b: __m512i) -> u32 {
            $safe! { h512::cmpeq16_mask(a, b) }
        }
        #[inline(always)]
        fn u16x32_select(self, mask: u32, a: __m512i, b: __m512i) -> __m512i {
            $safe! { h512::select16(mask, a, b) }
        }
    };
}
