//! Mailbox <-> bitboards transposition (87flowers' *mailbox/bitboard transposition*): 64 [`Place`]
//! bytes become eight bitboards (six piece kinds, two colours) and back.
//!
//! The bitboards are in the order of [`Bitboards`]: pawn, knight, bishop, rook, queen, king
//! (indexed by [`Piece::index`](crate::Piece::index)), then white, black. A one-hot byte per
//! square (bit `p` for the piece kind, bit `6 + colour`) is an 8 x 8 bit matrix per rank; the
//! transposition of that matrix is exactly the eight bitboards.
//!
//! Variants ([`TransposeVariant`]):
//! - `Gfni`: 87flowers' form: PSHUFB one-hot lookup, byte reverse, GF2P8AFFINEQB 8x8 bit
//!   transpose per rank, VPERMB to gather the eight bitboards (Avx512Vbmi; emulated elsewhere).
//! - `Movemask`: PSHUFB one-hot lookup in two 32-byte halves, then eight shift + PMOVMSKB pairs
//!   (the AVX2 form; SSSE3/Neon run it through their 32-byte emulation).
//! - `Scalar`: a loop over the 64 squares (the reference).
//!
//! ```
//! use bb_chess::byteboard::{Place, transpose};
//! use bb_chess::{Color, Piece};
//! use bb_core::Square;
//! let mut mailbox = [Place::EMPTY; 64];
//! mailbox[Square::E1.index()] = Place::new(Color::White, Piece::King, 0);
//! mailbox[Square::D8.index()] = Place::new(Color::Black, Piece::Queen, 3);
//! let bbs = bb_simd::dispatch!(|b| transpose::to_bitboards(b, &mailbox));
//! assert_eq!(bbs.pieces(Color::Black, Piece::Queen), Square::D8.bit());
//! assert_eq!(bbs.colors(), [Square::E1.bit(), Square::D8.bit()]);
//! ```

use super::Place;
use crate::{Color, Piece};
use bb_simd::Backend;

/// Eight bitboards: `[pawn, knight, bishop, rook, queen, king, white, black]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Bitboards(pub [u64; 8]);

impl Bitboards {
    /// Squares holding `piece` of either colour.
    #[inline(always)]
    #[must_use]
    pub const fn kind(&self, piece: Piece) -> u64 {
        self.0[piece.index()]
    }
    /// Squares of colour `c`.
    #[inline(always)]
    #[must_use]
    pub const fn color(&self, c: Color) -> u64 {
        self.0[6 + c.index()]
    }
    /// White and black squares.
    #[inline(always)]
    #[must_use]
    pub const fn colors(&self) -> [u64; 2] {
        [self.0[6], self.0[7]]
    }
    /// Squares holding `piece` of colour `c`.
    #[inline(always)]
    #[must_use]
    pub const fn pieces(&self, c: Color, piece: Piece) -> u64 {
        self.kind(piece) & self.color(c)
    }
}

/// A transposition technique (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TransposeVariant {
    /// Square-by-square loop.
    Scalar,
    /// PSHUFB one-hot, then eight shift + movemask steps on 32-byte halves (AVX2 form).
    Movemask,
    /// PSHUFB one-hot, GF2P8AFFINEQB transpose and VPERMB (87flowers' *mailbox/bitboard
    /// transposition*, Avx512Vbmi form).
    Gfni,
}

impl TransposeVariant {
    /// Every variant.
    pub const ALL: [TransposeVariant; 3] = [
        TransposeVariant::Scalar,
        TransposeVariant::Movemask,
        TransposeVariant::Gfni,
    ];
    /// Short name used by tests and benchmarks.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TransposeVariant::Scalar => "scalar",
            TransposeVariant::Movemask => "movemask",
            TransposeVariant::Gfni => "gfni",
        }
    }
    /// The default for backend `B`: `Gfni` with GFNI and VBMI, `Movemask` with a native byte
    /// shuffle, else `Scalar`.
    #[must_use]
    pub const fn default_for<B: Backend>() -> TransposeVariant {
        if B::HAS_GFNI && B::HAS_VBMI {
            TransposeVariant::Gfni
        } else if B::NATIVE_BYTE_SHUFFLE && B::VECTOR_BITS >= 256 {
            TransposeVariant::Movemask
        } else {
            TransposeVariant::Scalar
        }
    }
}

/// One-hot byte of a place code `(place >> 4)` = `colour << 3 | type`: bit `piece.index()`, bit
/// `6 + colour`; 0 for empty.
const ONE_HOT: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        let c = i >> 3;
        let piece = match i & 7 {
            2 => 0,
            3 => 1,
            5 => 2,
            6 => 3,
            7 => 4,
            1 => 5,
            _ => 8,
        };
        if piece < 8 {
            t[i] = (1 << piece) | (1 << (6 + c));
        }
        i += 1;
    }
    t
};

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

/// [`ONE_HOT`] repeated in every 16-byte lane (PSHUFB table).
const ONE_HOT64: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = ONE_HOT[i % 16];
        i += 1;
    }
    t
};

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

