//! Checked moves: [`Position::is_legal`] for any 16-bit [`Move`], [`Position::try_play`], and
//! [`Position::gives_check`].
//!
//! `is_legal` never generates a move list. It decodes the move, checks that the piece on `from`
//! is ours and can make that move with that kind (pawn push, double push, capture or
//! promotion by its rank; a leaper's table; a slider's attack set; castling against the
//! castling rights; en passant against the en-passant square), and then whether the king is
//! safe afterwards: a king move must land on a square not attacked with the king taken out of
//! the occupancy; after any other move (en passant included) no enemy pawn or knight but a
//! captured one may check and no enemy slider may see the king through the new occupancy,
//! which answers checks, evasions and pins with the same two slider lookups (skipped when no
//! enemy slider of that kind shares a line with the king). Castling checks the king's path
//! with the function the generator uses.

use super::attackers::attacked;
use super::{CastleSide, Position};
use crate::moves::Move;
use crate::sliders::{bishop, rook};
use crate::{Color, Piece};
use bb_core::{Square, attacks, masks};
use bb_simd::Backend;
use core::fmt;

const RANK_1: u64 = 0xff;
const RANK_3: u64 = 0xff << 16;
const RANK_6: u64 = 0xff << 40;
const RANK_8: u64 = 0xff << 56;

/// Whether castling `side` of `us`, king on `ksq`, rook on `rsq`, finds the squares it needs
/// empty and the king's path (its destination and the squares between) unattacked. Whether the
/// king is in check now is the caller's question. Shared by the generator and
/// [`Position::is_legal`]; covers Chess960, where the king and rook squares may coincide with
/// the destinations.
#[inline(always)]
pub(crate) fn castling_path_clear<B: Backend>(
    b: B,
    colors: &[u64; 2],
    p: &[u64; 6],
    us: Color,
    ksq: usize,
    rsq: usize,
    side: CastleSide,
) -> bool {
    let Some((mut path, occ2)) = castling_path(colors, us, ksq, rsq, side) else {
        return false;
    };
    while path != 0 {
        let t = path.trailing_zeros() as usize;
        path &= path - 1;
        if attacked(b, colors, p, t, us.opponent(), occ2) {
            return false;
        }
    }
    true
}

/// The king's path of a castling (its destination and the squares between) and the occupancy
/// without the king and the rook, or `None` when a square the castling needs empty is not.
#[inline(always)]
pub(crate) fn castling_path(
    colors: &[u64; 2],
    us: Color,
    ksq: usize,
    rsq: usize,
    side: CastleSide,
) -> Option<(u64, u64)> {
    let occ = colors[0] | colors[1];
    let kbit = 1u64 << ksq;
    let rank = us.back_rank();
    let kdst = Square::from_file_rank(side.king_file(), rank).index();
    let rdst = Square::from_file_rank(side.rook_file(), rank).index();
    let kpath = masks::BETWEEN[ksq][kdst] | (1 << kdst);
    let must_empty = (kpath | masks::BETWEEN[rsq][rdst] | (1 << rdst)) & !(kbit | (1 << rsq));
    if must_empty & occ != 0 {
        return None;
    }
    Some((kpath, occ ^ kbit ^ (1 << rsq)))
}

/// Whether the king of `us` on `ksq` is unattacked once a piece other than the king has moved
/// and the occupancy is `occ`, the enemy piece on `captured` (a single bit, or an empty square)
/// being gone. Leapers are read from their tables; a slider lookup is made only when an enemy
/// slider of that kind shares a line with the king.
#[inline(always)]
fn king_safe_after<B: Backend>(
    b: B,
    colors: &[u64; 2],
    p: &[u64; 6],
    us: Color,
    ksq: usize,
    occ: u64,
    captured: u64,
) -> bool {
    let theirs = colors[us.opponent().index()] & !captured;
    if theirs & ((attacks::PAWN[us.index()][ksq] & p[0]) | (attacks::KNIGHT[ksq] & p[1])) != 0 {
        return false;
    }
    let k = Square::new_masked(ksq as u8);
    let rq = theirs & (p[3] | p[4]);
    if rq & (masks::RANK_EX[ksq] | masks::FILE_EX[ksq]) != 0 && rook(b, k, occ) & rq != 0 {
        return false;
    }
    let bq = theirs & (p[2] | p[4]);
    bq & (masks::DIAG_EX[ksq] | masks::ANTI_EX[ksq]) == 0 || bishop(b, k, occ) & bq == 0
}

