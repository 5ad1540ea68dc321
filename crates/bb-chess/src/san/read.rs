//! Reading SAN, strict and lenient (the accepted forms are listed in the module docs).

use super::{SanError, legal};
use crate::{Bitboard, Color, File, Move, MoveKind, Piece, Position, Rank, Square};

/// What a SAN string says, before it is matched against the legal moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Parsed {
    /// `O-O` (king side, `true`) or `O-O-O`.
    Castle { king_side: bool },
    /// Any other move.
    Normal {
        piece: Piece,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
        promotion: Option<Piece>,
    },
}

/// Removes trailing whitespace, check and mate marks, annotation glyphs and `e.p.`.
fn strip_suffixes(mut b: &[u8]) -> &[u8] {
    loop {
        let before = b.len();
        while let [rest @ .., c] = b {
            if matches!(c, b'+' | b'#' | b'!' | b'?') || c.is_ascii_whitespace() {
                b = rest;
            } else {
                break;
            }
        }
        if let Some(rest) = b.strip_suffix(b"e.p.") {
            b = rest;
        }
        if b.len() == before {
            return b;
        }
    }
}

fn castle(b: &[u8]) -> Option<Parsed> {
    let is_o = |c: &u8| matches!(c, b'O' | b'o' | b'0');
    match b {
        [a, b'-', c] if is_o(a) && is_o(c) => Some(Parsed::Castle { king_side: true }),
        [a, b'-', c, b'-', d] if is_o(a) && is_o(c) && is_o(d) => {
            Some(Parsed::Castle { king_side: false })
        }
        _ => None,
    }
}

fn promotion_piece(c: u8) -> Option<Piece> {
    match c.to_ascii_uppercase() {
        b'N' => Some(Piece::Knight),
        b'B' => Some(Piece::Bishop),
        b'R' => Some(Piece::Rook),
        b'Q' => Some(Piece::Queen),
        _ => None,
    }
}

fn file_of(c: u8) -> Option<File> {
    File::from_char(c as char).filter(|_| c.is_ascii_lowercase())
}

fn rank_of(c: u8) -> Option<Rank> {
    Rank::from_char(c as char)
}

/// The syntax of a SAN move (with the lenient variants), read from its end: promotion,
/// destination, then what precedes it.
fn parse(s: &str) -> Result<Parsed, SanError> {
    let mut b = strip_suffixes(s.trim_ascii_start().as_bytes());
    if b.is_empty() {
        return Err(SanError::Empty);
    }
    if let Some(c) = castle(b) {
        return Ok(c);
    }
    let mut promotion = None;
    if let [rest @ .., x, c] = b
        && let Some(p) = promotion_piece(*c)
        && (x.is_ascii_digit() || *x == b'=')
    {
        promotion = Some(p);
        // Drop the letter, and the `=` before it if there is one.
        b = if *x == b'=' {
            rest
        } else {
            b.split_last().map_or(b, |(_, r)| r)
        };
    }
    parse_rest(b, promotion)
}

fn parse_rest(b: &[u8], promotion: Option<Piece>) -> Result<Parsed, SanError> {
    let [head @ .., f, r] = b else {
        return Err(SanError::Syntax);
    };
    let (Some(tf), Some(tr)) = (file_of(*f), rank_of(*r)) else {
        return Err(SanError::Syntax);
    };
    let to = Square::from_file_rank(tf, tr);
    let (piece, mut mid) = match head {
        [c, rest @ ..] if c.is_ascii_uppercase() => match Piece::from_char(*c as char) {
            Some(p) => (p, rest),
            None => return Err(SanError::Syntax),
        },
        _ => (Piece::Pawn, head),
    };
    if let [rest @ .., b'x' | b':' | b'-'] = mid {
        mid = rest;
    }
    let (mut file, mut rank) = (None, None);
    if let [c, rest @ ..] = mid
        && let Some(x) = file_of(*c)
    {
        file = Some(x);
        mid = rest;
    }
    if let [c, rest @ ..] = mid
        && let Some(x) = rank_of(*c)
    {
        rank = Some(x);
        mid = rest;
    }
    if !mid.is_empty() || (promotion.is_some() && piece != Piece::Pawn) {
        return Err(SanError::Syntax);
    }
    Ok(Parsed::Normal {
        piece,
        file,
        rank,
        to,
        promotion,
    })
}

