//! The eight compass [`Direction`]s and the four [`Line`]s they pair into.

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_1: u64 = 0xff;
const RANK_8: u64 = RANK_1 << 56;

/// One of the eight compass directions, seen with rank 8 at the top and file h on the right.
///
/// The discriminants follow the project's direction order (N, NE, E, SE, S, SW, W, NW), which is
/// also [`Direction::ALL`]. Moving in a direction adds [`Direction::shift`] to the square index.
///
/// ```
/// use bb_core::{Direction, Square};
///
/// let d = Direction::NorthWest;
/// assert_eq!(d.shift(), 7);
/// // h1 steps to g2; a1 has no north-west neighbour (a1 + 7 would wrap around to h1).
/// assert_eq!(d.apply(Square::A1.bit() | Square::H1.bit()), Square::G2.bit());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::NoUninit))]
#[repr(u8)]
pub enum Direction {
    /// Up, toward rank 8: index + 8.
    North,
    /// Up and right: index + 9.
    NorthEast,
    /// Right, toward file h: index + 1.
    East,
    /// Down and right: index - 7.
    SouthEast,
    /// Down, toward rank 1: index - 8.
    South,
    /// Down and left: index - 9.
    SouthWest,
    /// Left, toward file a: index - 1.
    West,
    /// Up and left: index + 7.
    NorthWest,
}

impl Direction {
    /// The eight directions in the project's order: N, NE, E, SE, S, SW, W, NW.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// Position of the direction in [`Direction::ALL`].
    #[must_use]
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// What moving one step adds to a square index: +8, +9, +1, -7, -8, -9, -1, +7.
    #[must_use]
    #[inline(always)]
    pub const fn shift(self) -> i8 {
        [8, 9, 1, -7, -8, -9, -1, 7][self as usize]
    }

    /// Files moved per step (-1, 0 or +1).
    #[must_use]
    #[inline(always)]
    pub const fn file_delta(self) -> i8 {
        [0, 1, 1, 1, 0, -1, -1, -1][self as usize]
    }

    /// Ranks moved per step (-1, 0 or +1).
    #[must_use]
    #[inline(always)]
    pub const fn rank_delta(self) -> i8 {
        [1, 1, 0, -1, -1, -1, 0, 1][self as usize]
    }

    /// The direction pointing the other way.
    #[must_use]
    #[inline(always)]
    pub const fn opposite(self) -> Direction {
        Self::ALL[(self as usize + 4) & 7]
    }

    /// Whether a step increases the square index (N, NE, E, NW), i.e. points toward the MSB.
    #[must_use]
    #[inline(always)]
    pub const fn is_toward_msb(self) -> bool {
        self.shift() > 0
    }

    /// The line this direction runs along.
    #[must_use]
    #[inline(always)]
    pub const fn line(self) -> Line {
        Line::ALL[[1, 2, 0, 3, 1, 2, 0, 3][self as usize]]
    }

    /// The squares that may take one step in this direction without leaving the board or
    /// wrapping around to the other edge: shift `b & wrap_mask()` and no bit lands where it
    /// should not.
    #[must_use]
    #[inline(always)]
    pub const fn wrap_mask(self) -> u64 {
        [
            !RANK_8,
            !RANK_8 & !FILE_H,
            !FILE_H,
            !RANK_1 & !FILE_H,
            !RANK_1,
            !RANK_1 & !FILE_A,
            !FILE_A,
            !RANK_8 & !FILE_A,
        ][self as usize]
    }

    /// The squares a step in this direction can land on: the mask to apply *after* shifting,
    /// which is how Kogge-Stone fills use it.
    #[must_use]
    #[inline(always)]
    pub const fn landing_mask(self) -> u64 {
        shift_raw(self.wrap_mask(), self.shift())
    }

    /// Moves every square of `b` one step in this direction; squares that would leave the
    /// board (or wrap to the opposite edge) disappear.
    ///
    /// ```
    /// use bb_core::Direction;
    /// // The whole board moved east loses file h and leaves file a empty.
    /// assert_eq!(Direction::East.apply(!0), 0xfefe_fefe_fefe_fefe);
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn apply(self, b: u64) -> u64 {
        shift_raw(b & self.wrap_mask(), self.shift())
    }

    /// [`Direction::apply`] on a [`Bitboard`](crate::Bitboard).
    #[must_use]
    #[inline(always)]
    pub const fn shift_bb(self, b: crate::Bitboard) -> crate::Bitboard {
        crate::Bitboard(self.apply(b.0))
    }
}

/// Shifts left for positive `by`, right for negative `by`, with no masking.
#[inline(always)]
pub(crate) const fn shift_raw(b: u64, by: i8) -> u64 {
    if by >= 0 {
        b << by as u32
    } else {
        b >> (-by) as u32
    }
}

/// One of the four lines through a square, in the project's line order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::NoUninit))]
#[repr(u8)]
pub enum Line {
    /// The rank (east-west).
    Horizontal,
    /// The file (north-south).
    Vertical,
    /// The a1-h8 diagonal direction (step +9).
    Diagonal,
    /// The h1-a8 anti-diagonal direction (step +7).
    AntiDiagonal,
}

impl Line {
    /// The four lines in the project's order: horizontal, vertical, diagonal, anti-diagonal.
    pub const ALL: [Line; 4] = [
        Line::Horizontal,
        Line::Vertical,
        Line::Diagonal,
        Line::AntiDiagonal,
    ];

    /// Position of the line in [`Line::ALL`] (and in every four-line table).
    #[must_use]
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction along this line that increases the square index (E, N, NE, NW).
    #[must_use]
    #[inline(always)]
    pub const fn toward_msb(self) -> Direction {
        [
            Direction::East,
            Direction::North,
            Direction::NorthEast,
            Direction::NorthWest,
        ][self as usize]
    }

    /// The direction along this line that decreases the square index (W, S, SW, SE).
    #[must_use]
    #[inline(always)]
    pub const fn toward_lsb(self) -> Direction {
        self.toward_msb().opposite()
    }
}