/// Mailbox -> bitboards with the backend's default variant.
#[inline(always)]
pub fn to_bitboards<B: Backend>(b: B, mailbox: &[Place; 64]) -> Bitboards {
    to_bitboards_with(b, mailbox, TransposeVariant::default_for::<B>())
}

/// Mailbox -> bitboards with a chosen variant.
#[inline(always)]
pub fn to_bitboards_with<B: Backend>(
    b: B,
    mailbox: &[Place; 64],
    v: TransposeVariant,
) -> Bitboards {
    let raw: [u8; 64] = mailbox.map(|p| p.0);
    match v {
        TransposeVariant::Scalar => to_bitboards_scalar(&raw),
        TransposeVariant::Movemask => to_bitboards_movemask(b, &raw),
        TransposeVariant::Gfni => to_bitboards_gfni(b, &raw),
    }
}

/// The reference: one square at a time.
#[must_use]
pub fn to_bitboards_scalar(raw: &[u8; 64]) -> Bitboards {
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

/// 87flowers' *mailbox/bitboard transposition*: PSHUFB one-hot, byte reverse, GF2P8AFFINEQB
/// transpose, VPERMB.
#[inline(always)]
pub fn to_bitboards_gfni<B: Backend>(b: B, raw: &[u8; 64]) -> Bitboards {
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

/// AVX2 form: PSHUFB one-hot per 32-byte half, then bit `i` of every byte via shift + movemask.
#[inline(always)]
pub fn to_bitboards_movemask<B: Backend>(b: B, raw: &[u8; 64]) -> Bitboards {
    let lut = b.u8x32_from_array(*ONE_HOT64.first_chunk::<32>().unwrap_or(&[0; 32]));
    let half = |h: usize| {
        let mut a = [0u8; 32];
        a.copy_from_slice(&raw[32 * h..32 * h + 32]);
        let x = b.u8x32_from_array(a);
        let codes = b.u8x32_and(
            b.u64x4_as_u8x32(b.u64x4_shr::<4>(b.u8x32_as_u64x4(x))),
            b.u8x32_splat(0x0f),
        );
        b.u8x32_as_u64x4(b.u8x32_shuffle(lut, codes))
    };
    let (lo, hi) = (half(0), half(1));
    macro_rules! bit {
        ($i:literal) => {{
            let l = b.u8x32_movemask(b.u64x4_as_u8x32(b.u64x4_shl::<{ 7 - $i }>(lo)));
            let h = b.u8x32_movemask(b.u64x4_as_u8x32(b.u64x4_shl::<{ 7 - $i }>(hi)));
            u64::from(l) | (u64::from(h) << 32)
        }};
    }
    Bitboards([
        bit!(0),
        bit!(1),
        bit!(2),
        bit!(3),
        bit!(4),
        bit!(5),
        bit!(6),
        bit!(7),
    ])
}

/// Bitboards -> mailbox of place codes (piece ids 0) with the backend's default variant.
/// Overlapping bitboards give unspecified (but panic-free) bytes.
#[inline(always)]
pub fn from_bitboards<B: Backend>(b: B, bbs: &Bitboards) -> [Place; 64] {
    from_bitboards_with(b, bbs, TransposeVariant::default_for::<B>())
}

/// Bitboards -> mailbox with a chosen variant (`Movemask` falls back to `Scalar`; the inverse has
/// no movemask form).
#[inline(always)]
pub fn from_bitboards_with<B: Backend>(b: B, bbs: &Bitboards, v: TransposeVariant) -> [Place; 64] {
    let raw = match v {
        TransposeVariant::Gfni => from_bitboards_gfni(b, bbs),
        _ => from_bitboards_scalar(bbs),
    };
    raw.map(Place)
}

const CODE_OF_PIECE: [u8; 6] = [0x20, 0x30, 0x50, 0x60, 0x70, 0x10];

/// The reference inverse: one square at a time.
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

/// Inverse of [`to_bitboards_gfni`]: VPERMB byte transpose, byte reverse, GF2P8AFFINEQB bit
/// transpose, and a second GF2P8AFFINEQB that maps one-hot bytes to place codes.
#[inline(always)]
pub fn from_bitboards_gfni<B: Backend>(b: B, bbs: &Bitboards) -> [u8; 64] {
    let v = b.u64x8_as_u8x64(b.u64x8_from_array(bbs.0));
    let t = b.u8x64_permute(v, b.u8x64_from_array(BYTE_TRANSPOSE));
    let rev = b.u64x8_as_u8x64(b.u64x8_bswap(b.u8x64_as_u64x8(t)));
    let unit = b.u64x8_as_u8x64(b.u64x8_splat(UNIT_BYTES));
    let hot = b.u8x64_gf2p8affine::<0>(unit, rev);
    let m = b.u64x8_as_u8x64(b.u64x8_splat(ONE_HOT_TO_PLACE));
    b.u8x64_to_array(b.u8x64_gf2p8affine::<0>(hot, m))
}
