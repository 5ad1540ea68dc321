//! SSE2 per square (Okuhara's *Reversi bitboard techniques* "飽和減算 (PSUBUSB)" and the SSE2
//! per-square notes that follow it): one function per square, each specialised at compile time by a
//! const generic, so every mask is an immediate constant, dead rays vanish and each square gets the
//! cheapest form its rays allow. The square selects its function through a 64-way `match`, which
//! compiles to one jump table of direct calls: Okuhara's per-square function table.

use super::FlipVariant;
use super::ms1b_float::{epu31, epu52, epu64};
use super::sse2::{carry_up2, ms1b_down2};
use bb_core::Square;
use bb_core::masks::HALF_LINES;
use bb_simd::Backend;

/// How one square computes its flips; built by [`plan`] at compile time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    /// MSB-ward rays done by 64-bit carry propagation, two per register (0 = unused lane).
    up: [u64; 4],
    /// Number of used entries of `up`.
    n_up: usize,
    /// The horizontal MSB-ward ray when it is done with PADDB + PSUBUSB (Okuhara's
    /// saturating-subtract trick), else 0.
    east: u64,
    /// A length-2 east ray as PMINUB: `min(P & far, O & near)` is `near` exactly when both
    /// discs are there (the far square has the larger value in the same byte). `[far, near]`.
    min8: [u64; 2],
    /// Length-2 rays whose two squares share a 16-bit word, at most one per word and lane
    /// (both lanes hold the same board, so each word has two slots). North and diagonal ones
    /// by PMINSW as above (far below the word's sign bit) or else PMULHUW by `1 << (16 - d)`
    /// (a right shift by `d`, far onto near); LSB-ward ones by PMULLW by `1 << d` (a left
    /// shift). Per form: the far squares per lane, and the near squares (PMINSW) or the
    /// multipliers (PMULHUW, PMULLW) per lane.
    min16: [[u64; 2]; 2],
    mulhi: [[u64; 2]; 2],
    mullo: [[u64; 2]; 2],
    /// Length-2 rays whose squares share a 32-bit dword but not a word, one per dword and
    /// lane: PMADDWD of the far square by `1 << (16 - d)` (far in the high word: a right
    /// shift across the word boundary) or by `1 << d` (far in the low word: a left shift).
    /// The far square must be below its word's sign bit. Far squares and multipliers per
    /// lane.
    madd: [[u64; 2]; 2],
    /// LSB-ward rays, two per register, with the MS1B form each register needs: 31 if both
    /// masks fit in 31 bits (CVTDQ2PS only), 52 if in 52 (the double trick), else 64.
    down: [u64; 4],
    n_down: usize,
    down_bits: [u32; 2],
}

/// A half line of `sq` from bb-core's [`HALF_LINES`] (`msb` toward larger indices, line `k`
/// in the project's order: horizontal, vertical, diagonal, anti-diagonal) and its length.
const fn ray(sq: usize, msb: bool, k: usize) -> (u64, u32) {
    let h = &HALF_LINES[sq];
    let m = if msb { h.msb[k] } else { h.lsb[k] };
    (m, m.count_ones())
}

