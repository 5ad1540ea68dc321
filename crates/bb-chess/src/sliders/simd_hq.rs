//! Hyperbola Quintessence in vector registers: the SSSE3 two-lines form and Peshkov's
//! `Occupied` twin (the Chess Programming Wiki's *SSSE3*), and four lines in one 256-bit register
//! (beyond the published sources).

use super::SliderVariant;
use super::hq::rank_table;
use crate::tables::{HQ4, MAIN_DIAGONAL, PAIR_BISHOP, PAIR_ROOK, Pair, TWIN};
use bb_core::Square;
use bb_simd::Backend;

const BYTE_SPREAD: u64 = 0x0101_0101_0101_0101;

/// Hyperbola Quintessence on the two lanes of `o` (already holding the occupancy per lane).
#[inline(always)]
fn pair_hq<B: Backend>(b: B, o: B::U64x2, t: &Pair) -> B::U64x2 {
    let m = b.u64x2_from_array(t.mask);
    let o = b.u64x2_and(o, m);
    let r = b.u64x2_bswap(o);
    let o = b.u64x2_sub(o, b.u64x2_from_array(t.bit));
    let r = b.u64x2_sub(r, b.u64x2_from_array(t.rbit));
    b.u64x2_and(b.u64x2_xor(o, b.u64x2_bswap(r)), m)
}

/// SSSE3 Hyperbola Quintessence: two lines in the two halves of one 128-bit register, byte
/// swaps by PSHUFB.
///
/// The Chess Programming Wiki's *SSSE3*, "SSSE3 Hyperbola Quintessence" (bishop: diagonal and
/// anti-diagonal). The rook extends it: lane 0 the file, lane 1 the rank mapped onto the main
/// diagonal by Cooijmans' multiplication (Chess Programming Wiki, *Hyperbola Quintessence*),
/// so both lanes need only a byte swap. Needs a 128-bit backend (SSE2 emulates the byte swap with
/// shifts and shuffles; SSSE3 and later use PSHUFB).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ssse3Hq;

impl SliderVariant for Ssse3Hq {
    const NAME: &'static str = "ssse3_hq";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 128
    }
    #[inline(always)]
    fn rook<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let s = sq.index();
        let rs = s & 56;
        let on_diag = ((occ >> rs) & 0xff).wrapping_mul(BYTE_SPREAD) & MAIN_DIAGONAL;
        let x = pair_hq(b, b.u64x2_from_array([occ, on_diag]), &PAIR_ROOK[s]);
        let [file, diag] = b.u64x2_to_array(x);
        file | ((diag.wrapping_mul(BYTE_SPREAD) >> 56) << rs)
    }
    #[inline(always)]
    fn bishop<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        // The two lines are disjoint: a horizontal OR equals the SSSE3 page's XOR / ADD.
        b.u64x2_hor(pair_hq(b, b.u64x2_splat(occ), &PAIR_BISHOP[sq.index()]))
    }
}

const TWIN_IDX: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0];
const REV128_IDX: [u8; 16] = [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0];

/// Peshkov's `Occupied` twin (the Chess Programming Wiki's *SSSE3*): one 128-bit register holding
/// the occupancy and its byte-swapped copy, built once per position; each file / diagonal getter is
/// then two ANDs and a subtraction per line, and one final shuffle per piece, even for a queen.
///
/// ```
/// use bb_chess::sliders::Occupied;
/// use bb_core::{reference, Square};
/// use bb_simd::Backend;
/// let occ = 0x0042_1800_2400_8100;
/// bb_simd::dispatch!(|b| {
///     let o = Occupied::new(b, occ);
///     assert_eq!(o.queen(Square::E4), reference::queen_attacks(Square::E4, occ));
/// });
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Occupied<B: Backend> {
    b: B,
    twin: B::U64x2,
}

impl<B: Backend> Occupied<B> {
    /// The twin `[occ, bswap(occ)]` (one PSHUFB of the broadcast where the backend has it).
    #[inline(always)]
    pub fn new(b: B, occ: u64) -> Self {
        let twin = if B::NATIVE_BYTE_SHUFFLE {
            let v = b.u64x2_as_u8x16(b.u64x2_splat(occ));
            b.u8x16_as_u64x2(b.u8x16_shuffle(v, b.u8x16_from_array(TWIN_IDX)))
        } else {
            b.u64x2_from_array([occ, b.bswap(occ)])
        };
        Occupied { b, twin }
    }

    /// The occupancy.
    #[inline(always)]
    pub fn occupancy(&self) -> u64 {
        self.b.u64x2_to_array(self.twin)[0]
    }

