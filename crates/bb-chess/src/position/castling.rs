//! Castling rights as rook squares, which covers standard chess and Chess960 alike.

use super::{Color, zobrist};
use bb_core::{File, Square};

/// Which side of the king a castling rook stands on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CastleSide {
    /// Toward the h-file (O-O): the king ends on g, the rook on f.
    King = 0,
    /// Toward the a-file (O-O-O): the king ends on c, the rook on d.
    Queen = 1,
}

impl CastleSide {
    /// Both sides, king side first.
    pub const ALL: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// The file the king ends on (g or c), in standard chess and Chess960 alike.
    #[must_use]
    pub const fn king_file(self) -> File {
        match self {
            CastleSide::King => File::G,
            CastleSide::Queen => File::C,
        }
    }

    /// The file the rook ends on (f or d).
    #[must_use]
    pub const fn rook_file(self) -> File {
        match self {
            CastleSide::King => File::F,
            CastleSide::Queen => File::D,
        }
    }

    /// The king's and the rook's destination squares of a castling move of `us` encoded king
    /// square `from` to rook square `to` (the side is the rook's direction from the king).
    #[inline(always)]
    pub(crate) fn destinations(us: Color, from: Square, to: Square) -> (Square, Square) {
        let side = if to.index() > from.index() {
            CastleSide::King
        } else {
            CastleSide::Queen
        };
        let rank = us.back_rank();
        (
            Square::from_file_rank(side.king_file(), rank),
            Square::from_file_rank(side.rook_file(), rank),
        )
    }
}

/// Castling rights: for each colour and side, the square of the rook that may still castle.
///
/// ```
/// use bb_chess::{CastleSide, Color, Position};
/// use bb_core::Square;
/// let pos = Position::startpos();
/// assert_eq!(pos.castling().rook(Color::White, CastleSide::Queen), Some(Square::A1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CastlingRights {
    /// `[colour][side]`: rook square index, or 64 for none.
    rooks: [[u8; 2]; 2],
}

const NO: u8 = 64;

impl CastlingRights {
    /// No castling rights.
    pub const NONE: CastlingRights = CastlingRights {
        rooks: [[NO; 2]; 2],
    };

    /// The rook that may castle on `side` for `color`.
    #[inline(always)]
    #[must_use]
    pub fn rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        Square::new(self.rooks[color.index()][side as usize])
    }

    /// Whether no right is left.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Self::NONE
    }

    /// Sets or clears one right.
    pub fn set(&mut self, color: Color, side: CastleSide, rook: Option<Square>) {
        self.rooks[color.index()][side as usize] = match rook {
            Some(s) => s.to_u8(),
            None => NO,
        };
    }

    #[inline(always)]
    pub(crate) fn clear_color(&mut self, color: Color) {
        self.rooks[color.index()] = [NO; 2];
    }

    #[inline(always)]
    pub(crate) fn clear_square(&mut self, sq: Square) {
        let s = sq.to_u8();
        for c in &mut self.rooks {
            for r in c.iter_mut() {
                if *r == s {
                    *r = NO;
                }
            }
        }
    }

    /// The Zobrist contribution: one key per (colour, rook file) present.
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        let mut k = 0;
        for (c, sides) in self.rooks.iter().enumerate() {
            for &r in sides {
                if r != NO {
                    k ^= zobrist::CASTLING[c][(r & 7) as usize];
                }
            }
        }
        k
    }
}
