//! [`Bitboard`]: a set of squares in one `u64`.

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, ShlAssign, Shr,
    ShrAssign,
};

use crate::{Direction, Square};

/// A set of squares: bit `s` is set when [`Square`] `s` is in the set.
///
/// `#[repr(transparent)]` over `u64`, so it converts for free in both directions, and, with the
/// `bytemuck` feature, `bytemuck::Pod`, so slices of bitboards can be cast to slices of `u64`. Kernels take raw
/// `u64`; public APIs that hand sets of squares to engine authors use this type.
///
/// ```
/// use bb_core::{Bitboard, Square};
///
/// let b = Bitboard::from(Square::E4) | Bitboard::from(Square::D5);
/// assert_eq!(b.count(), 2);
/// assert!(b.contains(Square::D5));
/// assert_eq!(b.iter().collect::<Vec<_>>(), [Square::E4, Square::D5]);
/// assert_eq!(u64::from(b), (1 << 28) | (1 << 35));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The set holding only `sq`.
    #[must_use]
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(sq.bit())
    }

    /// The raw `u64`.
    #[must_use]
    #[inline]
    pub const fn to_u64(self) -> u64 {
        self.0
    }

    /// Whether `sq` is in the set.
    #[must_use]
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }

    /// Whether the set is empty.
    #[must_use]
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has more than one square (cheaper than `count() > 1`).
    #[must_use]
    #[inline]
    pub const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Number of squares in the set.
    #[must_use]
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The set with `sq` added.
    #[must_use]
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | sq.bit())
    }

    /// The set with `sq` removed.
    #[must_use]
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !sq.bit())
    }

    /// The square with the lowest index, if any.
    #[must_use]
    #[inline]
    pub const fn lsb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_masked(self.0.trailing_zeros() as u8))
        }
    }

    /// The square with the highest index, if any.
    #[must_use]
    #[inline]
    pub const fn msb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_masked(63 - self.0.leading_zeros() as u8))
        }
    }

    /// Removes and returns the square with the lowest index.
    #[inline]
    pub fn pop_lsb(&mut self) -> Option<Square> {
        let sq = self.lsb()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    /// Every square moved one step in `dir`; squares that would leave the board disappear.
    ///
    /// ```
    /// use bb_core::{Bitboard, Direction, Square};
    /// let b = Bitboard::from(Square::H4).shift(Direction::East);
    /// assert!(b.is_empty());
    /// ```
    #[must_use]
    #[inline]
    pub const fn shift(self, dir: Direction) -> Bitboard {
        Bitboard(dir.apply(self.0))
    }

    /// Iterates over the squares of the set in index order (a1 first), by repeatedly
    /// isolating and clearing the least significant set bit.
    #[inline]
    pub const fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest index first (LS1B), highest first from
/// the back (MS1B).
#[derive(Clone, Debug)]
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::new_masked(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }

    #[inline]
    fn count(self) -> usize {
        self.0.count_ones() as usize
    }
}

impl DoubleEndedIterator for BitboardIter {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = 63 - self.0.leading_zeros() as u8;
        self.0 ^= 1 << index;
        Some(Square::new_masked(index))
    }
}

impl ExactSizeIterator for BitboardIter {}
impl FusedIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;

    #[inline]
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        Bitboard(iter.into_iter().fold(0, |b, sq| b | sq.bit()))
    }
}

impl From<u64> for Bitboard {
    #[inline]
    fn from(b: u64) -> Bitboard {
        Bitboard(b)
    }
}

impl From<Bitboard> for u64 {
    #[inline]
    fn from(b: Bitboard) -> u64 {
        b.0
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard(sq.bit())
    }
}

macro_rules! binary_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt;)*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $trait<u64> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: u64) -> Bitboard {
                Bitboard(self.0 $op rhs)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
        impl $assign_trait<u64> for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: u64) {
                self.0 = self.0 $op rhs;
            }
        }
    )*};
}

binary_ops! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

macro_rules! shift_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt;)*) => {$(
        impl $trait<u32> for Bitboard {
            type Output = Bitboard;
            /// Shifts the raw bits (no edge masking; see [`Bitboard::shift`] for board moves).
            #[inline]
            fn $method(self, rhs: u32) -> Bitboard {
                Bitboard(self.0 $op rhs)
            }
        }
        impl $assign_trait<u32> for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: u32) {
                self.0 = self.0 $op rhs;
            }
        }
    )*};
}

shift_ops! {
    Shl shl ShlAssign shl_assign <<;
    Shr shr ShrAssign shr_assign >>;
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard(0x{:016x})", self.0)
    }
}

/// An 8x8 diagram, rank 8 on top and file a on the left, `X` for a member and `.` otherwise,
/// with rank digits on the left and file letters underneath:
///
/// ```
/// use bb_core::{Bitboard, Square};
/// let b = Bitboard::from(Square::A1) | Bitboard::from(Square::H8);
/// let expected = "\
/// 8 . . . . . . . X
/// 7 . . . . . . . .
/// 6 . . . . . . . .
/// 5 . . . . . . . .
/// 4 . . . . . . . .
/// 3 . . . . . . . .
/// 2 . . . . . . . .
/// 1 X . . . . . . .
///   a b c d e f g h
/// ";
/// assert_eq!(b.to_string(), expected);
/// ```
impl fmt::Display for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            write!(f, "{}", rank + 1)?;
            for file in 0..8 {
                let set = self.0 >> (rank * 8 + file) & 1 != 0;
                write!(f, " {}", if set { 'X' } else { '.' })?;
            }
            writeln!(f)?;
        }
        writeln!(f, "  a b c d e f g h")
    }
}

static_assertions::assert_eq_size!(Bitboard, u64);
static_assertions::assert_eq_align!(Bitboard, u64);
static_assertions::assert_eq_size!(Square, u8);