/// The plan of square `sq`.
pub(crate) const fn plan(sq: usize) -> Plan {
    let mut pl = Plan {
        up: [0; 4],
        n_up: 0,
        east: 0,
        min8: [0; 2],
        min16: [[0; 2]; 2],
        mulhi: [[0; 2]; 2],
        mullo: [[0; 2]; 2],
        madd: [[0; 2]; 2],
        down: [0; 4],
        n_down: 0,
        down_bits: [0; 2],
    };
    // MSB-ward, non-horizontal: north, north-east, north-west (steps 8, 9, 7).
    let mut i = 0;
    while i < 3 {
        let d = [8, 9, 7][i];
        let (m, n) = ray(sq, true, i + 1);
        if n >= 2 {
            let (near, far) = (sq + d, sq + 2 * d);
            let same_word = n == 2 && far / 16 == near / 16;
            let same_dword = n == 2 && far / 32 == near / 32 && far % 16 < 15;
            let short = (same_word
                && ((far % 16 < 15 && put(&mut pl.min16, 16, far, 1 << near))
                    || put(&mut pl.mulhi, 16, far, 1 << (near / 16 * 16 + 16 - d))))
                || (!same_word
                    && same_dword
                    && put(&mut pl.madd, 32, far, 1 << (far / 16 * 16 + 16 - d)));
            if !short {
                pl.up[pl.n_up] = m;
                pl.n_up += 1;
            }
        }
        i += 1;
    }
    // East: fills an odd carry register for free, else PMINUB (length 2) or PADDB + PSUBUSB.
    let (m, n) = ray(sq, true, 0);
    if n >= 2 {
        if pl.n_up % 2 == 1 {
            pl.up[pl.n_up] = m;
            pl.n_up += 1;
        } else if n == 2 {
            pl.min8 = [1 << (sq + 2), 1 << (sq + 1)];
        } else {
            pl.east = m;
        }
    }
    // LSB-ward: west, south, south-west, south-east.
    let mut i = 0;
    while i < 4 {
        let d = [1, 8, 9, 7][i];
        let (m, n) = ray(sq, false, i);
        if n >= 2 {
            let far = if n == 2 { sq - 2 * d } else { 0 };
            let same_word = n == 2 && far / 16 == (far + d) / 16;
            let same_dword = n == 2 && far / 32 == (far + d) / 32 && far % 16 < 15;
            let short = (same_word && put(&mut pl.mullo, 16, far, 1 << (far / 16 * 16 + d)))
                || (!same_word
                    && same_dword
                    && put(&mut pl.madd, 32, far, 1 << (far / 16 * 16 + d)));
            if !short {
                pl.down[pl.n_down] = m;
                pl.n_down += 1;
            }
        }
        i += 1;
    }
    let mut r = 0;
    while r < 2 {
        let top = pl.down[2 * r] | pl.down[2 * r + 1];
        pl.down_bits[r] = if top < 1 << 31 {
            31
        } else if top < 1 << 52 {
            52
        } else {
            64
        };
        r += 1;
    }
    pl
}

/// Puts a length-2 ray into the first lane whose `bits`-wide element holding `far` is free:
/// `far` into the lane's far mask, `extra` (near square or multiplier, already in place) into
/// its second mask. False when both lanes' elements are taken.
const fn put(slot: &mut [[u64; 2]; 2], bits: usize, far: usize, extra: u64) -> bool {
    let word = (u64::MAX >> (64 - bits)) << (far / bits * bits);
    let mut lane = 0;
    while lane < 2 {
        if slot[0][lane] & word == 0 {
            slot[0][lane] |= 1 << far;
            slot[1][lane] |= extra;
            return true;
        }
        lane += 1;
    }
    false
}

/// The compile-time plan of square `SQ`.
struct At<const SQ: usize>;
impl<const SQ: usize> At<SQ> {
    const PLAN: Plan = plan(SQ);
}

/// Carry-propagation pair `k, k + 1` of the plan's MSB-ward rays.
#[inline(always)]
fn up_pair<B: Backend>(b: B, pp: B::U64x2, oo: B::U64x2, up: &[u64; 4], k: usize) -> B::U64x2 {
    let (m, nm) = ([up[k], up[k + 1]], [!up[k], !up[k + 1]]);
    carry_up2(b, pp, oo, b.u64x2_from_array(m), b.u64x2_from_array(nm))
}

/// Two LSB-ward rays: the MS1B of the non-opponent squares by float conversion (the
/// narrowest form the masks allow), then `-(2 * outflank) & M`.
#[inline(always)]
fn down2<B: Backend>(b: B, pp: B::U64x2, oo: B::U64x2, m: [u64; 2], bits: u32) -> B::U64x2 {
    let mv = b.u64x2_from_array(m);
    let x = b.u64x2_andnot(oo, mv);
    let ms = match bits {
        31 => epu31(b, x),
        52 => epu52(b, x),
        _ => epu64(b, x),
    };
    ms1b_down2(b, pp, ms, mv)
}

/// Length-2 rays by a multiply: `mul(P & far, multipliers) & O`.
#[inline(always)]
fn shifted<B: Backend>(
    b: B,
    pp: B::U64x2,
    oo: B::U64x2,
    slot: [[u64; 2]; 2],
    mul: impl Fn(B, B::U64x2, B::U64x2) -> B::U64x2,
) -> B::U64x2 {
    let far = b.u64x2_and(pp, b.u64x2_from_array(slot[0]));
    b.u64x2_and(mul(b, far, b.u64x2_from_array(slot[1])), oo)
}

