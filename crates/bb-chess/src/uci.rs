//! UCI move text: writing a [`Move`] for a position, and reading one against a position.
//!
//! Castling is written `e1g1` (the king's destination) unless the position is in Chess960
//! mode, where it is `e1h1` (king takes rook, the form `UCI_Chess960` engines use); reading
//! accepts both forms in either mode.
//!
//! ```
//! use bb_chess::{Move, Position};
//! let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
//! let m = Move::parse_uci(&pos, "e1c1").unwrap();
//! assert_eq!(m, Move::parse_uci(&pos, "e1a1").unwrap());
//! assert_eq!(m.to_uci(&pos).as_str(), "e1c1");
//! ```

use crate::moves::{Move, MoveKind};
use crate::position::{CastleSide, Position};
use crate::{Color, Piece};
use bb_core::{File, Square};
use core::fmt;

impl Move {
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

    /// Parses a UCI move and returns it if it is legal in `pos` (checked with
    /// [`Position::is_legal`], no move list). Castling may be written as the king's
    /// destination (`e1g1`, standard UCI) or as king takes rook (`e1h1`, `UCI_Chess960`), in
    /// standard chess and Chess960 alike.
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
        let legal = |kind| {
            let m = Move::new(from, to, kind);
            pos.is_legal(m).then_some(m)
        };
        if let Some(p) = promo {
            let kind = match p {
                Piece::Knight => MoveKind::PromoteKnight,
                Piece::Bishop => MoveKind::PromoteBishop,
                Piece::Rook => MoveKind::PromoteRook,
                _ => MoveKind::PromoteQueen,
            };
            return legal(kind).ok_or(UciError::Illegal);
        }
        // The move as written (castling as king takes rook), then castling written as the
        // king's destination. An ordinary move wins: in Chess960 a king's one-square step may
        // look like castling to its destination.
        if let Some(m) = legal(MoveKind::Normal)
            .or_else(|| legal(MoveKind::EnPassant))
            .or_else(|| legal(MoveKind::Castle))
        {
            return Ok(m);
        }
        let us = pos.side_to_move();
        if from == pos.king(us) && to.rank() == us.back_rank() {
            for side in CastleSide::ALL {
                if to.file() == side.king_file()
                    && let Some(rook) = pos.castling().rook(us, side)
                {
                    let m = Move::new(from, rook, MoveKind::Castle);
                    if pos.is_legal(m) {
                        return Ok(m);
                    }
                }
            }
        }
        Err(UciError::Illegal)
    }
}

/// Checks the syntax of a UCI move: `from`, `to` and an optional promotion letter.
///
/// ```
/// use bb_chess::uci::parse_uci_syntax;
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
