//! Attack queries on a position's bitboards: the attackers of a square, whether a square is
//! attacked, and the checkers and pinned pieces of the side to move. Move generation, legality
//! checks and FEN validation all read these; they sit below the generator so that the position
//! never depends on it.
//!
//! ```
//! use bb_chess::{Color, Position, Square};
//! let pos = Position::from_fen("4k3/8/8/8/4r3/8/4B3/4K3 w - - 0 1").unwrap();
//! assert!(pos.pinned().contains(Square::E2));
//! assert_eq!(pos.attackers(Square::E2, Color::Black, pos.occupied()).count(), 1);
//! ```

use super::Position;
use crate::Color;
use crate::leapers::pawn_attacks_set;
use crate::sliders::{bishop, rook};
use bb_core::{Bitboard, Square, attacks, masks};
use bb_simd::Backend;

/// Pieces of colour `by` attacking `sq` under occupancy `occ`.
#[inline(always)]
pub(crate) fn attackers<B: Backend>(
    b: B,
    colors: &[u64; 2],
    p: &[u64; 6],
    sq: usize,
    by: Color,
    occ: u64,
) -> u64 {
    let them = colors[by.index()];
    let s = Square::new_masked(sq as u8);
    them & ((attacks::PAWN[by.opponent().index()][sq] & p[0])
        | (attacks::KNIGHT[sq] & p[1])
        | (attacks::KING[sq] & p[5])
        | (rook(b, s, occ) & (p[3] | p[4]))
        | (bishop(b, s, occ) & (p[2] | p[4])))
}

/// Whether colour `by` attacks `sq` under `occ`: leapers first, and a slider lookup only when
/// an enemy slider stands on one of the square's lines.
#[inline(always)]
pub(crate) fn attacked<B: Backend>(
    b: B,
    colors: &[u64; 2],
    p: &[u64; 6],
    sq: usize,
    by: Color,
    occ: u64,
) -> bool {
    let them = colors[by.index()];
    if them
        & ((attacks::PAWN[by.opponent().index()][sq] & p[0])
            | (attacks::KNIGHT[sq] & p[1])
            | (attacks::KING[sq] & p[5]))
        != 0
    {
        return true;
    }
    let s = Square::new_masked(sq as u8);
    let rq = them & (p[3] | p[4]);
    if rq & (masks::RANK_EX[sq] | masks::FILE_EX[sq]) != 0 && rook(b, s, occ) & rq != 0 {
        return true;
    }
    let bq = them & (p[2] | p[4]);
    bq & (masks::DIAG_EX[sq] | masks::ANTI_EX[sq]) != 0 && bishop(b, s, occ) & bq != 0
}

/// Every square colour `by` attacks under `occ` (a square its own piece stands on included).
/// With the enemy king taken out of `occ`, the squares that king may not step to: one slider
/// lookup per enemy slider, set-wise pawns, and no branch on the squares themselves (the
/// generator's test of each king step and castling square on its own, with its branches, cost
/// more once there were two squares to test).
#[inline(always)]
pub(crate) fn attacked_squares<B: Backend>(
    b: B,
    colors: &[u64; 2],
    p: &[u64; 6],
    by: Color,
    occ: u64,
) -> u64 {
    let them = colors[by.index()];
    let mut a = pawn_attacks_set(by, them & p[0]);
    a |= attacks::KING[(them & p[5]).trailing_zeros() as usize & 63];
    let mut n = them & p[1];
    while n != 0 {
        a |= attacks::KNIGHT[n.trailing_zeros() as usize];
        n &= n - 1;
    }
    let mut r = them & (p[3] | p[4]);
    while r != 0 {
        a |= rook(b, Square::new_masked(r.trailing_zeros() as u8), occ);
        r &= r - 1;
    }
    let mut d = them & (p[2] | p[4]);
    while d != 0 {
        a |= bishop(b, Square::new_masked(d.trailing_zeros() as u8), occ);
        d &= d - 1;
    }
    a
}