/// The flips of square `SQ`; every `if` below is decided at compile time.
///
/// Never inlined: one copy per backend and square (Okuhara's function table), not one per
/// call site. Inlining all 64 into every caller added about 10 s to a clean release build of
/// the workspace (the benchmark harness instantiates every variant on every backend). The
/// body uses only SSE2 operations, which the x86-64 baseline has, so running outside the
/// caller's `vectorize` costs nothing on Sse2 and little elsewhere.
#[inline(never)]
fn at<B: Backend, const SQ: usize>(b: B, p: u64, o: u64) -> u64 {
    let pl = At::<SQ>::PLAN;
    let (pp, oo) = (b.u64x2_splat(p), b.u64x2_splat(o));
    let mut f = b.u64x2_zero();
    if pl.n_up > 0 {
        f = b.u64x2_or(f, up_pair(b, pp, oo, &pl.up, 0));
    }
    if pl.n_up > 2 {
        f = b.u64x2_or(f, up_pair(b, pp, oo, &pl.up, 2));
    }
    if pl.east != 0 {
        // PADDB carries through the opponent run inside the rank byte only; PSUBUSB turns
        // the outflank into the run and leaves 0 at 0, so no "outflank != 0" test.
        // the east ray's lowest square, next to SQ
        let next = pl.east & pl.east.wrapping_neg();
        let next = b.u64x2_as_u8x16(b.u64x2_from_array([next, 0]));
        let sum = b.u8x16_add(b.u64x2_as_u8x16(oo), next);
        let of = b.u8x16_and(sum, b.u64x2_as_u8x16(pp));
        f = b.u64x2_or(f, b.u8x16_as_u64x2(b.u8x16_subs(of, next)));
    }
    if pl.min8[0] != 0 {
        let far = b.u64x2_as_u8x16(b.u64x2_and(pp, b.u64x2_splat(pl.min8[0])));
        let near = b.u64x2_as_u8x16(b.u64x2_and(oo, b.u64x2_splat(pl.min8[1])));
        f = b.u64x2_or(f, b.u8x16_as_u64x2(b.u8x16_min(far, near)));
    }
    if pl.min16[0][0] != 0 {
        let far = b.u64x2_and(pp, b.u64x2_from_array(pl.min16[0]));
        let near = b.u64x2_and(oo, b.u64x2_from_array(pl.min16[1]));
        f = b.u64x2_or(f, b.u64x2_min_i16(far, near));
    }
    // the multiply forms: far square times the lane's power of two lands on the near square
    if pl.mulhi[0][0] != 0 {
        f = b.u64x2_or(f, shifted(b, pp, oo, pl.mulhi, B::u64x2_mulhi_u16));
    }
    if pl.madd[0][0] != 0 {
        f = b.u64x2_or(f, shifted(b, pp, oo, pl.madd, B::u64x2_madd_i16));
    }
    if pl.mullo[0][0] != 0 {
        f = b.u64x2_or(f, shifted(b, pp, oo, pl.mullo, B::u64x2_mullo_u16));
    }
    if pl.n_down > 0 {
        let m = [pl.down[0], pl.down[1]];
        f = b.u64x2_or(f, down2(b, pp, oo, m, pl.down_bits[0]));
    }
    if pl.n_down > 2 {
        let m = [pl.down[2], pl.down[3]];
        f = b.u64x2_or(f, down2(b, pp, oo, m, pl.down_bits[1]));
    }
    b.u64x2_hor(f)
}

