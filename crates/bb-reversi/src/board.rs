//! A minimal reversi board: player to move and opponent bitboards.

use bb_core::Square;
use bb_simd::Backend;
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

impl Board {
    /// The standard start position, black (`X`) to move: black on d5 and e4, white on d4 and e5.
    pub const START: Board = Board {
        p: Square::D5.bit() | Square::E4.bit(),
        o: Square::D4.bit() | Square::E5.bit(),
    };

    /// The legal moves of the player to move, on the best backend ([`bb_simd::auto!`]).
    #[must_use]
    #[inline(always)]
    pub fn moves(self) -> u64 {
        let (p, o) = (self.p, self.o);
        bb_simd::auto!(move |b| crate::mobility::mobility(b, p, o))
    }

    /// [`Board::moves`] with backend `b` (the default [`mobility`](crate::mobility::mobility)
    /// kernel).
    #[must_use]
    #[inline(always)]
    pub fn moves_with<B: Backend>(self, b: B) -> u64 {
        crate::mobility::mobility(b, self.p, self.o)
    }

    /// The number of legal moves of the player to move, on the best backend.
    #[must_use]
    #[inline(always)]
    pub fn mobility(self) -> u32 {
        self.moves().count_ones()
    }

    /// [`Board::mobility`] with backend `b`.
    #[must_use]
    #[inline(always)]
    pub fn mobility_with<B: Backend>(self, b: B) -> u32 {
        b.popcnt(self.moves_with(b))
    }

    /// The opponent discs that playing `sq` would flip, on the best backend; 0 when `sq` is
    /// occupied or flips nothing (an illegal move).
    #[must_use]
    #[inline(always)]
    pub fn flip(self, sq: Square) -> u64 {
        if (self.p | self.o) & sq.bit() != 0 {
            return 0;
        }
        let (p, o) = (self.p, self.o);
        bb_simd::auto!(move |b| crate::flip::flip(b, sq, p, o))
    }

    /// [`Board::flip`] with backend `b` (the default [`flip`](crate::flip::flip) kernel).
    #[must_use]
    #[inline(always)]
    pub fn flip_with<B: Backend>(self, b: B, sq: Square) -> u64 {
        if (self.p | self.o) & sq.bit() != 0 {
            return 0;
        }
        crate::flip::flip(b, sq, self.p, self.o)
    }

    /// Plays `sq` for the player to move, on the best backend; `None` if the move is illegal
    /// (occupied square or nothing flipped). The result has the sides swapped.
    #[must_use]
    #[inline(always)]
    pub fn play(self, sq: Square) -> Option<Board> {
        let f = self.flip(sq);
        (f != 0).then_some(self.after(sq, f))
    }

    /// [`Board::play`] with backend `b`.
    #[must_use]
    #[inline(always)]
    pub fn play_with<B: Backend>(self, b: B, sq: Square) -> Option<Board> {
        let f = self.flip_with(b, sq);
        (f != 0).then_some(self.after(sq, f))
    }

    /// [`Board::play`] for a move known to be legal (a square of [`moves`](Board::moves)), on
    /// the best backend; see [`Board::play_legal_with`].
    #[must_use]
    #[inline(always)]
    pub fn play_legal(self, sq: Square) -> Board {
        let (p, o) = (self.p, self.o);
        self.after(sq, bb_simd::auto!(move |b| crate::flip::flip(b, sq, p, o)))
    }

    /// [`Board::play_with`] for a move known to be legal (a square of
    /// [`moves_with`](Board::moves_with)): no occupancy test and no `Option`, so a search that
    /// plays the squares of its own move list pays only the flip. On any other square the
    /// result is not a position of the game (it never panics).
    ///
    /// ```
    /// use bb_reversi::{Bitboard, Board};
    /// let start = Board::START;
    /// let replies = bb_reversi::dispatch!(|b| {
    ///     let mut n = 0;
    ///     for sq in Bitboard(start.moves_with(b)) {
    ///         n += start.play_legal_with(b, sq).moves_with(b).count_ones();
    ///     }
    ///     n
    /// });
    /// assert_eq!(replies, 12); // perft 2 from the start
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn play_legal_with<B: Backend>(self, b: B, sq: Square) -> Board {
        self.after(sq, crate::flip::flip(b, sq, self.p, self.o))
    }

    /// The position after the player to move plays `sq` flipping `f` (sides swapped).
    #[inline(always)]
    fn after(self, sq: Square, f: u64) -> Board {
        Board {
            p: self.o ^ f,
            o: self.p | f | sq.bit(),
        }
    }

    /// Discs of the player to move that can never be flipped (a lower bound of the truly
    /// stable set: edges, full lines and their neighbours), on the best backend.
    #[must_use]
    #[inline(always)]
    pub fn stability(self) -> u64 {
        let (p, o) = (self.p, self.o);
        bb_simd::auto!(move |b| crate::stability::stability(b, p, o))
    }

    /// [`Board::stability`] with backend `b` (the default
    /// [`stability`](crate::stability::stability) kernel).
    #[must_use]
    #[inline(always)]
    pub fn stability_with<B: Backend>(self, b: B) -> u64 {
        crate::stability::stability(b, self.p, self.o)
    }

    /// On a board whose only empty square is `sq`: how many discs the player to move flips by
    /// playing there (0 if the move is illegal), on the best backend. The solver scores its
    /// last move with this instead of a full flip.
    #[must_use]
    #[inline(always)]
    pub fn count_last_flip(self, sq: Square) -> u32 {
        let p = self.p;
        bb_simd::auto!(move |b| crate::last_flip::count_last_flip(b, sq, p))
    }

    /// [`Board::count_last_flip`] with backend `b`.
    #[must_use]
    #[inline(always)]
    pub fn count_last_flip_with<B: Backend>(self, b: B, sq: Square) -> u32 {
        crate::last_flip::count_last_flip(b, sq, self.p)
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
