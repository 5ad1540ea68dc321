//! 87flowers' *mailbox/bitboard transposition*: the Avx512Vbmi form, both directions.

use super::one_hot::ONE_HOT64;
use super::{Bitboards, TransposeVariant};
use bb_simd::Backend;

/// VPERMB index of the 8 x 8 byte transpose (byte `8i + q` <- byte `8q + i`); it is its own
/// inverse.
const BYTE_TRANSPOSE: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 64 {
        t[k] = ((k % 8) * 8 + k / 8) as u8;
        k += 1;
    }
    t
};

/// GF2P8AFFINEQB operand whose byte `i` is `1 << i`: as the data operand against a matrix `m`, it
/// yields byte `i` bit `j` = bit `i` of `m.byte[7 - j]`.
const UNIT_BYTES: u64 = 0x8040_2010_0804_0201;

/// GF2P8AFFINEQB matrix mapping a one-hot byte to its place code (id 0): bit 7 (colour) from
/// one-hot bit 7, type bits 4..=6 from the piece bits.
const ONE_HOT_TO_PLACE: u64 = 0x361b_1c80;

/// PSHUFB one-hot lookup, byte reverse, GF2P8AFFINEQB 8x8 bit transpose per rank, VPERMB to
/// gather the eight bitboards; the inverse runs the same steps backwards, with a second
/// GF2P8AFFINEQB that maps one-hot bytes to place codes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gfni;

impl TransposeVariant for Gfni {
    const NAME: &'static str = "gfni";
    fn supported<B: Backend>() -> bool {
        B::HAS_GFNI && B::HAS_VBMI
    }
    #[inline(always)]
    fn to_bitboards<B: Backend>(b: B, raw: &[u8; 64]) -> Bitboards {
        let x = b.u8x64_from_array(*raw);
        // Place code = high nibble (87flowers' encoding has it in the low nibble; ours keeps the id
        // there, so one 64-bit shift comes first).
        let codes = b.u8x64_and(
            b.u64x8_as_u8x64(b.u64x8_shr::<4>(b.u8x64_as_u64x8(x))),
            b.u8x64_splat(0x0f),
        );
        let hot = b.u8x64_shuffle(b.u8x64_from_array(ONE_HOT64), codes);
        let rev = b.u64x8_as_u8x64(b.u64x8_bswap(b.u8x64_as_u64x8(hot)));
        let unit = b.u64x8_as_u8x64(b.u64x8_splat(UNIT_BYTES));
        // Qword q (rank q), byte i: the files of rank q whose one-hot byte has bit i.
        let t = b.u8x64_gf2p8affine::<0>(unit, rev);
        let bbs = b.u8x64_permute(t, b.u8x64_from_array(BYTE_TRANSPOSE));
        Bitboards(b.u64x8_to_array(b.u8x64_as_u64x8(bbs)))
    }
    #[inline(always)]
    fn from_bitboards<B: Backend>(b: B, bbs: &Bitboards) -> [u8; 64] {
        let v = b.u64x8_as_u8x64(b.u64x8_from_array(bbs.0));
        let t = b.u8x64_permute(v, b.u8x64_from_array(BYTE_TRANSPOSE));
        let rev = b.u64x8_as_u8x64(b.u64x8_bswap(b.u8x64_as_u64x8(t)));
        let unit = b.u64x8_as_u8x64(b.u64x8_splat(UNIT_BYTES));
        let hot = b.u8x64_gf2p8affine::<0>(unit, rev);
        let m = b.u64x8_as_u8x64(b.u64x8_splat(ONE_HOT_TO_PLACE));
        b.u8x64_to_array(b.u8x64_gf2p8affine::<0>(hot, m))
    }
}
