//! Board coordinates: [`File`], [`Rank`], [`Square`] and their parse error.

use core::fmt;
use core::str::FromStr;

use crate::Direction;

/// What is wrong with a string that should name a square, a file or a rank.
///
/// Parsing never panics: any `&str` (empty, too long, non-ASCII) yields either a value or one of
/// these variants.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum ParseSquareError {
    /// The input was empty.
    Empty,
    /// The input had the wrong number of characters (`expected` is 2 for a square, 1 for a file
    /// or a rank).
    WrongLength {
        /// Number of characters expected.
        expected: usize,
        /// Number of characters found.
        found: usize,
    },
    /// The file character (first of a square) is not one of `a`..`h` (or `A`..`H`).
    InvalidFile(char),
    /// The rank character (second of a square) is not one of `1`..`8`.
    InvalidRank(char),
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Empty => f.write_str("empty input, expected a square such as \"e4\""),
            Self::WrongLength { expected, found } => write!(
                f,
                "expected {expected} character{}, found {found}",
                if expected == 1 { "" } else { "s" }
            ),
            Self::InvalidFile(c) => write!(f, "invalid file {c:?}, expected 'a'..='h'"),
            Self::InvalidRank(c) => write!(f, "invalid rank {c:?}, expected '1'..='8'"),
        }
    }
}

impl core::error::Error for ParseSquareError {}

/// Splits `s` into exactly `N` characters, reporting emptiness or the wrong length.
fn exact_chars<const N: usize>(s: &str) -> Result<[char; N], ParseSquareError> {
    let mut out = ['\0'; N];
    let mut found = 0;
    for c in s.chars() {
        if found < N {
            out[found] = c;
        }
        found += 1;
    }
    match found {
        0 => Err(ParseSquareError::Empty),
        n if n == N => Ok(out),
        n => Err(ParseSquareError::WrongLength {
            expected: N,
            found: n,
        }),
    }
}

/// A file (column) of the board, `a` to `h`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::NoUninit))]
#[repr(u8)]
#[allow(missing_docs)] // The variant names are the documentation.
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

impl File {
    /// All files from `a` to `h`.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index `index` (0 = `a`), or `None` if `index >= 8`.
    #[must_use]
    #[inline]
    pub const fn new(index: u8) -> Option<File> {
        if index < 8 {
            Some(Self::ALL[index as usize])
        } else {
            None
        }
    }

    /// Index of the file, 0 (`a`) to 7 (`h`).
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// All squares of this file.
    ///
    /// ```
    /// use bb_core::File;
    /// assert_eq!(File::A.mask(), 0x0101_0101_0101_0101);
    /// ```
    #[must_use]
    #[inline]
    pub const fn mask(self) -> u64 {
        0x0101_0101_0101_0101 << self as u8
    }

    /// The file seen from the other side of the board (`a` <-> `h`).
    #[must_use]
    #[inline]
    pub const fn mirror(self) -> File {
        Self::ALL[7 - self as usize]
    }

    /// Lowercase letter of the file.
    #[must_use]
    #[inline]
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The file named by `c` (`a`..`h`, either case).
    #[must_use]
    #[inline]
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => File::new(c as u8 - b'a'),
            'A'..='H' => File::new(c as u8 - b'A'),
            _ => None,
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl FromStr for File {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let [c] = exact_chars::<1>(s)?;
        File::from_char(c).ok_or(ParseSquareError::InvalidFile(c))
    }
}

/// A rank (row) of the board, `1` to `8`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::NoUninit))]
#[repr(u8)]
#[allow(missing_docs)] // The variant names are the documentation.
pub enum Rank {
    R1,
    R2,
    R3,
    R4,
    R5,
    R6,
    R7,
    R8,
}

impl Rank {
    /// All ranks from `1` to `8`.
    pub const ALL: [Rank; 8] = [
        Rank::R1,
        Rank::R2,
        Rank::R3,
        Rank::R4,
        Rank::R5,
        Rank::R6,
        Rank::R7,
        Rank::R8,
    ];

    /// The rank with index `index` (0 = rank 1), or `None` if `index >= 8`.
    #[must_use]
    #[inline]
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 8 {
            Some(Self::ALL[index as usize])
        } else {
            None
        }
    }

    /// Index of the rank, 0 (rank 1) to 7 (rank 8).
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// All squares of this rank.
    ///
    /// ```
    /// use bb_core::Rank;
    /// assert_eq!(Rank::R2.mask(), 0xff00);
    /// ```
    #[must_use]
    #[inline]
    pub const fn mask(self) -> u64 {
        0xff << (8 * self as u8)
    }

    /// The rank seen from the other side of the board (`1` <-> `8`).
    #[must_use]
    #[inline]
    pub const fn flip(self) -> Rank {
        Self::ALL[7 - self as usize]
    }

    /// Digit of the rank.
    #[must_use]
    #[inline]
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank named by `c` (`1`..`8`).
    #[must_use]
    #[inline]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Rank::new(c as u8 - b'1'),
            _ => None,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl FromStr for Rank {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let [c] = exact_chars::<1>(s)?;
        Rank::from_char(c).ok_or(ParseSquareError::InvalidRank(c))
    }
}

