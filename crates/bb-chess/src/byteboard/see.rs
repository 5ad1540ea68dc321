//! Static exchange evaluation on a [`Byteboard`], from its attack tables: the attackers of the
//! target square are one table read per colour, and the x-ray behind a piece that leaves the
//! exchange is the first piece further along the target's superpiece ray, found by walking the
//! mailbox. Conventions and results are those of [`crate::see`].
//!
//! The walk may read the mailbox as it was before the exchange: the pieces taken off a ray of
//! the target leave it nearest first, so the squares beyond the one being vacated are untouched.

use super::{Byteboard, Place, tables};
use crate::see::{Exchange, Opening, SEE_VALUES, swap, swap_ge};
use crate::{Color, Move, MoveKind, Piece};
use bb_core::Square;

/// Recapture order of each type code (pawn 0 ... king 5); 6 for codes that are no piece.
const ORDER: [u8; 8] = [6, 5, 0, 1, 6, 2, 3, 4];

/// The exchange on one square of a byteboard: the squares of the remaining attackers per colour.
struct ByteExchange<'a> {
    board: &'a [u8; 64],
    to: usize,
    attackers: [u64; 2],
    /// The square vacated last, whose x-ray is looked for only if the exchange goes on
    /// (`see_ge` often stops before); 64 when none is owed.
    pending: usize,
}

impl ByteExchange<'_> {
    /// Adds the slider that sees the target through the vacated square `sq`, if any.
    #[inline(always)]
    fn reveal(&mut self, sq: usize) {
        let slot = usize::from(tables::INV_BOARD[self.to][sq]);
        let (dir, dist) = (slot / 8, slot % 8);
        if dist == 0 {
            // A knight square, or off the superpiece: nothing lies behind it.
            return;
        }
        // Orthogonal rays are the even groups (N, E, S, W), diagonal ones the odd groups.
        let wanted = Place::SLIDER
            | if dir % 2 == 0 {
                Place::ORTH
            } else {
                Place::DIAG
            };
        let coords = &tables::RAY_COORDS[self.to];
        let mut valid = tables::RAY_VALID[self.to]
            .checked_shr(slot as u32 + 1)
            .unwrap_or(0);
        for &c in coords.iter().skip(slot + 1).take(7 - dist) {
            if valid & 1 == 0 {
                return;
            }
            valid >>= 1;
            let at = usize::from(c & 63);
            let p = self.board[at];
            if p != 0 {
                if p & wanted == wanted {
                    self.attackers[usize::from(p >> 7)] |= 1 << at;
                }
                return;
            }
        }
    }
}

impl Exchange for ByteExchange<'_> {
    #[inline(always)]
    fn next_attacker(&mut self, side: Color) -> Option<Piece> {
        if self.pending < 64 {
            self.reveal(self.pending);
            self.pending = 64;
        }
        let mut mine = self.attackers[side.index()];
        if mine == 0 {
            return None;
        }
        // The least valuable attacker, the lowest square first among equals.
        let mut best = u32::MAX;
        while mine != 0 {
            let sq = mine.trailing_zeros();
            mine &= mine - 1;
            let code = Place(self.board[sq as usize]).type_code();
            best = best.min(u32::from(ORDER[usize::from(code)]) << 6 | sq);
        }
        let sq = (best & 63) as usize;
        let kind = *Piece::ALL.get((best >> 6) as usize)?;
        self.attackers[side.index()] &= !(1 << sq);
        if kind == Piece::King {
            self.reveal(sq);
            if self.attackers[(!side).index()] != 0 {
                return None;
            }
        } else {
            self.pending = sq;
        }
        Some(kind)
    }
}

impl Byteboard {
    /// The opening of an exchange and its state, or `None` for castling or an empty origin.
    #[inline(always)]
    fn see_start(&self, mv: Move) -> Option<(ByteExchange<'_>, Opening)> {
        let (from, to) = (mv.from(), mv.to());
        let moving = self.place(from);
        let mover = moving.piece()?;
        let us = moving.color();
        let mut attackers = [Color::White, Color::Black].map(|c| {
            let mut ids = self.attackers(c, to);
            let mut squares = 0u64;
            while ids != 0 {
                let id = ids.trailing_zeros() as usize;
                ids &= ids - 1;
                squares |= 1u64 << (self.piece_sq[c.index()][id] & 63);
            }
            squares
        });
        attackers[us.index()] &= !from.bit();
        let mut ex = ByteExchange {
            board: &self.board,
            to: to.index(),
            attackers,
            pending: from.index(),
        };
        let captured = match mv.kind() {
            MoveKind::Castle => return None,
            MoveKind::EnPassant => {
                ex.reveal(Square::from_file_rank(to.file(), from.rank()).index());
                Some(Piece::Pawn)
            }
            _ => self.place(to).piece(),
        };
        let o = Opening {
            us,
            mover,
            captured,
        };
        Some((ex, o))
    }

    /// The static exchange value of `mv` for the side whose piece stands on `mv.from()`, with
    /// [`SEE_VALUES`]: the same number as [`Position::see`](crate::Position::see) on the same
    /// position, computed from the attack tables.
    ///
    /// ```
    /// use bb_chess::byteboard::Byteboard;
    /// use bb_chess::{Move, MoveKind, Position, Square};
    /// // Rxd5: the pawn is defended by a pawn, and the rook behind ours takes it back.
    /// let pos = Position::from_fen("4k3/8/2p5/3p4/8/8/3R4/3RK3 w - - 0 1").unwrap();
    /// let board = Byteboard::from_position(&pos).unwrap();
    /// let mv = Move::new(Square::D2, Square::D5, MoveKind::Normal);
    /// assert_eq!(board.see(mv), 100 - 500 + 100);
    /// assert_eq!(board.see(mv), pos.see(mv));
    /// ```
    #[must_use]
    pub fn see(&self, mv: Move) -> i32 {
        self.see_with(mv, &SEE_VALUES)
    }

    /// [`Byteboard::see`] with piece values `values` (indexed by [`Piece::index`]).
    #[inline(always)]
    #[must_use]
    pub fn see_with(&self, mv: Move, values: &[i32; 6]) -> i32 {
        match self.see_start(mv) {
            Some((mut ex, o)) => swap(&mut ex, values, mv, o),
            None => 0,
        }
    }

    /// Whether `self.see(mv) >= threshold`, with early exits.
    ///
    /// ```
    /// use bb_chess::byteboard::Byteboard;
    /// use bb_chess::{Move, MoveKind, Position, Square};
    /// let pos = Position::from_fen("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1").unwrap();
    /// let board = Byteboard::from_position(&pos).unwrap();
    /// let rxd5 = Move::new(Square::D1, Square::D5, MoveKind::Normal);
    /// assert!(!board.see_ge(rxd5, 0)); // a losing capture: prune it
    /// ```
    #[must_use]
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.see_ge_with(mv, threshold, &SEE_VALUES)
    }

    /// [`Byteboard::see_ge`] with piece values `values`.
    #[inline(always)]
    #[must_use]
    pub fn see_ge_with(&self, mv: Move, threshold: i32, values: &[i32; 6]) -> bool {
        match self.see_start(mv) {
            Some((mut ex, o)) => swap_ge(&mut ex, values, mv, o, threshold),
            None => threshold <= 0,
        }
    }
}
