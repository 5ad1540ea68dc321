//! [`Move`]: a chess move in 16 bits, with UCI text in and out.
//!
//! Castling is stored as "king takes own rook" (from = king square, to = rook square), which
//! covers Chess960 without special cases; UCI output writes the standard `e1g1` form unless
//! the position is in Chess960 mode, where it writes `e1h1` (the form UCI_Chess960 engines use).
//! UCI input accepts both forms in either mode.
//!
//! ```
//! use bb_chess::{Move, MoveKind, Position};
//! let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
//! let a = Move::parse_uci(&pos, "e1g1").unwrap();
//! let b = Move::parse_uci(&pos, "e1h1").unwrap();
//! assert_eq!(a, b);
//! assert_eq!(a.kind(), MoveKind::Castle);
//! assert_eq!(a.to_uci(&pos).as_str(), "e1g1");
//! ```

use crate::Piece;
use bb_core::Square;
use core::fmt;

/// What kind of move: ordinary, en passant, castling or a promotion.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// Any move that is not one of the others (including captures and double pushes).
    Normal = 0,
    /// En-passant capture; `to` is the empty en-passant square.
    EnPassant = 1,
    /// Castling; `from` is the king, `to` the castling rook.
    Castle = 2,
    /// Promotion to a knight.
    PromoteKnight = 4,
    /// Promotion to a bishop.
    PromoteBishop = 5,
    /// Promotion to a rook.
    PromoteRook = 6,
    /// Promotion to a queen.
    PromoteQueen = 7,
}

impl MoveKind {
    /// The promotion piece, if any.
    #[inline(always)]
    #[must_use]
    pub const fn promotion(self) -> Option<Piece> {
        match self {
            MoveKind::PromoteKnight => Some(Piece::Knight),
            MoveKind::PromoteBishop => Some(Piece::Bishop),
            MoveKind::PromoteRook => Some(Piece::Rook),
            MoveKind::PromoteQueen => Some(Piece::Queen),
            _ => None,
        }
    }

    const fn from_bits(b: u16) -> MoveKind {
        match b & 7 {
            1 => MoveKind::EnPassant,
            2 => MoveKind::Castle,
            4 => MoveKind::PromoteKnight,
            5 => MoveKind::PromoteBishop,
            6 => MoveKind::PromoteRook,
            7 => MoveKind::PromoteQueen,
            _ => MoveKind::Normal,
        }
    }
}

/// A move in 16 bits: `from` in bits 0-5, `to` in bits 6-11, [`MoveKind`] in bits 12-14.
///
/// ```
/// use bb_chess::{Move, MoveKind};
/// use bb_core::Square;
/// let m = Move::new(Square::E7, Square::E8, MoveKind::PromoteQueen);
/// assert_eq!((m.from(), m.to(), m.kind()), (Square::E7, Square::E8, MoveKind::PromoteQueen));
/// assert_eq!(core::mem::size_of::<Move>(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Move(u16);

impl Move {
    /// A move from its parts.
    #[inline(always)]
    #[must_use]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.to_u8() as u16 | (to.to_u8() as u16) << 6 | (kind as u16) << 12)
    }

    #[inline(always)]
    pub(crate) const fn from_raw(from: u32, to: u32, kind: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | kind << 12)
    }

    /// The 16-bit encoding.
    #[must_use]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// The move with this 16-bit encoding, e.g. read back from a transposition table. Every
    /// value is a `Move` and every accessor reads any of them without panicking: kind value 3
    /// reads as [`MoveKind::Normal`] and bit 15 is ignored by [`Move::kind`], but
    /// [`Position::is_legal`](crate::Position::is_legal) rejects both, since no generated move
    /// has them. `Move::from_bits(m.to_bits()) == m`.
    ///
    /// ```
    /// use bb_chess::{Move, MoveKind, Position, Square};
    /// let m = Move::new(Square::G1, Square::F3, MoveKind::Normal);
    /// assert_eq!(Move::from_bits(m.to_bits()), m);
    /// let garbage = Move::from_bits(0xFFFF);
    /// assert_eq!(garbage.kind(), MoveKind::PromoteQueen);
    /// assert!(!Position::startpos().is_legal(garbage));
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }

    /// The origin square (the king for castling).
    #[inline(always)]
    #[must_use]
    pub const fn from(self) -> Square {
        Square::new_masked((self.0 & 63) as u8)
    }

    /// The destination square (the castling rook for castling).
    #[inline(always)]
    #[must_use]
    pub const fn to(self) -> Square {
        Square::new_masked(((self.0 >> 6) & 63) as u8)
    }

    /// The kind.
    #[inline(always)]
    #[must_use]
    pub const fn kind(self) -> MoveKind {
        MoveKind::from_bits(self.0 >> 12)
    }
}

impl fmt::Display for Move {
    /// The move as stored, in UCI letters: `from`, `to` and a promotion letter (`e2e4`,
    /// `e7e8q`). Castling shows king takes rook (`e1h1`, the `UCI_Chess960` form), since a
    /// `Move` does not know whether its position is Chess960;
    /// [`Move::to_uci`](crate::Move::to_uci) writes the form a position's mode calls for.
    ///
    /// ```
    /// use bb_chess::{Move, MoveKind, Square};
    /// assert_eq!(Move::new(Square::E7, Square::E8, MoveKind::PromoteKnight).to_string(), "e7e8n");
    /// assert_eq!(Move::new(Square::E1, Square::H1, MoveKind::Castle).to_string(), "e1h1");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        match self.kind().promotion() {
            Some(p) => write!(f, "{}", p.to_char()),
            None => Ok(()),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({}{} {:?})", self.from(), self.to(), self.kind())
    }
}
