//! FEN in and out, with X-FEN and Shredder-FEN castling for Chess960.
//!
//! Parsing validates what a move generator relies on and reports the field and the reason:
//!
//! ```
//! use bb_chess::{FenField, Position};
//! use bb_chess::position::fen::FenErrorKind;
//!
//! let err = Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
//! assert_eq!(err.field, FenField::Placement);
//! assert!(matches!(err.kind, FenErrorKind::KingCount { .. }));
//! assert_eq!(err.to_string(), "FEN piece placement: white has 0 kings, expected exactly 1");
//! ```
//!
//! Castling input accepts `KQkq` (X-FEN: the outermost rook on that side of the king),
//! Shredder-FEN file letters (`HAha`, `FBfb`, ...) and mixtures. Output writes `KQkq` for standard
//! positions and Shredder-FEN letters when [`Position::is_chess960`] is set, which parsing sets
//! when the input used file letters or when a castling king or rook stands off its standard
//! square.
//!
//! The counters are decimal numbers below 65536. A full-move number of 0, which some programs
//! write (`... 0 0`), is read as 1, the number of the first move, so that every parsed position
//! writes a FEN that other readers accept (shakmaty does the same; cozy-chess refuses it):
//!
//! ```
//! use bb_chess::Position;
//! let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 0").unwrap();
//! assert_eq!(pos.fullmove_number(), 1);
//! assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
//! ```

use super::{CastleSide, CastlingRights, Color, Piece, Position};
use bb_core::{File, Rank, Square};
use core::fmt::{self, Write};

/// The FEN field an error is about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenField {
    /// The whole string (wrong number of fields).
    Fen,
    /// Field 1: piece placement.
    Placement,
    /// Field 2: side to move.
    SideToMove,
    /// Field 3: castling availability.
    Castling,
    /// Field 4: en-passant target square.
    EnPassant,
    /// Field 5: half-move clock.
    HalfmoveClock,
    /// Field 6: full-move number.
    FullmoveNumber,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Fen => "FEN",
            FenField::Placement => "FEN piece placement",
            FenField::SideToMove => "FEN side to move",
            FenField::Castling => "FEN castling",
            FenField::EnPassant => "FEN en passant",
            FenField::HalfmoveClock => "FEN half-move clock",
            FenField::FullmoveNumber => "FEN full-move number",
        })
    }
}

/// What is wrong with a FEN field.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// Not 4 to 6 space-separated fields.
    FieldCount {
        /// Fields found (counting stops at 7).
        found: usize,
    },
    /// Not 8 ranks separated by `/`.
    RankCount {
        /// Ranks found (counting stops at 9).
        found: usize,
    },
    /// A rank describes more or fewer than 8 squares.
    RankLength {
        /// The rank (1..=8).
        rank: u8,
    },
    /// A character that is not a piece letter, a digit 1-8 or `/`.
    BadChar {
        /// The character.
        found: char,
    },
    /// A colour does not have exactly one king.
    KingCount {
        /// The colour.
        color: Color,
        /// How many kings it has (up to 64).
        count: u32,
    },
    /// A pawn stands on rank 1 or 8.
    PawnOnBackRank {
        /// Its square.
        square: Square,
    },
    /// The side that is not to move is in check.
    OpponentInCheck,
    /// Not `w` or `b`.
    BadSide,
    /// A castling letter that is not `KQkq`, `A`-`H` or `a`-`h`, or `-` mixed with letters.
    BadCastlingChar {
        /// The character.
        found: char,
    },
    /// Castling for a colour whose king is not on its back rank.
    CastlingKingNotOnBackRank {
        /// The colour.
        color: Color,
    },
    /// A castling letter names no rook of that colour on the back rank.
    CastlingRookMissing {
        /// The colour.
        color: Color,
        /// The side.
        side: CastleSide,
    },
    /// Two rights for the same colour and side.
    CastlingDuplicate {
        /// The colour.
        color: Color,
        /// The side.
        side: CastleSide,
    },
    /// Not `-` or a square.
    BadSquare,
    /// The en-passant square is not on rank 6 (white to move) or 3 (black to move).
    EpWrongRank,
    /// No pawn of the side that just moved stands in front of the en-passant square, or the
    /// square or the one behind it is occupied.
    EpNoDoublePush,
    /// Not a decimal number that fits in 16 bits.
    BadNumber,
}

