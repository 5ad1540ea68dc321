//! WebAssembly SIMD128 forms. Under V8 a `v128` op is one or two x86 instructions, but moving a
//! value between a general register and a vector costs about three cycles each way, there is no
//! vector count-leading-zeros, and `i8x16.swizzle` is two instructions (an index clamp, then
//! PSHUFB). The MSB-ward halves need only an add or a negation, so they go into vectors; the
//! LSB-ward halves stay in general registers, where `i64.clz` is one instruction. (Turning them
//! into MSB-ward halves by a vector bit reversal, as `neon_rbit` does, costs two reversals of
//! five to seven instructions each on the dependent chain.)

use super::{FlipVariant, half, scalar::down_lzcnt};
use bb_core::Square;
use bb_simd::Backend;

#[inline(always)]
fn pair<B: Backend>(b: B, a: &[u64; 4], i: usize) -> B::U64x2 {
    b.u64x2_from_array([a[i], a[i + 1]])
}

/// Two MSB-ward half lines `m` by LS1B: `(-x) & m & p` with `x = m & !o` is the first
/// non-opponent square if it holds a player disc (above it, `-x` is `!x`, which inside `m`
/// is opponent). The run below it is `of - 1`; a zero outflank compares equal to zero and
/// clears its lane, one compare instead of Okuhara's `outflank != 0` subtraction.
#[inline(always)]
fn up_ls1b2<B: Backend>(b: B, pp: B::U64x2, oo: B::U64x2, m: B::U64x2) -> B::U64x2 {
    let x = b.u64x2_andnot(oo, m);
    let of = b.u64x2_and(b.u64x2_neg(x), b.u64x2_and(pp, m));
    let run = b.u64x2_and(b.u64x2_sub(of, b.u64x2_splat(1)), m);
    b.u64x2_andnot(b.u64x2_cmpeq(of, b.u64x2_zero()), run)
}

/// The four MSB-ward halves by LS1B in two 2 x u64 vectors, the four LSB-ward halves by
/// LZCNT in general registers (the `carry_lzcnt` form): the two halves run side by side on
/// the vector and the integer units. Beyond the published sources. Written for wasm SIMD128.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct WasmLs1bClz;
impl FlipVariant for WasmLs1bClz {
    const NAME: &'static str = "wasm_ls1b_clz";
    fn supported<B: Backend>() -> bool {
        matches!(B::ISA.arch(), Some("wasm32"))
    }
    #[inline(always)]
    fn flip<B: Backend>(b: B, sq: Square, p: u64, o: u64) -> u64 {
        let h = half(sq);
        let (pp, oo) = (b.u64x2_splat(p), b.u64x2_splat(o));
        let up = b.u64x2_or(
            up_ls1b2(b, pp, oo, pair(b, &h.msb, 0)),
            up_ls1b2(b, pp, oo, pair(b, &h.msb, 2)),
        );
        let mut down = 0;
        for l in 0..4 {
            down |= down_lzcnt(b, h.lsb[l], p, o);
        }
        b.u64x2_hor(up) | down
    }
}
