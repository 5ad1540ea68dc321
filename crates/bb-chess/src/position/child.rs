//! [`Core`]: the part of a position that move generation reads (bitboards, side, castling
//! rights, en-passant square), and the copy-make that produces only that part.
//!
//! Perft counts the moves of the children of its last interior level without ever playing
//! from them, so they need no mailbox, Zobrist key or counters: building the child's `Core`
//! from the parent's bitboards and mailbox skips the copy of the whole position, the mailbox
//! writes and the key updates of [`Position::play`] (`play` and its copy are two fifths of a
//! perft's time when every child is played).

use super::{CastleSide, CastlingRights, Color, EMPTY, Piece, Position};
use crate::moves::{Move, MoveKind};
use bb_core::Square;

/// Bitboards, side to move, castling rights and en-passant square: what the generator reads.
#[derive(Clone, Copy)]
pub(crate) struct Core {
    pub(crate) colors: [u64; 2],
    pub(crate) pieces: [u64; 6],
    pub(crate) castling: CastlingRights,
    /// Set after every double push (whether or not a pawn can capture: the generator looks).
    pub(crate) ep: Option<Square>,
    pub(crate) side: Color,
}

impl Core {
    #[inline(always)]
    pub(crate) fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline(always)]
    pub(crate) fn king(&self, c: Color) -> Square {
        Square::new_masked((self.colors[c.index()] & self.pieces[5]).trailing_zeros() as u8)
    }
}

impl Position {
    /// This position's [`Core`].
    #[inline(always)]
    pub(crate) fn core(&self) -> Core {
        Core {
            colors: self.colors,
            pieces: self.pieces,
            castling: self.castling,
            ep: self.ep,
            side: self.side,
        }
    }

    /// The [`Core`] of the position after the legal move `mv` (equal to `self.play(mv).core()`
    /// up to an en-passant square no pawn can take).
    #[inline(always)]
    pub(crate) fn child_core(&self, mv: Move) -> Core {
        let us = self.side;
        let them = us.opponent();
        let (u, t) = (us.index(), them.index());
        let from = mv.from().index();
        let to = mv.to().index();
        let (fbit, tbit) = (1u64 << from, 1u64 << to);
        let mut c = Core {
            colors: self.colors,
            pieces: self.pieces,
            castling: self.castling,
            ep: None,
            side: them,
        };
        match mv.kind() {
            MoveKind::Castle => {
                let (k, r) = CastleSide::destinations(us, mv.from(), mv.to());
                let (kdst, rdst) = (k.bit(), r.bit());
                c.colors[u] = (c.colors[u] & !(fbit | tbit)) | kdst | rdst;
                c.pieces[5] = (c.pieces[5] & !fbit) | kdst;
                c.pieces[3] = (c.pieces[3] & !tbit) | rdst;
                c.castling.clear_color(us);
            }
            MoveKind::EnPassant => {
                let cap = 1u64 << (to ^ 8);
                c.colors[t] &= !cap;
                c.colors[u] ^= fbit | tbit;
                c.pieces[0] ^= cap | fbit | tbit;
            }
            kind => {
                let victim = self.mailbox[to];
                if victim != EMPTY {
                    c.colors[t] &= !tbit;
                    c.pieces[victim as usize & 7] &= !tbit;
                }
                let moved = self.mailbox[from] as usize & 7;
                let placed = match kind.promotion() {
                    Some(p) => p.index(),
                    None => moved,
                };
                c.colors[u] ^= fbit | tbit;
                c.pieces[moved] &= !fbit;
                c.pieces[placed] |= tbit;
                if moved == Piece::Pawn.index() {
                    if from ^ to == 16 {
                        c.ep = Some(Square::new_masked(((from + to) / 2) as u8));
                    }
                } else if moved == Piece::King.index() {
                    c.castling.clear_color(us);
                }
                if c.castling != CastlingRights::NONE {
                    c.castling.clear_square(Square::new_masked(from as u8));
                    c.castling.clear_square(Square::new_masked(to as u8));
                }
            }
        }
        c
    }
}
