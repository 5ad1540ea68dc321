//! The chess position: piece bitboards by colour and kind, a mailbox, side to move, castling
//! rights (standard and Chess960), en-passant square, move counters and an incremental Zobrist
//! key; FEN in and out ([`fen`]); copy-make [`Position::play`].
//!
//! ```
//! use bb_chess::{Color, Piece, Position};
//! use bb_core::Square;
//!
//! let pos = Position::startpos();
//! assert_eq!(pos.side_to_move(), Color::White);
//! assert_eq!(pos.piece_at(Square::E1), Some((Color::White, Piece::King)));
//! assert_eq!(pos.pieces(Color::Black, Piece::Pawn).count(), 8);
//! assert_eq!(pos.key(), pos.compute_key());
//! ```

pub(crate) mod attackers;
mod castling;
mod child;
pub mod fen;
mod legal;
pub mod zobrist;

pub use castling::{CastleSide, CastlingRights};
pub(crate) use child::Core;
pub use fen::{FenError, FenField};
pub use legal::IllegalMove;
pub(crate) use legal::castling_path;

use crate::moves::{Move, MoveKind};
use bb_core::{Bitboard, File, Rank, Square, attacks};
use core::fmt;

pub use crate::color::Color;
pub use crate::piece::Piece;

/// Mailbox code of an empty square. A piece's code is `colour * 8 + kind`: the kind that picks
/// the bitboard a move updates is `code & 7`, one instruction on the way from the mailbox load
/// to the bitboard's address (`colour * 6 + kind` needed a multiply and four more for `% 6`).
const EMPTY: u8 = 16;

/// A chess position. `Copy`, 152 bytes; [`Position::play`] returns a new one (copy-make).
///
/// Build it with [`Position::startpos`] or [`Position::from_fen`]; a position built by either is
/// always valid (one king each, side not to move not in check, ...), and [`Position::play`]
/// keeps it valid when given a legal move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    colors: [u64; 2],
    pieces: [u64; 6],
    mailbox: [u8; 64],
    castling: CastlingRights,
    ep: Option<Square>,
    side: Color,
    chess960: bool,
    halfmove: u16,
    fullmove: u16,
    key: u64,
}

