//! Writing SAN.

use super::{San, SanError, legal};
use crate::{Bitboard, Color, Move, MoveKind, Piece, Position, Rank, Square};

impl Position {
    /// The move `mv` in SAN, with its `+` or `#` suffix.
    ///
    /// `mv` must be legal here (from [`Position::legal_moves`], [`Position::parse_san`] or
    /// [`Move::parse_uci`]). For any other move the text is unspecified (it describes the
    /// move's squares as if it were legal, without a suffix when the move is not even
    /// plausible) but this never panics; [`Position::try_san`] checks the move first.
    ///
    /// ```
    /// use bb_chess::Position;
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let sans: Vec<String> = pos.legal_moves().iter().map(|&m| pos.san(m).to_string()).collect();
    /// assert!(sans.contains(&"O-O".to_string()));
    /// assert!(sans.contains(&"O-O-O".to_string()));
    /// assert!(sans.contains(&"Rxa8+".to_string()));
    /// assert!(sans.contains(&"Rb1".to_string()));
    /// ```
    #[must_use]
    pub fn san(&self, mv: Move) -> San {
        let mut out = San::new();
        write_body(self, mv, &mut out);
        if plausible(self, mv) {
            let next = self.play(mv);
            if next.in_check() {
                out.push(if next.count_legal() == 0 { b'#' } else { b'+' });
            }
        }
        out
    }

    /// [`Position::san`] for any move: [`SanError::IllegalMove`] when `mv` is not a legal move
    /// of this position.
    ///
    /// ```
    /// use bb_chess::{Move, MoveKind, Position, SanError, Square};
    /// let pos = Position::startpos();
    /// let e4 = Move::new(Square::E2, Square::E4, MoveKind::Normal);
    /// assert_eq!(pos.try_san(e4).unwrap(), "e4");
    /// let e5 = Move::new(Square::E2, Square::E5, MoveKind::Normal);
    /// assert_eq!(pos.try_san(e5), Err(SanError::IllegalMove));
    /// ```
    pub fn try_san(&self, mv: Move) -> Result<San, SanError> {
        if self.legal_moves().contains(&mv) {
            Ok(self.san(mv))
        } else {
            Err(SanError::IllegalMove)
        }
    }
}

fn push_square(out: &mut San, sq: Square) {
    out.push(sq.file().to_char() as u8);
    out.push(sq.rank().to_char() as u8);
}

/// The SAN without its suffix.
fn write_body(pos: &Position, mv: Move, out: &mut San) {
    let (from, to, kind) = (mv.from(), mv.to(), mv.kind());
    if kind == MoveKind::Castle {
        out.push(b'O');
        out.push(b'-');
        out.push(b'O');
        if to.index() < from.index() {
            out.push(b'-');
            out.push(b'O');
        }
        return;
    }
    let piece = pos.piece_at(from).map_or(Piece::Pawn, |(_, p)| p);
    let capture = kind == MoveKind::EnPassant || pos.piece_at(to).is_some();
    if piece == Piece::Pawn {
        if capture {
            out.push(from.file().to_char() as u8);
            out.push(b'x');
        }
        push_square(out, to);
        if let Some(p) = kind.promotion() {
            out.push(b'=');
            out.push(p.to_char().to_ascii_uppercase() as u8);
        }
        return;
    }
    out.push(piece.to_char().to_ascii_uppercase() as u8);
    if piece != Piece::King {
        disambiguate(pos, piece, from, to, out);
    }
    if capture {
        out.push(b'x');
    }
    push_square(out, to);
}

/// Adds the origin file, rank or both when another legal move of the same kind of piece goes
/// to `to`.
fn disambiguate(pos: &Position, piece: Piece, from: Square, to: Square, out: &mut San) {
    // Only pieces of that kind that attack `to` compete, and only when their move is legal.
    let others = legal::piece_sources(pos, piece, to) & !from.bit();
    let (mut any, mut same_file, mut same_rank) = (false, false, false);
    for other in Bitboard(others) {
        if legal::piece_move_is_safe(pos, other, to) {
            any = true;
            same_file |= other.file() == from.file();
            same_rank |= other.rank() == from.rank();
        }
    }
    if !any {
        return;
    }
    if !same_file || same_rank {
        out.push(from.file().to_char() as u8);
    }
    if same_file {
        out.push(from.rank().to_char() as u8);
    }
}

/// Whether `mv` moves a piece of the side to move in a way [`Position::play`] handles as
/// designed (the right kind for the piece, no capture of a king or of an own piece), so that
/// the position after it can be examined for the suffix. Legal moves always are.
fn plausible(pos: &Position, mv: Move) -> bool {
    let us = pos.side_to_move();
    let (from, to, kind) = (mv.from(), mv.to(), mv.kind());
    let Some((c, piece)) = pos.piece_at(from) else {
        return false;
    };
    if c != us || from == to {
        return false;
    }
    let last_rank = match us {
        Color::White => Rank::R8,
        Color::Black => Rank::R1,
    };
    match kind {
        MoveKind::Castle => {
            piece == Piece::King
                && pos.piece_at(to) == Some((us, Piece::Rook))
                && to.rank() == us.back_rank()
                && from.rank() == us.back_rank()
        }
        MoveKind::EnPassant => piece == Piece::Pawn && pos.ep_square() == Some(to),
        _ => {
            let target_ok = match pos.piece_at(to) {
                None => true,
                Some((c, p)) => c != us && p != Piece::King,
            };
            let promo_ok = if piece == Piece::Pawn {
                kind.promotion().is_some() == (to.rank() == last_rank)
            } else {
                kind.promotion().is_none()
            };
            target_ok && promo_ok
        }
    }
}
