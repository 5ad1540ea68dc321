//! AVX-512 helpers. The first block needs x86-64-v4 (F, CD, BW, DQ, VL: the `Avx512` and
//! `Avx512Vbmi` tokens); the second needs the `Avx512Vbmi` token's extensions.

use super::h128;
use core::arch::x86_64::*;

fn lut(t: __m128i) -> [__m128i; 4] {
    [t; 4]
}

helpers! { "avx512f,avx512cd,avx512bw,avx512dq,avx512vl,avx2,bmi2,lzcnt,popcnt";
    fn splat64(x: u64) -> __m512i { _mm512_set1_epi64(x as i64) }
    fn splat8(x: u8) -> __m512i { _mm512_set1_epi8(x as i8) }
    fn splat16(x: u16) -> __m512i { _mm512_set1_epi16(x as i16) }
    fn zero() -> __m512i { _mm512_setzero_si512() }
    fn and(a: __m512i, b: __m512i) -> __m512i { _mm512_and_si512(a, b) }
    fn or(a: __m512i, b: __m512i) -> __m512i { _mm512_or_si512(a, b) }
    fn xor(a: __m512i, b: __m512i) -> __m512i { _mm512_xor_si512(a, b) }
    fn andnot(a: __m512i, b: __m512i) -> __m512i { _mm512_andnot_si512(a, b) }
    fn not(a: __m512i) -> __m512i { _mm512_ternarylogic_epi64::<0x55>(a, a, a) }
    fn add64(a: __m512i, b: __m512i) -> __m512i { _mm512_add_epi64(a, b) }
    fn sub64(a: __m512i, b: __m512i) -> __m512i { _mm512_sub_epi64(a, b) }
    fn neg64(a: __m512i) -> __m512i { _mm512_sub_epi64(_mm512_setzero_si512(), a) }
    fn shl64<const N: u32>(a: __m512i) -> __m512i { _mm512_sll_epi64(a, h128::count(N)) }
    fn shr64<const N: u32>(a: __m512i) -> __m512i { _mm512_srl_epi64(a, h128::count(N)) }
    fn shlv64(a: __m512i, c: __m512i) -> __m512i { _mm512_sllv_epi64(a, c) }
    fn shrv64(a: __m512i, c: __m512i) -> __m512i { _mm512_srlv_epi64(a, c) }
    fn cmpeq64(a: __m512i, b: __m512i) -> __m512i { _mm512_movm_epi64(_mm512_cmpeq_epi64_mask(a, b)) }
    fn min64(a: __m512i, b: __m512i) -> __m512i { _mm512_min_epu64(a, b) }
    fn lzcnt64(a: __m512i) -> __m512i { _mm512_lzcnt_epi64(a) }
    fn bswap64(a: __m512i) -> __m512i { _mm512_shuffle_epi8(a, bits!(lut(h128::BSWAP64))) }
    fn rbit64(a: __m512i) -> __m512i {
        let a = bswap64(a);
        let m4 = _mm512_set1_epi8(0x0f);
        let lo = _mm512_and_si512(a, m4);
        let hi = _mm512_and_si512(_mm512_srli_epi16::<4>(a), m4);
        _mm512_or_si512(
            _mm512_shuffle_epi8(bits!(lut(h128::RBIT_HI_LUT)), lo),
            _mm512_shuffle_epi8(bits!(lut(h128::RBIT_LO_LUT)), hi),
        )
    }
    fn popcnt64_pshufb(a: __m512i) -> __m512i {
        let m4 = _mm512_set1_epi8(0x0f);
        let t: __m512i = bits!(lut(h128::POPCNT_LUT));
        let lo = _mm512_and_si512(a, m4);
        let hi = _mm512_and_si512(_mm512_srli_epi16::<4>(a), m4);
        let c = _mm512_add_epi8(_mm512_shuffle_epi8(t, lo), _mm512_shuffle_epi8(t, hi));
        _mm512_sad_epu8(c, _mm512_setzero_si512())
    }
    fn hor64(a: __m512i) -> u64 { _mm512_reduce_or_epi64(a) as u64 }
    fn hadd64(a: __m512i) -> u64 { _mm512_reduce_add_epi64(a) as u64 }
    fn nonzero64(a: __m512i) -> u8 { _mm512_test_epi64_mask(a, a) }
    fn split(a: __m512i) -> (__m256i, __m256i) {
        (_mm512_castsi512_si256(a), _mm512_extracti64x4_epi64::<1>(a))
    }
    fn join(lo: __m256i, hi: __m256i) -> __m512i {
        _mm512_inserti64x4::<1>(_mm512_castsi256_si512(lo), hi)
    }
    fn add8(a: __m512i, b: __m512i) -> __m512i { _mm512_add_epi8(a, b) }
    fn sub8(a: __m512i, b: __m512i) -> __m512i { _mm512_sub_epi8(a, b) }
    fn min8(a: __m512i, b: __m512i) -> __m512i { _mm512_min_epu8(a, b) }
    fn max8(a: __m512i, b: __m512i) -> __m512i { _mm512_max_epu8(a, b) }
    fn cmpeq8_mask(a: __m512i, b: __m512i) -> u64 { _mm512_cmpeq_epi8_mask(a, b) }
    fn test8_mask(a: __m512i, b: __m512i) -> u64 { _mm512_test_epi8_mask(a, b) }
    fn movemask8(a: __m512i) -> u64 { _mm512_movepi8_mask(a) }
    fn shuffle8(t: __m512i, i: __m512i) -> __m512i { _mm512_shuffle_epi8(t, i) }
    /// VPSHUFBITQMB without BITALG: byte `j` fetches byte `idx >> 3` of its qword by a
    /// lane-local PSHUFB (offset by 8 for the lane's second qword); VPTESTMB against the bit
    /// `idx & 7`, itself from a PSHUFB table, gives the mask.
    fn bitshuffle_bw(x: __m512i, i: __m512i) -> u64 {
        let seven = _mm512_set1_epi8(7);
        let qword = _mm512_set_epi64(
            0x0808_0808_0808_0808, 0, 0x0808_0808_0808_0808, 0,
            0x0808_0808_0808_0808, 0, 0x0808_0808_0808_0808, 0,
        );
        let byte = _mm512_add_epi8(_mm512_and_si512(_mm512_srli_epi16::<3>(i), seven), qword);
        let bits = _mm512_set1_epi64(0x8040_2010_0804_0201_u64 as i64);
        let b = _mm512_shuffle_epi8(bits, _mm512_and_si512(i, seven));
        _mm512_test_epi8_mask(_mm512_shuffle_epi8(x, byte), b)
    }
    /// VPERMB without VBMI: each 16-byte quarter of the table, broadcast to all four lanes, is
    /// looked up by PSHUFB; bits 4 and 5 of the index pick the result through mask blends.
    fn permute8_bw(t: __m512i, i: __m512i) -> __m512i {
        let i = _mm512_and_si512(i, _mm512_set1_epi8(63));
        let look = |q: __m512i| _mm512_shuffle_epi8(q, i);
        let k4 = _mm512_test_epi8_mask(i, _mm512_set1_epi8(16));
        let k5 = _mm512_test_epi8_mask(i, _mm512_set1_epi8(32));
        let lo = _mm512_mask_blend_epi8(
            k4,
            look(_mm512_shuffle_i64x2::<0x00>(t, t)),
            look(_mm512_shuffle_i64x2::<0x55>(t, t)),
        );
        let hi = _mm512_mask_blend_epi8(
            k4,
            look(_mm512_shuffle_i64x2::<0xaa>(t, t)),
            look(_mm512_shuffle_i64x2::<0xff>(t, t)),
        );
        _mm512_mask_blend_epi8(k5, lo, hi)
    }
    fn sad8(a: __m512i, b: __m512i) -> __m512i { _mm512_sad_epu8(a, b) }
    fn add16(a: __m512i, b: __m512i) -> __m512i { _mm512_add_epi16(a, b) }
    fn sub16(a: __m512i, b: __m512i) -> __m512i { _mm512_sub_epi16(a, b) }
    fn shlv16(a: __m512i, c: __m512i) -> __m512i { _mm512_sllv_epi16(a, c) }
    fn shrv16(a: __m512i, c: __m512i) -> __m512i { _mm512_srlv_epi16(a, c) }
    fn cmpeq16_mask(a: __m512i, b: __m512i) -> u32 { _mm512_cmpeq_epi16_mask(a, b) }
    fn select16(m: u32, a: __m512i, b: __m512i) -> __m512i { _mm512_mask_blend_epi16(m, b, a) }
    // 128/256-bit forms through AVX512VL
    fn lzcnt64x2(a: __m128i) -> __m128i { _mm_lzcnt_epi64(a) }
    fn lzcnt32x4(a: __m128i) -> __m128i { _mm_lzcnt_epi32(a) }
    fn subs64x2(a: __m128i, b: __m128i) -> __m128i { _mm_sub_epi64(a, _mm_min_epu64(a, b)) }
    fn lzcnt64x4(a: __m256i) -> __m256i { _mm256_lzcnt_epi64(a) }
    fn and3_64x4(a: __m256i, b: __m256i, c: __m256i) -> __m256i { _mm256_ternarylogic_epi64::<0x80>(a, b, c) }
    /// In assembly because LLVM rewrites `_mm256_mask_ternarylogic_epi64` as a select and
    /// emits it as an unmasked VPTERNLOGQ plus a masked move: three operations instead of two.
    fn or_and_if_any64x4(acc: __m256i, a: __m256i, b: __m256i, c: __m256i) -> __m256i {
        let mut r = acc;
        // SAFETY: two register-only AVX512F/VL instructions, which this function's target
        // features enable; no memory, stack or flags are touched. 0xf8 over (r, a, b) is
        // `r | (a & b)`, written only in the lanes where VPTESTMQ found `a & c` non-zero.
        unsafe {
            core::arch::asm!(
                "vptestmq {k}, {a}, {c}",
                "vpternlogq {r}{{{k}}}, {a}, {b}, 0xf8",
                r = inout(ymm_reg) r,
                a = in(ymm_reg) a,
                b = in(ymm_reg) b,
                c = in(ymm_reg) c,
                k = out(kreg) _,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        r
    }
    fn rorv64x4(a: __m256i, c: __m256i) -> __m256i { _mm256_rorv_epi64(a, c) }
    fn min64x2(a: __m128i, b: __m128i) -> __m128i { _mm_min_epu64(a, b) }
    fn min64x4(a: __m256i, b: __m256i) -> __m256i { _mm256_min_epu64(a, b) }
    fn nonzero64x2(a: __m128i) -> u8 { _mm_test_epi64_mask(a, a) }
    fn nonzero64x4(a: __m256i) -> u8 { _mm256_test_epi64_mask(a, a) }
    fn not128(a: __m128i) -> __m128i { _mm_ternarylogic_epi64::<0x55>(a, a, a) }
    fn not256(a: __m256i) -> __m256i { _mm256_ternarylogic_epi64::<0x55>(a, a, a) }
    /// Exact dot product: widen to 16 bits, VPMADDWD, reduce.
    fn dot_exact(f: &[u8; 64], w: &[i8; 64]) -> i32 {
        let a: [__m256i; 2] = bits!(*f);
        let b: [__m256i; 2] = bits!(*w);
        let p0 = _mm512_madd_epi16(_mm512_cvtepu8_epi16(a[0]), _mm512_cvtepi8_epi16(b[0]));
        let p1 = _mm512_madd_epi16(_mm512_cvtepu8_epi16(a[1]), _mm512_cvtepi8_epi16(b[1]));
        _mm512_reduce_add_epi32(_mm512_add_epi32(p0, p1))
    }
}

helpers! { "avx512f,avx512cd,avx512bw,avx512dq,avx512vl,avx512vbmi,avx512vbmi2,gfni,avx512bitalg,avx512vpopcntdq,avx512vnni";
    fn popcnt64(a: __m512i) -> __m512i { _mm512_popcnt_epi64(a) }
    fn popcnt64x2(a: __m128i) -> __m128i { _mm_popcnt_epi64(a) }
    fn popcnt64x4(a: __m256i) -> __m256i { _mm256_popcnt_epi64(a) }
    fn permute8(t: __m512i, i: __m512i) -> __m512i { _mm512_permutexvar_epi8(i, t) }
    fn bitshuffle(x: __m512i, i: __m512i) -> u64 { _mm512_bitshuffle_epi64_mask(x, i) }
    fn gf2p8affine(x: __m512i, m: __m512i) -> __m512i { _mm512_gf2p8affine_epi64_epi8::<0>(x, m) }
    fn gf2p8affine_x2(x: __m128i, m: __m128i) -> __m128i { _mm_gf2p8affine_epi64_epi8::<0>(x, m) }
    fn gf2p8affine_x4(x: __m256i, m: __m256i) -> __m256i { _mm256_gf2p8affine_epi64_epi8::<0>(x, m) }
    /// Exact dot product with AVX-512 VNNI: one VPDPBUSD (u8 x i8, four products per i32).
    fn dot_vnni(f: &[u8; 64], w: &[i8; 64]) -> i32 {
        let a: __m512i = bits!(*f);
        let b: __m512i = bits!(*w);
        _mm512_reduce_add_epi32(_mm512_dpbusd_epi32(_mm512_setzero_si512(), a, b))
    }
}
