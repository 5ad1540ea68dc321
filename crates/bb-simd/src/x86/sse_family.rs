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
        #[inline(always)]
        fn u64x2_cmpeq_u32(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_cmpeq_epi32(a, b) }
        }
        #[inline(always)]
        fn u64x2_shuffle_u32<const IMM: i32>(self, a: __m128i) -> __m128i {
            $safe! { _mm_shuffle_epi32::<IMM>(a) }
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
        fn u64x2_mullo_u16(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_mullo_epi16(a, b) }
        }
        #[inline(always)]
        fn u64x2_mulhi_u16(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_mulhi_epu16(a, b) }
        }
        #[inline(always)]
        fn u64x2_min_i16(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_min_epi16(a, b) }
        }
        #[inline(always)]
        fn u64x2_madd_i16(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_madd_epi16(a, b) }
        }
        #[inline(always)]
        fn u8x16_subs(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_subs_epu8(a, b) }
        }
        #[inline(always)]
        fn u64x2_splat(self, x: u64) -> __m128i {
            $safe! { _mm_set1_epi64x(x as i64) }
        }
        #[inline(always)]
        fn u64x2_zero(self) -> __m128i {
            $safe! { _mm_setzero_si128() }
        }
        #[inline(always)]
        fn u64x2_and(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_and_si128(a, b) }
        }
        #[inline(always)]
        fn u64x2_or(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_or_si128(a, b) }
        }
        #[inline(always)]
        fn u64x2_xor(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_xor_si128(a, b) }
        }
        #[inline(always)]
        fn u64x2_andnot(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_andnot_si128(a, b) }
        }
        #[inline(always)]
        fn u64x2_add(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_add_epi64(a, b) }
        }
        #[inline(always)]
        fn u64x2_sub(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_sub_epi64(a, b) }
        }
        #[inline(always)]
        fn u64x2_neg(self, a: __m128i) -> __m128i {
            $safe! { h128::neg64(a) }
        }
        #[inline(always)]
        fn u64x2_shl<const N: u32>(self, a: __m128i) -> __m128i {
            $safe! { h128::shl64::<N>(a) }
        }
        #[inline(always)]
        fn u64x2_shr<const N: u32>(self, a: __m128i) -> __m128i {
            $safe! { h128::shr64::<N>(a) }
        }
        #[inline(always)]
        fn u64x2_hor(self, a: __m128i) -> u64 {
            $safe! { h128::hor64(a) }
        }
        #[inline(always)]
        fn u64x2_hadd(self, a: __m128i) -> u64 {
            $safe! { h128::hadd64(a) }
        }
        #[inline(always)]
        fn u8x16_splat(self, x: u8) -> __m128i {
            $safe! { _mm_set1_epi8(x as i8) }
        }
        #[inline(always)]
        fn u8x16_zero(self) -> __m128i {
            $safe! { _mm_setzero_si128() }
        }
        #[inline(always)]
        fn u8x16_and(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_and_si128(a, b) }
        }
        #[inline(always)]
        fn u8x16_or(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_or_si128(a, b) }
        }
        #[inline(always)]
        fn u8x16_xor(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_xor_si128(a, b) }
        }
        #[inline(always)]
        fn u8x16_andnot(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_andnot_si128(a, b) }
        }
        #[inline(always)]
        fn u8x16_add(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_add_epi8(a, b) }
        }
        #[inline(always)]
        fn u8x16_sub(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_sub_epi8(a, b) }
        }
        #[inline(always)]
        fn u8x16_min(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_min_epu8(a, b) }
        }
        #[inline(always)]
        fn u8x16_max(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_max_epu8(a, b) }
        }
        #[inline(always)]
        fn u8x16_cmpeq(self, a: __m128i, b: __m128i) -> u16 {
            $safe! { h128::cmpeq8_mask(a, b) }
        }
        #[inline(always)]
        fn u8x16_test(self, a: __m128i, b: __m128i) -> u16 {
            $safe! { h128::test8_mask(a, b) }
        }
        #[inline(always)]
        fn u8x16_movemask(self, a: __m128i) -> u16 {
            $safe! { h128::movemask8(a) }
        }
        #[inline(always)]
        fn u8x16_sad(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_sad_epu8(a, b) }
        }
        #[inline(always)]
        fn u8x16_zip_lo(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { _mm_unpacklo_epi8(a, b) }
        }
        #[inline(always)]
        fn u8x16_testv(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { h128::testv8(a, b) }
        }
        #[inline(always)]
        fn u8x16_sum_u16(self, a: __m128i) -> u16 {
            $safe! { h128::sum16(a) }
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
        identity_casts!();
        sse2_128_common!($safe);
        split_u64x4!();
        split_u64x8_by2!();
        split_u8x32!();
        split_u8x64_by16!();

        #[inline(always)]
        fn u64x2_not(self, a: __m128i) -> __m128i {
            $safe! { h128::not(a) }
        }
        #[inline(always)]
        fn u64x2_shlv(self, a: __m128i, c: __m128i) -> __m128i {
            $safe! { h128::shlv64_sse2(a, c) }
        }
        #[inline(always)]
        fn u64x2_shrv(self, a: __m128i, c: __m128i) -> __m128i {
            $safe! { h128::shrv64_sse2(a, c) }
        }
        #[inline(always)]
        fn u64x2_cmpeq(self, a: __m128i, b: __m128i) -> __m128i {
            $safe! { h128::cmpeq64_sse2(a, b) }
        }
        #[inline(always)]
        fn u64x2_nonzero_mask(self, a: __m128i) -> u8 {
            $safe! { h128::nonzero64_sse2(a) }
        }
        #[inline(always)]
        fn u64x4_split(self, a: [__m128i; 2]) -> (__m128i, __m128i) {
            (a[0], a[1])
        }
        #[inline(always)]
        fn u64x4_join(self, lo: __m128i, hi: __m128i) -> [__m128i; 2] {
            [lo, hi]
        }
        #[inline(always)]
        fn u64x8_split(self, a: [__m128i; 4]) -> ([__m128i; 2], [__m128i; 2]) {
            ([a[0], a[1]], [a[2], a[3]])
        }
        #[inline(always)]
        fn u64x8_join(self, lo: [__m128i; 2], hi: [__m128i; 2]) -> [__m128i; 4] {
            [lo[0], lo[1], hi[0], hi[1]]
        }
        #[inline(always)]
        fn u16x32_and(self, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
            $safe! { core::array::from_fn(|i| _mm_and_si128(a[i], b[i])) }
        }
        #[inline(always)]
        fn u16x32_or(self, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
            $safe! { core::array::from_fn(|i| _mm_or_si128(a[i], b[i])) }
        }
        #[inline(always)]
        fn u16x32_xor(self, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
            $safe! { core::array::from_fn(|i| _mm_xor_si128(a[i], b[i])) }
        }
        #[inline(always)]
        fn u16x32_andnot(self, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
            $safe! { core::array::from_fn(|i| _mm_andnot_si128(a[i], b[i])) }
        }
        #[inline(always)]
        fn u16x32_add(self, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
            $safe! { core::array::from_fn(|i| _mm_add_epi16(a[i], b[i])) }
        }
        #[inline(always)]
        fn u16x32_sub(self, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
            $safe! { core::array::from_fn(|i| _mm_sub_epi16(a[i], b[i])) }
        }
        #[inline(always)]
        fn u16x32_select(self, mask: u32, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
            $safe! { h128::select16x32(mask, a, b) }
        }
        #[inline(always)]
        fn u16x32_cmpeq(self, a: [__m128i; 4], b: [__m128i; 4]) -> u32 {
            $safe! { h128::cmpeq16x32_mask(a, b) }
        }
        #[inline(always)]
        fn dot_u8i8(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
            $safe! { h128::dot_exact_sse2(features, weights) }
        }
    };
}
