//! Kindergarten gathers in general registers: 64-bit multiplies with one entry per square,
//! 32-bit multiplies on folded halves, and the pass trick that counts for both players at once.

use super::LastFlipVariant;
use super::tables::{COUNT_FLIP, LINES4, VALID, cf};
use bb_core::Square;
use bb_simd::Backend;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_GATHER: u64 = 0x0102_0408_1020_4080;

/// The kindergarten masks of a square: the two diagonals, the file, and the multiplier that
/// gathers that file into rank order.
pub(super) const fn kg_masks(sq: usize) -> [u64; 4] {
    let l = LINES4.0[sq];
    // The file-a multiplier moved down by the file: exact, its lowest bit is bit 7.
    [l[1], l[2], l[3], FILE_GATHER >> (sq & 7)]
}

/// The four kindergarten indices from the square's masks ([`kg_masks`]): rank, diagonal and
/// anti-diagonal (by file), file (by rank).
#[inline(always)]
pub(super) fn kg_indices(sq: usize, p: u64, [d9, d7, file, file_mul]: [u64; 4]) -> [u8; 4] {
    let rank = (p >> (sq & 0x38)) as u8;
    let d9 = ((p & d9).wrapping_mul(FILE_A) >> 56) as u8;
    let d7 = ((p & d7).wrapping_mul(FILE_A) >> 56) as u8;
    let file = ((p & file).wrapping_mul(file_mul) >> 56) as u8;
    [rank, d9, d7, file]
}

/// One square of [`Kindergarten64`]: its masks ([`kg_masks`]) and the two count-table rows.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct KgSquare {
    masks: [u64; 4],
    by_file: &'static [u8; 256],
    by_rank: &'static [u8; 256],
}

static KG_SQ: [KgSquare; 64] = {
    let row = &COUNT_FLIP[0];
    let blank = KgSquare {
        masks: [0; 4],
        by_file: row,
        by_rank: row,
    };
    let mut a = [blank; 64];
    let mut sq = 0;
    while sq < 64 {
        a[sq] = KgSquare {
            masks: kg_masks(sq),
            by_file: &COUNT_FLIP[sq & 7],
            by_rank: &COUNT_FLIP[sq >> 3],
        };
        sq += 1;
    }
    a
};

/// Kindergarten gathers with 64-bit multiplies (Okuhara's *Reversi bitboard techniques* "Count Last
/// Flip", kindergarten): a multiply by 0x0101..01 sums a diagonal's bits (distinct files) into the
/// top byte; the file is gathered into rank order by 0x0102040810204080 moved down by the file.
///
/// Everything that depends on the square but not on the discs comes from one 64-byte entry
/// per square: the three masks, the file multiplier and the two count-table rows, so that no
/// shift by the file and no table address is computed, and the entry's address needs no mask
/// (a [`Square`] is known to be below 64): the benchmark's loop runs 32 instructions a call,
/// against 42 with the masks arithmetic and the rows indexed by file and rank.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kindergarten64;

impl LastFlipVariant for Kindergarten64 {
    const NAME: &'static str = "kindergarten64";
    #[inline(always)]
    fn count<B: Backend>(_b: B, sq: Square, p: u64) -> u32 {
        let sq = sq.index();
        let k = &KG_SQ[sq];
        let [rank, d9, d7, file] = kg_indices(sq, p, k.masks).map(usize::from);
        let (f, r) = (k.by_file, k.by_rank);
        (u32::from(f[rank]) + u32::from(f[d9])) + (u32::from(f[d7]) + u32::from(r[file]))
    }
}

/// The kindergarten gathers in 32-bit multiplies (Okuhara's *Reversi bitboard techniques*, the
/// 32-bit CPU form): the two halves of the board are folded into one 32-bit word before each
/// multiply.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kindergarten32;

impl LastFlipVariant for Kindergarten32 {
    const NAME: &'static str = "kindergarten32";
    #[inline(always)]
    fn count<B: Backend>(_b: B, sq: Square, p: u64) -> u32 {
        let sq = sq.index();
        let (f, r) = (sq & 7, sq >> 3);
        let l = &LINES4.0[sq & 63];
        let (lo, hi) = (p as u32, (p >> 32) as u32);
        let half = if r < 4 { lo } else { hi };
        let h = (half >> (8 * (r & 3))) & 0xff;
        // Diagonals: the two halves hold different files, so OR-ing them keeps every bit.
        let diag =
            |m: u64| ((lo & m as u32) | (hi & (m >> 32) as u32)).wrapping_mul(0x0101_0101) >> 24;
        // File: ranks 0..3 at bits 0, 8, 16, 24 and ranks 4..7 at 4, 12, 20, 28.
        let v = (((lo >> f) & 0x0101_0101) | (((hi >> f) & 0x0101_0101) << 4))
            .wrapping_mul(0x0102_0408)
            >> 24;
        cf(f, h.into()) + cf(f, diag(l[1]).into()) + cf(f, diag(l[2]).into()) + cf(r, v.into())
    }
}

/// The pass trick (Okuhara's *Reversi bitboard techniques*): the counts for the player **and** for
/// the opponent from one set of kindergarten gathers, the opponent's indices being the inverted
/// player's ones restricted to on-board bits. Returns `(player, opponent)` flip counts.
///
/// ```
/// use bb_core::Square;
/// let p = Square::A1.bit() | Square::A3.bit();
/// let (mine, theirs) = bb_reversi::last_flip::count_last_flip_both(Square::A2, p);
/// assert_eq!(mine, 0);
/// assert_eq!(theirs, 1); // a3, closed by the opponent on a4
/// ```
#[inline(always)]
#[must_use]
pub fn count_last_flip_both(sq: Square, p: u64) -> (u32, u32) {
    let sq = sq.index();
    let k = &KG_SQ[sq];
    let i = kg_indices(sq, p, k.masks);
    let v = &VALID[sq];
    let rows = [k.by_file, k.by_file, k.by_file, k.by_rank];
    let mut n = (0, 0);
    for j in 0..4 {
        n.0 += u32::from(rows[j][usize::from(i[j])]);
        n.1 += u32::from(rows[j][usize::from(!i[j] & v[j])]);
    }
    n
}
