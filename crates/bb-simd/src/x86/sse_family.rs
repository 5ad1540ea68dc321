//! The 128-bit operations shared by `Sse2` and `Ssse3` (and the 128-bit halves of the AVX
//! tokens): `sse2_128_common!` and `sse_family!`.

/// u64x2 and u8x16 ops that are plain SSE2 on every x86 token.
macro_rules! sse2_128_common {
    ($safe:ident) => {
        #[inline(always)]
        fn u64x2_cvt_i32_f32(self, a: __m128i) -> __m128i {
            $safe! { _mm_castps_si128(_mm_cvtepi32_ps(a)) }
        }
        #[inline(always)]
        fn u64x2_cvtt_f32_i32(self, a: __m128i) -> __m128i {
            $safe! { _mm_cvttps_epi32(_mm_castsi128_ps(a)) }
        }
        #[inline(always)]
        fn u64x2_add_f64(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_castpd_si128(_mm_add_pd(_mm_castsi128_pd(a), _mm_castsi128_pd(b))) }
        }
        #[inline(always)]
        fn u64x2_sub_f64(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_castpd_si128(_mm_sub_pd(_mm_castsi128_pd(a), _mm_castsi128_pd(b))) }
        }
        forward! { $safe;
            fn u64x2_cmpeq_u32(a: __m128i, b: __m128i) -> __m128i = _mm_cmpeq_epi32;
            fn u64x2_shuffle_u32<const IMM: i32>(a: __m128i) -> __m128i = _mm_shuffle_epi32;
            fn u64x2_mullo_u16(a: __m128i, b: __m128i) -> __m128i = _mm_mullo_epi16;
            fn u64x2_mulhi_u16(a: __m128i, b: __m128i) -> __m128i = _mm_mulhi_epu16;
            fn u64x2_min_i16(a: __m128i, b: __m128i) -> __m128i = _mm_min_epi16;
            fn u64x2_madd_i16(a: __m128i, b: __m128i) -> __m128i = _mm_madd_epi16;
            fn u8x16_subs(a: __m128i, b: __m128i) -> __m128i = _mm_subs_epu8;
            fn u64x2_zero() -> __m128i = _mm_setzero_si128;
            fn u64x2_and(a: __m128i, b: __m128i) -> __m128i = _mm_and_si128;
            fn u64x2_or(a: __m128i, b: __m128i) -> __m128i = _mm_or_si128;
            fn u64x2_xor(a: __m128i, b: __m128i) -> __m128i = _mm_xor_si128;
            fn u64x2_andnot(a: __m128i, b: __m128i) -> __m128i = _mm_andnot_si128;
            fn u64x2_add(a: __m128i, b: __m128i) -> __m128i = _mm_add_epi64;
            fn u64x2_sub(a: __m128i, b: __m128i) -> __m128i = _mm_sub_epi64;
            fn u64x2_neg(a: __m128i) -> __m128i = h128::neg64;
            fn u64x2_shl<const N: u32>(a: __m128i) -> __m128i = h128::shl64;
            fn u64x2_shr<const N: u32>(a: __m128i) -> __m128i = h128::shr64;
            fn u64x2_hor(a: __m128i) -> u64 = h128::hor64;
            fn u64x2_hadd(a: __m128i) -> u64 = h128::hadd64;
            fn u8x16_zero() -> __m128i = _mm_setzero_si128;
            fn u8x16_and(a: __m128i, b: __m128i) -> __m128i = _mm_and_si128;
            fn u8x16_or(a: __m128i, b: __m128i) -> __m128i = _mm_or_si128;
            fn u8x16_xor(a: __m128i, b: __m128i) -> __m128i = _mm_xor_si128;
            fn u8x16_andnot(a: __m128i, b: __m128i) -> __m128i = _mm_andnot_si128;
            fn u8x16_add(a: __m128i, b: __m128i) -> __m128i = _mm_add_epi8;
            fn u8x16_sub(a: __m128i, b: __m128i) -> __m128i = _mm_sub_epi8;
            fn u8x16_min(a: __m128i, b: __m128i) -> __m128i = _mm_min_epu8;
            fn u8x16_max(a: __m128i, b: __m128i) -> __m128i = _mm_max_epu8;
            fn u8x16_cmpeq(a: __m128i, b: __m128i) -> u16 = h128::cmpeq8_mask;
            fn u8x16_test(a: __m128i, b: __m128i) -> u16 = h128::test8_mask;
            fn u8x16_movemask(a: __m128i) -> u16 = h128::movemask8;
            fn u8x16_sad(a: __m128i, b: __m128i) -> __m128i = _mm_sad_epu8;
            fn u8x16_zip_lo(a: __m128i, b: __m128i) -> __m128i = _mm_unpacklo_epi8;
            fn u8x16_testv(a: __m128i, b: __m128i) -> __m128i = h128::testv8;
            fn u8x16_sum_u16(a: __m128i) -> u16 = h128::sum16;
        }
        #[inline(always)]
        fn u64x2_sra_i32<const N: u32>(self, a: __m128i) -> __m128i {
            $safe! { _mm_sra_epi32(a, _mm_cvtsi32_si128(N.min(32) as i32)) }
        }
        #[inline(always)]
        fn u64x2_srl_u32<const N: u32>(self, a: __m128i) -> __m128i {
            $safe! { _mm_srl_epi32(a, _mm_cvtsi32_si128(N.min(32) as i32)) }
        }
        #[inline(always)]
        fn u64x2_sll_u32<const N: u32>(self, a: __m128i) -> __m128i {
            $safe! { _mm_sll_epi32(a, _mm_cvtsi32_si128(N.min(32) as i32)) }
        }
        #[inline(always)]
        fn u64x2_splat(self, x: u64) -> __m128i {
            $safe! { _mm_set1_epi64x(x as i64) }
        }
        #[inline(always)]
        fn u8x16_splat(self, x: u8) -> __m128i {
            $safe! { _mm_set1_epi8(x as i8) }
        }
    };
}

