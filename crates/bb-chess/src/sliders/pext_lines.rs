//! PEXT over each line with one 2 KiB line table: every table the queen reads fits L1.

use super::SliderVariant;
use bb_core::Square;
use bb_simd::Backend;

/// PEXT per line: the file, diagonal and anti-diagonal are gathered by PEXT into a byte, looked
/// up in a 2 KiB table of 8-square lines, and deposited back by PDEP; the rank is shifted down
/// to a byte instead. BMI2.
///
/// Every load is from the 2 KiB line table or the 2 KiB per-square record, so a dependent chain
/// never waits for L2, where [`Pext`](super::Pext)'s 841 KiB table misses it; in exchange a
/// queen costs three PEXT and three PDEP instead of two PEXT. Default only where
/// [`Backend::FAST_PEXT`] (PEXT and PDEP are microcoded on AMD before Zen 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PextLines;

/// A square's position along a line of at most 8 squares (counted from the lowest square).
/// An enum so that indexing [`LINE`] by it needs no bounds check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Pos {
    P0,
    P1,
    P2,
    P3,
    P4,
    P5,
    P6,
    P7,
}

impl Pos {
    const fn new(i: u32) -> Pos {
        match i & 7 {
            0 => Pos::P0,
            1 => Pos::P1,
            2 => Pos::P2,
            3 => Pos::P3,
            4 => Pos::P4,
            5 => Pos::P5,
            6 => Pos::P6,
            _ => Pos::P7,
        }
    }
}

/// `LINE[p][o]`: the attacks along a line of 8 squares of a slider at position `p` when `o`
/// holds the line's occupancy (bit `p` ignored). A shorter line (a diagonal) uses its low bits:
/// PEXT leaves the squares past its end empty, and PDEP drops what the table puts there.
static LINE: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut p = 0;
    while p < 8 {
        let mut o = 0;
        while o < 256 {
            let mut a = 0u32;
            let mut i = p + 1;
            while i < 8 {
                a |= 1 << i;
                if o >> i & 1 != 0 {
                    break;
                }
                i += 1;
            }
            let mut i = p;
            while i > 0 {
                i -= 1;
                a |= 1 << i;
                if o >> i & 1 != 0 {
                    break;
                }
            }
            t[p][o] = a as u8;
            o += 1;
        }
        p += 1;
    }
    t
};

/// One square's lines: the full file, diagonal and anti-diagonal through it (the square
/// included), and the square's position on the rank and on each of those lines.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(32))]
struct Lines {
    file: u64,
    diag: u64,
    anti: u64,
    on_rank: Pos,
    on_file: Pos,
    on_diag: Pos,
    on_anti: Pos,
}

static LINES: [Lines; 64] = {
    use bb_core::masks::HQ;
    let mut t = [Lines {
        file: 0,
        diag: 0,
        anti: 0,
        on_rank: Pos::P0,
        on_file: Pos::P0,
        on_diag: Pos::P0,
        on_anti: Pos::P0,
    }; 64];
    let mut s = 0;
    while s < 64 {
        let (m, bit) = (&HQ[s], 1u64 << s);
        let below = bit - 1;
        let (file, diag, anti) = (m.file | bit, m.diag | bit, m.anti | bit);
        t[s] = Lines {
            file,
            diag,
            anti,
            on_rank: Pos::new(s as u32 & 7),
            on_file: Pos::new((file & below).count_ones()),
            on_diag: Pos::new((diag & below).count_ones()),
            on_anti: Pos::new((anti & below).count_ones()),
        };
        s += 1;
    }
    t
};

/// Attacks along `line` (a file or a diagonal through the slider, its square included) from
/// position `at`.
#[inline(always)]
fn along<B: Backend>(b: B, occ: u64, line: u64, at: Pos) -> u64 {
    let o = b.pext(occ, line) as u8;
    b.pdep(u64::from(LINE[at as usize][usize::from(o)]), line)
}

impl SliderVariant for PextLines {
    const NAME: &'static str = "pext_lines";
    fn supported<B: Backend>() -> bool {
        B::NATIVE_PEXT
    }
    #[inline(always)]
    fn rook<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let e = &LINES[sq.index()];
        let rs = sq.index() & 56;
        let rank = u64::from(LINE[e.on_rank as usize][usize::from((occ >> rs) as u8)]) << rs;
        rank | along(b, occ, e.file, e.on_file)
    }
    #[inline(always)]
    fn bishop<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let e = &LINES[sq.index()];
        along(b, occ, e.diag, e.on_diag) ^ along(b, occ, e.anti, e.on_anti)
    }
}
