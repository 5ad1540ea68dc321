//! One square at a time: the portable form, and the inverse every variant without a vector
//! inverse uses.

use super::one_hot::ONE_HOT;
use super::{Bitboards, TransposeVariant};
use bb_simd::Backend;

/// Piece index (0..6) and colour bit `6 + c` per place code, for the scalar form; 8 = empty.
const SCALAR_CODE: [(u8, u8); 16] = {
    let mut t = [(8u8, 8u8); 16];
    let mut i = 0;
    while i < 16 {
        let h = ONE_HOT[i];
        if h != 0 {
            t[i] = (
                (h & 0x3f).trailing_zeros() as u8,
                (h & 0xc0).trailing_zeros() as u8,
            );
        }
        i += 1;
    }
    t
};

/// Square-by-square loop over a table of (piece, colour) bits per place code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SquareLoop;

impl TransposeVariant for SquareLoop {
    const NAME: &'static str = "scalar";
    #[inline(always)]
    fn to_bitboards<B: Backend>(_b: B, raw: &[u8; 64]) -> Bitboards {
        // Nine words: index 8 collects empty squares and is dropped.
        let mut out = [0u64; 9];
        for (sq, &p) in raw.iter().enumerate() {
            let (piece, color) = SCALAR_CODE[usize::from(p >> 4)];
            out[usize::from(piece)] |= 1 << sq;
            out[usize::from(color)] |= 1 << sq;
        }
        Bitboards([
            out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7],
        ])
    }
}

const CODE_OF_PIECE: [u8; 6] = [0x20, 0x30, 0x50, 0x60, 0x70, 0x10];

/// Bitboards -> place codes (piece ids 0), one square at a time.
#[must_use]
pub fn from_bitboards_scalar(bbs: &Bitboards) -> [u8; 64] {
    core::array::from_fn(|sq| {
        let mut p = 0u8;
        for (k, code) in CODE_OF_PIECE.iter().enumerate() {
            if (bbs.0[k] >> sq) & 1 != 0 {
                p |= code;
            }
        }
        if (bbs.0[7] >> sq) & 1 != 0 {
            p |= 0x80;
        }
        p
    })
}
