//! Full lines (Okuhara's *Reversi bitboard techniques*, "Get full lines"): the squares whose whole
//! line, edge to edge, is occupied, for each of the four line directions. Stability starts from
//! them: a disc on four full lines can never be flipped.
//!
//! Every variant returns `[horizontal, vertical, diagonal (+9), anti-diagonal (+7)]` (the
//! project's line order) for an occupancy `discs`, each the union of the full lines.
//!
//! | type | `NAME` | ISA | idea |
//! |---|---|---|---|
//! | [`KoggeStone`] | `kogge_stone` | any | ranks by a parallel prefix, files by rotate-and, diagonals by Kogge-Stone from both ends with edge masks |
//! | [`Sse2Bswap`] | `sse2_bswap` | 128-bit vectors | ranks by PCMPEQB; both diagonals in one 2 x u64 vector, the second lane byte-swapped so that +7 becomes -9 |
//! | [`Avx2KoggeStone`] | `avx2_kogge_stone` | 256-bit vectors | both diagonals, both ends, in one 4 x u64 vector with per-lane shifts |
//! | [`Avx2Cmpeq`] | `avx2_cmpeq` | 256-bit vectors | each diagonal compared whole against the occupancy with PCMPEQQ, four at a time |
//!
//! ```
//! use bb_reversi::full_lines::{FullLinesVariant, KoggeStone};
//! let [h, v, d9, d7] = KoggeStone::full_lines(bb_simd::Scalar, 0xff);
//! assert_eq!((h, v), (0xff, 0));
//! assert_eq!((d9, d7), (0x80, 1)); // h1 and a1 are one-square lines
//! ```

use bb_simd::{Backend, Isa};

/// One full-lines technique.
pub trait FullLinesVariant: Copy + Default + Send + Sync + 'static {
    /// Short name used by tests, criterion and `bb bench`.
    const NAME: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    fn supported<B: Backend>() -> bool {
        true
    }
    /// `[horizontal, vertical, diagonal, anti-diagonal]` full lines of the occupancy `discs`.
    fn full_lines<B: Backend>(b: B, discs: u64) -> [u64; 4];
}

/// The full-lines kernel: input the occupied squares, output the squares whose line is full in
/// each direction (horizontal, vertical, +9 diagonal, +7 diagonal); every [`FullLinesVariant`]
/// (see [`bb_simd::kernel`](mod@bb_simd::kernel)).
#[derive(Clone, Copy, Debug, Default)]
pub struct FullLines;

bb_simd::kernel! {
    FullLines: FullLinesVariant {
        name: "full_lines",
        input: u64,
        output: [u64; 4],
        reference(&d) {
            use bb_core::reference::{full_lines_d7, full_lines_d9, full_lines_h, full_lines_v};
            [full_lines_h(d), full_lines_v(d), full_lines_d9(d), full_lines_d7(d)]
        }
        chain(&d, z) { d ^ z }
        fold([h, v, d9, d7]) { h ^ v.rotate_left(16) ^ d9.rotate_left(32) ^ d7.rotate_left(48) }
        default_name<B>() { default_name(B::ISA) }
        run<V>(b, &d) { V::full_lines(b, d) }
        variants [
            KoggeStone,
            Sse2Bswap,
            Avx2KoggeStone,
            Avx2Cmpeq,
        ]
    }
}

/// Name of [`full_lines()`]'s variant on `isa`.
#[must_use]
pub const fn default_name(isa: Isa) -> &'static str {
    let _ = isa;
    KoggeStone::NAME
}

/// The default full lines for backend `B`.
#[inline(always)]
pub fn full_lines<B: Backend>(b: B, discs: u64) -> [u64; 4] {
    // Measured fastest on every backend (general registers overlap with the caller's vector
    // work; see docs/kernels/full-lines.md).
    KoggeStone::full_lines(b, discs)
}

const RANK1: u64 = 0x0101_0101_0101_0101;

/// Full ranks by a parallel prefix of ANDs over 1, 2 and 4 squares.
#[inline(always)]
#[must_use]
pub const fn full_h(discs: u64) -> u64 {
    let mut f = discs;
    f &= f >> 1;
    f &= f >> 2;
    f &= f >> 4;
    (f & RANK1).wrapping_mul(0xff)
}

