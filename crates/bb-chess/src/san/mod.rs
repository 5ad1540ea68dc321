//! Standard Algebraic Notation (SAN): [`Position::san`](crate::Position::san) writes a move,
//! [`Position::parse_san`](crate::Position::parse_san) reads one.
//!
//! Writing follows the PGN standard: the piece letter (none for pawns), the origin file, rank or
//! square only when another legal move of the same kind of piece reaches the same square (file
//! first, then rank, then both), `x` for captures including en passant (a pawn capture always
//! names its file), `=Q` for promotions, `O-O` / `O-O-O` for castling in standard chess and
//! Chess960 alike, and `+` or `#` after a check or a mate.
//!
//! Reading accepts that and the common variants found in files and typed by people:
//!
//! - castling with zeros or lowercase letters: `0-0`, `0-0-0`, `o-o`;
//! - promotion without `=` or in lowercase: `e8Q`, `e8=q`, `e8q`;
//! - a missing or wrong suffix, and trailing annotations: `Nf3`, `Nf3#`, `Nf3!?`, `exd6 e.p.`;
//! - more disambiguation than needed, as in long algebraic notation: `Ng1f3`, `Ng1-f3`, `e2e4`;
//! - a `P` for pawns (`Pe4`), `:` for `x`, and a missing or superfluous capture mark (`Nf3`
//!   for a capture on f3 and `Nxf3` for a quiet move both name the knight move to f3).
//!
//! It does not accept a missing promotion piece (`e8` when a pawn promotes), lowercase piece
//! letters (`nf3`; `b` is the b-file), or castling written as a king move (`Kg1`).
//!
//! ```
//! use bb_chess::{Position, SanError};
//! let pos = Position::startpos();
//! let mv = pos.parse_san("Nf3").unwrap();
//! assert_eq!(pos.san(mv).as_str(), "Nf3");
//! assert_eq!(pos.parse_san("Ng1f3"), Ok(mv));
//! assert_eq!(pos.parse_san("Nf6"), Err(SanError::IllegalMove));
//! assert_eq!(pos.parse_san("N?f3"), Err(SanError::Syntax));
//! ```

mod legal;
mod read;
mod write;

use core::fmt;

/// Longest SAN this crate writes: a piece, its origin square, `x`, a square, `=Q` and `#`.
const CAPACITY: usize = 10;

/// A move in SAN, held inline (no allocation); [`Position::san`](crate::Position::san) makes it.
///
/// ```
/// use bb_chess::{Move, MoveKind, Position, Square};
/// let pos = Position::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
/// let san = pos.san(Move::new(Square::A7, Square::A8, MoveKind::PromoteQueen));
/// assert_eq!(san.as_str(), "a8=Q+");
/// assert_eq!(san.to_string(), "a8=Q+");
/// assert_eq!(san, "a8=Q+");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct San {
    b: [u8; CAPACITY],
    len: u8,
}

impl San {
    const fn new() -> San {
        San {
            b: [0; CAPACITY],
            len: 0,
        }
    }

    /// Appends one ASCII byte; bytes beyond the capacity are dropped (the writer never makes
    /// that many).
    fn push(&mut self, c: u8) {
        if let Some(slot) = self.b.get_mut(self.len as usize) {
            *slot = c;
            self.len += 1;
        }
    }

    /// The text.
    ///
    /// ```
    /// use bb_chess::Position;
    /// let pos = Position::startpos();
    /// let e4 = pos.parse_san("e4").unwrap();
    /// assert_eq!(pos.san(e4).as_str(), "e4");
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever pushed.
        core::str::from_utf8(self.b.get(..self.len as usize).unwrap_or(&[])).unwrap_or("")
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for San {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for San {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// Why a SAN move could not be read (or, for [`Position::try_san`](crate::Position::try_san),
/// written).
///
/// ```
/// use bb_chess::{Position, SanError};
/// // Two knights can reach d2.
/// let pos = Position::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
/// assert_eq!(pos.parse_san("Nd2"), Err(SanError::Ambiguous));
/// assert!(pos.parse_san("Nbd2").is_ok());
/// assert_eq!(pos.parse_san("Nd3"), Err(SanError::IllegalMove));
/// assert_eq!(pos.parse_san(""), Err(SanError::Empty));
/// assert_eq!(pos.parse_san("Nz9"), Err(SanError::Syntax));
/// assert_eq!(SanError::Ambiguous.to_string(), "SAN: several legal moves match");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SanError {
    /// Nothing but whitespace and annotations.
    Empty,
    /// Not a move in SAN or one of the accepted variants.
    Syntax,
    /// Well formed, but no legal move of the position matches (also: the move given to
    /// [`Position::try_san`](crate::Position::try_san) is not legal).
    IllegalMove,
    /// Well formed, but several legal moves match (the origin is missing or too vague).
    Ambiguous,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SanError::Empty => "SAN: empty move",
            SanError::Syntax => "SAN: not a move in standard algebraic notation",
            SanError::IllegalMove => "SAN: no legal move matches",
            SanError::Ambiguous => "SAN: several legal moves match",
        })
    }
}

impl core::error::Error for SanError {}
