//! PEXT over each line with the 512-byte first-rank table: every table the queen reads fits L1.

use super::SliderVariant;
use bb_core::Square;
use bb_simd::Backend;

/// PEXT per line: the file, diagonal and anti-diagonal are gathered by PEXT into a byte, looked
/// up in the first-rank table as if each were a rank, and deposited back by PDEP; the rank is
/// shifted down to a byte instead. BMI2.
///
/// Every load is from the 512-byte first-rank table or the 2 KiB per-square record, so a dependent chain
/// never waits for L2, where [`Pext`](super::Pext)'s 841 KiB table misses it; in exchange a
/// queen costs three PEXT and three PDEP instead of two PEXT. Default only where
/// [`Backend::FAST_PEXT`] (PEXT and PDEP are microcoded on AMD before Zen 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PextLines;

/// One square's lines: the full file, diagonal and anti-diagonal through it (the square
/// included), and the square's position on each of those lines (counted from its lowest square).
#[derive(Clone, Copy, Debug)]
#[repr(C, align(32))]
struct Lines {
    file: u64,
    diag: u64,
    anti: u64,
    on_file: u8,
    on_diag: u8,
    on_anti: u8,
}

static LINES: [Lines; 64] = {
    use bb_core::masks::HQ;
    let mut t = [Lines {
        file: 0,
        diag: 0,
        anti: 0,
        on_file: 0,
        on_diag: 0,
        on_anti: 0,
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
            on_file: (file & below).count_ones() as u8,
            on_diag: (diag & below).count_ones() as u8,
            on_anti: (anti & below).count_ones() as u8,
        };
        s += 1;
    }
    t
};

/// Attacks along `line` (a file or a diagonal through the slider, its square included) from
/// position `at`. A line of 8 squares is gathered into a byte and looked up as if it were the
/// first rank; a shorter diagonal uses the low bits: PEXT leaves the squares past its end empty,
/// and PDEP drops what the table puts there.
#[inline(always)]
fn along<B: Backend>(b: B, occ: u64, line: u64, at: u8) -> u64 {
    let attacks = super::hq::line_attacks(b.pext(occ, line) as usize, usize::from(at));
    b.pdep(u64::from(attacks), line)
}

impl SliderVariant for PextLines {
    const NAME: &'static str = "pext_lines";
    fn supported<B: Backend>() -> bool {
        B::NATIVE_PEXT
    }
    #[inline(always)]
    fn rook<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let e = &LINES[sq.index()];
        super::hq::rank_table(sq, occ) | along(b, occ, e.file, e.on_file)
    }
    #[inline(always)]
    fn bishop<B: Backend>(b: B, sq: Square, occ: u64) -> u64 {
        let e = &LINES[sq.index()];
        along(b, occ, e.diag, e.on_diag) ^ along(b, occ, e.anti, e.on_anti)
    }
}
