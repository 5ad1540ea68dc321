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

use crate::movegen::MoveList;
use crate::position::{CastleSide, Color, Piece, Position};
use bb_core::{File, Square};
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

    /// Writes the move in UCI notation for `pos` (the position it is played from); castling
    /// follows [`Position::is_chess960`].
    #[must_use]
    pub fn to_uci(self, pos: &Position) -> UciString {
        self.uci(pos.is_chess960(), pos.side_to_move())
    }

    /// UCI text; `chess960` selects king-takes-rook castling.
    #[must_use]
    pub fn uci(self, chess960: bool, side: Color) -> UciString {
        let from = self.from();
        let mut to = self.to();
        if self.kind() == MoveKind::Castle && !chess960 {
            let cs = if to > from {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            to = Square::from_file_rank(cs.king_file(), side.back_rank());
        }
        let mut b = [0u8; 5];
        b[0] = from.file().to_char() as u8;
        b[1] = from.rank().to_char() as u8;
        b[2] = to.file().to_char() as u8;
        b[3] = to.rank().to_char() as u8;
        let len = match self.kind().promotion() {
            Some(p) => {
                b[4] = p.to_char() as u8;
                5
            }
            None => 4,
        };
        UciString { b, len: len as u8 }
    }

    /// Parses a UCI move and finds it among the legal moves of `pos`. Castling may be written
    /// as the king's two-square move (`e1g1`) or as king takes rook (`e1h1`).
    ///
    /// ```
    /// use bb_chess::{Move, Position, UciError};
    /// let pos = Position::startpos();
    /// assert!(Move::parse_uci(&pos, "g1f3").is_ok());
    /// assert_eq!(Move::parse_uci(&pos, "e2e5"), Err(UciError::Illegal));
    /// assert_eq!(Move::parse_uci(&pos, "e2e4x"), Err(UciError::BadPromotion));
    /// ```
    pub fn parse_uci(pos: &Position, s: &str) -> Result<Move, UciError> {
        let (from, to, promo) = parse_uci_syntax(s)?;
        let list = MoveList::legal(pos);
        let side = pos.side_to_move();
        // An ordinary move wins over castling written as the king's destination (in Chess960
        // a king's one-square step may look like that), so exact matches come first.
        if let Some(&m) = list
            .iter()
            .find(|m| m.from() == from && m.to() == to && m.kind().promotion() == promo)
        {
            return Ok(m);
        }
        if promo.is_none() {
            for &m in list
                .iter()
                .filter(|m| m.kind() == MoveKind::Castle && m.from() == from)
            {
                let cs = if m.to() > m.from() {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                if Square::from_file_rank(cs.king_file(), side.back_rank()) == to {
                    return Ok(m);
                }
            }
        }
        Err(UciError::Illegal)
    }
}

/// Checks the syntax of a UCI move: `from`, `to` and an optional promotion letter.
///
/// ```
/// use bb_chess::moves::parse_uci_syntax;
/// use bb_chess::Piece;
/// use bb_core::Square;
/// assert_eq!(parse_uci_syntax("a7a8q"), Ok((Square::A7, Square::A8, Some(Piece::Queen))));
/// ```
pub fn parse_uci_syntax(s: &str) -> Result<(Square, Square, Option<Piece>), UciError> {
    let b = s.as_bytes();
    if b.len() != 4 && b.len() != 5 {
        return Err(UciError::Length);
    }
    let sq = |f: u8, r: u8| -> Option<Square> {
        let file = File::from_char(f as char)?;
        let rank = bb_core::Rank::from_char(r as char)?;
        Some(Square::from_file_rank(file, rank))
    };
    let from = sq(b[0], b[1]).ok_or(UciError::BadFrom)?;
    let to = sq(b[2], b[3]).ok_or(UciError::BadTo)?;
    let promo = if b.len() == 5 {
        match b[4] {
            b'n' => Some(Piece::Knight),
            b'b' => Some(Piece::Bishop),
            b'r' => Some(Piece::Rook),
            b'q' => Some(Piece::Queen),
            _ => return Err(UciError::BadPromotion),
        }
    } else {
        None
    };
    Ok((from, to, promo))
}

/// Why a UCI move did not parse.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum UciError {
    /// Not 4 or 5 bytes long.
    Length,
    /// The first two characters are not a square.
    BadFrom,
    /// Characters 3 and 4 are not a square.
    BadTo,
    /// The fifth character is not `n`, `b`, `r` or `q`.
    BadPromotion,
    /// Well formed but not a legal move in the position.
    Illegal,
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UciError::Length => "UCI move: expected 4 or 5 characters",
            UciError::BadFrom => "UCI move: characters 1-2 are not a square",
            UciError::BadTo => "UCI move: characters 3-4 are not a square",
            UciError::BadPromotion => "UCI move: promotion must be one of n, b, r, q",
            UciError::Illegal => "UCI move: not legal in this position",
        })
    }
}

impl core::error::Error for UciError {}

/// UCI move text held inline (4 or 5 bytes).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct UciString {
    b: [u8; 5],
    len: u8,
}

impl UciString {
    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        core::str::from_utf8(&self.b[..self.len as usize]).unwrap_or("")
    }
}

impl fmt::Display for UciString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for UciString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({}{} {:?})", self.from(), self.to(), self.kind())
    }
}