impl fmt::Display for FenErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |c: &Color| match c {
            Color::White => "white",
            Color::Black => "black",
        };
        let side_name = |s: &CastleSide| match s {
            CastleSide::King => "king side",
            CastleSide::Queen => "queen side",
        };
        match self {
            FenErrorKind::FieldCount { found } => {
                write!(f, "expected 4 to 6 space-separated fields, found {found}")
            }
            FenErrorKind::RankCount { found } => {
                write!(f, "expected 8 ranks separated by '/', found {found}")
            }
            FenErrorKind::RankLength { rank } => {
                write!(f, "rank {rank} does not describe exactly 8 squares")
            }
            FenErrorKind::BadChar { found } => write!(f, "unexpected character {found:?}"),
            FenErrorKind::KingCount { color, count } => write!(
                f,
                "{} has {count} kings, expected exactly 1",
                name(color)
            ),
            FenErrorKind::PawnOnBackRank { square } => {
                write!(f, "pawn on back rank square {square}")
            }
            FenErrorKind::OpponentInCheck => f.write_str("the side not to move is in check"),
            FenErrorKind::BadSide => f.write_str("expected 'w' or 'b'"),
            FenErrorKind::BadCastlingChar { found } => {
                write!(f, "unexpected castling character {found:?}")
            }
            FenErrorKind::CastlingKingNotOnBackRank { color } => {
                write!(f, "{} may castle but its king is not on its back rank", name(color))
            }
            FenErrorKind::CastlingRookMissing { color, side } => write!(
                f,
                "{} may castle on the {} but has no rook there",
                name(color),
                side_name(side)
            ),
            FenErrorKind::CastlingDuplicate { color, side } => write!(
                f,
                "{} has two castling rights on the {}",
                name(color),
                side_name(side)
            ),
            FenErrorKind::BadSquare => f.write_str("expected '-' or a square such as e3"),
            FenErrorKind::EpWrongRank => {
                f.write_str("square is not on rank 6 (white to move) or 3 (black to move)")
            }
            FenErrorKind::EpNoDoublePush => f.write_str(
                "no double pawn push can have produced this square (pawn missing or squares occupied)",
            ),
            FenErrorKind::BadNumber => f.write_str("expected a decimal number below 65536"),
        }
    }
}

/// A FEN parsing error: which field and what is wrong with it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FenError {
    /// The field.
    pub field: FenField,
    /// The reason.
    pub kind: FenErrorKind,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.kind)
    }
}

impl core::error::Error for FenError {}

fn err<T>(field: FenField, kind: FenErrorKind) -> Result<T, FenError> {
    Err(FenError { field, kind })
}

fn parse_u16(s: &str, field: FenField) -> Result<u16, FenError> {
    if s.is_empty() || s.len() > 5 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return err(field, FenErrorKind::BadNumber);
    }
    let mut v: u32 = 0;
    for b in s.bytes() {
        v = v * 10 + u32::from(b - b'0');
    }
    u16::try_from(v).or(err(field, FenErrorKind::BadNumber))
}

impl Position {
    /// Parses a FEN (4 to 6 fields; missing counters default to `0 1`; a full-move number of 0
    /// is read as 1).
    ///
    /// ```
    /// use bb_chess::Position;
    /// // Chess960 with Shredder-FEN castling letters.
    /// let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    /// let pos = Position::from_fen(fen).unwrap();
    /// assert!(pos.is_chess960());
    /// assert_eq!(pos.to_fen(), fen);
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_ascii_whitespace();
        let mut parts = [""; 6];
        let mut n = 0;
        for f in fields.by_ref() {
            if n == 6 {
                return err(FenField::Fen, FenErrorKind::FieldCount { found: 7 });
            }
            parts[n] = f;
            n += 1;
        }
        if n < 4 {
            return err(FenField::Fen, FenErrorKind::FieldCount { found: n });
        }
        let mut pos = Position::empty();

