//! 128-bit helpers. SSE2 ones are plain functions (SSE2 is the x86-64 baseline); the others carry
//! `#[target_feature]`, so callers need the matching token.

use core::arch::x86_64::*;

const fn bytes(b: [u8; 16]) -> __m128i {
    // SAFETY: `[u8; 16]` and `__m128i` are 16 bytes of plain data.
    unsafe { core::mem::transmute(b) }
}

/// Nibble -> population count.
pub(crate) const POPCNT_LUT: __m128i = bytes([0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4]);
/// Nibble -> its 4 bits reversed.
pub(crate) const RBIT_LO_LUT: __m128i = bytes([
    0x0, 0x8, 0x4, 0xc, 0x2, 0xa, 0x6, 0xe, 0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf,
]);
/// Nibble -> its 4 bits reversed, moved to the high nibble.
pub(crate) const RBIT_HI_LUT: __m128i = bytes([
    0x00, 0x80, 0x40, 0xc0, 0x20, 0xa0, 0x60, 0xe0, 0x10, 0x90, 0x50, 0xd0, 0x30, 0xb0, 0x70, 0xf0,
]);
/// PSHUFB control reversing the bytes of each u64.
pub(crate) const BSWAP64: __m128i = bytes([7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8]);

helpers! { "sse2";
    fn ones() -> __m128i { _mm_set1_epi32(-1) }
    fn not(a: __m128i) -> __m128i { _mm_xor_si128(a, ones()) }
    fn neg64(a: __m128i) -> __m128i { _mm_sub_epi64(_mm_setzero_si128(), a) }
    fn count(n: u32) -> __m128i { _mm_cvtsi32_si128(n.min(64) as i32) }
    fn shl64<const N: u32>(a: __m128i) -> __m128i { _mm_sll_epi64(a, count(N)) }
    fn shr64<const N: u32>(a: __m128i) -> __m128i { _mm_srl_epi64(a, count(N)) }
    /// Per-lane shift with two PSLLQ (the count is the whole low qword, so >= 64 gives 0).
    fn shlv64_sse2(a: __m128i, c: __m128i) -> __m128i {
        let lo = _mm_sll_epi64(a, c);
        let hi = _mm_sll_epi64(a, _mm_unpackhi_epi64(c, c));
        _mm_castpd_si128(_mm_move_sd(_mm_castsi128_pd(hi), _mm_castsi128_pd(lo)))
    }
    fn shrv64_sse2(a: __m128i, c: __m128i) -> __m128i {
        let lo = _mm_srl_epi64(a, c);
        let hi = _mm_srl_epi64(a, _mm_unpackhi_epi64(c, c));
        _mm_castpd_si128(_mm_move_sd(_mm_castsi128_pd(hi), _mm_castsi128_pd(lo)))
    }
    /// 64-bit equality from 32-bit compares: both halves equal.
    fn cmpeq64_sse2(a: __m128i, b: __m128i) -> __m128i {
        let t = _mm_cmpeq_epi32(a, b);
        _mm_and_si128(t, _mm_shuffle_epi32::<0b10_11_00_01>(t))
    }
    /// Byte swap of each u64 with SSE2 only: swap bytes in words, then reverse the words.
    fn bswap64_sse2(a: __m128i) -> __m128i {
        let w = _mm_or_si128(_mm_slli_epi16::<8>(a), _mm_srli_epi16::<8>(a));
        _mm_shufflehi_epi16::<0b00_01_10_11>(_mm_shufflelo_epi16::<0b00_01_10_11>(w))
    }
    /// SWAR population count per u64, the byte sums folded by PSADBW.
    fn popcnt64_sse2(a: __m128i) -> __m128i {
        let m1 = _mm_set1_epi8(0x55);
        let m2 = _mm_set1_epi8(0x33);
        let m4 = _mm_set1_epi8(0x0f);
        let x = _mm_sub_epi8(a, _mm_and_si128(_mm_srli_epi16::<1>(a), m1));
        let x = _mm_add_epi8(_mm_and_si128(x, m2), _mm_and_si128(_mm_srli_epi16::<2>(x), m2));
        let x = _mm_and_si128(_mm_add_epi8(x, _mm_srli_epi16::<4>(x)), m4);
        _mm_sad_epu8(x, _mm_setzero_si128())
    }
    fn hor64(a: __m128i) -> u64 {
        _mm_cvtsi128_si64(_mm_or_si128(a, _mm_unpackhi_epi64(a, a))) as u64
    }
    fn hadd64(a: __m128i) -> u64 {
        _mm_cvtsi128_si64(_mm_add_epi64(a, _mm_unpackhi_epi64(a, a))) as u64
    }
    fn nonzero64_sse2(a: __m128i) -> u8 {
        let z = cmpeq64_sse2(a, _mm_setzero_si128());
        (!_mm_movemask_pd(_mm_castsi128_pd(z)) & 3) as u8
    }
    fn testv8(a: __m128i, b: __m128i) -> __m128i {
        let zero = _mm_cmpeq_epi8(_mm_and_si128(a, b), _mm_setzero_si128());
        _mm_xor_si128(zero, _mm_set1_epi8(-1))
    }
    /// PMADDWD sees the lanes as signed, which changes no bit of a sum taken mod 2^16.
    fn sum16(a: __m128i) -> u16 {
        let s = _mm_madd_epi16(a, _mm_set1_epi16(1));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0x4e>(s));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0xb1>(s));
        _mm_cvtsi128_si32(s) as u16
    }
    fn cmpeq8_mask(a: __m128i, b: __m128i) -> u16 { _mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) as u16 }
    fn test8_mask(a: __m128i, b: __m128i) -> u16 {
        !(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(a, b), _mm_setzero_si128())) as u16)
    }
    fn movemask8(a: __m128i) -> u16 { _mm_movemask_epi8(a) as u16 }
}

