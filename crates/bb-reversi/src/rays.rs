//! Byte tables for VPSHUFBITQMB (`Backend::u8x64_bitshuffle`): the eight rays from a square
//! gathered into one 64-bit word, one byte per ray, and scattered back to squares.
//!
//! Ray word layout: byte `d` is direction `Direction::ALL[d]`; bit `i` of it is the square
//! `i + 1` steps out. A ray
//! has at most 7 squares, so bit 7 of every byte is unused, as are the bits past the edge.

use bb_core::{Direction, Square};

/// One byte per output bit: a bit index into the source's u64 lane.
#[repr(C, align(64))]
pub(crate) struct SquareBytes(pub(crate) [[u8; 64]; 64]);

/// The square `step` steps from `sq` in direction `Direction::ALL[d]`, if on the board.
const fn ray_square(sq: usize, d: usize, step: i8) -> Option<usize> {
    let dir = Direction::ALL[d];
    match Square::new_masked(sq as u8).translate(step * dir.file_delta(), step * dir.rank_delta()) {
        Some(s) => Some(s.index()),
        None => None,
    }
}

/// Gather: slot `8d + i` of square `sq` names the square `i + 1` steps out on ray `d`. Unused
/// slots (past the edge, and slot 7) name `sq` itself, which is empty whenever a move is
/// played there, so they read as 0 in both the player's and the opponent's words.
pub(crate) static RAY_SLOTS: SquareBytes = SquareBytes(ray_slots());

/// Scatter: byte `t` of square `sq` names the slot of the ray word in which square `t` lies,
/// or slot 7 (always unused, so 0 in any word built from [`RAY_SLOTS`] that keeps bit 7 clear)
/// when `t` is not on a ray from `sq`.
pub(crate) static SLOT_OF_SQUARE: SquareBytes = SquareBytes(slot_of_square());

const fn ray_slots() -> [[u8; 64]; 64] {
    let mut t = [[0u8; 64]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut slot = 0;
        while slot < 64 {
            let (d, i) = (slot / 8, slot % 8);
            // Slot 7 (8 steps out) is always off the board; the guard makes it explicit.
            t[sq][slot] = match ray_square(sq, d, i as i8 + 1) {
                Some(s) if i < 7 => s as u8,
                _ => sq as u8,
            };
            slot += 1;
        }
        sq += 1;
    }
    t
}

