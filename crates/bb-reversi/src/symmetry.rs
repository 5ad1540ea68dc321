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

use crate::Board;
use bb_core::{Square, bits};
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

    /// Applies the symmetry to both sides of a board.
    ///
    /// ```
    /// use bb_reversi::{Board, symmetry::Symmetry};
    /// let b = Symmetry::Rotate180.apply_board(Board::START);
    /// assert_eq!(b, Board::START); // the start position is symmetric under a half turn
    /// ```
    #[must_use]
    #[inline]
    pub const fn apply_board(self, board: Board) -> Board {
        Board {
            p: self.apply(board.p),
            o: self.apply(board.o),
        }
    }

    /// The square that `sq` goes to under the symmetry: with [`inverse`](Symmetry::inverse),
    /// maps a move found on a canonical board back to the board it came from.
    ///
    /// ```
    /// use bb_reversi::{Board, Square};
    /// let board = Board::START.play(Square::F5).unwrap();
    /// let (key, s) = board.canonical();
    /// // A book stores moves on `key`; this one is d6 on `board`.
    /// let stored = s.apply_square(Square::D6);
    /// assert!(key.play(stored).is_some());
    /// assert_eq!(s.inverse().apply_square(stored), Square::D6);
    /// ```
    #[must_use]
    #[inline]
    pub const fn apply_square(self, sq: Square) -> Square {
        Square::new_masked(self.apply(sq.bit()).trailing_zeros() as u8)
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

/// The transpose about a1-h8 in the backend's best form: GFNI, VPMOVMSKB where vectors are 256
/// bits wide, the scalar delta swaps elsewhere.
#[inline(always)]
fn transpose<B: Backend>(b: B, x: u64) -> u64 {
    if B::HAS_GFNI {
        transpose_gfni(b, x)
    } else if B::VECTOR_BITS >= 256 {
        transpose_movemask(b, x)
    } else {
        bits::flip_diagonal(x)
    }
}

/// The left-right mirror in the backend's best form: PSHUFB where the byte shuffle is native,
/// the scalar delta swaps elsewhere.
#[inline(always)]
fn mirror<B: Backend>(b: B, x: u64) -> u64 {
    if B::NATIVE_BYTE_SHUFFLE {
        mirror_pshufb(b, x)
    } else {
        bits::mirror_horizontal(x)
    }
}

/// Mirror and transposes with the backend's best form, so that all 8 symmetries follow with
/// byte swaps: PSHUFB where the byte shuffle is native, GFNI or VPMOVMSKB transposes where
/// present, the scalar delta swaps elsewhere.
#[inline(always)]
pub fn apply<B: Backend>(b: B, s: Symmetry, x: u64) -> u64 {
    match s {
        Symmetry::Identity => x,
        Symmetry::FlipVertical => b.bswap(x),
        Symmetry::MirrorHorizontal => mirror(b, x),
        Symmetry::Rotate180 => b.rbit(x),
        Symmetry::FlipDiagonal => transpose(b, x),
        Symmetry::FlipAntiDiagonal => b.rbit(transpose(b, x)),
        Symmetry::Rotate90 => b.bswap(transpose(b, x)),
        Symmetry::Rotate270 => transpose(b, b.bswap(x)),
    }
}

/// The 8 images of `x`, in the order of [`Symmetry::ALL`], with one transpose: the quarter
/// turns and the anti-diagonal are a byte swap, mirror or bit reversal of the transpose.
///
/// ```
/// use bb_reversi::symmetry::{Symmetry, images};
/// let x = 0x0000_0000_0000_0f03; // a1-b1, a2-d2
/// let v = bb_reversi::dispatch!(|b| images(b, x));
/// for (img, s) in v.into_iter().zip(Symmetry::ALL) {
///     assert_eq!(img, s.apply(x));
/// }
/// ```
#[inline(always)]
pub fn images<B: Backend>(b: B, x: u64) -> [u64; 8] {
    let t = transpose(b, x);
    [
        x,
        b.bswap(x),
        mirror(b, x),
        b.rbit(x),
        t,
        b.rbit(t),
        b.bswap(t),
        // Rotate270 = transpose after byte swap = mirror after transpose.
        mirror(b, t),
    ]
}

/// [`Board::canonical`](crate::Board::canonical) with backend `b`: the least of the 8 images
/// of `board` in `(p, o)` order and the symmetry that maps `board` to it; on a tie (a
/// symmetric board), the first such symmetry of [`Symmetry::ALL`].
#[inline(always)]
pub fn canonical_board<B: Backend>(b: B, board: Board) -> (Board, Symmetry) {
    let ps = images(b, board.p);
    let os = images(b, board.o);
    let mut best = (board.p, board.o);
    let mut which = 0;
    for i in 1..8 {
        if (ps[i], os[i]) < best {
            best = (ps[i], os[i]);
            which = i;
        }
    }
    (
        Board {
            p: best.0,
            o: best.1,
        },
        Symmetry::ALL[which],
    )
}