// ----- SSSE3 ------------------------------------------------------------------------------

helpers! { "ssse3";
    fn shuffle8(t: __m128i, i: __m128i) -> __m128i { _mm_shuffle_epi8(t, i) }
    fn bswap64(a: __m128i) -> __m128i { _mm_shuffle_epi8(a, BSWAP64) }
    /// Bit reversal: byte swap, then each byte's nibbles reversed and exchanged by two lookups.
    fn rbit64(a: __m128i) -> __m128i {
        let a = _mm_shuffle_epi8(a, BSWAP64);
        let m4 = _mm_set1_epi8(0x0f);
        let lo = _mm_and_si128(a, m4);
        let hi = _mm_and_si128(_mm_srli_epi16::<4>(a), m4);
        _mm_or_si128(_mm_shuffle_epi8(RBIT_HI_LUT, lo), _mm_shuffle_epi8(RBIT_LO_LUT, hi))
    }
    /// Muła's SSSE3 population count (the Chess Programming Wiki's *SSSE3*): two PSHUFB nibble
    /// lookups, PSADBW.
    fn popcnt64_pshufb(a: __m128i) -> __m128i {
        let m4 = _mm_set1_epi8(0x0f);
        let lo = _mm_and_si128(a, m4);
        let hi = _mm_and_si128(_mm_srli_epi16::<4>(a), m4);
        let c = _mm_add_epi8(_mm_shuffle_epi8(POPCNT_LUT, lo), _mm_shuffle_epi8(POPCNT_LUT, hi));
        _mm_sad_epu8(c, _mm_setzero_si128())
    }
    /// The SSSE3 page's byte-wise dot product: PMADDUBSW x4, PADDSW x3, PHADDSW x3 (16-bit,
    /// saturating).
    fn dot_sat16(f: &[u8; 64], w: &[i8; 64]) -> i32 {
        let a: [__m128i; 4] = bits!(*f);
        let b: [__m128i; 4] = bits!(*w);
        let r0 = _mm_maddubs_epi16(a[0], b[0]);
        let r1 = _mm_maddubs_epi16(a[1], b[1]);
        let r2 = _mm_maddubs_epi16(a[2], b[2]);
        let r3 = _mm_maddubs_epi16(a[3], b[3]);
        let r0 = _mm_adds_epi16(r0, r1);
        let r2 = _mm_adds_epi16(r2, r3);
        let r0 = _mm_adds_epi16(r0, r2);
        let r0 = _mm_hadds_epi16(r0, r0);
        let r0 = _mm_hadds_epi16(r0, r0);
        let r0 = _mm_hadds_epi16(r0, r0);
        i32::from(_mm_cvtsi128_si32(r0) as i16)
    }
}
helpers! { "sse2";
    /// Exact dot product with SSE2: widen to i16 (zero / sign extension), PMADDWD to i32, add.
    fn dot_exact_sse2(f: &[u8; 64], w: &[i8; 64]) -> i32 {
        let a: [__m128i; 4] = bits!(*f);
        let b: [__m128i; 4] = bits!(*w);
        let z = _mm_setzero_si128();
        let mut acc = z;
        for k in 0..4 {
            let alo = _mm_unpacklo_epi8(a[k], z);
            let ahi = _mm_unpackhi_epi8(a[k], z);
            let blo = _mm_srai_epi16::<8>(_mm_unpacklo_epi8(b[k], b[k]));
            let bhi = _mm_srai_epi16::<8>(_mm_unpackhi_epi8(b[k], b[k]));
            acc = _mm_add_epi32(acc, _mm_madd_epi16(alo, blo));
            acc = _mm_add_epi32(acc, _mm_madd_epi16(ahi, bhi));
        }
        let acc = _mm_add_epi32(acc, _mm_shuffle_epi32::<0b01_00_11_10>(acc));
        let acc = _mm_add_epi32(acc, _mm_shuffle_epi32::<0b10_11_00_01>(acc));
        _mm_cvtsi128_si32(acc)
    }
}