        // 1. Placement.
        let mut ranks = 0usize;
        for (i, rank_str) in parts[0].split('/').enumerate() {
            ranks = i + 1;
            if i >= 8 {
                continue;
            }
            let rank = Rank::ALL[7 - i];
            let mut file = 0u32;
            for c in rank_str.chars() {
                if let Some(d) = c.to_digit(10) {
                    if !(1..=8).contains(&d) {
                        return err(FenField::Placement, FenErrorKind::BadChar { found: c });
                    }
                    file += d;
                } else if let Some(p) = Piece::from_char(c) {
                    if file >= 8 {
                        return err(
                            FenField::Placement,
                            FenErrorKind::RankLength {
                                rank: rank.index() as u8 + 1,
                            },
                        );
                    }
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let sq = Square::from_file_rank(File::ALL[file as usize], rank);
                    pos.set_piece(color, p, sq);
                    file += 1;
                } else {
                    return err(FenField::Placement, FenErrorKind::BadChar { found: c });
                }
                if file > 8 {
                    break;
                }
            }
            if file != 8 {
                return err(
                    FenField::Placement,
                    FenErrorKind::RankLength {
                        rank: rank.index() as u8 + 1,
                    },
                );
            }
        }
        if ranks != 8 {
            return err(
                FenField::Placement,
                FenErrorKind::RankCount {
                    found: ranks.min(9),
                },
            );
        }
        for color in Color::ALL {
            let count = pos.pieces(color, Piece::King).count();
            if count != 1 {
                return err(
                    FenField::Placement,
                    FenErrorKind::KingCount { color, count },
                );
            }
        }
        let back = Rank::R1.mask() | Rank::R8.mask();
        if let Some(square) = (pos.kind(Piece::Pawn).0 & back).lsb_square() {
            return err(FenField::Placement, FenErrorKind::PawnOnBackRank { square });
        }

        // 2. Side to move.
        let side = match parts[1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return err(FenField::SideToMove, FenErrorKind::BadSide),
        };

        // 3. Castling.
        let (castling, letters) = parse_castling(&pos, parts[2])?;

        // 4. En passant.
        let ep = match parts[3] {
            "-" => None,
            s => {
                let sq: Square = s
                    .parse()
                    .or(err(FenField::EnPassant, FenErrorKind::BadSquare))?;
                let (rank, push) = match side {
                    Color::White => (Rank::R6, 8i8),
                    Color::Black => (Rank::R3, -8i8),
                };
                if sq.rank() != rank {
                    return err(FenField::EnPassant, FenErrorKind::EpWrongRank);
                }
                let i = sq.index() as i8;
                let pawn = Square::new_masked((i - push) as u8);
                let origin = Square::new_masked((i + push) as u8);
                let occ = pos.occupied();
                if occ.contains(sq)
                    || occ.contains(origin)
                    || pos.piece_at(pawn) != Some((side.opponent(), Piece::Pawn))
                {
                    return err(FenField::EnPassant, FenErrorKind::EpNoDoublePush);
                }
                Some(sq)
            }
        };

        // 5, 6. Counters.
        let halfmove = if n > 4 {
            parse_u16(parts[4], FenField::HalfmoveClock)?
        } else {
            0
        };
        // Move numbers start at 1; a 0 is read as the first move rather than refused, since
        // programs that write it mean the start of the game.
        let fullmove = if n > 5 {
            parse_u16(parts[5], FenField::FullmoveNumber)?.max(1)
        } else {
            1
        };

        let chess960 = letters || !castling_is_standard(&pos, castling);
        pos.set_meta(side, castling, ep, halfmove, fullmove, chess960);

        // The side not to move must not be in check.
        let them = side.opponent();
        let ksq = pos.king(them);
        if pos.attackers_raw(ksq.index(), side, pos.occupied().0) != 0 {
            return err(FenField::Placement, FenErrorKind::OpponentInCheck);
        }
        Ok(pos)
    }

    /// Writes the FEN (see the [module docs](self) for the castling notation).
    #[must_use]
    pub fn to_fen(&self) -> FenString {
        let mut s = FenString::new();
        let _ = self.write_fen(&mut s);
        s
    }

    /// Writes the FEN into any [`fmt::Write`].
    pub fn write_fen(&self, w: &mut impl Write) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                let sq = Square::from_file_rank(file, *rank);
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some((c, p)) => {
                        if empty > 0 {
                            w.write_char((b'0' + empty) as char)?;
                            empty = 0;
                        }
                        let ch = p.to_char();
                        w.write_char(if c == Color::White {
                            ch.to_ascii_uppercase()
                        } else {
                            ch
                        })?;
                    }
                }
            }
            if empty > 0 {
                w.write_char((b'0' + empty) as char)?;
            }
            if *rank != Rank::R1 {
                w.write_char('/')?;
            }
        }
        w.write_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        })?;
        let mut any = false;
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if let Some(r) = self.castling.rook(color, side) {
                    any = true;
                    let c = if self.chess960 {
                        r.file().to_char().to_ascii_uppercase()
                    } else if side == CastleSide::King {
                        'K'
                    } else {
                        'Q'
                    };
                    w.write_char(if color == Color::White {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    })?;
                }
            }
        }
        if !any {
            w.write_char('-')?;
        }
        match self.ep {
            Some(ep) => write!(w, " {ep}")?,
            None => w.write_str(" -")?,
        }
        write!(w, " {} {}", self.halfmove, self.fullmove)
    }
}