/// Full ranks as one bit per rank (bit `r` for rank `r + 1`), by PCMPEQB against all ones and
/// PMOVMSKB: four instructions where PCMPEQB and PMOVMSKB are native (x86).
#[inline(always)]
#[must_use]
pub fn full_rank_bits<B: Backend>(b: B, discs: u64) -> u64 {
    let v = b.u64x2_as_u8x16(b.u64x2_from_array([discs, 0]));
    u64::from(b.u8x16_cmpeq(v, b.u8x16_splat(0xff)) & 0xff)
}

/// Full files by three rotate-and steps.
#[inline(always)]
#[must_use]
pub const fn full_v(discs: u64) -> u64 {
    let mut f = discs;
    f &= f.rotate_right(8);
    f &= f.rotate_right(16);
    f &= f.rotate_right(32);
    f
}

/// Full anti-diagonals (+7) and diagonals (+9), Kogge-Stone from both ends; squares off the
/// board count as occupied (the edge masks). Returns `(anti-diagonals, diagonals)`.
#[inline(always)]
#[must_use]
pub const fn full_d79(discs: u64) -> (u64, u64) {
    let (mut l7, mut r7) = (discs, discs);
    l7 &= 0xff01_0101_0101_0101 | (l7 >> 7);
    r7 &= 0x8080_8080_8080_80ff | (r7 << 7);
    l7 &= 0xffff_0303_0303_0303 | (l7 >> 14);
    r7 &= 0xc0c0_c0c0_c0c0_ffff | (r7 << 14);
    l7 &= 0xffff_ffff_0f0f_0f0f | (l7 >> 28);
    r7 &= 0xf0f0_f0f0_ffff_ffff | (r7 << 28);
    let (mut l9, mut r9) = (discs, discs);
    l9 &= 0xff80_8080_8080_8080 | (l9 >> 9);
    r9 &= 0x0101_0101_0101_01ff | (r9 << 9);
    l9 &= 0xffff_c0c0_c0c0_c0c0 | (l9 >> 18);
    r9 &= 0x0303_0303_0303_ffff | (r9 << 18);
    (
        l7 & r7,
        l9 & r9 & (0x0f0f_0f0f_f0f0_f0f0 | (l9 >> 36) | (r9 << 36)),
    )
}

/// General registers (Okuhara's *Reversi bitboard techniques* "Get full lines", CPU forms).
#[derive(Clone, Copy, Debug, Default)]
pub struct KoggeStone;

impl FullLinesVariant for KoggeStone {
    const NAME: &'static str = "kogge_stone";
    #[inline(always)]
    fn full_lines<B: Backend>(_b: B, discs: u64) -> [u64; 4] {
        let (d7, d9) = full_d79(discs);
        [full_h(discs), full_v(discs), d9, d7]
    }
}

/// Ranks by PCMPEQB against all ones; both diagonals in one 2 x u64 vector whose second lane
/// is the byte-swapped board, on which the +7 direction is -9 (Okuhara's *Reversi bitboard
/// techniques*, SSE2 forms). The De Morgan rewrite (OR-AND into ANDNOT-ANDNOT) lets both ends share
/// one second-step mask.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sse2Bswap;

impl FullLinesVariant for Sse2Bswap {
    const NAME: &'static str = "sse2_bswap";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 128
    }
    #[inline(always)]
    fn full_lines<B: Backend>(b: B, discs: u64) -> [u64; 4] {
        // bb-simd's PCMPEQB returns a bit per byte; spread each bit back over its byte.
        let ranks = full_rank_bits(b, discs);
        let x = (ranks | ranks << 28) & 0x0000_000f_0000_000f;
        let x = (x | x << 14) & 0x0003_0003_0003_0003;
        let h = ((x | x << 7) & RANK1).wrapping_mul(0xff);
        let e0 = b.u64x2_splat(0xff80_8080_8080_8080);
        let e1 = b.u64x2_splat(0x0101_0101_0101_01ff);
        let e2 = b.u64x2_splat(0x0000_3f3f_3f3f_3f3f);
        let e3 = b.u64x2_splat(0x0f0f_0f0f_f0f0_f0f0);
        let d = b.u64x2_from_array([discs, b.bswap(discs)]);
        let mut l = b.u64x2_and(d, b.u64x2_or(e0, b.u64x2_shr::<9>(d)));
        let mut r = b.u64x2_and(d, b.u64x2_or(e1, b.u64x2_shl::<9>(d)));
        l = b.u64x2_andnot(b.u64x2_andnot(b.u64x2_shr::<18>(l), e2), l);
        r = b.u64x2_andnot(b.u64x2_shl::<18>(b.u64x2_andnot(r, e2)), r);
        let x = b.u64x2_and(
            b.u64x2_and(l, r),
            b.u64x2_or(e3, b.u64x2_or(b.u64x2_shr::<36>(l), b.u64x2_shl::<36>(r))),
        );
        let [d9, d7m] = b.u64x2_to_array(x);
        [h, full_v(discs), d9, b.bswap(d7m)]
    }
}

