//! Eight directions in general registers, each by a Kogge-Stone style fill.

use super::MobilityVariant;
use bb_simd::Backend;

/// Files b to g: the opponent mask for every direction with a horizontal component.
pub const INNER_FILES: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// Eight directions in general registers (Okuhara's *Reversi bitboard techniques* "Mobility", Arm64
/// form).
#[derive(Clone, Copy, Debug, Default)]
pub struct KoggeStone8;

/// Runs of `m` adjacent to `p` toward the MSB by `n`, one past the run (`n` a shift count).
#[inline(always)]
pub(super) const fn runs_left(p: u64, m: u64, n: u32) -> u64 {
    let mut f = m & (p << n);
    f |= m & (f << n);
    let pre = m & (m << n);
    f |= pre & (f << (2 * n));
    f |= pre & (f << (2 * n));
    f << n
}

#[inline(always)]
pub(super) const fn runs_right(p: u64, m: u64, n: u32) -> u64 {
    let mut f = m & (p >> n);
    f |= m & (f >> n);
    let pre = m & (m >> n);
    f |= pre & (f >> (2 * n));
    f |= pre & (f >> (2 * n));
    f >> n
}

impl MobilityVariant for KoggeStone8 {
    const NAME: &'static str = "kogge_stone8";
    #[inline(always)]
    fn mobility<B: Backend>(_b: B, p: u64, o: u64) -> u64 {
        // `o` without files a and h for every direction with a horizontal component.
        let mo = o & INNER_FILES;
        let moves = runs_left(p, mo, 1)
            | runs_left(p, mo, 7)
            | runs_left(p, mo, 9)
            | runs_left(p, o, 8)
            | runs_right(p, mo, 1)
            | runs_right(p, mo, 7)
            | runs_right(p, mo, 9)
            | runs_right(p, o, 8);
        moves & !(p | o)
    }
}