trait LsbSquare {
    fn lsb_square(self) -> Option<Square>;
}
impl LsbSquare for u64 {
    fn lsb_square(self) -> Option<Square> {
        if self == 0 {
            None
        } else {
            Square::new(self.trailing_zeros() as u8)
        }
    }
}

fn castling_is_standard(pos: &Position, c: CastlingRights) -> bool {
    for color in Color::ALL {
        let rank = color.back_rank();
        for side in CastleSide::ALL {
            if let Some(r) = c.rook(color, side) {
                let file = if side == CastleSide::King {
                    File::H
                } else {
                    File::A
                };
                if r != Square::from_file_rank(file, rank)
                    || pos.king(color) != Square::from_file_rank(File::E, rank)
                {
                    return false;
                }
            }
        }
    }
    true
}

/// Returns the rights and whether file letters (Shredder-FEN) were used.
fn parse_castling(pos: &Position, s: &str) -> Result<(CastlingRights, bool), FenError> {
    let mut rights = CastlingRights::NONE;
    let mut letters = false;
    if s == "-" {
        return Ok((rights, false));
    }
    for ch in s.chars() {
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = color.back_rank();
        let king = pos.king(color);
        let lower = ch.to_ascii_lowercase();
        let (side, rook) = match lower {
            'k' | 'q' => {
                if king.rank() != rank {
                    return err(
                        FenField::Castling,
                        FenErrorKind::CastlingKingNotOnBackRank { color },
                    );
                }
                let side = if lower == 'k' {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                let rooks = pos.pieces(color, Piece::Rook).0 & rank.mask();
                let kbit = king.bit();
                let candidates = match side {
                    CastleSide::King => rooks & !(kbit | (kbit - 1)),
                    CastleSide::Queen => rooks & (kbit - 1),
                };
                if candidates == 0 {
                    return err(
                        FenField::Castling,
                        FenErrorKind::CastlingRookMissing { color, side },
                    );
                }
                let r = match side {
                    CastleSide::King => (63 - candidates.leading_zeros()) as u8,
                    CastleSide::Queen => candidates.trailing_zeros() as u8,
                };
                (side, Square::new_masked(r))
            }
            'a'..='h' => {
                letters = true;
                if king.rank() != rank {
                    return err(
                        FenField::Castling,
                        FenErrorKind::CastlingKingNotOnBackRank { color },
                    );
                }
                let file = File::from_char(lower).unwrap_or(File::A);
                let sq = Square::from_file_rank(file, rank);
                if file == king.file() {
                    return err(
                        FenField::Castling,
                        FenErrorKind::BadCastlingChar { found: ch },
                    );
                }
                let side = if file > king.file() {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                if pos.piece_at(sq) != Some((color, Piece::Rook)) {
                    return err(
                        FenField::Castling,
                        FenErrorKind::CastlingRookMissing { color, side },
                    );
                }
                (side, sq)
            }
            _ => {
                return err(
                    FenField::Castling,
                    FenErrorKind::BadCastlingChar { found: ch },
                );
            }
        };
        if rights.rook(color, side).is_some() {
            return err(
                FenField::Castling,
                FenErrorKind::CastlingDuplicate { color, side },
            );
        }
        rights.set(color, side, Some(rook));
    }
    Ok((rights, letters))
}

/// A FEN held inline (no allocation): at most 92 bytes. Derefs to `str`.
#[derive(Clone, Copy)]
pub struct FenString {
    buf: [u8; 100],
    len: usize,
}

impl FenString {
    fn new() -> FenString {
        FenString {
            buf: [0; 100],
            len: 0,
        }
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        core::str::from_utf8(&self.buf[..self.len]).unwrap_or("")
    }
}

impl Write for FenString {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        if end > self.buf.len() {
            return Err(fmt::Error);
        }
        self.buf[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

impl core::ops::Deref for FenString {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for FenString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for FenString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<&str> for FenString {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<str> for FenString {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}