impl Position {
    /// Reads a move in SAN (or one of the common variants listed in the [`san`](crate::san)
    /// module docs) and returns the legal move it names.
    ///
    /// # Errors
    ///
    /// [`SanError::Empty`], [`SanError::Syntax`], [`SanError::IllegalMove`] when no legal move
    /// matches, [`SanError::Ambiguous`] when several do. No input panics.
    ///
    /// ```
    /// use bb_chess::{MoveKind, Position, SanError};
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let castle = pos.parse_san("O-O").unwrap();
    /// assert_eq!(castle.kind(), MoveKind::Castle);
    /// assert_eq!(pos.parse_san("0-0"), Ok(castle));
    /// assert_eq!(pos.parse_san("O-O+!"), Ok(castle));
    /// assert_eq!(pos.parse_san("Rxa8"), pos.parse_san("Rxa8+"));
    /// assert_eq!(pos.parse_san("Rc3"), Err(SanError::IllegalMove));
    /// ```
    pub fn parse_san(&self, s: &str) -> Result<Move, SanError> {
        match parse(s)? {
            Parsed::Castle { king_side } => {
                let mut found = None;
                for &m in self.legal_moves().iter() {
                    if m.kind() == MoveKind::Castle && (m.to() > m.from()) == king_side {
                        found = Some(m);
                    }
                }
                found.ok_or(SanError::IllegalMove)
            }
            Parsed::Normal {
                piece: Piece::Pawn,
                file,
                rank,
                to,
                promotion,
            } => self.find_pawn_move(file, rank, to, promotion),
            Parsed::Normal {
                piece,
                file,
                rank,
                to,
                ..
            } => self.find_piece_move(piece, file, rank, to),
        }
    }

    /// The legal move of a piece other than a pawn to `to` that SAN describes.
    fn find_piece_move(
        &self,
        piece: Piece,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
    ) -> Result<Move, SanError> {
        let us = self.side_to_move();
        if self.piece_at(to).is_some_and(|(c, _)| c == us) {
            return Err(SanError::IllegalMove);
        }
        let mut sources = legal::piece_sources(self, piece, to);
        if let Some(f) = file {
            sources &= f.mask();
        }
        if let Some(r) = rank {
            sources &= r.mask();
        }
        let mut found = None;
        for from in Bitboard(sources) {
            let safe = if piece == Piece::King {
                legal::king_step_is_safe(self, to)
            } else {
                legal::piece_move_is_safe(self, from, to)
            };
            if safe {
                if found.is_some() {
                    return Err(SanError::Ambiguous);
                }
                found = Some(Move::new(from, to, MoveKind::Normal));
            }
        }
        found.ok_or(SanError::IllegalMove)
    }

    /// The legal pawn move to `to` that SAN describes: a push when no other file is named,
    /// else a capture from that file.
    fn find_pawn_move(
        &self,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
        promotion: Option<Piece>,
    ) -> Result<Move, SanError> {
        let us = self.side_to_move();
        let last = match us {
            Color::White => Rank::R8,
            Color::Black => Rank::R1,
        };
        if (to.rank() == last) != promotion.is_some() {
            return Err(SanError::IllegalMove);
        }
        let kind = match promotion {
            None => MoveKind::Normal,
            Some(Piece::Knight) => MoveKind::PromoteKnight,
            Some(Piece::Bishop) => MoveKind::PromoteBishop,
            Some(Piece::Rook) => MoveKind::PromoteRook,
            Some(_) => MoveKind::PromoteQueen,
        };
        let our_pawn = |sq: Square| self.piece_at(sq) == Some((us, Piece::Pawn));
        let target = self.piece_at(to);
        let behind = legal::behind(us, to).ok_or(SanError::IllegalMove)?;
        let (from, kind) = match file {
            Some(f) if f != to.file() => {
                if f.index().abs_diff(to.file().index()) != 1 {
                    return Err(SanError::IllegalMove);
                }
                let from = Square::from_file_rank(f, behind.rank());
                match target {
                    Some((c, _)) if c != us && our_pawn(from) => (from, kind),
                    None if our_pawn(from) && self.ep_square() == Some(to) => {
                        // En passant can uncover a check along the rank; the generator knows.
                        let ep = Move::new(from, to, MoveKind::EnPassant);
                        return if self.legal_moves().contains(&ep) {
                            Ok(ep)
                        } else {
                            Err(SanError::IllegalMove)
                        };
                    }
                    _ => return Err(SanError::IllegalMove),
                }
            }
            _ => {
                if target.is_some() {
                    return Err(SanError::IllegalMove);
                }
                let double_rank = match us {
                    Color::White => Rank::R4,
                    Color::Black => Rank::R5,
                };
                if our_pawn(behind) {
                    (behind, kind)
                } else if to.rank() == double_rank && self.piece_at(behind).is_none() {
                    match legal::behind(us, behind) {
                        Some(from) if our_pawn(from) => (from, kind),
                        _ => return Err(SanError::IllegalMove),
                    }
                } else {
                    return Err(SanError::IllegalMove);
                }
            }
        };
        if rank.is_some_and(|r| r != from.rank()) || !legal::piece_move_is_safe(self, from, to) {
            return Err(SanError::IllegalMove);
        }
        Ok(Move::new(from, to, kind))
    }
}
