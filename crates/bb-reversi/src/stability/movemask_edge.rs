//! Edge stability with the four table indices gathered by SSE2 byte operations instead of
//! multiplies (Edax's SSE2 `get_stable_edge`), and the variants built on it.

use bb_simd::Backend;

use super::edge::EDGE_STABILITY;
use super::spread::spread;
use super::{INNER, StabilityVariant};
use crate::full_lines::{self, FullLinesVariant, Sse2Bswap};

/// The edge table at the 16-bit index `p * 256 + o`, read as one flat array: the index is the
/// 16-bit lane itself, so a lookup is one zero-extension and one load (as two indices it cost
/// two more instructions, which the early exits wait for).
#[inline(always)]
fn edge_at(i: u32) -> u64 {
    u64::from(EDGE_STABILITY.as_flattened()[i as usize & 0xffff])
}

/// [`super::stable_edge`] by byte operations: interleaving the bytes of `o` and `p` makes the
/// first and the last 16-bit lane the table indices `p * 256 + o` of ranks 1 and 8, and the
/// byte sign masks (PMOVMSKB) of `[o, p]` and of `[o << 7, p << 7]` are the indices of files h
/// and a, with no multiply.
#[inline(always)]
#[must_use]
pub fn stable_edge_movemask<B: Backend>(b: B, p: u64, o: u64) -> u64 {
    stable_edge_bytes::<B, false>(b, p, o)
}

/// [`stable_edge_movemask`], the files put back by PDEP when `PDEP` and the backend's PDEP is
/// fast.
#[inline(always)]
#[must_use]
pub fn stable_edge_bytes<B: Backend, const PDEP: bool>(b: B, p: u64, o: u64) -> u64 {
    let op = b.u64x2_from_array([o, p]);
    let zip = b.u8x16_zip_lo(
        b.u64x2_as_u8x16(b.u64x2_from_array([o, 0])),
        b.u64x2_as_u8x16(b.u64x2_from_array([p, 0])),
    );
    let [lo, hi] = b.u64x2_to_array(b.u8x16_as_u64x2(zip));
    let ia = u32::from(b.u8x16_movemask(b.u64x2_as_u8x16(b.u64x2_shl::<7>(op))));
    let ih = u32::from(b.u8x16_movemask(b.u64x2_as_u8x16(op)));
    let (a, h) = (edge_at(ia), edge_at(ih));
    let files = if PDEP && B::FAST_PEXT {
        // One PDEP per file where it is a single fast instruction (the corners come from the
        // ranks).
        b.pdep(a & 0x7e, 0x0101_0101_0101_0101) | b.pdep(h & 0x7e, 0x8080_8080_8080_8080)
    } else {
        // The inner six bits only, so that the partial products of the multiply never meet
        // and nothing carries.
        let unpack =
            |x: u64| ((x & 0x7e).wrapping_mul(0x0000_0408_1020_4080)) & 0x0001_0101_0101_0100;
        unpack(a) | unpack(h) << 7
    };
    edge_at(lo as u32) | edge_at((hi >> 48) as u32) << 56 | files
}

/// [`super::ScalarSpread`] with the edge indices from [`stable_edge_movemask`].
/// `VECTOR_DIAGONALS`: both diagonals' full lines in one 2 x u64 vector ([`Sse2Bswap`]) instead
/// of general registers ([`Sse2Early`]); throughput is bound by the instruction count, and the
/// two vector lanes halve the diagonal work.
#[derive(Clone, Copy, Debug, Default)]
pub struct MovemaskEdge<const VECTOR_DIAGONALS: bool = false>;

/// [`MovemaskEdge`] with the diagonals' full lines in a vector.
pub type Sse2Early = MovemaskEdge<true>;

impl<const VECTOR_DIAGONALS: bool> StabilityVariant for MovemaskEdge<VECTOR_DIAGONALS> {
    const NAME: &'static str = if VECTOR_DIAGONALS {
        "sse2_early"
    } else {
        "movemask_edge"
    };
    fn supported<B: Backend>() -> bool {
        B::VECTOR_BITS >= 128
    }
    #[inline(always)]
    fn stability<B: Backend>(b: B, p: u64, o: u64) -> u64 {
        let (h, v) = (full_lines::full_h(p | o), full_lines::full_v(p | o));
        let inner = p & INNER;
        let edge = stable_edge_movemask(b, p, o);
        if edge | (inner & h & v) == 0 {
            return 0;
        }
        let (d9, d7) = if VECTOR_DIAGONALS {
            // Only the diagonals are used: the rest of the variant's work is dead code here.
            let [_, _, d9, d7] = Sse2Bswap::full_lines(b, p | o);
            (d9, d7)
        } else {
            let (d7, d9) = full_lines::full_d79(p | o);
            (d9, d7)
        };
        spread(edge | (inner & h & v & d9 & d7), inner, [h, v, d9, d7])
    }
}