/// Everything `Sse2` and `Ssse3` share (types `[__m128i; K]` for the wide vectors).
macro_rules! sse_family {
    ($safe:ident) => {
        type U64x2 = __m128i;
        type U64x4 = [__m128i; 2];
        type U64x8 = [__m128i; 4];
        type U8x16 = __m128i;
        type U8x32 = [__m128i; 2];
        type U8x64 = [__m128i; 4];
        type U16x32 = [__m128i; 4];
        const NATIVE_PEXT: bool = false;
        const FAST_PEXT: bool = false;
        const VECTOR_BITS: u32 = 128;

        array_convs!();
        casts!(a => a);
        sse2_128_common!($safe);
        split_u64x4!();
        split_u64x8_by2!();
        split_u8x32!();
        split_u8x64_by16!();

        forward! { $safe;
            fn u64x2_not(a: __m128i) -> __m128i = h128::not;
            fn u64x2_shlv(a: __m128i, c: __m128i) -> __m128i = h128::shlv64_sse2;
            fn u64x2_shrv(a: __m128i, c: __m128i) -> __m128i = h128::shrv64_sse2;
            fn u64x2_cmpeq(a: __m128i, b: __m128i) -> __m128i = h128::cmpeq64_sse2;
            fn u64x2_nonzero_mask(a: __m128i) -> u8 = h128::nonzero64_sse2;
            fn u16x32_select(mask: u32, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4]
                = h128::select16x32;
            fn u16x32_cmpeq(a: [__m128i; 4], b: [__m128i; 4]) -> u32 = h128::cmpeq16x32_mask;
            fn dot_u8i8(features: &[u8; 64], weights: &[i8; 64]) -> i32 = h128::dot_exact_sse2;
        }
        forward! { $safe, from_fn;
            fn u16x32_and(a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] = _mm_and_si128;
            fn u16x32_or(a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] = _mm_or_si128;
            fn u16x32_xor(a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] = _mm_xor_si128;
            fn u16x32_andnot(a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] = _mm_andnot_si128;
            fn u16x32_add(a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] = _mm_add_epi16;
            fn u16x32_sub(a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] = _mm_sub_epi16;
        }
    };
}
