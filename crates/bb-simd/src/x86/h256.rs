//! 256-bit AVX2 helpers; each carries `#[target_feature(enable = "avx2")]`, so callers need a
//! token that proves AVX2 (`Avx2`, `Avx512`, `Avx512Vbmi`).

use super::h128;
use core::arch::x86_64::*;

helpers! { "avx2";
    fn splat64(x: u64) -> __m256i { _mm256_set1_epi64x(x as i64) }
    fn splat8(x: u8) -> __m256i { _mm256_set1_epi8(x as i8) }
    fn splat16(x: u16) -> __m256i { _mm256_set1_epi16(x as i16) }
    fn zero() -> __m256i { _mm256_setzero_si256() }
    fn and(a: __m256i, b: __m256i) -> __m256i { _mm256_and_si256(a, b) }
    fn or(a: __m256i, b: __m256i) -> __m256i { _mm256_or_si256(a, b) }
    fn xor(a: __m256i, b: __m256i) -> __m256i { _mm256_xor_si256(a, b) }
    fn andnot(a: __m256i, b: __m256i) -> __m256i { _mm256_andnot_si256(a, b) }
    fn not(a: __m256i) -> __m256i { _mm256_xor_si256(a, _mm256_set1_epi32(-1)) }
    fn add64(a: __m256i, b: __m256i) -> __m256i { _mm256_add_epi64(a, b) }
    fn sub64(a: __m256i, b: __m256i) -> __m256i { _mm256_sub_epi64(a, b) }
    /// `a` itself, through an empty assembly block that LLVM cannot see into.
    fn opaque(a: __m256i) -> __m256i {
        let mut r = a;
        // SAFETY: the template is a comment: no instruction runs, and the register keeps its value.
        // No memory, stack or flags are touched.
        unsafe {
            core::arch::asm!(
                "/* {r} */",
                r = inout(ymm_reg) r,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        r
    }
    fn neg64(a: __m256i) -> __m256i { _mm256_sub_epi64(_mm256_setzero_si256(), a) }
    fn shl64<const N: u32>(a: __m256i) -> __m256i { _mm256_sll_epi64(a, h128::count(N)) }
    fn shr64<const N: u32>(a: __m256i) -> __m256i { _mm256_srl_epi64(a, h128::count(N)) }
    fn shlv64(a: __m256i, c: __m256i) -> __m256i { _mm256_sllv_epi64(a, c) }
    fn shrv64(a: __m256i, c: __m256i) -> __m256i { _mm256_srlv_epi64(a, c) }
    fn cmpeq64(a: __m256i, b: __m256i) -> __m256i { _mm256_cmpeq_epi64(a, b) }
    fn min64(a: __m256i, b: __m256i) -> __m256i {
        let s = _mm256_set1_epi64x(i64::MIN);
        let gt = _mm256_cmpgt_epi64(_mm256_xor_si256(a, s), _mm256_xor_si256(b, s));
        _mm256_blendv_epi8(a, b, gt)
    }
    fn cmpgt64(a: __m256i, b: __m256i) -> __m256i { _mm256_cmpgt_epi64(a, b) }
    fn lut(t: __m128i) -> __m256i { _mm256_broadcastsi128_si256(t) }
    fn bswap64(a: __m256i) -> __m256i { _mm256_shuffle_epi8(a, lut(h128::BSWAP64)) }
    fn rbit64(a: __m256i) -> __m256i {
        let a = bswap64(a);
        let m4 = _mm256_set1_epi8(0x0f);
        let lo = _mm256_and_si256(a, m4);
        let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(a), m4);
        _mm256_or_si256(
            _mm256_shuffle_epi8(lut(h128::RBIT_HI_LUT), lo),
            _mm256_shuffle_epi8(lut(h128::RBIT_LO_LUT), hi),
        )
    }
    /// Muła's PSHUFB population count widened to 256 bits.
    fn popcnt64(a: __m256i) -> __m256i {
        let m4 = _mm256_set1_epi8(0x0f);
        let t = lut(h128::POPCNT_LUT);
        let lo = _mm256_and_si256(a, m4);
        let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(a), m4);
        let c = _mm256_add_epi8(_mm256_shuffle_epi8(t, lo), _mm256_shuffle_epi8(t, hi));
        _mm256_sad_epu8(c, _mm256_setzero_si256())
    }
    fn hor64(a: __m256i) -> u64 {
        h128::hor64(_mm_or_si128(_mm256_castsi256_si128(a), _mm256_extracti128_si256::<1>(a)))
    }
    fn hadd64(a: __m256i) -> u64 {
        h128::hadd64(_mm_add_epi64(_mm256_castsi256_si128(a), _mm256_extracti128_si256::<1>(a)))
    }
    fn nonzero64(a: __m256i) -> u8 {
        let z = _mm256_cmpeq_epi64(a, _mm256_setzero_si256());
        (!_mm256_movemask_pd(_mm256_castsi256_pd(z)) & 0xf) as u8
    }
    fn split(a: __m256i) -> (__m128i, __m128i) {
        (_mm256_castsi256_si128(a), _mm256_extracti128_si256::<1>(a))
    }
    fn join(lo: __m128i, hi: __m128i) -> __m256i { _mm256_set_m128i(hi, lo) }
    fn add8(a: __m256i, b: __m256i) -> __m256i { _mm256_add_epi8(a, b) }
    fn sub8(a: __m256i, b: __m256i) -> __m256i { _mm256_sub_epi8(a, b) }
    fn min8(a: __m256i, b: __m256i) -> __m256i { _mm256_min_epu8(a, b) }
    fn max8(a: __m256i, b: __m256i) -> __m256i { _mm256_max_epu8(a, b) }
    fn cmpeq8_mask(a: __m256i, b: __m256i) -> u32 {
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(a, b)) as u32
    }
    fn test8_mask(a: __m256i, b: __m256i) -> u32 {
        let z = _mm256_cmpeq_epi8(_mm256_and_si256(a, b), _mm256_setzero_si256());
        !(_mm256_movemask_epi8(z) as u32)
    }
    fn movemask8(a: __m256i) -> u32 { _mm256_movemask_epi8(a) as u32 }
    fn shuffle8(t: __m256i, i: __m256i) -> __m256i { _mm256_shuffle_epi8(t, i) }
    /// VPERMB over a 64-byte table held as two 32-byte halves: each 16-byte quarter of the table,
    /// broadcast to both lanes, is looked up by PSHUFB, and bits 4 and 5 of the index (moved to the
    /// byte's top bit by a 16-bit shift, which PBLENDVB reads) pick one of the four results.
    fn permute8x64(t: [__m256i; 2], idx: [__m256i; 2]) -> [__m256i; 2] {
        let q = [
            _mm256_permute2x128_si256::<0x00>(t[0], t[0]),
            _mm256_permute2x128_si256::<0x11>(t[0], t[0]),
            _mm256_permute2x128_si256::<0x00>(t[1], t[1]),
            _mm256_permute2x128_si256::<0x11>(t[1], t[1]),
        ];
        [permute8x64_half(q, idx[0]), permute8x64_half(q, idx[1])]
    }
    /// VPBLENDMW from a 32-bit mask: each half's 16 mask bits are spread over the 16-bit lanes by a
    /// broadcast, an AND with the lane's own bit and a compare.
    fn select16x32(mask: u32, a: [__m256i; 2], b: [__m256i; 2]) -> [__m256i; 2] {
        let bits = _mm256_setr_epi16(
            1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, i16::MIN,
        );
        let half = |m: u32, a: __m256i, b: __m256i| {
            let m = _mm256_and_si256(_mm256_set1_epi16(m as u16 as i16), bits);
            _mm256_blendv_epi8(b, a, _mm256_cmpeq_epi16(m, bits))
        };
        [half(mask, a[0], b[0]), half(mask >> 16, a[1], b[1])]
    }
    /// VPSHUFBITQMB from PSHUFB: byte `j` fetches byte `idx >> 3` of its qword (a lane-local
    /// shuffle, offset by 8 for the lane's second qword), and a second shuffle turns `idx & 7` into
    /// the bit to test.
    fn bitshuffle8x64(x: [__m256i; 2], idx: [__m256i; 2]) -> u64 {
        let bit = _mm256_setr_epi8(
            1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128,
            1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128,
        );
        let qword = _mm256_setr_epi64x(0, 0x0808_0808_0808_0808, 0, 0x0808_0808_0808_0808);
        let seven = _mm256_set1_epi8(7);
        let half = |x: __m256i, i: __m256i| {
            let byte = _mm256_add_epi8(_mm256_and_si256(_mm256_srli_epi16::<3>(i), seven), qword);
            let b = _mm256_shuffle_epi8(bit, _mm256_and_si256(i, seven));
            let hit = _mm256_and_si256(_mm256_shuffle_epi8(x, byte), b);
            !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256())) as u32)
        };
        u64::from(half(x[0], idx[0])) | u64::from(half(x[1], idx[1])) << 32
    }
    fn permute8x64_half(q: [__m256i; 4], i: __m256i) -> __m256i {
        // Clearing bits 6 and 7 keeps PSHUFB from zeroing (bit 7) and makes the index mod 64.
        let i = _mm256_and_si256(i, _mm256_set1_epi8(63));
        let bit4 = _mm256_slli_epi16::<3>(i);
        let bit5 = _mm256_slli_epi16::<2>(i);
        let lo = _mm256_blendv_epi8(
            _mm256_shuffle_epi8(q[0], i),
            _mm256_shuffle_epi8(q[1], i),
            bit4,
        );
        let hi = _mm256_blendv_epi8(
            _mm256_shuffle_epi8(q[2], i),
            _mm256_shuffle_epi8(q[3], i),
            bit4,
        );
        _mm256_blendv_epi8(lo, hi, bit5)
    }
    fn sad8(a: __m256i, b: __m256i) -> __m256i { _mm256_sad_epu8(a, b) }
    fn add16(a: __m256i, b: __m256i) -> __m256i { _mm256_add_epi16(a, b) }
    fn sub16(a: __m256i, b: __m256i) -> __m256i { _mm256_sub_epi16(a, b) }
    /// Per-lane 16-bit shift with AVX2's 32-bit VPSLLVD on the even and odd words separately.
    fn shlv16(a: __m256i, c: __m256i) -> __m256i {
        let lo16 = _mm256_set1_epi32(0xffff);
        let even = _mm256_sllv_epi32(_mm256_and_si256(a, lo16), _mm256_and_si256(c, lo16));
        let odd = _mm256_sllv_epi32(_mm256_andnot_si256(lo16, a), _mm256_srli_epi32::<16>(c));
        _mm256_or_si256(_mm256_and_si256(even, lo16), _mm256_andnot_si256(lo16, odd))
    }
    fn shrv16(a: __m256i, c: __m256i) -> __m256i {
        let lo16 = _mm256_set1_epi32(0xffff);
        let even = _mm256_srlv_epi32(_mm256_and_si256(a, lo16), _mm256_and_si256(c, lo16));
        let odd = _mm256_srlv_epi32(_mm256_andnot_si256(lo16, a), _mm256_srli_epi32::<16>(c));
        _mm256_or_si256(_mm256_and_si256(even, lo16), _mm256_andnot_si256(lo16, odd))
    }
    fn cmpeq16_mask(a: __m256i, b: __m256i) -> u16 {
        let e = _mm256_cmpeq_epi16(a, b);
        // one bit per word: pack the 16 words' compare results to bytes, keep the word order
        let p = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packs_epi16(e, e));
        _mm256_movemask_epi8(p) as u16
    }
    /// The four lanes moved to general registers and ORed there (`u64x4_hor_short`). In assembly
    /// because LLVM turns lane extracts followed by ORs back into the shuffle-OR reduction.
    fn hor64_gpr(a: __m256i) -> u64 {
        let (l0, l1, l2, l3): (u64, u64, u64, u64);
        // SAFETY: AVX2 register moves only (VMOVQ, VPEXTRQ, VEXTRACTI128), which this function's
        // target feature enables; no memory, stack or flags are touched.
        unsafe {
            core::arch::asm!(
                "vextracti128 {t}, {a}, 1",
                "vmovq {l0}, {a:x}",
                "vpextrq {l1}, {a:x}, 1",
                "vmovq {l2}, {t}",
                "vpextrq {l3}, {t}, 1",
                a = in(ymm_reg) a,
                t = out(xmm_reg) _,
                l0 = out(reg) l0,
                l1 = out(reg) l1,
                l2 = out(reg) l2,
                l3 = out(reg) l3,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        (l0 | l1) | (l2 | l3)
    }
    /// `Backend::gather_sum_i16x48`: six VPGATHERDDs of eight positions. Each gathered lane
    /// reads the element at its position and the next (four bytes at twice the position) and
    /// keeps the low one, the element itself on this little-endian target.
    fn gather_sum_i16x48(table: &[i16], base: u32, starts: &[u32; 48], lanes: &[u64; 12]) -> i32 {
        // Positions below `limit` read four bytes inside the table; the others read at
        // `limit - 1`.
        let limit = table.len().saturating_sub(1).min(i32::MAX as usize) as u32;
        if limit == 0 {
            return 0;
        }
        let last = _mm256_set1_epi32((limit - 1) as i32);
        let base = _mm256_set1_epi32(base as i32);
        let l: [__m128i; 6] = bits!(*lanes);
        let s: [__m256i; 6] = bits!(*starts);
        let low = _mm256_set1_epi32(1);
        let mut acc = _mm256_setzero_si256();
        for k in 0..6 {
            let lane = _mm256_cvtepu16_epi32(l[k]);
            let pos = _mm256_add_epi32(_mm256_add_epi32(base, s[k]), _mm256_add_epi32(lane, lane));
            let clamped = _mm256_min_epu32(pos, last);
            // SAFETY: every lane's position is at most `limit - 1 = table.len() - 2`, and below
            // `i32::MAX`, so the signed offset is the position: the four bytes at byte offset
            // `2 * pos` end at or before the table's end. AVX2 is enabled on this function.
            let d = unsafe { _mm256_i32gather_epi32::<2>(table.as_ptr().cast::<i32>(), clamped) };
            // VPMADDWD by (1, 0) pairs: each lane's low half, sign-extended, in one instruction.
            acc = _mm256_add_epi32(acc, _mm256_madd_epi16(d, low));
        }
        hsum32(acc)
    }
    /// The wrapping sum of the eight `i32` lanes.
    fn hsum32(a: __m256i) -> i32 {
        let s = _mm_add_epi32(_mm256_castsi256_si128(a), _mm256_extracti128_si256::<1>(a));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b01_00_11_10>(s));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b10_11_00_01>(s));
        _mm_cvtsi128_si32(s)
    }
}
