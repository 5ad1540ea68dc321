//! Full diagonals in 256-bit vectors: Kogge-Stone with per-lane shifts, or each diagonal compared
//! whole.

use super::FullLinesVariant;
use super::kogge_stone::{full_h, full_v};
use bb_simd::Backend;

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