    #[inline(always)]
    fn line(&self, mask: [u64; 2], bit: [u64; 2]) -> B::U64x2 {
        let b = self.b;
        let m = b.u64x2_from_array(mask);
        let x = b.u64x2_sub(b.u64x2_and(self.twin, m), b.u64x2_from_array(bit));
        b.u64x2_and(x, m)
    }

    // lane 0 ^ bswap(lane 1): the one final shuffle (a full 16-byte reversal).
    #[inline(always)]
    fn finish(&self, h: B::U64x2) -> u64 {
        let b = self.b;
        if B::NATIVE_BYTE_SHUFFLE {
            let r = b.u8x16_shuffle(b.u64x2_as_u8x16(h), b.u8x16_from_array(REV128_IDX));
            b.u64x2_to_array(b.u64x2_xor(h, b.u8x16_as_u64x2(r)))[0]
        } else {
            let [lo, hi] = b.u64x2_to_array(h);
            lo ^ hi.swap_bytes()
        }
    }

    /// Bishop attacks from `sq`.
    #[inline(always)]
    pub fn bishop(&self, sq: Square) -> u64 {
        let t = &TWIN[sq.index()];
        let h = self
            .b
            .u64x2_xor(self.line(t.diag, t.bit), self.line(t.anti, t.bit));
        self.finish(h)
    }

    /// File attacks from `sq`.
    #[inline(always)]
    pub fn file(&self, sq: Square) -> u64 {
        let t = &TWIN[sq.index()];
        self.finish(self.line(t.file, t.bit))
    }

    /// Rook attacks from `sq` (the rank from the first-rank table).
    #[inline(always)]
    pub fn rook(&self, sq: Square) -> u64 {
        self.file(sq) | rank_table(sq, self.occupancy())
    }

    /// Queen attacks from `sq`: file and both diagonals share one final shuffle.
    #[inline(always)]
    pub fn queen(&self, sq: Square) -> u64 {
        let b = self.b;
        let t = &TWIN[sq.index()];
        let h = b.u64x2_xor(self.line(t.file, t.bit), self.line(t.diag, t.bit));
        let h = b.u64x2_xor(h, self.line(t.anti, t.bit));
        self.finish(h) | rank_table(sq, self.occupancy())
    }
}

/// Peshkov's twin ([`Occupied`]) built per call; the rank from the first-rank table.
///
/// The Chess Programming Wiki's *SSSE3*, "Peshkov's Optimization". Needs a 128-bit backend; best
/// with PSHUFB (SSSE3+).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PeshkovTwin;

impl SliderVariant for PeshkovTwin {
    const NAME: &'static str = "peshkov_twin";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 128
    }
    #[inline(always)]
    fn rook<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        Occupied::new(b, occ).rook(sq)
    }
    #[inline(always)]
    fn bishop<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        Occupied::new(b, occ).bishop(sq)
    }
    #[inline(always)]
    fn queen<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        Occupied::new(b, occ).queen(sq)
    }
}

// GF2P8AFFINEQB matrices: reverse the bits of each byte / identity.
const GF_REVERSE: u64 = 0x8040_2010_0804_0201;
const GF_IDENTITY: u64 = 0x0102_0408_1020_4080;
// Nibble bit-reversal lookups for PSHUFB: low nibble -> reversed into the high nibble, and back.
const NIB_TO_HI: [u8; 16] = [
    0x00, 0x80, 0x40, 0xc0, 0x20, 0xa0, 0x60, 0xe0, 0x10, 0x90, 0x50, 0xd0, 0x30, 0xb0, 0x70, 0xf0,
];
const NIB_TO_LO: [u8; 16] = [
    0x0, 0x8, 0x4, 0xc, 0x2, 0xa, 0x6, 0xe, 0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf,
];

fn dup32(t: [u8; 16]) -> [u8; 32] {
    core::array::from_fn(|i| t[i % 16])
}

/// Reverses lane 0 fully (the rank) and byte-swaps lanes 1..4.
#[inline(always)]
fn rev4<B: Backend>(b: B, x: B::U64x4) -> B::U64x4 {
    if B::HAS_GFNI {
        let m = b.u64x4_as_u8x32(b.u64x4_from_array([
            GF_REVERSE,
            GF_IDENTITY,
            GF_IDENTITY,
            GF_IDENTITY,
        ]));
        let y = b.u8x32_gf2p8affine::<0>(b.u64x4_as_u8x32(x), m);
        b.u64x4_bswap(b.u8x32_as_u64x4(y))
    } else if B::NATIVE_BYTE_SHUFFLE {
        let x = b.u64x4_bswap(x);
        let nib = b.u8x32_splat(0x0f);
        let lo = b.u8x32_and(b.u64x4_as_u8x32(x), nib);
        let hi = b.u8x32_and(b.u64x4_as_u8x32(b.u64x4_shr::<4>(x)), nib);
        let t = b.u8x32_or(
            b.u8x32_shuffle(b.u8x32_from_array(dup32(NIB_TO_HI)), lo),
            b.u8x32_shuffle(b.u8x32_from_array(dup32(NIB_TO_LO)), hi),
        );
        let l0 = b.u64x4_from_array([!0, 0, 0, 0]);
        b.u64x4_or(b.u64x4_and(b.u8x32_as_u64x4(t), l0), b.u64x4_andnot(l0, x))
    } else {
        let [r, f, d, a] = b.u64x4_to_array(x);
        b.u64x4_from_array([
            r.reverse_bits(),
            f.swap_bytes(),
            d.swap_bytes(),
            a.swap_bytes(),
        ])
    }
}

