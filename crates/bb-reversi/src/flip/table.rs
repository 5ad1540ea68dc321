//! Edax-style OUTFLANK / FLIPPED line tables (Okuhara's *Reversi bitboard techniques*, "Outflank -
//! Flip テーブル参照による方法"), with kindergarten (multiply) gathers or PEXT/PDEP.

use super::FlipVariant;
use bb_core::{Square, masks};
use bb_simd::Backend;

/// `OUTFLANK[x][o]`: see [`table_gen::outflank_table`](super::table_gen::outflank_table).
pub(crate) static OUTFLANK: [[u8; 256]; 8] = include!(concat!(env!("OUT_DIR"), "/outflank.rs"));
/// `FLIPPED[x][outflank]`: see [`table_gen::flipped_table`](super::table_gen::flipped_table).
pub(crate) static FLIPPED: [[u8; 256]; 8] = include!(concat!(env!("OUT_DIR"), "/flipped.rs"));

/// One line of the table flip: 8-bit patterns of `p` and `o` on the line, the position `x` of
/// the square on it; returns the 8-bit flipped pattern.
#[inline(always)]
pub(crate) fn line8(x: usize, p8: u64, o8: u64) -> u64 {
    let of = OUTFLANK[x & 7][(o8 & 0xff) as usize] & (p8 & 0xff) as u8;
    u64::from(FLIPPED[x & 7][usize::from(of)])
}

/// `OUTFLANK_ROT[x][o6]`: see
/// [`table_gen::outflank_rot_table`](super::table_gen::outflank_rot_table).
static OUTFLANK_ROT: [[u8; 64]; 8] = super::table_gen::outflank_rot_table();
/// `FLIPPED_ROT[x][r]`: see [`table_gen::flipped_rot_table`](super::table_gen::flipped_rot_table).
static FLIPPED_ROT: [[u8; 64]; 8] = super::table_gen::flipped_rot_table();

