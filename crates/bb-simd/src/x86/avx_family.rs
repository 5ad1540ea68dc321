//! The 128- and 256-bit operations shared by `Avx2`, `Avx512` and `Avx512Vbmi`
//! (`avx2_128_256!`).

/// 128- and 256-bit ops identical on `Avx2`, `Avx512` and `Avx512Vbmi` (all prove AVX2).
macro_rules! avx2_128_256 {
    ($safe:ident) => {
        sse2_128_common!($safe);
        forward! { $safe;
            fn u64x2_shrv_u32(a: __m128i, c: __m128i) -> __m128i = _mm_srlv_epi32;
            fn u64x4_cmpeq_u32(a: __m256i, b: __m256i) -> __m256i = _mm256_cmpeq_epi32;
            fn u64x2_shlv(a: __m128i, c: __m128i) -> __m128i = h128::shlv64;
            fn u64x2_shrv(a: __m128i, c: __m128i) -> __m128i = h128::shrv64;
            fn u64x2_cmpeq(a: __m128i, b: __m128i) -> __m128i = h128::cmpeq64;
            fn u64x2_bswap(a: __m128i) -> __m128i = h128::bswap64;
            fn u64x2_rbit(a: __m128i) -> __m128i = h128::rbit64;
            fn u8x16_shuffle(t: __m128i, i: __m128i) -> __m128i = h128::shuffle8;
            fn u64x4_splat(x: u64) -> __m256i = h256::splat64;
            fn u64x4_zero() -> __m256i = h256::zero;
            fn u64x4_and(a: __m256i, b: __m256i) -> __m256i = h256::and;
            fn u64x4_or(a: __m256i, b: __m256i) -> __m256i = h256::or;
            fn u64x4_xor(a: __m256i, b: __m256i) -> __m256i = h256::xor;
            fn u64x4_andnot(a: __m256i, b: __m256i) -> __m256i = h256::andnot;
            fn u64x4_opaque(a: __m256i) -> __m256i = h256::opaque;
            fn u64x4_add(a: __m256i, b: __m256i) -> __m256i = h256::add64;
            fn u64x4_sub(a: __m256i, b: __m256i) -> __m256i = h256::sub64;
            fn u64x4_neg(a: __m256i) -> __m256i = h256::neg64;
            fn u64x4_shl<const N: u32>(a: __m256i) -> __m256i = h256::shl64;
            fn u64x4_shr<const N: u32>(a: __m256i) -> __m256i = h256::shr64;
            fn u64x4_shlv(a: __m256i, c: __m256i) -> __m256i = h256::shlv64;
            fn u64x4_shrv(a: __m256i, c: __m256i) -> __m256i = h256::shrv64;
            fn u64x4_cmpeq(a: __m256i, b: __m256i) -> __m256i = h256::cmpeq64;
            fn u64x4_bswap(a: __m256i) -> __m256i = h256::bswap64;
            fn u64x4_rbit(a: __m256i) -> __m256i = h256::rbit64;
            fn u64x4_hor(a: __m256i) -> u64 = h256::hor64;
            fn u64x4_hor_short(a: __m256i) -> u64 = h256::hor64_gpr;
            fn u64x4_hadd(a: __m256i) -> u64 = h256::hadd64;
            fn u64x4_split(a: __m256i) -> (__m128i, __m128i) = h256::split;
            fn u64x4_join(lo: __m128i, hi: __m128i) -> __m256i = h256::join;
            fn u8x32_splat(x: u8) -> __m256i = h256::splat8;
            fn u8x32_zero() -> __m256i = h256::zero;
            fn u8x32_and(a: __m256i, b: __m256i) -> __m256i = h256::and;
            fn u8x32_or(a: __m256i, b: __m256i) -> __m256i = h256::or;
            fn u8x32_xor(a: __m256i, b: __m256i) -> __m256i = h256::xor;
            fn u8x32_andnot(a: __m256i, b: __m256i) -> __m256i = h256::andnot;
            fn u8x32_add(a: __m256i, b: __m256i) -> __m256i = h256::add8;
            fn u8x32_sub(a: __m256i, b: __m256i) -> __m256i = h256::sub8;
            fn u8x32_min(a: __m256i, b: __m256i) -> __m256i = h256::min8;
            fn u8x32_max(a: __m256i, b: __m256i) -> __m256i = h256::max8;
            fn u8x32_cmpeq(a: __m256i, b: __m256i) -> u32 = h256::cmpeq8_mask;
            fn u8x32_test(a: __m256i, b: __m256i) -> u32 = h256::test8_mask;
            fn u8x32_movemask(a: __m256i) -> u32 = h256::movemask8;
            fn u8x32_shuffle(t: __m256i, i: __m256i) -> __m256i = h256::shuffle8;
            fn u8x32_sad(a: __m256i, b: __m256i) -> __m256i = h256::sad8;
            fn dot_u8i8_sat16(features: &[u8; 64], weights: &[i8; 64]) -> i32 = h128::dot_sat16;
            fn gather_sum_i16x48(table: &[i16], base: u32, starts: &[u32; 48], lanes: &[u64; 12])
                -> i32 = h256::gather_sum_i16x48;
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
        fn u64x4_sra_i32<const N: u32>(self, a: __m256i) -> __m256i {
            $safe! { _mm256_sra_epi32(a, _mm_cvtsi32_si128(N.min(32) as i32)) }
        }
        #[inline(always)]
        fn u64x4_srl_u32<const N: u32>(self, a: __m256i) -> __m256i {
            $safe! { _mm256_srl_epi32(a, _mm_cvtsi32_si128(N.min(32) as i32)) }
        }
    };
}
