//! The 8 symmetries of the board (Okuhara's *Reversi bitboard techniques*, "Mirroring") and a
//! canonical form.
//!
//! Scalar forms come from `bb_core::bits` (delta swaps, byte swap, bit reversal). SIMD forms:
//! [`mirror_pshufb`] (left-right mirror by a PSHUFB nibble table), [`transpose_movemask`]
//! (Okuhara's AVX2 transpose: per-lane shifts then VPMOVMSKB), and [`transpose_gfni`] (an 8 x 8 bit
//! transpose by GF2P8AFFINEQB, beyond the published sources).
//!
//! ```
//! use bb_reversi::symmetry::{Symmetry, canonical};
//! use bb_core::Square;
//! let a1 = Square::A1.bit();
//! assert_eq!(Symmetry::Rotate180.apply(a1), Square::H8.bit());
//! // The four corners are equivalent: all canonicalise to the same board.
//! let (c, _) = canonical(Square::H8.bit(), 0);
//! assert_eq!(canonical(a1, 0).0, c);
//! ```

use bb_core::bits;
use bb_simd::Backend;

/// One of the 8 symmetries of the square board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No change.
    Identity,
    /// Rank 1 <-> rank 8 (byte swap).
    FlipVertical,
    /// File a <-> file h.
    MirrorHorizontal,
    /// Half turn (bit reversal).
    Rotate180,
    /// About the a1-h8 diagonal.
    FlipDiagonal,
    /// About the h1-a8 anti-diagonal.
    FlipAntiDiagonal,
    /// Quarter turn clockwise (a1 -> a8).
    Rotate90,
    /// Quarter turn anticlockwise (a1 -> h1).
    Rotate270,
}

impl Symmetry {
    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::FlipVertical,
        Symmetry::MirrorHorizontal,
        Symmetry::Rotate180,
        Symmetry::FlipDiagonal,
        Symmetry::FlipAntiDiagonal,
        Symmetry::Rotate90,
        Symmetry::Rotate270,
    ];

    /// Applies the symmetry to a bitboard (scalar forms).
    #[must_use]
    #[inline]
    pub const fn apply(self, x: u64) -> u64 {
        match self {
            Symmetry::Identity => x,
            Symmetry::FlipVertical => bits::flip_vertical(x),
            Symmetry::MirrorHorizontal => bits::mirror_horizontal(x),
            Symmetry::Rotate180 => bits::rotate_180(x),
            Symmetry::FlipDiagonal => bits::flip_diagonal(x),
            Symmetry::FlipAntiDiagonal => bits::flip_anti_diagonal(x),
            Symmetry::Rotate90 => bits::rotate_90(x),
            Symmetry::Rotate270 => bits::rotate_270(x),
        }
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            s => s,
        }
    }
}

/// The canonical (unique) form of a position under the 8 symmetries: the image `(p, o)` that is
/// smallest in lexicographic order, and the symmetry that produces it. Two positions are
/// equivalent exactly when their canonical forms are equal.
#[must_use]
pub fn canonical(p: u64, o: u64) -> ((u64, u64), Symmetry) {
    let mut best = ((p, o), Symmetry::Identity);
    for s in Symmetry::ALL {
        let img = (s.apply(p), s.apply(o));
        if img < best.0 {
            best = (img, s);
        }
    }
    best
}

/// Left-right mirror by a PSHUFB nibble table (Okuhara's *Reversi bitboard techniques*, "PSHUFB
/// (SSSE3)"): each nibble is replaced by its reversal, and the two nibbles of each byte swap
/// places.
#[inline(always)]
pub fn mirror_pshufb<B: Backend>(b: B, x: u64) -> u64 {
    let rev = b.u8x16_from_array([0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15]);
    let v = b.u64x2_from_array([x, 0]);
    let m = b.u8x16_splat(0x0f);
    let lo = b.u8x16_and(b.u64x2_as_u8x16(v), m);
    let hi = b.u8x16_and(b.u64x2_as_u8x16(b.u64x2_shr::<4>(v)), m);
    let lo = b.u8x16_as_u64x2(b.u8x16_shuffle(rev, lo));
    let hi = b.u8x16_as_u64x2(b.u8x16_shuffle(rev, hi));
    b.u64x2_to_array(b.u64x2_or(b.u64x2_shl::<4>(lo), hi))[0]
}

/// Transpose about a1-h8 (Okuhara's *Reversi bitboard techniques*, "AVX2 X-Y swap"): four copies
/// shifted left by 3, 2, 1, 0 put files 4..7 on the byte tops, VPMOVMSKB collects them as ranks
/// 4..7 of the result; four more positions of shift give ranks 0..3.
#[inline(always)]
pub fn transpose_movemask<B: Backend>(b: B, x: u64) -> u64 {
    let v = b.u64x4_shlv(b.u64x4_splat(x), b.u64x4_from_array([3, 2, 1, 0]));
    let hi = u64::from(b.u8x32_movemask(b.u64x4_as_u8x32(v)));
    let lo = u64::from(b.u8x32_movemask(b.u64x4_as_u8x32(b.u64x4_shl::<4>(v))));
    hi << 32 | lo
}

/// Transpose about a1-h8 by one GF2P8AFFINEQB (beyond the published sources): with the byte-swapped
/// board as the matrix and the unit vectors as data, byte `i` of the result collects bit `i` of
/// every rank.
#[inline(always)]
pub fn transpose_gfni<B: Backend>(b: B, x: u64) -> u64 {
    let units = b.u64x2_as_u8x16(b.u64x2_splat(0x8040_2010_0804_0201));
    let m = b.u64x2_as_u8x16(b.u64x2_splat(x.swap_bytes()));
    b.u64x2_to_array(b.u8x16_as_u64x2(b.u8x16_gf2p8affine::<0>(units, m)))[0]
}

/// Mirror and transposes with the backend's best form, so that all 8 symmetries follow with
/// byte swaps: PSHUFB where the byte shuffle is native, GFNI or VPMOVMSKB transposes where
/// present, the scalar delta swaps elsewhere.
#[inline(always)]
pub fn apply<B: Backend>(b: B, s: Symmetry, x: u64) -> u64 {
    let t = |x: u64| {
        if B::HAS_GFNI {
            transpose_gfni(b, x)
        } else if B::VECTOR_BITS >= 256 {
            transpose_movemask(b, x)
        } else {
            bits::flip_diagonal(x)
        }
    };
    let mirror = |x: u64| {
        if B::NATIVE_BYTE_SHUFFLE {
            mirror_pshufb(b, x)
        } else {
            bits::mirror_horizontal(x)
        }
    };
    match s {
        Symmetry::Identity => x,
        Symmetry::FlipVertical => b.bswap(x),
        Symmetry::MirrorHorizontal => mirror(x),
        Symmetry::Rotate180 => b.rbit(x),
        Symmetry::FlipDiagonal => t(x),
        Symmetry::FlipAntiDiagonal => b.rbit(t(x)),
        Symmetry::Rotate90 => b.bswap(t(x)),
        Symmetry::Rotate270 => t(b.bswap(x)),
    }
}