const fn slot_of_square() -> [[u8; 64]; 64] {
    let mut t = [[7u8; 64]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let mut i: i8 = 0;
            while i < 7 {
                if let Some(s) = ray_square(sq, d, i + 1) {
                    t[sq][s] = (8 * d) as u8 + i as u8;
                }
                i += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

const ONES: u64 = 0x0101_0101_0101_0101;
const LOWS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const TOPS: u64 = 0x8080_8080_8080_8080;

/// The flipped slots of a move, from the ray words of the player (`p`) and the opponent
/// (`o`): per byte, the run of opponent discs from the nearest square, kept where the first
/// square after it is the player's.
///
/// Every byte of `o` is at most 0x7f (slot 7 is unused), so adding 1 to each byte never
/// carries into the next: `(o + 1) & !o` isolates each byte's first non-opponent slot (the
/// outflank, at most bit 7). Where it is the player's, the run is that bit minus one, and
/// the byte is non-zero, so subtracting 1 from it never borrows either.
#[inline(always)]
pub(crate) fn ray_flips(p: u64, o: u64) -> u64 {
    let closed = o.wrapping_add(ONES) & !o & p;
    // 0x01 in each byte where `closed` is non-zero (its bytes are at most 0x40, so + 0x7f
    // sets bit 7 exactly there without a carry out).
    let nonzero = ((closed + LOWS) & TOPS) >> 7;
    closed - nonzero
}

/// Sum over the 8 bytes of the player's ray word `p` of the run of opponent discs before the
/// first player disc, 0 where the ray has none: the last-flip count when every square but the
/// move's is occupied.
///
/// Bit 7 of every byte is free, so setting it makes every byte non-zero: the per-byte
/// negation `!m + 0x01..01` and the decrement below then never carry or borrow into the next
/// byte. A byte whose lowest set bit is that sentinel had no player disc; its 7 counted bits
/// are cancelled by the XOR. (An `!m & (m - 1)` form with a multiply for the fix-up measured
/// the same throughput and 0.4 ns more latency.)
#[inline(always)]
pub(crate) fn ray_runs(p: u64) -> u32 {
    let m = p | TOPS;
    let low = m & (!m).wrapping_add(ONES);
    let below = low.wrapping_sub(ONES);
    let none = low & TOPS;
    (below ^ (none - (none >> 7))).count_ones()
}

#[cfg(test)]
mod tests {
    use super::*;

    // The two tables are inverse on the ray squares: gathering a square's bit and scattering
    // it back lands on the same square, and every square off the rays reads an unused slot.
    #[test]
    fn scatter_inverts_gather() {
        for sq in 0..64 {
            let mut on_ray = 0u64;
            for slot in 0..64 {
                let s = usize::from(RAY_SLOTS.0[sq][slot]);
                if s != sq {
                    assert_eq!(usize::from(SLOT_OF_SQUARE.0[sq][s]), slot);
                    on_ray |= 1 << s;
                } else {
                    assert!(
                        slot % 8 == 7 || ray_square(sq, slot / 8, (slot % 8) as i8 + 1).is_none()
                    );
                }
            }
            for t in 0..64 {
                if on_ray >> t & 1 == 0 {
                    assert_eq!(SLOT_OF_SQUARE.0[sq][t], 7);
                }
            }
            assert_eq!(on_ray.count_ones() as usize, lines_through(sq));
        }
    }

    // Per-byte references: `p`/`o` are one ray, nearest square in bit 0.
    fn run_ref(p: u8, o: u8) -> u8 {
        let mut run = 0u8;
        for i in 0..8 {
            if p >> i & 1 == 1 {
                return run;
            }
            if o >> i & 1 == 0 {
                return 0;
            }
            run |= 1 << i;
        }
        0
    }

    // Every pair of disjoint 7-bit rays in every byte position, with the other bytes varied,
    // so a carry or borrow leaking between bytes shows.
    #[test]
    fn ray_flips_and_runs_match_per_byte_walks() {
        let mut rng = bb_core::rng::Rng::new(7);
        for p in 0..128u8 {
            for o in (0..128u8).filter(|o| o & p == 0) {
                for pos in 0..8 {
                    let (mut wp, mut wo) = (0u64, 0u64);
                    for k in 0..8 {
                        let (bp, bo) = if k == pos {
                            (p, o)
                        } else {
                            let bp = rng.next_u64() as u8 & 0x7f;
                            (bp, rng.next_u64() as u8 & 0x7f & !bp)
                        };
                        wp |= u64::from(bp) << (8 * k);
                        wo |= u64::from(bo) << (8 * k);
                    }
                    let byte = |w: u64, k: usize| (w >> (8 * k)) as u8;
                    let flips: u64 = (0..8)
                        .map(|k| u64::from(run_ref(byte(wp, k), byte(wo, k))) << (8 * k))
                        .sum();
                    assert_eq!(ray_flips(wp, wo), flips, "p={wp:#x} o={wo:#x}");
                    // The last flip: every non-player square of a ray is the opponent's.
                    let runs: u32 = (0..8)
                        .map(|k| run_ref(byte(wp, k), !byte(wp, k) & 0x7f).count_ones())
                        .sum();
                    assert_eq!(ray_runs(wp), runs, "p={wp:#x}");
                }
            }
        }
    }

    fn lines_through(sq: usize) -> usize {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        (0..64i32)
            .filter(|&t| {
                let (tf, tr) = (t % 8, t / 8);
                t != sq as i32 && (tf == f || tr == r || tf - f == tr - r || tf - f == r - tr)
            })
            .count()
    }
}
