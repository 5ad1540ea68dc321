//! Gathers in 128-bit vectors: PSADBW sums for the lines with one bit per file, byte marks for
//! the lines with one bit per rank.

use super::LastFlipVariant;
use super::tables::{COUNT_FLIP, LINES4, cf, pad_flat};
use bb_core::Square;
use bb_simd::Backend;

/// `COUNT_FLIP` as one array, `[x * 256 + line]`, padded with zeros so that every `u16` line
/// index from the start of a row is in bounds.
// The `None` arm cannot be taken: `COUNT_FLIP` is `[[u8; 256]; 8]`, so its flattened slice has
// exactly the 2048 bytes `first_chunk` asks for; and a static's initializer is evaluated at
// compile time, so even a wrong size would fail the build, never a run.
static COUNT_FLIP_FLAT16: [u8; 7 * 256 + 65536] = match COUNT_FLIP.as_flattened().first_chunk() {
    Some(flat) => pad_flat::<{ 8 * 256 }, { 7 * 256 + 65536 }>(flat),
    None => unreachable!(),
};

/// `COUNT_FLIP` indexed by the complement of the line: `COUNT_FLIP_NOT[x][!line]`.
static COUNT_FLIP_NOT: [[u8; 256]; 8] = {
    let mut a = [[0; 256]; 8];
    let mut i = 0;
    while i < 8 * 256 {
        a[i >> 8][255 - (i & 255)] = COUNT_FLIP[i >> 8][i & 255];
        i += 1;
    }
    a
};

/// SSE2 gathers (Okuhara's *Reversi bitboard techniques* "SSE2 (PMOVMSKB, PSADBW)"): PSADBW against
/// zero sums the bytes of (rank, diagonal), which for lines with one bit per file is their
/// file-ordered byte; PCMPEQB against zero marks the bytes of (file, anti-diagonal) without a
/// player disc, and PMOVMSKB collects the marks in rank order.
///
/// Two table choices keep masks off the path from `p` to the count: the file-ordered sums index
/// a table padded to any `u16` (LLVM knows a PSADBW lane is below 2^16, so the truncation
/// costs nothing, where an index masked to a byte cost a PAND on the chain), and the marks,
/// the complement of the lines, index a table stored complemented (no NOT, and the compare
/// replaces the subtraction from zero). 0.94x the latency of the masked, uncomplemented form.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sse2Gather;

impl LastFlipVariant for Sse2Gather {
    const NAME: &'static str = "sse2_gather";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 128
    }
    #[inline(always)]
    fn count<B: Backend>(b: B, sq: Square, p: u64) -> u32 {
        let sq = sq.index();
        let l = &LINES4.0[sq];
        let pp = b.u64x2_as_u8x16(b.u64x2_splat(p));
        let hd = b.u64x2_as_u8x16(b.u64x2_from_array([l[0], l[1]]));
        let av = b.u64x2_as_u8x16(b.u64x2_from_array([l[2], l[3]]));
        let z = b.u8x16_zero();
        let s = b.u64x2_to_array(b.u8x16_sad(b.u8x16_and(pp, hd), z));
        let [not_a, not_v] = b.u8x16_cmpeq(b.u8x16_and(pp, av), z).to_le_bytes();
        let (f, r) = (sq & 7, sq >> 3);
        let by_file = |s: u64| u32::from(COUNT_FLIP_FLAT16[f * 256 + usize::from(s as u16)]);
        let by_rank = &COUNT_FLIP_NOT[r];
        by_file(s[0])
            + by_file(s[1])
            + u32::from(by_rank[usize::from(not_a)])
            + u32::from(by_rank[usize::from(not_v)])
    }
}

/// The SSE2 gathers with AVX-512 VPTESTMB in place of PCMPEQB + PMOVMSKB (Okuhara's *Reversi
/// bitboard techniques*, the AVX512VL note).
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx512TestMb;

impl LastFlipVariant for Avx512TestMb {
    const NAME: &'static str = "avx512_testmb";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 512
    }
    #[inline(always)]
    fn count<B: Backend>(b: B, sq: Square, p: u64) -> u32 {
        let sq = sq.index();
        let l = &LINES4.0[sq];
        let pp = b.u64x2_as_u8x16(b.u64x2_splat(p));
        let hd = b.u64x2_as_u8x16(b.u64x2_from_array([l[0], l[1]]));
        let av = b.u64x2_as_u8x16(b.u64x2_from_array([l[2], l[3]]));
        let s = b.u64x2_to_array(b.u8x16_sad(b.u8x16_and(pp, hd), b.u8x16_zero()));
        let m = u64::from(b.u8x16_test(pp, av));
        let (f, r) = (sq & 7, sq >> 3);
        cf(f, s[0]) + cf(f, s[1]) + cf(r, m) + cf(r, m >> 8)
    }
}