/// Checkers and pinned pieces of the side to move.
#[inline(always)]
pub(crate) fn checks_and_pins<B: Backend>(
    b: B,
    colors: &[u64; 2],
    p: &[u64; 6],
    us: Color,
) -> (u64, u64) {
    let them = us.opponent();
    let ours = colors[us.index()];
    let theirs = colors[them.index()];
    let occ = ours | theirs;
    let ksq = (colors[us.index()] & p[5]).trailing_zeros() as usize & 63;
    let k = Square::new_masked(ksq as u8);
    let rq = (p[3] | p[4]) & theirs;
    let bq = (p[2] | p[4]) & theirs;
    let mut checkers =
        theirs & ((attacks::PAWN[us.index()][ksq] & p[0]) | (attacks::KNIGHT[ksq] & p[1]));
    let mut snipers = 0;
    if rq & (masks::RANK_EX[ksq] | masks::FILE_EX[ksq]) != 0 {
        snipers |= rook(b, k, theirs) & rq;
    }
    if bq & (masks::DIAG_EX[ksq] | masks::ANTI_EX[ksq]) != 0 {
        snipers |= bishop(b, k, theirs) & bq;
    }
    let mut pinned = 0;
    while snipers != 0 {
        let s = snipers.trailing_zeros() as usize;
        snipers &= snipers - 1;
        let between = masks::BETWEEN[ksq][s] & occ;
        if between == 0 {
            checkers |= 1 << s;
        } else if between & (between - 1) == 0 {
            pinned |= between & ours;
        }
    }
    (checkers, pinned)
}

impl Position {
    /// Pieces of colour `by` that attack `sq` given occupancy `occ` (pass [`Position::occupied`]
    /// for the board as it stands, or a changed set to look through or add blockers).
    ///
    /// ```
    /// use bb_chess::{Color, Position, Square};
    /// let pos = Position::startpos();
    /// let a = pos.attackers(Square::F3, Color::White, pos.occupied());
    /// assert_eq!(a.count(), 3); // e2, g2 and g1
    /// ```
    #[must_use]
    pub fn attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        Bitboard(self.attackers_raw(sq.index(), by, occ.0))
    }

    #[inline(always)]
    pub(crate) fn attackers_raw(&self, sq: usize, by: Color, occ: u64) -> u64 {
        attackers(bb_simd::Scalar, &self.colors, &self.pieces, sq, by, occ)
    }

    /// The pieces giving check to the side to move.
    ///
    /// ```
    /// use bb_chess::{Position, Square};
    /// let pos = Position::from_fen("4k3/8/8/8/8/3n4/8/4K3 w - - 0 1").unwrap();
    /// assert!(pos.checkers().contains(Square::D3));
    /// ```
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        let k = self.king(self.side);
        Bitboard(self.attackers_raw(k.index(), self.side.opponent(), self.occupied().0))
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn in_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// The pieces of the side to move that are pinned to their king: each is the only piece
    /// between the king and an enemy slider on a line, so it may move only along that line.
    ///
    /// ```
    /// use bb_chess::{Position, Square};
    /// // The knight on d2 is pinned by the bishop on a5; the pawn on f2 is not (nothing behind).
    /// let pos = Position::from_fen("4k3/8/8/b7/8/8/3N1P2/4K3 w - - 0 1").unwrap();
    /// assert_eq!(pos.pinned().0, Square::D2.bit());
    /// ```
    #[must_use]
    pub fn pinned(&self) -> Bitboard {
        Bitboard(self.pinned_with(bb_simd::Scalar))
    }

    /// [`Position::pinned`] with backend `b`, as a raw mask.
    #[inline(always)]
    pub(crate) fn pinned_with<B: Backend>(&self, b: B) -> u64 {
        checks_and_pins(b, &self.colors, &self.pieces, self.side).1
    }
}
