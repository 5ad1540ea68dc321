//! Legality of single ordinary moves without generating the move list: SAN names a destination
//! and a kind of piece, which leaves one or two candidate origins to check.

use crate::{Bitboard, Color, Piece, Position, Square, bishop_attacks, rook_attacks};
use bb_core::attacks::{KING, KNIGHT, PAWN};

/// Whether moving our piece (not the king) from `from` to `to` leaves our king safe, for a
/// move that is otherwise valid (not en passant, `to` empty or holding an enemy piece).
///
/// A knight or pawn giving check must be the captured piece; a slider must be captured or
/// blocked, and no slider may see the king through `from` once it is empty.
pub(super) fn piece_move_is_safe(pos: &Position, from: Square, to: Square) -> bool {
    let us = pos.side_to_move();
    let them = us.opponent();
    let king = pos.king(us);
    let alive = !to.bit();
    let leapers = (pos.pieces(them, Piece::Knight).0 & KNIGHT[king.index()])
        | (pos.pieces(them, Piece::Pawn).0 & PAWN[us.index()][king.index()]);
    if leapers & alive != 0 {
        return false;
    }
    let occ = Bitboard((pos.occupied().0 & !from.bit()) | to.bit());
    let queens = pos.pieces(them, Piece::Queen).0;
    let diagonal = (pos.pieces(them, Piece::Bishop).0 | queens) & alive;
    let straight = (pos.pieces(them, Piece::Rook).0 | queens) & alive;
    (diagonal == 0 || bishop_attacks(king, occ).0 & diagonal == 0)
        && (straight == 0 || rook_attacks(king, occ).0 & straight == 0)
}

/// Whether our king may step from its square to `to` (one square, `to` not ours).
pub(super) fn king_step_is_safe(pos: &Position, to: Square) -> bool {
    let us = pos.side_to_move();
    let them = us.opponent();
    let occ = Bitboard(pos.occupied().0 & !pos.king(us).bit());
    let t = to.index();
    let queens = pos.pieces(them, Piece::Queen).0;
    pos.pieces(them, Piece::Knight).0 & KNIGHT[t] == 0
        && pos.pieces(them, Piece::Pawn).0 & PAWN[us.index()][t] == 0
        && pos.pieces(them, Piece::King).0 & KING[t] == 0
        && bishop_attacks(to, occ).0 & (pos.pieces(them, Piece::Bishop).0 | queens) == 0
        && rook_attacks(to, occ).0 & (pos.pieces(them, Piece::Rook).0 | queens) == 0
}

/// Our pieces of kind `piece` (not a pawn) that attack `to`.
pub(super) fn piece_sources(pos: &Position, piece: Piece, to: Square) -> u64 {
    let occ = pos.occupied();
    let reach = match piece {
        Piece::Knight => KNIGHT[to.index()],
        Piece::Bishop => bishop_attacks(to, occ).0,
        Piece::Rook => rook_attacks(to, occ).0,
        Piece::Queen => crate::queen_attacks(to, occ).0,
        Piece::King => KING[to.index()],
        Piece::Pawn => 0,
    };
    reach & pos.pieces(pos.side_to_move(), piece).0
}

/// The square one rank behind `sq` from `us`'s point of view (toward `us`'s back rank).
pub(super) fn behind(us: Color, sq: Square) -> Option<Square> {
    match us {
        Color::White => sq.translate(0, -1),
        Color::Black => sq.translate(0, 1),
    }
}
