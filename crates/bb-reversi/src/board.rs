//! A minimal reversi board: player to move and opponent bitboards, and its validity contract.

use bb_core::{Bitboard, Square};
use bb_simd::Backend;
use core::fmt;

/// A position: `p` = discs of the player to move, `o` = discs of the opponent (a1 = bit 0).
///
/// # Validity
///
/// A board is *valid* when no square holds discs of both sides (`p & o == 0`); nothing else is
/// required. An empty board, or one without the four centre discs, is a position a solver or
/// perft can start from (it ends the game at once, or goes on from whatever discs there are),
/// so it is valid.
///
/// Valid boards come out of every constructor and parser: [`Board::new`] (which rejects an
/// overlap with [`BoardError`]), [`Board::START`], [`FromStr`](core::str::FromStr) and the OBF
/// parser (a character per square, so they cannot overlap), and [`Board::play`] /
/// [`Board::play_with`] of a valid board. The fields stay public so that engines read and
/// build boards in their hot loops at no cost; a struct literal can therefore make an
/// overlapping board, and [`Board::validate`] / [`Board::is_valid`] check one.
///
/// The kernels ([`moves`](Board::moves), [`flip`](Board::flip), [`play`](Board::play),
/// [`stability`](Board::stability), [`count_last_flip`](Board::count_last_flip),
/// [`pass`](Board::pass), [`is_game_over`](Board::is_game_over), [`hash64`](Board::hash64),
/// [`canonical`](Board::canonical) and their `_with` forms) are total functions of any pair of
/// bitboards: they never panic nor loop, and on an overlapping board their result is simply
/// meaningless. The entry points that search a tree or keep a game, where an overlap would
/// give a wrong answer with no sign of it, check the board first and return [`BoardError`]:
/// the [`perft`](crate::perft) functions, [`Game::from_board`](crate::game::Game::from_board)
/// and the solver.
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
    /// The board with player discs `p` and opponent discs `o`, checked: a square in both is an
    /// error.
    ///
    /// # Errors
    /// [`BoardError::Overlap`] with the squares that hold discs of both sides.
    ///
    /// ```
    /// use bb_reversi::{Board, BoardError};
    /// let b = Board::new(0x0000_0008_1000_0000, 0x0000_0010_0800_0000).unwrap();
    /// assert_eq!(b, Board::START);
    /// assert_eq!(Board::new(0b11, 0b10), Err(BoardError::Overlap(0b10)));
    /// ```
    #[inline]
    pub const fn new(p: u64, o: u64) -> Result<Board, BoardError> {
        Board { p, o }.validate()
    }

    /// This board if it is valid (no square in both `p` and `o`), else the error: for boards
    /// built from the public fields, before handing them to code that assumes validity.
    ///
    /// # Errors
    /// [`BoardError::Overlap`] with the squares that hold discs of both sides.
    ///
    /// ```
    /// use bb_reversi::Board;
    /// let from_engine = Board { p: 0xFFFF, o: 0xFF };
    /// assert!(from_engine.validate().is_err());
    /// assert_eq!(Board::START.validate(), Ok(Board::START));
    /// ```
    #[inline]
    pub const fn validate(self) -> Result<Board, BoardError> {
        let both = self.p & self.o;
        if both == 0 {
            Ok(self)
        } else {
            Err(BoardError::Overlap(both))
        }
    }

    /// No square holds discs of both sides (see [Validity](Board#validity)).
    ///
    /// ```
    /// use bb_reversi::Board;
    /// assert!(Board::START.is_valid());
    /// assert!(Board::default().is_valid()); // empty: valid, the game is over
    /// assert!(!Board { p: 1, o: 1 }.is_valid());
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_valid(self) -> bool {
        self.p & self.o == 0
    }

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
    pub(crate) fn after(self, sq: Square, f: u64) -> Board {
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

    /// A 64-bit key of the board for transposition tables and books: the same value on every
    /// backend and platform ([`hash`](crate::hash): two chained 128-bit multiplies, each
    /// folded to 64 bits; no table).
    ///
    /// ```
    /// use bb_reversi::Board;
    /// let mut table = vec![(0u64, 0i8); 1 << 16];
    /// let b = Board::START;
    /// let key = b.hash64();
    /// table[(key >> 48) as usize] = (key, 4); // an index from the high bits, the key to verify
    /// assert_eq!(table[(b.hash64() >> 48) as usize], (key, 4));
    /// assert_ne!(b.pass().hash64(), key); // the side to move is part of the key
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn hash64(self) -> u64 {
        crate::hash::hash64(self.p, self.o)
    }

    /// The canonical form under the 8 symmetries, on the best backend: the least of the 8
    /// images of the board in `(p, o)` order, and the symmetry that maps this board to it
    /// (the first in [`Symmetry::ALL`](crate::symmetry::Symmetry::ALL) order when several do).
    /// Equivalent boards have the same canonical form: an opening book keyed by
    /// `canonical().0.hash64()` finds a position whichever way the board is turned; a move
    /// stored for the canonical board maps back with the inverse symmetry.
    ///
    /// ```
    /// use bb_reversi::{Board, Square, symmetry::Symmetry};
    /// let board = Board::START.play(Square::C4).unwrap();
    /// let (key, s) = board.canonical();
    /// assert_eq!(s.apply_board(board), key);
    /// let turned = Symmetry::Rotate90.apply_board(board);
    /// assert_eq!(turned.canonical().0, key);
    /// // A best move stored on `key` (any of its legal moves here), played on `board`:
    /// let stored = key.moves().trailing_zeros() as u8;
    /// let mv = s.inverse().apply_square(Square::new_masked(stored));
    /// assert!(board.play(mv).is_some());
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn canonical(self) -> (Board, crate::symmetry::Symmetry) {
        bb_simd::auto!(move |b| crate::symmetry::canonical_board(b, self))
    }

    /// [`Board::canonical`] with backend `b` (the symmetry kernels of
    /// [`symmetry`](crate::symmetry), one transpose per side).
    #[must_use]
    #[inline(always)]
    pub fn canonical_with<B: Backend>(self, b: B) -> (Board, crate::symmetry::Symmetry) {
        crate::symmetry::canonical_board(b, self)
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

/// Why a pair of bitboards is not a valid [`Board`] (see [Validity](Board#validity)).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum BoardError {
    /// These squares (never 0) hold discs of both the player to move and the opponent.
    Overlap(u64),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BoardError::Overlap(both) => {
                f.write_str("squares with discs of both sides:")?;
                for sq in Bitboard(both) {
                    write!(f, " {sq}")?;
                }
                Ok(())
            }
        }
    }
}

impl core::error::Error for BoardError {}

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
    /// opponent, `-` (or `.`) = empty. One character per square: the result is always valid.
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