/// A square of the board: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63 (little-endian
/// rank-file mapping), so that square `s` is bit `s` of a bitboard.
///
/// The index is stored as a 64-variant enum, so the compiler knows that every `Square`, whether
/// passed in a register or loaded from memory, is below 64: a lookup `table[sq.index()]` in a
/// `[T; 64]` table needs neither a bounds check nor a mask. `Square` is one byte, and `Option<Square>`
/// is one byte too.
///
/// ```
/// use bb_core::{Direction, File, Rank, Square};
///
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4, Square::E4);
/// assert_eq!(e4.index(), 28);
/// assert_eq!(e4.bit(), 1 << 28);
/// assert_eq!((e4.file(), e4.rank()), (File::E, Rank::R4));
/// assert_eq!(e4.offset(Direction::NorthEast), Some(Square::F5));
/// assert_eq!(Square::H8.offset(Direction::North), None);
/// assert_eq!(e4.to_string(), "e4");
/// assert_eq!(size_of::<Option<Square>>(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::NoUninit, bytemuck::Zeroable))]
#[repr(transparent)]
pub struct Square(Index);

/// One list of the 64 squares makes the index enum (so that its range, 0 to 63, is part of the
/// type), its conversion from `u8`, and the public `Square::A1`..`Square::H8`.
macro_rules! squares {
    ($($name:ident = $i:tt),* $(,)?) => {
        /// The index as an enum, so that its range (0 to 63) is part of the type.
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[cfg_attr(feature = "bytemuck", derive(bytemuck::NoUninit, bytemuck::Zeroable))]
        #[repr(u8)]
        enum Index {
            $($name = $i),*
        }

        impl Index {
            /// `i & 63` as an index; the match compiles to the mask alone.
            #[inline(always)]
            const fn masked(i: u8) -> Index {
                match i & 63 {
                    $($i => Index::$name,)*
                    _ => Index::H8,
                }
            }
        }

        impl Square {
            $(
                #[doc = concat!("The square ", stringify!($name), " (index ", stringify!($i), ").")]
                pub const $name: Square = Square(Index::$name);
            )*
        }
    };
}

squares! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// The square with index `i & 63`.
    #[inline(always)]
    const fn from_bits(i: u8) -> Square {
        Square(Index::masked(i))
    }

    /// All 64 squares in index order (a1, b1, ..., h8).
    pub const ALL: [Square; 64] = {
        let mut all = [Square::A1; 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square::from_bits(i as u8);
            i += 1;
        }
        all
    };

    /// The square with index `index`, or `None` if `index >= 64`.
    ///
    /// ```
    /// use bb_core::Square;
    /// assert_eq!(Square::new(63), Some(Square::H8));
    /// assert_eq!(Square::new(64), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square::from_bits(index))
        } else {
            None
        }
    }

    /// The square with index `index & 63`: for loops and table builders that already know the
    /// index is in range and want no `Option`.
    #[must_use]
    #[inline]
    pub const fn new_masked(index: u8) -> Square {
        Square::from_bits(index)
    }

    /// The square on `file` and `rank`.
    #[must_use]
    #[inline]
    pub const fn from_file_rank(file: File, rank: Rank) -> Square {
        Square::from_bits(rank as u8 * 8 + file as u8)
    }

    /// Index of the square, which is also its bit number: 0 (a1) to 63 (h8).
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Index of the square as a `u8`.
    #[must_use]
    #[inline]
    pub const fn to_u8(self) -> u8 {
        self.0 as u8
    }

    /// The bitboard holding only this square: `1 << index`.
    #[must_use]
    #[inline]
    pub const fn bit(self) -> u64 {
        1 << self.index()
    }

    /// File of the square.
    #[must_use]
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[(self.0 as u8 & 7) as usize]
    }

    /// Rank of the square.
    #[must_use]
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 as u8 >> 3) as usize]
    }

    /// The square `file_delta` files right and `rank_delta` ranks up, or `None` if that leaves
    /// the board.
    ///
    /// ```
    /// use bb_core::Square;
    /// assert_eq!(Square::G1.translate(-1, 2), Some(Square::F3));
    /// assert_eq!(Square::G1.translate(2, 1), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn translate(self, file_delta: i8, rank_delta: i8) -> Option<Square> {
        let f = (self.0 as u8 & 7) as i8 + file_delta;
        let r = (self.0 as u8 >> 3) as i8 + rank_delta;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square::from_bits((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// The neighbouring square in direction `dir`, or `None` at the edge of the board.
    #[must_use]
    #[inline]
    pub const fn offset(self, dir: Direction) -> Option<Square> {
        self.translate(dir.file_delta(), dir.rank_delta())
    }

    /// The square mirrored top-to-bottom (rank 1 <-> rank 8), matching [`crate::bits::flip_vertical`].
    #[must_use]
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::from_bits(self.0 as u8 ^ 56)
    }

    /// The square mirrored left-to-right (file a <-> file h), matching
    /// [`crate::bits::mirror_horizontal`].
    #[must_use]
    #[inline]
    pub const fn mirror_horizontal(self) -> Square {
        Square::from_bits(self.0 as u8 ^ 7)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses a file letter (`a`..`h`, either case) followed by a rank digit (`1`..`8`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let [f, r] = exact_chars::<2>(s)?;
        let file = File::from_char(f).ok_or(ParseSquareError::InvalidFile(f))?;
        let rank = Rank::from_char(r).ok_or(ParseSquareError::InvalidRank(r))?;
        Ok(Square::from_file_rank(file, rank))
    }
}

impl TryFrom<u8> for Square {
    type Error = u8;

    /// Fails with the offending index when it is 64 or more.
    fn try_from(index: u8) -> Result<Self, u8> {
        Square::new(index).ok_or(index)
    }
}

impl From<Square> for u8 {
    fn from(sq: Square) -> u8 {
        sq.to_u8()
    }
}

impl From<Square> for usize {
    fn from(sq: Square) -> usize {
        sq.index()
    }
}
