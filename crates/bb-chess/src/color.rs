//! [`Color`]: the side to move and the colour of a piece.

use bb_core::Rank;

/// Side to move / piece colour.
///
/// ```
/// use bb_chess::Color;
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::Black.index(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// White, moving toward rank 8 (toward the most significant bit).
    White,
    /// Black, moving toward rank 1.
    Black,
}

impl Color {
    /// Both colours, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
    #[must_use]
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for white, 1 for black.
    #[inline(always)]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// This colour's first rank (1 for white, 8 for black).
    ///
    /// ```
    /// use bb_chess::Color;
    /// assert_eq!(Color::Black.back_rank(), bb_core::Rank::R8);
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank::R1,
            Color::Black => Rank::R8,
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.opponent()
    }
}
