//! The 128- and 256-bit operations shared by `Avx2`, `Avx512` and `Avx512Vbmi`
//! (`avx2_128_256!`).

/// 128- and 256-bit ops identical on `Avx2`, `Avx512` and `Avx512Vbmi` (all prove AVX2).
macro_rules! avx2_128_256 {
    ($safe:ident) => {
        sse2_128_common!($safe);
        #[inline(always)]
        fn u64x2_shrv_u32(self, a: __m128i, c: __m128i) -> __m128i {
            $safe! { _mm_srlv_epi32(a, c) }
        }
        #[inline(always)]
        fn u64x4_cvt_i32_f32(self, a: __m256i) -> __m256i {
            $safe! { _mm256_castps_si256(_mm256_cvtepi32_ps(a)) }
        }
        #[inline(always)]
        fn u64x4_cvtt_f32_i32(self, a: __m256i) -> __m256i {
            $safe! { _mm256_cvttps_epi32(_mm256_castsi256_ps(a)) }
        }
        #[inline(always)]
        fn u64x4_cmpeq_u32(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { _mm256_cmpeq_epi32(a, b) }
        }
        #[inline(always)]
        fn u64x4_sra_i32<const N: u32>(self, a: __m256i) -> __m256i {
            $safe! { _mm256_sra_epi32(a, _mm_cvtsi32_si128(N.min(32) as i32)) }
        }
        #[inline(always)]
        fn u64x4_srl_u32<const N: u32>(self, a: __m256i) -> __m256i {
            $safe! { _mm256_srl_epi32(a, _mm_cvtsi32_si128(N.min(32) as i32)) }
        }
        #[inline(always)]
        fn u64x2_shlv(self, a: __m128i, c: __m128i) -> __m128i {
            $safe! { h128::shlv64(a, c) }
        }
        #[inline(always)]
        fn u64x2_shrv(self, a: __m128i, c: __m128i) -> __m128i {
            $safe! { h128::shrv64(a, c) }
        }
        #[inline(always)]
        fn u64x2_cmpeq(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { h128::cmpeq64(a, b) }
        }
        #[inline(always)]
        fn u64x2_bswap(self, a: __m128i) -> __m128i {
            $safe! { h128::bswap64(a) }
        }
        #[inline(always)]
        fn u64x2_rbit(self, a: __m128i) -> __m128i {
            $safe! { h128::rbit64(a) }
        }
        #[inline(always)]
        fn u8x16_shuffle(self, t: __m128i, i: __m128i) -> __m128i {
            $safe! { h128::shuffle8(t, i) }
        }
        #[inline(always)]
        fn u64x4_splat(self, x: u64) -> __m256i {
            $safe! { h256::splat64(x) }
        }
        #[inline(always)]
        fn u64x4_zero(self) -> __m256i {
            $safe! { h256::zero() }
        }
        #[inline(always)]
        fn u64x4_and(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::and(a, b) }
        }
        #[inline(always)]
        fn u64x4_or(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::or(a, b) }
        }
        #[inline(always)]
        fn u64x4_xor(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::xor(a, b) }
        }
        #[inline(always)]
        fn u64x4_andnot(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::andnot(a, b) }
        }
        #[inline(always)]
        fn u64x4_opaque(self, a: __m256i) -> __m256i {
            $safe! { h256::opaque(a) }
        }
        #[inline(always)]
        fn u64x4_add(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::add64(a, b) }
        }
        #[inline(always)]
        fn u64x4_sub(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::sub64(a, b) }
        }
        #[inline(always)]
        fn u64x4_neg(self, a: __m256i) -> __m256i {
            $safe! { h256::neg64(a) }
        }
        #[inline(always)]
        fn u64x4_shl<const N: u32>(self, a: __m256i) -> __m256i {
            $safe! { h256::shl64::<N>(a) }
        }
        #[inline(always)]
        fn u64x4_shr<const N: u32>(self, a: __m256i) -> __m256i {
            $safe! { h256::shr64::<N>(a) }
        }
        #[inline(always)]
        fn u64x4_shlv(self, a: __m256i, c: __m256i) -> __m256i {
            $safe! { h256::shlv64(a, c) }
        }
        #[inline(always)]
        fn u64x4_shrv(self, a: __m256i, c: __m256i) -> __m256i {
            $safe! { h256::shrv64(a, c) }
        }
        #[inline(always)]
        fn u64x4_cmpeq(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::cmpeq64(a, b) }
        }
        #[inline(always)]
        fn u64x4_bswap(self, a: __m256i) -> __m256i {
            $safe! { h256::bswap64(a) }
        }
        #[inline(always)]
        fn u64x4_rbit(self, a: __m256i) -> __m256i {
            $safe! { h256::rbit64(a) }
        }
        #[inline(always)]
        fn u64x4_hor(self, a: __m256i) -> u64 {
            $safe! { h256::hor64(a) }
        }
        #[inline(always)]
        fn u64x4_hor_short(self, a: __m256i) -> u64 {
            $safe! { h256::hor64_gpr(a) }
        }
        #[inline(always)]
        fn u64x4_hadd(self, a: __m256i) -> u64 {
            $safe! { h256::hadd64(a) }
        }
        #[inline(always)]
        fn u64x4_split(self, a: __m256i) -> (__m128i, __m128i) {
            $safe! { h256::split(a) }
        }
        #[inline(always)]
        fn u64x4_join(self, lo: __m128i, hi: __m128i) -> __m256i {
            $safe! { h256::join(lo, hi) }
        }
        #[inline(always)]
        fn u8x32_splat(self, x: u8) -> __m256i {
            $safe! { h256::splat8(x) }
        }
        #[inline(always)]
        fn u8x32_zero(self) -> __m256i {
            $safe! { h256::zero() }
        }
        #[inline(always)]
        fn u8x32_and(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::and(a, b) }
        }
        #[inline(always)]
        fn u8x32_or(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::or(a, b) }
        }
        #[inline(always)]
        fn u8x32_xor(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::xor(a, b) }
        }
        #[inline(always)]
        fn u8x32_andnot(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::andnot(a, b) }
        }
        #[inline(always)]
        fn u8x32_add(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::add8(a, b) }
        }
        #[inline(always)]
        fn u8x32_sub(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::sub8(a, b) }
        }
        #[inline(always)]
        fn u8x32_min(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::min8(a, b) }
        }
        #[inline(always)]
        fn u8x32_max(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::max8(a, b) }
        }
        #[inline(always)]
        fn u8x32_cmpeq(self, a: __m256i, b: __m256i) -> u32 {
            $safe! { h256::cmpeq8_mask(a, b) }
        }
        #[inline(always)]
        fn u8x32_test(self, a: __m256i, b: __m256i) -> u32 {
            $safe! { h256::test8_mask(a, b) }
        }
        #[inline(always)]
        fn u8x32_movemask(self, a: __m256i) -> u32 {
            $safe! { h256::movemask8(a) }
        }
        #[inline(always)]
        fn u8x32_shuffle(self, t: __m256i, i: __m256i) -> __m256i {
            $safe! { h256::shuffle8(t, i) }
        }
        #[inline(always)]
        fn u8x32_sad(self, a: __m256i, b: __m256i) -> __m256i {
            $safe! { h256::sad8(a, b) }
        }
        #[inline(always)]
        fn dot_u8i8_sat16(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
            $safe! { h128::dot_sat16(features, weights) }
        }
    };
}