impl Position {
    /// The standard starting position.
    #[must_use]
    pub fn startpos() -> Position {
        match Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") {
            Ok(p) => p,
            Err(_) => unreachable!("the start position parses"),
        }
    }

    pub(crate) fn empty() -> Position {
        Position {
            colors: [0; 2],
            pieces: [0; 6],
            mailbox: [EMPTY; 64],
            castling: CastlingRights::NONE,
            ep: None,
            side: Color::White,
            chess960: false,
            halfmove: 0,
            fullmove: 1,
            key: 0,
        }
    }

    /// The side to move.
    #[inline(always)]
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// All pieces of one colour.
    #[inline(always)]
    #[must_use]
    pub fn color(&self, c: Color) -> Bitboard {
        Bitboard(self.colors[c.index()])
    }

    /// All pieces of one kind, both colours.
    #[inline(always)]
    #[must_use]
    pub fn kind(&self, p: Piece) -> Bitboard {
        Bitboard(self.pieces[p.index()])
    }

    /// The pieces of one colour and kind.
    #[inline(always)]
    #[must_use]
    pub fn pieces(&self, c: Color, p: Piece) -> Bitboard {
        Bitboard(self.colors[c.index()] & self.pieces[p.index()])
    }

    /// Every occupied square.
    #[inline(always)]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.colors[0] | self.colors[1])
    }

    /// The piece on `sq`, from the mailbox.
    #[inline(always)]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Piece)> {
        let code = self.mailbox[sq.index()] as usize;
        if code >= EMPTY as usize {
            None
        } else {
            Some((Color::ALL[code >> 3], Piece::from_index(code & 7)))
        }
    }

    /// The square of `c`'s king.
    #[inline(always)]
    #[must_use]
    pub fn king(&self, c: Color) -> Square {
        Square::new_masked((self.colors[c.index()] & self.pieces[5]).trailing_zeros() as u8)
    }

    /// Castling rights (rook squares per colour and side).
    #[inline(always)]
    #[must_use]
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The en-passant target square, if the last move was a double pawn push.
    ///
    /// After [`Position::play`] it is set only when a pawn of the side to move attacks it (as
    /// Stockfish does); a FEN's square is kept as given when it is plausible.
    #[inline(always)]
    #[must_use]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Plies since the last capture or pawn move.
    #[must_use]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The full-move number, starting at 1 and incremented after black's move.
    #[must_use]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// Whether FEN output uses Shredder/X-FEN castling letters and UCI output uses king-takes-rook
    /// castling. Set by [`Position::from_fen`] when the position needs Chess960 notation;
    /// change it with [`Position::set_chess960`].
    #[must_use]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Chooses Chess960 notation for FEN castling letters and UCI castling moves.
    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }

    /// The incrementally maintained Zobrist key.
    #[inline(always)]
    #[must_use]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The Zobrist key computed from scratch (for tests; equals [`Position::key`]).
    #[must_use]
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for sq in self.occupied() {
            let code = self.mailbox[sq.index()] as usize;
            k ^= zobrist::PIECE[code][sq.index()];
        }
        if self.side == Color::Black {
            k ^= zobrist::SIDE;
        }
        k ^= self.castling.zobrist();
        if let Some(ep) = self.ep
            && self.ep_capturable(ep)
        {
            k ^= zobrist::EP_FILE[ep.file().index()];
        }
        k
    }

    /// Whether a pawn of the side to move attacks `ep` (the en-passant square is hashed then).
    fn ep_capturable(&self, ep: Square) -> bool {
        attacks::PAWN[self.side.opponent().index()][ep.index()]
            & self.colors[self.side.index()]
            & self.pieces[0]
            != 0
    }

    #[inline(always)]
    fn put(&mut self, c: Color, p: Piece, sq: usize) {
        let bit = 1u64 << sq;
        self.colors[c.index()] |= bit;
        self.pieces[p.index()] |= bit;
        let code = c.index() * 8 + p.index();
        self.mailbox[sq] = code as u8;
        self.key ^= zobrist::PIECE[code][sq];
    }

    #[inline(always)]
    fn remove(&mut self, sq: usize) {
        // The masks keep an illegal move's removal from an empty square in bounds (it then
        // clears bits that are not set and spoils only the key): `play` must not panic.
        let code = self.mailbox[sq] as usize;
        let bit = 1u64 << sq;
        self.colors[(code >> 3) & 1] &= !bit;
        self.pieces[code & 7] &= !bit;
        self.mailbox[sq] = EMPTY;
        self.key ^= zobrist::PIECE[code & 15][sq];
    }

    /// Puts a piece on an empty square (for building positions; no validation).
    pub(crate) fn set_piece(&mut self, c: Color, p: Piece, sq: Square) {
        self.put(c, p, sq.index());
    }

    pub(crate) fn set_meta(
        &mut self,
        side: Color,
        castling: CastlingRights,
        ep: Option<Square>,
        halfmove: u16,
        fullmove: u16,
        chess960: bool,
    ) {
        self.side = side;
        self.castling = castling;
        self.ep = ep;
        self.halfmove = halfmove;
        self.fullmove = fullmove;
        self.chess960 = chess960;
        self.key = self.compute_key();
    }

    /// Plays `mv` and returns the new position (copy-make). `mv` must be legal here (from this
    /// crate's move generator, [`Move::parse_uci`], or checked with [`Position::is_legal`]);
    /// an illegal move gives an unspecified position but never panics or touches memory out
    /// of bounds (in debug builds too). [`Position::try_play`] checks first.
    ///
    /// ```
    /// use bb_chess::{Move, Position};
    /// let pos = Position::startpos();
    /// let mv = Move::parse_uci(&pos, "e2e4").unwrap();
    /// let next = pos.play(mv);
    /// assert_eq!(next.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// assert_eq!(next.key(), next.compute_key());
    /// ```
    #[must_use]
    #[inline]
    pub fn play(&self, mv: Move) -> Position {
        let mut p = *self;
        p.play_in_place(mv);
        p
    }

    /// Plays `mv` on this position (see [`Position::play`]).
    #[inline(always)]
    pub fn play_in_place(&mut self, mv: Move) {
        let us = self.side;
        let them = us.opponent();
        let from = mv.from().index();
        let to = mv.to().index();
        let code = self.mailbox[from];
        if code >= EMPTY {
            return;
        }
        let moved = Piece::from_index(code as usize & 7);

        if let Some(ep) = self.ep
            && self.ep_capturable(ep)
        {
            self.key ^= zobrist::EP_FILE[ep.file().index()];
        }
        self.ep = None;
        self.halfmove = self.halfmove.saturating_add(1);
        let old_castling = self.castling;

        match mv.kind() {
            MoveKind::Castle => {
                let (k, r) = CastleSide::destinations(us, mv.from(), mv.to());
                let (kdst, rdst) = (k.index(), r.index());
                self.remove(from);
                self.remove(to);
                self.put(us, Piece::King, kdst);
                self.put(us, Piece::Rook, rdst);
                self.castling.clear_color(us);
            }
            MoveKind::EnPassant => {
                // `to ^ 8` is `to - 8` on rank 6 and `to + 8` on rank 3, and stays on the
                // board for any other (illegal) target.
                self.remove(to ^ 8);
                self.remove(from);
                self.put(us, Piece::Pawn, to);
                self.halfmove = 0;
            }
            kind => {
                if self.mailbox[to] != EMPTY {
                    self.remove(to);
                    self.halfmove = 0;
                }
                self.remove(from);
                let placed = match kind.promotion() {
                    Some(p) => p,
                    None => moved,
                };
                self.put(us, placed, to);
                if moved == Piece::Pawn {
                    self.halfmove = 0;
                    if from ^ to == 16 {
                        let ep = Square::new_masked(((from + to) / 2) as u8);
                        if attacks::PAWN[us.index()][ep.index()]
                            & self.colors[them.index()]
                            & self.pieces[0]
                            != 0
                        {
                            self.ep = Some(ep);
                            self.key ^= zobrist::EP_FILE[ep.file().index()];
                        }
                    }
                } else if moved == Piece::King {
                    self.castling.clear_color(us);
                }
                self.castling.clear_square(Square::new_masked(from as u8));
                self.castling.clear_square(Square::new_masked(to as u8));
            }
        }
        if old_castling != self.castling {
            self.key ^= old_castling.zobrist() ^ self.castling.zobrist();
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = them;
        self.key ^= zobrist::SIDE;
    }

    /// Passes the move to the opponent without moving (for null-move search). Returns `None`
    /// when the side to move is in check.
    #[must_use]
    pub fn null_move(&self) -> Option<Position> {
        if self.in_check() {
            return None;
        }
        let mut p = *self;
        if let Some(ep) = p.ep.take()
            && self.ep_capturable(ep)
        {
            p.key ^= zobrist::EP_FILE[ep.file().index()];
        }
        p.side = p.side.opponent();
        p.key ^= zobrist::SIDE;
        p.halfmove = p.halfmove.saturating_add(1);
        Some(p)
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl fmt::Display for Position {
    /// An 8x8 diagram, rank 8 first, followed by the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let sq = Square::from_file_rank(file, *rank);
                let c = match self.piece_at(sq) {
                    None => '.',
                    Some((Color::White, p)) => p.to_char().to_ascii_uppercase(),
                    Some((Color::Black, p)) => p.to_char(),
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "{}", self.to_fen())
    }
}

impl core::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}