// ----- SSE4.1 / SSE4.2 / AVX2 on 128 bits (used by the v3 and v4 tokens) --------------------

helpers! { "avx2";
    fn shlv64(a: __m128i, c: __m128i) -> __m128i { _mm_sllv_epi64(a, c) }
    fn shrv64(a: __m128i, c: __m128i) -> __m128i { _mm_srlv_epi64(a, c) }
    fn cmpeq64(a: __m128i, b: __m128i) -> __m128i { _mm_cmpeq_epi64(a, b) }
    fn min64_sse42(a: __m128i, b: __m128i) -> __m128i {
        let s = _mm_set1_epi64x(i64::MIN);
        let gt = _mm_cmpgt_epi64(_mm_xor_si128(a, s), _mm_xor_si128(b, s));
        _mm_blendv_epi8(a, b, gt)
    }
    fn nonzero64(a: __m128i) -> u8 {
        let z = _mm_cmpeq_epi64(a, _mm_setzero_si128());
        (!_mm_movemask_pd(_mm_castsi128_pd(z)) & 3) as u8
    }
    fn dot_exact_avx2(f: &[u8; 64], w: &[i8; 64]) -> i32 {
        let a: [__m128i; 4] = bits!(*f);
        let b: [__m128i; 4] = bits!(*w);
        let mut acc = _mm256_setzero_si256();
        for k in 0..4 {
            let x = _mm256_cvtepu8_epi16(a[k]);
            let y = _mm256_cvtepi8_epi16(b[k]);
            acc = _mm256_add_epi32(acc, _mm256_madd_epi16(x, y));
        }
        super::h256::hsum32(acc)
    }
}
helpers! { "ssse3";
    /// VPERMB over four 16-byte registers with PSHUFB: table `j` answers with
    /// `PSHUFB(t[j], (i ^ 16j) +sat 0x70)`, which keeps the low nibble when bits 4-5 of the index
    /// select `j` and sets bit 7 (so PSHUFB gives 0) otherwise; the four answers are ORed.
    fn permute8x64(t: [__m128i; 4], idx: [__m128i; 4]) -> [__m128i; 4] {
        let one = |i: __m128i| {
            let i = _mm_and_si128(i, _mm_set1_epi8(63));
            let look = |j: i8| {
                let k = _mm_adds_epu8(_mm_xor_si128(i, _mm_set1_epi8(j << 4)), _mm_set1_epi8(0x70));
                _mm_shuffle_epi8(t[j as usize], k)
            };
            _mm_or_si128(_mm_or_si128(look(0), look(1)), _mm_or_si128(look(2), look(3)))
        };
        [one(idx[0]), one(idx[1]), one(idx[2]), one(idx[3])]
    }
    /// VPSHUFBITQMB with PSHUFB: byte `j` fetches byte `idx >> 3` of its qword (offset 8 for the
    /// register's second qword), a PSHUFB table turns `idx & 7` into the bit to test.
    fn bitshuffle8x64(x: [__m128i; 4], idx: [__m128i; 4]) -> u64 {
        let bits = _mm_set1_epi64x(0x8040_2010_0804_0201_u64 as i64);
        let qword = _mm_set_epi64x(0x0808_0808_0808_0808, 0);
        let seven = _mm_set1_epi8(7);
        let one = |x: __m128i, i: __m128i| {
            let byte = _mm_add_epi8(_mm_and_si128(_mm_srli_epi16::<3>(i), seven), qword);
            let b = _mm_shuffle_epi8(bits, _mm_and_si128(i, seven));
            let hit = _mm_and_si128(_mm_shuffle_epi8(x, byte), b);
            u64::from(!(_mm_movemask_epi8(_mm_cmpeq_epi8(hit, _mm_setzero_si128())) as u16))
        };
        (0..4).fold(0, |m, k| m | one(x[k], idx[k]) << (16 * k))
    }
}
helpers! { "sse2";
    /// VPBLENDMW on four 8-lane registers: each register's 8 mask bits, broadcast, ANDed with the
    /// lane's own bit and compared, select by AND / ANDNOT / OR.
    fn select16x32(mask: u32, a: [__m128i; 4], b: [__m128i; 4]) -> [__m128i; 4] {
        let bits = _mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128);
        core::array::from_fn(|k| {
            let m = _mm_set1_epi16(((mask >> (8 * k)) & 0xff) as i16);
            let sel = _mm_cmpeq_epi16(_mm_and_si128(m, bits), bits);
            _mm_or_si128(_mm_and_si128(sel, a[k]), _mm_andnot_si128(sel, b[k]))
        })
    }
}
helpers! { "ssse3";
    /// VPSLLVW on four 8-lane registers with PMULLW: `2^count` comes from two PSHUFB tables (its
    /// low and its high byte, both indexed by `count & 15` copied into each byte of the lane) and
    /// is zeroed for counts of 16 or more.
    fn shlv16x32(a: [__m128i; 4], c: [__m128i; 4]) -> [__m128i; 4] {
        let lo_t = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
        let hi_t = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128);
        let low_byte = _mm_set1_epi16(0x00ff);
        core::array::from_fn(|k| {
            let valid = _mm_cmpeq_epi16(
                _mm_subs_epu16(c[k], _mm_set1_epi16(15)),
                _mm_setzero_si128(),
            );
            let i = _mm_and_si128(c[k], _mm_set1_epi16(15));
            let i = _mm_or_si128(i, _mm_slli_epi16::<8>(i));
            let pow = _mm_or_si128(
                _mm_and_si128(_mm_shuffle_epi8(lo_t, i), low_byte),
                _mm_andnot_si128(low_byte, _mm_shuffle_epi8(hi_t, i)),
            );
            _mm_mullo_epi16(a[k], _mm_and_si128(pow, valid))
        })
    }
}
helpers! { "sse2";
    /// VPCMPEQW to a 32-bit mask: PCMPEQW per register, PACKSSWB pairs the registers into bytes
    /// (all-ones words saturate to all-ones bytes), PMOVMSKB collects them.
    fn cmpeq16x32_mask(a: [__m128i; 4], b: [__m128i; 4]) -> u32 {
        let e: [__m128i; 4] = core::array::from_fn(|k| _mm_cmpeq_epi16(a[k], b[k]));
        let lo = _mm_movemask_epi8(_mm_packs_epi16(e[0], e[1])) as u32 & 0xffff;
        let hi = _mm_movemask_epi8(_mm_packs_epi16(e[2], e[3])) as u32 & 0xffff;
        lo | hi << 16
    }
}