/// Both diagonals from both ends in one 4 x u64 vector with per-lane shift counts; lanes 2 and
/// 3 hold the byte-swapped board so that every lane shifts right (Okuhara's *Reversi bitboard
/// techniques*, AVX2 Kogge-Stone).
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx2KoggeStone;

const KS_STEPS: [([u64; 4], [u64; 4]); 3] = [
    (
        [9, 7, 7, 9],
        [
            0xff80_8080_8080_8080,
            0xff01_0101_0101_0101,
            0xff01_0101_0101_0101,
            0xff80_8080_8080_8080,
        ],
    ),
    (
        [18, 14, 14, 18],
        [
            0xffff_c0c0_c0c0_c0c0,
            0xffff_0303_0303_0303,
            0xffff_0303_0303_0303,
            0xffff_c0c0_c0c0_c0c0,
        ],
    ),
    (
        [36, 28, 28, 36],
        [
            0xffff_ffff_f0f0_f0f0,
            0xffff_ffff_0f0f_0f0f,
            0xffff_ffff_0f0f_0f0f,
            0xffff_ffff_f0f0_f0f0,
        ],
    ),
];

impl FullLinesVariant for Avx2KoggeStone {
    const NAME: &'static str = "avx2_kogge_stone";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn full_lines<B: Backend>(b: B, discs: u64) -> [u64; 4] {
        let r = b.bswap(discs);
        // Lanes: +9 and +7 toward the LSB on the board, then the same shifts on the swapped
        // board, which are the original's +7 and +9 toward the MSB.
        let mut x = b.u64x4_from_array([discs, discs, r, r]);
        for (sh, e) in KS_STEPS {
            let t = b.u64x4_shrv(x, b.u64x4_from_array(sh));
            x = b.u64x4_and(x, b.u64x4_or(b.u64x4_from_array(e), t));
        }
        let [l9, l7, r7m, r9m] = b.u64x4_to_array(x);
        [
            full_h(discs),
            full_v(discs),
            l9 & b.bswap(r7m),
            l7 & b.bswap(r9m),
        ]
    }
}

/// Each diagonal compared whole against the occupancy (PCMPEQQ), four diagonals per vector
/// (Okuhara's *Reversi bitboard techniques*, AVX2 PCMPEQQ). Simpler than Kogge-Stone but more work.
#[derive(Clone, Copy, Debug, Default)]
pub struct Avx2Cmpeq;

/// Slots 0..15: the 15 diagonals (file - rank = k - 7) and an empty slot; slots 16..31: the 15
/// anti-diagonals (file + rank = k - 16) and an empty slot. Four slots per vector.
const DIAGS: [[u64; 4]; 8] = {
    let mut out = [[0u64; 4]; 8];
    let mut k = 0;
    while k < 32 {
        let mut m = 0u64;
        let mut sq = 0;
        while sq < 64 {
            let (f, r) = (sq & 7, sq >> 3);
            let on = if k < 15 {
                f - r == k - 7
            } else if k >= 16 && k < 31 {
                f + r == k - 16
            } else {
                false
            };
            if on {
                m |= 1 << sq;
            }
            sq += 1;
        }
        out[k as usize / 4][k as usize % 4] = m;
        k += 1;
    }
    out
};

impl FullLinesVariant for Avx2Cmpeq {
    const NAME: &'static str = "avx2_cmpeq";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn full_lines<B: Backend>(b: B, discs: u64) -> [u64; 4] {
        let d = b.u64x4_splat(discs);
        let mut acc = [b.u64x4_zero(), b.u64x4_zero()];
        for (g, m) in DIAGS.iter().enumerate() {
            let m = b.u64x4_from_array(*m);
            let full = b.u64x4_and(b.u64x4_cmpeq(b.u64x4_and(d, m), m), m);
            acc[g / 4] = b.u64x4_or(acc[g / 4], full);
        }
        [
            full_h(discs),
            full_v(discs),
            b.u64x4_hor(acc[0]),
            b.u64x4_hor(acc[1]),
        ]
    }
}