impl Position {
    /// Whether `mv` is a legal move in this position, for any [`Move`] value: one from
    /// [`Move::from_bits`] on a hash-table entry, a killer move from another position, or
    /// garbage. Exactly the moves [`Position::legal_moves`] lists pass; every other bit pattern
    /// (including kind value 3, bit 15 set, a wrong kind such as a pawn reaching the last rank
    /// without a promotion or en passant written as an ordinary capture) is rejected.
    ///
    /// It generates no move list: the piece's reach is checked from its tables or slider
    /// attacks, then the king's safety on the occupancy after the move. It runs on the
    /// [`Scalar`](bb_simd::Scalar) token, whose fancy-magic sliders inline into any caller: one
    /// check costs less than a backend dispatch would. [`Position::is_legal_with`] takes a
    /// token (inside a [`bb_simd::specialize!`]d search).
    ///
    /// ```
    /// use bb_chess::{Move, MoveKind, Position, Square};
    /// let pos = Position::startpos();
    /// // A move from a transposition-table entry (16 bits): validate it before playing it.
    /// let stored: u16 = 0x070C; // e2e4
    /// let hash_move = Move::from_bits(stored);
    /// assert!(pos.is_legal(hash_move));
    /// let _next = pos.play(hash_move);
    /// assert!(pos.is_legal(Move::new(Square::E2, Square::E4, MoveKind::Normal)));
    /// assert!(!pos.is_legal(Move::new(Square::E4, Square::E5, MoveKind::Normal))); // no piece
    /// assert!(!pos.is_legal(Move::new(Square::E1, Square::E2, MoveKind::Normal))); // own pawn
    /// assert!(!pos.is_legal(Move::new(Square::E7, Square::E5, MoveKind::Normal))); // black's
    /// ```
    #[must_use]
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_with(bb_simd::Scalar, mv)
    }

    /// [`Position::is_legal`] with backend `b` (for a search written with
    /// [`bb_simd::specialize!`]).
    ///
    /// ```
    /// use bb_chess::{Move, Position, Scalar};
    /// let pos = Position::startpos();
    /// let legal = (0..=u16::MAX).filter(|&x| pos.is_legal_with(Scalar, Move::from_bits(x)));
    /// assert_eq!(legal.count(), 20);
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn is_legal_with<B: Backend>(&self, b: B, mv: Move) -> bool {
        let bits = mv.to_bits();
        let from = (bits & 63) as usize;
        let to = ((bits >> 6) & 63) as usize;
        let kind = bits >> 12;
        let us = self.side;
        let them = us.opponent();
        let ours = self.colors[us.index()];
        let theirs = self.colors[them.index()];
        let occ = ours | theirs;
        let (fbit, tbit) = (1u64 << from, 1u64 << to);
        if ours & fbit == 0 {
            return false;
        }
        let p = &self.pieces;
        let moved = self.mailbox[from] as usize & 7;
        let ksq = (ours & p[5]).trailing_zeros() as usize & 63;
        match kind {
            0 | 4..=7 => {
                if ours & tbit != 0 {
                    return false;
                }
                if moved == Piece::King.index() {
                    return kind == 0
                        && attacks::KING[from] & tbit != 0
                        && !attacked(b, &self.colors, p, to, them, occ ^ fbit);
                }
                let reach = if moved == Piece::Pawn.index() {
                    let last = if us == Color::White { RANK_8 } else { RANK_1 };
                    if (kind != 0) != (tbit & last != 0) {
                        return false;
                    }
                    let empty = !occ;
                    let (push, double) = match us {
                        Color::White => {
                            let s = (fbit << 8) & empty;
                            (s, ((s & RANK_3) << 8) & empty)
                        }
                        Color::Black => {
                            let s = (fbit >> 8) & empty;
                            (s, ((s & RANK_6) >> 8) & empty)
                        }
                    };
                    (attacks::PAWN[us.index()][from] & theirs) | push | double
                } else {
                    if kind != 0 {
                        return false;
                    }
                    // A knight's table, or the lines a slider moves along; the check below
                    // that nothing stands between `from` and `to` completes a slider's reach
                    // (and is void for a knight, whose squares are not aligned): table reads
                    // instead of an attack computation.
                    let straight = masks::RANK_EX[from] | masks::FILE_EX[from];
                    let diagonal = masks::DIAG_EX[from] | masks::ANTI_EX[from];
                    match moved {
                        1 => attacks::KNIGHT[from],
                        2 => diagonal,
                        3 => straight,
                        _ => straight | diagonal,
                    }
                };
                if reach & tbit == 0 || masks::BETWEEN[from][to] & occ != 0 {
                    return false;
                }
                // The king is safe after the move: no enemy pawn or knight checks (a capture
                // on `to` removes one), and no enemy slider sees the king through the new
                // occupancy. This covers checks, evasions and pins at once.
                king_safe_after(b, &self.colors, p, us, ksq, (occ ^ fbit) | tbit, tbit)
            }
            1 => {
                // En passant: the captured pawn stands behind the target square (`to ^ 8` is
                // `to - 8` on rank 6 and `to + 8` on rank 3). After the capture, no enemy pawn
                // or knight may check (the captured pawn may have been the checker) and no
                // enemy slider may see the king through the two emptied squares.
                let cap = 1u64 << (to ^ 8);
                if self.ep != Some(Square::new_masked(to as u8))
                    || moved != Piece::Pawn.index()
                    || attacks::PAWN[us.index()][from] & tbit == 0
                    || occ & tbit != 0
                    || theirs & p[0] & cap == 0
                {
                    return false;
                }
                king_safe_after(b, &self.colors, p, us, ksq, occ ^ fbit ^ tbit ^ cap, cap)
            }
            2 => {
                // Castling is encoded king takes own rook; the rook must be the one the
                // castling rights name on that side.
                let side = if to > from {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                moved == Piece::King.index()
                    && self.castling.rook(us, side) == Some(Square::new_masked(to as u8))
                    && ours & p[3] & tbit != 0
                    && !attacked(b, &self.colors, p, ksq, them, occ)
                    && castling_path_clear(b, &self.colors, p, us, from, to, side)
            }
            _ => false,
        }
    }

    /// Plays `mv` if it is legal ([`Position::is_legal`]), else returns why not.
    ///
    /// ```
    /// use bb_chess::{Move, MoveKind, Position, Square};
    /// let pos = Position::startpos();
    /// let e4 = Move::new(Square::E2, Square::E4, MoveKind::Normal);
    /// assert_eq!(pos.try_play(e4), Ok(pos.play(e4)));
    /// let bad = Move::new(Square::D1, Square::E8, MoveKind::Normal);
    /// let err = pos.try_play(bad).unwrap_err();
    /// assert_eq!(err.to_string(), "illegal move d1e8");
    /// ```
    pub fn try_play(&self, mv: Move) -> Result<Position, IllegalMove> {
        if self.is_legal(mv) {
            Ok(self.play(mv))
        } else {
            Err(IllegalMove(mv))
        }
    }

    /// Whether the legal move `mv` gives check: directly, by discovery, by the promoted piece,
    /// by the rook of a castling move, or through the two squares an en-passant capture empties.
    /// It builds only the bitboards of the position after the move (no mailbox, key or
    /// counters) and asks whether the opponent's king is attacked there; on the
    /// [`Scalar`](bb_simd::Scalar) token, as [`Position::is_legal`].
    /// For a move that is not legal here the answer is unspecified (but it returns).
    ///
    /// ```
    /// use bb_chess::{Move, Position};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/4P3/R3K3 w Q - 0 1").unwrap();
    /// let castle = Move::parse_uci(&pos, "e1c1").unwrap();
    /// assert!(!pos.gives_check(castle)); // the rook lands on d1
    /// let rook_up = Move::parse_uci(&pos, "a1a8").unwrap();
    /// assert!(pos.gives_check(rook_up));
    /// ```
    #[must_use]
    #[inline]
    pub fn gives_check(&self, mv: Move) -> bool {
        self.gives_check_with(bb_simd::Scalar, mv)
    }

    /// [`Position::gives_check`] with backend `b`.
    #[must_use]
    #[inline(always)]
    pub fn gives_check_with<B: Backend>(&self, b: B, mv: Move) -> bool {
        let c = self.child_core(mv);
        let us = self.side;
        let them = us.opponent();
        let k = (c.colors[them.index()] & c.pieces[5]).trailing_zeros() as usize & 63;
        let occ = c.colors[0] | c.colors[1];
        attacked(b, &c.colors, &c.pieces, k, us, occ)
    }
}

/// The error of [`Position::try_play`]: the move is not legal in the position. Holds the move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.0)
    }
}

impl core::error::Error for IllegalMove {}
