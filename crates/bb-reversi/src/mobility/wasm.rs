//! Mobility for 2 x u64 vectors with one shift count per vector (wasm SIMD128).

use super::kogge_stone::{runs_left, runs_right};
use super::{INNER_FILES, MobilityVariant};
use bb_simd::Backend;

/// Six directions in three 2 x u64 vectors whose lane 1 holds the byte-swapped (upside-down)
/// board, with the short parallel prefix of `avx2_prefix`. On the mirrored board a step of +8 is
/// the original's -8, +7 is -9 and +9 is -7, so a left shift by one count serves both lanes of
/// the vertical and diagonal vectors; the horizontal directions run in general registers
/// meanwhile (the mirror leaves files alone, so they would need two counts). Runs of length 1 and 2 come straight from `p`, then one
/// level adds 2 or 4, so three dependent steps on `p` instead of the general-register form's
/// five. Lane 1's moves are swapped back at the end. Beyond the published sources; written for
/// wasm, whose 64-bit shifts take one count for both lanes.
#[derive(Clone, Copy, Debug, Default)]
pub struct WasmMirrorPrefix;

/// Byte indices: lane 0 of the source, then lane 0 byte-swapped.
const MIRROR_LO: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0];
/// Byte indices: lane 1 of the source, then lane 1 byte-swapped.
const MIRROR_HI: [u8; 16] = [8, 9, 10, 11, 12, 13, 14, 15, 15, 14, 13, 12, 11, 10, 9, 8];

/// `m & p<<s | m & m<<s & p<<2s`, extended by 2 and 4 with the pairs and quadruples of `m`,
/// then one step past the run; `sh(x, k)` shifts by `k` steps.
#[inline(always)]
fn prefix<B: Backend>(
    b: B,
    p: B::U64x2,
    m: B::U64x2,
    sh: impl Fn(B::U64x2, u32) -> B::U64x2,
) -> B::U64x2 {
    let pair = b.u64x2_and(m, sh(m, 1));
    let quad = b.u64x2_and(pair, sh(pair, 2));
    let f = b.u64x2_or(b.u64x2_and(m, sh(p, 1)), b.u64x2_and(pair, sh(p, 2)));
    let f = b.u64x2_or(
        f,
        b.u64x2_or(b.u64x2_and(pair, sh(f, 2)), b.u64x2_and(quad, sh(f, 4))),
    );
    sh(f, 1)
}

/// A closure shifting both lanes left by `k` steps of `$s` squares (`k` in 1, 2, 4).
macro_rules! shl_steps {
    ($b:ident, $s:literal, $s2:literal, $s4:literal) => {
        |x, k: u32| match k {
            1 => $b.u64x2_shl::<$s>(x),
            2 => $b.u64x2_shl::<$s2>(x),
            _ => $b.u64x2_shl::<$s4>(x),
        }
    };
}

impl MobilityVariant for WasmMirrorPrefix {
    const NAME: &'static str = "wasm_mirror_prefix";
    fn supported<B: Backend>() -> bool {
        B::ISA == bb_simd::Isa::Wasm128
    }
    #[inline(always)]
    fn mobility<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let po = b.u64x2_as_u8x16(b.u64x2_from_array([p, o]));
        // byte shuffles: [p, bswap p] and [o, bswap o]
        let pm = b.u8x16_as_u64x2(b.u8x16_shuffle(po, b.u8x16_from_array(MIRROR_LO)));
        let om = b.u8x16_as_u64x2(b.u8x16_shuffle(po, b.u8x16_from_array(MIRROR_HI)));
        let mo = b.u64x2_and(om, b.u64x2_splat(INNER_FILES));
        let mm = b.u64x2_or(
            prefix(b, pm, om, shl_steps!(b, 8, 16, 32)),
            b.u64x2_or(
                prefix(b, pm, mo, shl_steps!(b, 7, 14, 28)),
                prefix(b, pm, mo, shl_steps!(b, 9, 18, 36)),
            ),
        );
        let oh = o & INNER_FILES;
        let horizontal = runs_left(p, oh, 1) | runs_right(p, oh, 1);
        let [lo, _] = b.u64x2_to_array(mm);
        let [_, hi] = b.u64x2_to_array(b.u64x2_bswap(mm));
        (lo | hi | horizontal) & !(p | o)
    }
}
