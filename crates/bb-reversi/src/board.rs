//! A minimal reversi board: player to move and opponent bitboards.

use bb_core::Square;
use core::fmt;

/// A position: `p` = discs of the player to move, `o` = discs of the opponent (a1 = bit 0).
///
/// ```
/// use bb_reversi::Board;
/// let b = Board::START;
/// assert_eq!(b.moves().count_ones(), 4);
/// let next = b.play("f5".parse().unwrap()).unwrap();
/// assert_eq!(next.o.count_ones(), 4); // the mover's discs, now the opponent's
/// assert!(b.play("a1".parse().unwrap()).is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    /// Discs of the player to move.
    pub p: u64,
    /// Discs of the opponent.
    pub o: u64,
}

const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

impl Board {
    /// The standard start position, black (`X`) to move: black on d5 and e4, white on d4 and e5.
    pub const START: Board = Board {
        p: Square::D5.bit() | Square::E4.bit(),
        o: Square::D4.bit() | Square::E5.bit(),
    };

    /// The legal moves of the player to move (shift repetition in the 8 directions).
    #[must_use]
    pub fn moves(self) -> u64 {
        let empty = !(self.p | self.o);
        let mut m = 0;
        // (shift, mask applied after shifting left / right)
        for (s, ml, mr) in [
            (1, NOT_A, NOT_H),
            (8, !0, !0),
            (9, NOT_A, NOT_H),
            (7, NOT_H, NOT_A),
        ] {
            let ol = self.o & ml;
            let or = self.o & mr;
            let mut fl = (self.p << s) & ol;
            let mut fr = (self.p >> s) & or;
            for _ in 0..5 {
                fl |= (fl << s) & ol;
                fr |= (fr >> s) & or;
            }
            m |= ((fl << s) & ml) | ((fr >> s) & mr);
        }
        m & empty
    }

    /// Plays `sq` for the player to move; `None` if the move is illegal (occupied square or
    /// nothing flipped). The result has the sides swapped.
    #[must_use]
    pub fn play(self, sq: Square) -> Option<Board> {
        if (self.p | self.o) & sq.bit() != 0 {
            return None;
        }
        let f = crate::flip::flip(bb_simd::Scalar, sq, self.p, self.o);
        (f != 0).then_some(Board {
            p: self.o ^ f,
            o: self.p | f | sq.bit(),
        })
    }

    /// Passes: the same discs, sides swapped.
    #[must_use]
    pub fn pass(self) -> Board {
        Board {
            p: self.o,
            o: self.p,
        }
    }

    /// Neither side can move.
    #[must_use]
    pub fn is_game_over(self) -> bool {
        self.moves() == 0 && self.pass().moves() == 0
    }
}

/// Why a board string did not parse.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ParseBoardError {
    /// The string does not have exactly 64 characters; holds the count.
    Length(usize),
    /// The character at this (character) position is not `X`, `O` or `-`.
    BadChar {
        /// 0-based position, which is also the square index.
        index: usize,
        /// The offending character.
        found: char,
    },
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseBoardError::Length(n) => write!(f, "board string has {n} characters, expected 64"),
            ParseBoardError::BadChar { index, found } => {
                write!(
                    f,
                    "character {found:?} at position {index} is not 'X', 'O' or '-'"
                )
            }
        }
    }
}

impl core::error::Error for ParseBoardError {}

impl core::str::FromStr for Board {
    type Err = ParseBoardError;

    /// Parses 64 characters, a1 first (a1, b1, ... h1, a2, ...): `X` = player to move, `O` =
    /// opponent, `-` (or `.`) = empty.
    ///
    /// ```
    /// use bb_reversi::{Board, ParseBoardError};
    /// let s = Board::START.to_string();
    /// assert_eq!(s.parse::<Board>(), Ok(Board::START));
    /// assert_eq!("X".parse::<Board>(), Err(ParseBoardError::Length(1)));
    /// ```
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        let n = s.chars().count();
        if n != 64 {
            return Err(ParseBoardError::Length(n));
        }
        let mut b = Board::default();
        for (index, c) in s.chars().enumerate() {
            let bit = 1u64 << index;
            match c {
                'X' | 'x' => b.p |= bit,
                'O' | 'o' => b.o |= bit,
                '-' | '.' => {}
                found => return Err(ParseBoardError::BadChar { index, found }),
            }
        }
        Ok(b)
    }
}

impl fmt::Display for Board {
    /// 64 characters, a1 first; `X` = player to move, `O` = opponent, `-` = empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..64 {
            let bit = 1u64 << i;
            let c = if self.p & bit != 0 {
                'X'
            } else if self.o & bit != 0 {
                'O'
            } else {
                '-'
            };
            fmt::Write::write_char(f, c)?;
        }
        Ok(())
    }
}