/// Reverses lane 0 fully (the rank) and byte-swaps lane 1.
#[inline(always)]
fn rev2_rank<B: Backend>(b: B, x: B::U64x2) -> B::U64x2 {
    if B::HAS_GFNI {
        let m = b.u64x2_as_u8x16(b.u64x2_from_array([GF_REVERSE, GF_IDENTITY]));
        let y = b.u8x16_gf2p8affine::<0>(b.u64x2_as_u8x16(x), m);
        b.u64x2_bswap(b.u8x16_as_u64x2(y))
    } else if B::NATIVE_BYTE_SHUFFLE {
        let x = b.u64x2_bswap(x);
        let nib = b.u8x16_splat(0x0f);
        let lo = b.u8x16_and(b.u64x2_as_u8x16(x), nib);
        let hi = b.u8x16_and(b.u64x2_as_u8x16(b.u64x2_shr::<4>(x)), nib);
        let t = b.u8x16_or(
            b.u8x16_shuffle(b.u8x16_from_array(NIB_TO_HI), lo),
            b.u8x16_shuffle(b.u8x16_from_array(NIB_TO_LO), hi),
        );
        let l0 = b.u64x2_from_array([!0, 0]);
        b.u64x2_or(b.u64x2_and(b.u8x16_as_u64x2(t), l0), b.u64x2_andnot(l0, x))
    } else {
        let [r, f] = b.u64x2_to_array(x);
        b.u64x2_from_array([r.reverse_bits(), f.swap_bytes()])
    }
}

/// Hyperbola Quintessence over all four lines in one 256-bit register (beyond the published
/// sources): the file and diagonals reversed by a PSHUFB byte swap, the rank by a full bit reversal
/// of its lane (one GF2P8AFFINEQB + the byte swap on Avx512Vbmi; two nibble PSHUFB lookups and a
/// blend on AVX2). Rook and bishop use the two-lane halves. Needs a 256-bit backend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hq4Lines;

impl SliderVariant for Hq4Lines {
    const NAME: &'static str = "hq4_lines";
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 256
    }
    #[inline(always)]
    fn rook<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let s = sq.index();
        let t = &HQ4[s];
        let m = b.u64x2_from_array([t.mask[0], t.mask[1]]);
        let o = b.u64x2_and(b.u64x2_splat(occ), m);
        let r = rev2_rank(b, o);
        let o = b.u64x2_sub(o, b.u64x2_splat(1 << s));
        let r = b.u64x2_sub(r, b.u64x2_from_array([t.rbit[0], t.rbit[1]]));
        b.u64x2_hor(b.u64x2_and(b.u64x2_xor(o, rev2_rank(b, r)), m))
    }
    #[inline(always)]
    fn bishop<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let s = sq.index();
        let t = &HQ4[s];
        let m = b.u64x2_from_array([t.mask[2], t.mask[3]]);
        let o = b.u64x2_and(b.u64x2_splat(occ), m);
        let r = b.u64x2_bswap(o);
        let o = b.u64x2_sub(o, b.u64x2_splat(1 << s));
        let r = b.u64x2_sub(r, b.u64x2_from_array([t.rbit[2], t.rbit[3]]));
        b.u64x2_hor(b.u64x2_and(b.u64x2_xor(o, b.u64x2_bswap(r)), m))
    }
    #[inline(always)]
    fn queen<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let s = sq.index();
        let t = &HQ4[s];
        let m = b.u64x4_from_array(t.mask);
        let o = b.u64x4_and(b.u64x4_splat(occ), m);
        let r = rev4(b, o);
        let o = b.u64x4_sub(o, b.u64x4_splat(1 << s));
        let r = b.u64x4_sub(r, b.u64x4_from_array(t.rbit));
        b.u64x4_hor(b.u64x4_and(b.u64x4_xor(o, rev4(b, r)), m))
    }
}
