//! The eight bitboards a mailbox transposes to.

use crate::{Color, Piece};

/// Eight bitboards: `[pawn, knight, bishop, rook, queen, king, white, black]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Bitboards(pub [u64; 8]);

impl Bitboards {
    /// Squares holding `piece` of either colour.
    #[inline(always)]
    #[must_use]
    pub const fn kind(&self, piece: Piece) -> u64 {
        self.0[piece.index()]
    }
    /// Squares of colour `c`.
    #[inline(always)]
    #[must_use]
    pub const fn color(&self, c: Color) -> u64 {
        self.0[6 + c.index()]
    }
    /// White and black squares.
    #[inline(always)]
    #[must_use]
    pub const fn colors(&self) -> [u64; 2] {
        [self.0[6], self.0[7]]
    }
    /// Squares holding `piece` of colour `c`.
    #[inline(always)]
    #[must_use]
    pub const fn pieces(&self, c: Color, piece: Piece) -> u64 {
        self.kind(piece) & self.color(c)
    }
}
