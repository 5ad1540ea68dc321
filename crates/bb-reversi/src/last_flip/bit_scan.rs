//! Bit scans per direction, without tables.

use super::LastFlipVariant;
use super::tables::LINES4;
use bb_core::Square;
use bb_simd::Backend;

/// Bit scans per direction, no tables (Okuhara's *Reversi bitboard techniques* "LS1B isolation" and
/// "LZCNT"): toward the MSB, the lowest player disc on the ray closes the run; toward the LSB, the
/// highest, found with LZCNT. The count is the distance in steps minus one.
#[derive(Clone, Copy, Debug, Default)]
pub struct BitScan;

impl LastFlipVariant for BitScan {
    const NAME: &'static str = "bit_scan";
    #[inline(always)]
    fn count<B: Backend>(b: B, sq: Square, p: u64) -> u32 {
        let s = sq.index() as u32;
        let l = &LINES4.0[sq.index()];
        let above = !1u64 << s;
        let below = sq.bit() - 1;
        let mut n = 0;
        for (k, step) in [1u32, 9, 7, 8].into_iter().enumerate() {
            let up = p & l[k] & above;
            let t = b.tzcnt(up);
            n += if up != 0 { (t - s) / step - 1 } else { 0 };
            let down = p & l[k] & below;
            let top = 63 - b.lzcnt(down | 1);
            n += if down != 0 { (s - top) / step - 1 } else { 0 };
        }
        n
    }
}