/// SSE2 per square (Okuhara's *Reversi bitboard techniques* "飽和減算 (PSUBUSB)", "PMULLW",
/// "PMULHUW, PMINSW", "PMINUB", "積和演算 (PMADDWD)", "PSHUFD", "SSE2 実装の留意点"): 64 const-generic
/// functions selected by a jump table. Per square, at compile time: rays shorter than 2 vanish;
/// a length-2 ray whose squares share a 16-bit word is one lane of a PMINSW or PMULHUW
/// (MSB-ward: the far square shifted right onto the near one) or of a PMULLW (LSB-ward: shifted
/// left), one whose squares share only a dword a lane of a PMADDWD (the product crosses the
/// word boundary), each ANDed with O; the east ray fills the free lane of an odd carry register
/// if there is one, else is one PMINUB (length 2) or PADDB + PSUBUSB; the other MSB-ward rays
/// are carry propagation two per register with the PCMPEQD/PSHUFD flipmask; LSB-ward rays are
/// float-conversion MS1B two per register, MS1B_epu31 (CVTDQ2PS only) where the masks fit
/// 31 bits, MS1B_epu52 (the double trick) where they fit 52, MS1B_epu64 only for the rest.
/// Runs on Sse2 and up.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Sse2PerSquare;
impl FlipVariant for Sse2PerSquare {
    const NAME: &'static str = "sse2_per_square";
    fn supported<B: Backend>() -> bool {
        matches!(B::ISA.arch(), Some("x86_64" | "wasm32"))
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        match sq.index() {
            0 => at::<B, 0>(b, p, o),
            1 => at::<B, 1>(b, p, o),
            2 => at::<B, 2>(b, p, o),
            3 => at::<B, 3>(b, p, o),
            4 => at::<B, 4>(b, p, o),
            5 => at::<B, 5>(b, p, o),
            6 => at::<B, 6>(b, p, o),
            7 => at::<B, 7>(b, p, o),
            8 => at::<B, 8>(b, p, o),
            9 => at::<B, 9>(b, p, o),
            10 => at::<B, 10>(b, p, o),
            11 => at::<B, 11>(b, p, o),
            12 => at::<B, 12>(b, p, o),
            13 => at::<B, 13>(b, p, o),
            14 => at::<B, 14>(b, p, o),
            15 => at::<B, 15>(b, p, o),
            16 => at::<B, 16>(b, p, o),
            17 => at::<B, 17>(b, p, o),
            18 => at::<B, 18>(b, p, o),
            19 => at::<B, 19>(b, p, o),
            20 => at::<B, 20>(b, p, o),
            21 => at::<B, 21>(b, p, o),
            22 => at::<B, 22>(b, p, o),
            23 => at::<B, 23>(b, p, o),
            24 => at::<B, 24>(b, p, o),
            25 => at::<B, 25>(b, p, o),
            26 => at::<B, 26>(b, p, o),
            27 => at::<B, 27>(b, p, o),
            28 => at::<B, 28>(b, p, o),
            29 => at::<B, 29>(b, p, o),
            30 => at::<B, 30>(b, p, o),
            31 => at::<B, 31>(b, p, o),
            32 => at::<B, 32>(b, p, o),
            33 => at::<B, 33>(b, p, o),
            34 => at::<B, 34>(b, p, o),
            35 => at::<B, 35>(b, p, o),
            36 => at::<B, 36>(b, p, o),
            37 => at::<B, 37>(b, p, o),
            38 => at::<B, 38>(b, p, o),
            39 => at::<B, 39>(b, p, o),
            40 => at::<B, 40>(b, p, o),
            41 => at::<B, 41>(b, p, o),
            42 => at::<B, 42>(b, p, o),
            43 => at::<B, 43>(b, p, o),
            44 => at::<B, 44>(b, p, o),
            45 => at::<B, 45>(b, p, o),
            46 => at::<B, 46>(b, p, o),
            47 => at::<B, 47>(b, p, o),
            48 => at::<B, 48>(b, p, o),
            49 => at::<B, 49>(b, p, o),
            50 => at::<B, 50>(b, p, o),
            51 => at::<B, 51>(b, p, o),
            52 => at::<B, 52>(b, p, o),
            53 => at::<B, 53>(b, p, o),
            54 => at::<B, 54>(b, p, o),
            55 => at::<B, 55>(b, p, o),
            56 => at::<B, 56>(b, p, o),
            57 => at::<B, 57>(b, p, o),
            58 => at::<B, 58>(b, p, o),
            59 => at::<B, 59>(b, p, o),
            60 => at::<B, 60>(b, p, o),
            61 => at::<B, 61>(b, p, o),
            62 => at::<B, 62>(b, p, o),
            63 => at::<B, 63>(b, p, o),
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The squares from `sq` (excluded) stepping `(dx, dy)` to the edge, and their number: an
    /// oracle independent of the `HALF_LINES` the plans read.
    fn walk(sq: usize, dx: i32, dy: i32) -> (u64, u32) {
        let (mut x, mut y) = ((sq % 8) as i32 + dx, (sq / 8) as i32 + dy);
        let (mut m, mut n) = (0u64, 0u32);
        while (0..8).contains(&x) && (0..8).contains(&y) {
            m |= 1 << (y * 8 + x);
            n += 1;
            x += dx;
            y += dy;
        }
        (m, n)
    }

    /// A fixed-capacity list (the crate is `no_std`).
    struct Rays([u64; 64], usize);
    impl Rays {
        fn push(&mut self, m: u64) {
            self.0[self.1] = m;
            self.1 += 1;
        }
    }

    fn bits(mut x: u64) -> impl Iterator<Item = u32> {
        core::iter::from_fn(move || {
            (x != 0).then(|| {
                let f = x.trailing_zeros();
                x &= x - 1;
                f
            })
        })
    }

    /// The plan covers every ray of length 2 or more exactly once, and never PMINSW on a
    /// word whose sign bit it would read.
    #[test]
    fn plans_cover_every_ray() {
        for sq in 0..64 {
            let pl = plan(sq);
            let mut want = 0u64;
            for (dx, dy) in [
                (1, 0),
                (0, 1),
                (1, 1),
                (-1, 1),
                (-1, 0),
                (0, -1),
                (-1, -1),
                (1, -1),
            ] {
                let (m, n) = walk(sq, dx, dy);
                if n >= 2 {
                    want |= m;
                }
            }
            // Every ray the plan handles, as its squares; they must tile `want` exactly.
            let mut rays = Rays([0; 64], 0);
            for &m in pl.up.iter().chain(&pl.down) {
                rays.push(m);
            }
            rays.push(pl.east);
            rays.push(pl.min8[0] | pl.min8[1]);
            // PMINSW: the near square is in the far square's word of the same lane
            for (&far, &near) in pl.min16[0].iter().zip(&pl.min16[1]) {
                for f in bits(far) {
                    rays.push((1 << f) | (near & (0xffff << (f / 16 * 16))));
                }
            }
            // PMULHUW / PMULLW: the far square times the multiplier lands on the near square
            for (slot, right) in [(&pl.mulhi, true), (&pl.mullo, false)] {
                for (&far, &muls) in slot[0].iter().zip(&slot[1]) {
                    for f in bits(far) {
                        let word = f / 16 * 16;
                        let mul = (muls >> word) & 0xffff;
                        assert_eq!(mul.count_ones(), 1, "square {sq}");
                        let bit = (1u64 << (f - word)) * mul;
                        let near = if right { bit >> 16 } else { bit & 0xffff } << word;
                        assert_eq!(near.count_ones(), 1, "square {sq}");
                        rays.push(near | (1 << f));
                    }
                }
            }
            for (&far, &muls) in pl.madd[0].iter().zip(&pl.madd[1]) {
                for f in bits(far) {
                    assert!(f % 16 < 15, "square {sq}: PMADDWD reads a negative word");
                    let mul = (muls >> (f / 16 * 16)) & 0xffff;
                    assert_eq!(mul.count_ones(), 1, "square {sq}");
                    let near = ((1u64 << (f % 16)) * mul) << (f / 32 * 32);
                    assert_eq!(near.count_ones(), 1, "square {sq}");
                    assert_eq!(near >> (f / 32 * 32) >> 32, 0, "square {sq}");
                    rays.push(near | (1 << f));
                }
            }
            let rays = &rays.0[..rays.1];
            let union = rays.iter().fold(0, |a, &m| a | m);
            let total: u32 = rays.iter().map(|m| m.count_ones()).sum();
            assert_eq!(union, want, "square {sq}: a ray is missing");
            assert_eq!(
                total,
                want.count_ones(),
                "square {sq}: a ray is planned twice"
            );
            let signs = 0x8000_8000_8000_8000;
            assert_eq!((pl.min16[0][0] | pl.min16[0][1]) & signs, 0, "square {sq}");
            assert!(pl.n_up <= 4 && pl.n_down <= 4);
        }
    }
}
