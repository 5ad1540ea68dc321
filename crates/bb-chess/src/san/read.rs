//! Reading SAN, strict and lenient (the accepted forms are listed in the module docs).

use super::SanError;
use crate::{File, Move, MoveKind, Piece, Position, Rank, Square};

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
        let parsed = parse(s)?;
        let list = self.legal_moves();
        let mut found = None;
        let mut count = 0u32;
        match parsed {
            Parsed::Castle { king_side } => {
                for &m in list.iter() {
                    if m.kind() == MoveKind::Castle
                        && (m.to().index() > m.from().index()) == king_side
                    {
                        found = Some(m);
                        count += 1;
                    }
                }
            }
            Parsed::Normal {
                piece,
                file,
                rank,
                to,
                promotion,
            } => {
                for &m in list.iter() {
                    let from = m.from();
                    if m.to() != to
                        || m.kind() == MoveKind::Castle
                        || m.kind().promotion() != promotion
                        || file.is_some_and(|f| f != from.file())
                        || rank.is_some_and(|r| r != from.rank())
                        || self.piece_at(from).map(|(_, p)| p) != Some(piece)
                    {
                        continue;
                    }
                    // A pawn without an origin file moves straight ahead.
                    if piece == Piece::Pawn && file.is_none() && from.file() != to.file() {
                        continue;
                    }
                    found = Some(m);
                    count += 1;
                }
            }
        }
        match (found, count) {
            (Some(m), 1) => Ok(m),
            (None, _) => Err(SanError::IllegalMove),
            _ => Err(SanError::Ambiguous),
        }
    }
}