/// One line with the rotated-outflank tables: `o7` holds the line's opponent bits 1..=7 in its
/// low bits (bit 7, the edge, is dropped here), `p8` the player's 8-bit pattern, which this
/// function rotates right by `rot(x)` to line up with the rotated outflanks.
#[inline(always)]
fn line6(x: usize, p8: u64, o7: u64) -> u64 {
    let p6 = (p8 as u8).rotate_right(super::table_gen::rot(x & 7)) & 63;
    let of = OUTFLANK_ROT[x & 7][(o7 & 63) as usize] & p6;
    u64::from(FLIPPED_ROT[x & 7][usize::from(of)])
}

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The four lines of `sq` through kindergarten gathers into line patterns, `line(x, p8, o8)`
/// for the flips of each, and the multiplies back. The opponent's patterns are shifted
/// `o_shift` further down (the rotated tables take its inner bits only).
#[inline(always)]
fn kindergarten_lines(
    sq: Square,
    p: u64,
    o: u64,
    o_shift: u32,
    line: impl Fn(usize, u64, u64) -> u64,
) -> u64 {
    let i = sq.index();
    let (file, rank) = (i & 7, i >> 3);
    let d = masks::DIAG_EX[i] | sq.bit();
    let a = masks::ANTI_EX[i] | sq.bit();
    let r = 8 * rank as u32;
    // rank: file coordinate
    let mut f = line(file, p >> r, o >> (r + o_shift)) << r;
    // file: rank coordinate
    let gf = |b: u64, s: u32| ((b >> file) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> s;
    let fv = line(rank, gf(p, 56), gf(o, 56 + o_shift));
    // flips are in positions 1..=6, so the 7-apart partial products never collide
    f |= (fv.wrapping_mul(0x0002_0408_1020_4081) & FILE_A) << file;
    // diagonals: file coordinate
    let gd = |b: u64, m: u64, s: u32| (b & m).wrapping_mul(FILE_A) >> s;
    f |= line(file, gd(p, d, 56), gd(o, d, 56 + o_shift)).wrapping_mul(FILE_A) & d;
    f |= line(file, gd(p, a, 56), gd(o, a, 56 + o_shift)).wrapping_mul(FILE_A) & a;
    f
}

/// OUTFLANK/FLIPPED tables with kindergarten gathers (Okuhara's *Reversi bitboard techniques*
/// "Outflank - Flip テーブル参照", "kindergarten" in Okuhara's benchmark): a rank is a shift, a file
/// a shift and a multiply by 0x0102040810204080, a diagonal a mask and a multiply by
/// 0x0101010101010101; flips go back by the inverse multiplies. Two 2 KiB tables; portable.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Kindergarten;
impl FlipVariant for Kindergarten {
    const NAME: &'static str = "kindergarten";
    #[inline(always)]
    fn flip<B: Backend>(_b: B, sq: Square, p: u64, o: u64) -> u64 {
        kindergarten_lines(sq, p, o, 0, line8)
    }
}

/// The rotated-outflank tables (Okuhara's *Reversi bitboard techniques* "Outflank - Flip
/// テーブル参照": "outflank はローテートして持つとサイズを節約できる"): an outflank is never on the square or next to
/// it, so the outflank pattern rotated right by `x + 2` (not rotated on positions 6 and 7,
/// whose outflanks are below bit 6 already) fits 6 bits, and the opponent
/// pattern needs only its 6 inner bits. Both tables shrink from 8 x 256 to 8 x 64 bytes
/// (1 KiB in all instead of 4 KiB). The opponent's gather shifts by 57 instead of 56 to
/// drop the edge bit; the player's pattern is rotated with one 8-bit ROR. Same
/// kindergarten gathers and scatters as [`Kindergarten`]; portable.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct KindergartenRotated;
impl FlipVariant for KindergartenRotated {
    const NAME: &'static str = "kindergarten_rotated";
    #[inline(always)]
    fn flip<B: Backend>(_b: B, sq: Square, p: u64, o: u64) -> u64 {
        // the opponent's gathers shift one further: its edge bit is not needed
        kindergarten_lines(sq, p, o, 1, line6)
    }
}

/// OUTFLANK/FLIPPED tables with PEXT gathers and PDEP scatters (Okuhara's *Reversi bitboard
/// techniques* "Outflank - Flip テーブル参照", "KindergatenBMI2 の PEXT"). Needs BMI2 with fast PEXT
/// (`Backend::FAST_PEXT`: Avx2 on Intel and Zen 3+, Avx512).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct PextTable;
impl FlipVariant for PextTable {
    const NAME: &'static str = "pext_table";
    fn supported<B: Backend>() -> bool {
        B::FAST_PEXT
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let below = sq.bit() - 1;
        let mut f = 0;
        for m in masks::lines_ex(sq) {
            let line = m | sq.bit();
            let x = b.popcnt(line & below) as usize;
            f |= b.pdep(line8(x, b.pext(p, line), b.pext(o, line)), line);
        }
        f
    }
}

#[cfg(test)]
mod tests {
    use super::super::table_gen;

    #[test]
    fn generated_tables_match_generators() {
        assert_eq!(super::OUTFLANK, table_gen::outflank_table());
        assert_eq!(super::FLIPPED, table_gen::flipped_table());
        // position 3, opponent on 4 and 5: a player disc on 6 closes the run
        assert_eq!(super::OUTFLANK[3][0b0011_0000], 0b0100_0000);
        assert_eq!(super::FLIPPED[3][0b0100_0000], 0b0011_0000);
        // the rotated tables agree with the plain ones on every pattern
        for x in 0..8 {
            for o in 0..256usize {
                let of = super::OUTFLANK[x][o & 0x7e];
                let r = of.rotate_right(table_gen::rot(x));
                assert!(r < 64, "x={x} o={o:#x}");
                assert_eq!(super::OUTFLANK_ROT[x][(o >> 1) & 63], r, "x={x} o={o:#x}");
                assert_eq!(
                    super::FLIPPED_ROT[x][usize::from(r)],
                    super::FLIPPED[x][usize::from(of)]
                );
            }
        }
    }
}
