//! Static exchange evaluation (SEE): the material balance of the captures on one square that
//! follow a move, each side always recapturing with its least valuable piece and free to stop
//! when recapturing would lose material (the swap algorithm).
//!
//! Conventions, shared by [`Position::see`] and the byteboard form
//! ([`Byteboard::see`](crate::byteboard::Byteboard::see)), which give identical results:
//!
//! - Values are [`SEE_VALUES`] (pawn 100, knight 320, bishop 330, rook 500, queen 900) unless
//!   given: the `_with` forms take any `[i32; 6]` indexed by [`Piece::index`]. "Least valuable"
//!   means the order pawn, knight, bishop, rook, queen, king, whatever the values; among pieces
//!   of one kind, the one on the lowest square recaptures first.
//! - The move itself is always made; its gain is the captured piece (a pawn for en passant) plus,
//!   for a promotion, the promoted piece minus a pawn. Castling exchanges nothing (SEE 0).
//! - Every recapture is optional. A pawn recapturing on the first or eighth rank promotes to a
//!   queen (gain: the piece taken plus queen minus pawn; the queen is what stands on the square).
//! - Removing a piece from its square reveals the sliders behind it (x-rays), of either colour.
//! - Pins are ignored, as is usual: a pinned piece recaptures.
//! - A king recaptures only when the other side has no attacker left on the square after it; the
//!   king's entry of the values is therefore never read for legal moves (it is the value of a
//!   king captured after an illegal king move into an attacked square).
//!
//! [`Position::see_ge`] answers `see(mv) >= threshold` with early exits (the form pruning uses):
//! it stops as soon as the answer no longer depends on the rest of the exchange.
//!
//! ```
//! use bb_chess::{Move, MoveKind, Position, Square};
//! // A rook takes a pawn defended by a pawn: +100 - 500.
//! let pos = Position::from_fen("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1").unwrap();
//! let mv = Move::new(Square::D1, Square::D5, MoveKind::Normal);
//! assert_eq!(pos.see(mv), -400);
//! assert!(pos.see_ge(mv, -400) && !pos.see_ge(mv, -399));
//! ```

use crate::{Color, Move, MoveKind, Piece, Position};
use bb_core::attacks::{KING, KNIGHT, PAWN};
use bb_core::{Rank, Square};
use bb_simd::Backend;

/// The default piece values of the exchange, indexed by [`Piece::index`]: pawn 100, knight 320,
/// bishop 330, rook 500, queen 900, king 0 (the king's entry is unused for legal moves; see the
/// [module documentation](self)).
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// At most this many captures are followed (more than the pieces of a legal position).
const MAX_PLIES: usize = 64;

/// What the swap loop needs from a board representation: the next recapture of one side.
pub(crate) trait Exchange {
    /// Takes the least valuable piece of `side` that attacks the target square off the board
    /// (revealing the sliders behind it) and returns its kind; `None` when `side` has no
    /// attacker, or when its only attacker is the king and the other side would still attack
    /// the square after the king's capture.
    fn next_attacker(&mut self, side: Color) -> Option<Piece>;
}

/// The first move of an exchange, read from the board before it is made.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Opening {
    /// The side making the move.
    pub us: Color,
    /// The piece moving.
    pub mover: Piece,
    /// The piece taken (a pawn for en passant), if any.
    pub captured: Option<Piece>,
}

/// Value of piece `p`, widened so that no sum of user values overflows.
#[inline(always)]
fn value(values: &[i32; 6], p: Piece) -> i64 {
    i64::from(values[p.index()])
}

/// The gain of a recapture by `kind` on `to` when `on_square` stands there, and what stands there
/// after it (a pawn reaching the last rank promotes to a queen).
#[inline(always)]
fn recapture(values: &[i32; 6], kind: Piece, to: Square, on_square: i64) -> (i64, i64) {
    let last_rank = matches!(to.rank(), Rank::R1 | Rank::R8);
    if kind == Piece::Pawn && last_rank {
        let queen = value(values, Piece::Queen);
        (on_square + queen - value(values, Piece::Pawn), queen)
    } else {
        (on_square, value(values, kind))
    }
}

/// The gain of the opening move and the value then standing on the target square.
#[inline(always)]
fn opening_gain(values: &[i32; 6], mv: Move, o: Opening) -> (i64, i64) {
    let taken = o.captured.map_or(0, |p| value(values, p));
    match mv.kind().promotion() {
        Some(q) => (
            taken + value(values, q) - value(values, Piece::Pawn),
            value(values, q),
        ),
        None => (taken, value(values, o.mover)),
    }
}

/// The exact exchange value of the opening move `mv` (see the module documentation).
#[inline(always)]
pub(crate) fn swap<E: Exchange>(ex: &mut E, values: &[i32; 6], mv: Move, o: Opening) -> i32 {
    let (first, mut on_square) = opening_gain(values, mv, o);
    // gains[k]: material won by the k-th recapture, before the other side's answer.
    let mut gains = [0i64; MAX_PLIES];
    let mut n = 0;
    let mut side = !o.us;
    while n < MAX_PLIES {
        let Some(kind) = ex.next_attacker(side) else {
            break;
        };
        let (gain, stands) = recapture(values, kind, mv.to(), on_square);
        gains[n] = gain;
        on_square = stands;
        n += 1;
        side = !side;
    }
    // Back up: each recapture is made only when it gains something after the best answer.
    let mut best = 0i64;
    for &g in gains[..n].iter().rev() {
        best = (g - best).max(0);
    }
    let v = first - best;
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// Whether the exchange value of `mv` is at least `threshold`, stopping early.
///
/// `need` is what the side about to recapture must win (at least) to beat the threshold from
/// its point of view; a side that needs nothing has won already, a side with no recapture has
/// lost, and after a recapture worth `g` the other side needs `g - need + 1`.
#[inline(always)]
pub(crate) fn swap_ge<E: Exchange>(
    ex: &mut E,
    values: &[i32; 6],
    mv: Move,
    o: Opening,
    threshold: i32,
) -> bool {
    let (first, mut on_square) = opening_gain(values, mv, o);
    let mut need = first - i64::from(threshold) + 1;
    let mut side = !o.us;
    for _ in 0..MAX_PLIES {
        if need <= 0 {
            return side == o.us;
        }
        let Some(kind) = ex.next_attacker(side) else {
            return side != o.us;
        };
        let (gain, stands) = recapture(values, kind, mv.to(), on_square);
        on_square = stands;
        need = gain - need + 1;
        side = !side;
    }
    // Unreachable for boards of at most 64 pieces; the answer of the swap loop's cap.
    swap(ex, values, mv, o) >= threshold
}

/// The exchange on one square of a [`Position`]: the remaining attackers of both colours as a
/// bitboard, x-rays found by recomputing slider attacks from the target.
struct BitboardExchange<'a, B: Backend> {
    b: B,
    pos: &'a Position,
    to: Square,
    occupied: u64,
    attackers: u64,
    diagonal: u64,
    orthogonal: u64,
    /// The slider lookups owed for the last piece taken off (bit 0 diagonal, bit 1
    /// orthogonal), made only if the exchange goes on: `see_ge` often stops before.
    pending: u8,
}

impl<B: Backend> BitboardExchange<'_, B> {
    /// Adds the sliders that see the target through the squares vacated so far.
    #[inline(always)]
    fn reveal(&mut self) {
        if self.pending & 1 != 0 {
            self.attackers |=
                crate::sliders::bishop(self.b, self.to, self.occupied) & self.diagonal;
        }
        if self.pending & 2 != 0 {
            self.attackers |=
                crate::sliders::rook(self.b, self.to, self.occupied) & self.orthogonal;
        }
        self.attackers &= self.occupied;
        self.pending = 0;
    }
}

impl<B: Backend> Exchange for BitboardExchange<'_, B> {
    #[inline(always)]
    fn next_attacker(&mut self, side: Color) -> Option<Piece> {
        if self.pending != 0 {
            self.reveal();
        }
        let mine = self.attackers & self.pos.color(side).0;
        if mine == 0 {
            return None;
        }
        for kind in Piece::ALL {
            let set = mine & self.pos.kind(kind).0;
            if set == 0 {
                continue;
            }
            let bit = set & set.wrapping_neg();
            self.occupied ^= bit;
            self.attackers ^= bit;
            self.pending = match kind {
                Piece::Knight => 0,
                Piece::Pawn | Piece::Bishop => 1,
                Piece::Rook => 2,
                Piece::Queen | Piece::King => 3,
            };
            if kind == Piece::King {
                self.reveal();
                if self.attackers & self.pos.color(!side).0 != 0 {
                    return None;
                }
            }
            return Some(kind);
        }
        None
    }
}

impl Position {
    /// The opening of an exchange and its exchange state, or `None` for castling or an empty
    /// origin square (SEE 0).
    #[inline(always)]
    fn see_start<B: Backend>(&self, b: B, mv: Move) -> Option<(BitboardExchange<'_, B>, Opening)> {
        let (from, to) = (mv.from(), mv.to());
        let (us, mover) = self.piece_at(from)?;
        let mut occupied = self.occupied().0 ^ from.bit();
        let captured = match mv.kind() {
            MoveKind::Castle => return None,
            MoveKind::EnPassant => {
                // The pawn taken stands behind the target square, on the mover's rank.
                let victim = Square::from_file_rank(to.file(), from.rank());
                occupied &= !victim.bit();
                Some(Piece::Pawn)
            }
            _ => self.piece_at(to).map(|(_, p)| p),
        };
        let diagonal = (self.kind(Piece::Bishop) | self.kind(Piece::Queen)).0;
        let orthogonal = (self.kind(Piece::Rook) | self.kind(Piece::Queen)).0;
        let t = to.index();
        let pawns = (PAWN[1][t] & self.pieces(Color::White, Piece::Pawn).0)
            | (PAWN[0][t] & self.pieces(Color::Black, Piece::Pawn).0);
        let attackers = (pawns
            | (KNIGHT[t] & self.kind(Piece::Knight).0)
            | (KING[t] & self.kind(Piece::King).0)
            | (crate::sliders::bishop(b, to, occupied) & diagonal)
            | (crate::sliders::rook(b, to, occupied) & orthogonal))
            & occupied;
        let ex = BitboardExchange {
            b,
            pos: self,
            to,
            occupied,
            attackers,
            diagonal,
            orthogonal,
            pending: 0,
        };
        Some((
            ex,
            Opening {
                us,
                mover,
                captured,
            },
        ))
    }

    /// The static exchange value of `mv` for the side making it, in centipawns of
    /// [`SEE_VALUES`], on the best backend (see the [module documentation](crate::see) for the
    /// conventions). `mv` should be legal; any value gives a number without panicking.
    ///
    /// Engines order captures by it (winning and even captures first, losing ones last):
    ///
    /// ```
    /// use bb_chess::{Move, MoveKind, Position};
    /// let pos = Position::from_fen(
    ///     "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    /// )
    /// .unwrap();
    /// let mut captures: Vec<(i32, Move)> = pos
    ///     .legal_moves()
    ///     .iter()
    ///     // Captures (castling is stored as the king taking its own rook).
    ///     .filter(|m| m.kind() != MoveKind::Castle && pos.piece_at(m.to()).is_some())
    ///     .map(|&m| (pos.see(m), m))
    ///     .collect();
    /// captures.sort_by_key(|&(v, _)| -v);
    /// let ordered: Vec<(i32, &str)> = captures
    ///     .iter()
    ///     .map(|&(v, m)| (v, if m.to().index() == 36 { "Nxe5" } else { "Bxf7+" }))
    ///     .collect();
    /// // Both lose material: Nxe5 Nxe5 (100 - 320), Bxf7+ Kxf7 (100 - 330).
    /// assert_eq!(ordered, [(-220, "Nxe5"), (-230, "Bxf7+")]);
    /// ```
    #[must_use]
    pub fn see(&self, mv: Move) -> i32 {
        bb_simd::auto!(|b| self.see_with(b, mv, &SEE_VALUES))
    }

    /// [`Position::see`] with backend `b` and piece values `values` (indexed by
    /// [`Piece::index`]).
    #[inline(always)]
    #[must_use]
    pub fn see_with<B: Backend>(&self, b: B, mv: Move, values: &[i32; 6]) -> i32 {
        match self.see_start(b, mv) {
            Some((mut ex, o)) => swap(&mut ex, values, mv, o),
            None => 0,
        }
    }

    /// Whether `self.see(mv) >= threshold`, with early exits (the form engines prune with), on
    /// the best backend.
    ///
    /// Skipping captures that lose material in a quiescence search:
    ///
    /// ```
    /// use bb_chess::Position;
    /// let pos = Position::from_fen("4k3/8/2p5/3p4/8/8/3Q4/3RK3 w - - 0 1").unwrap();
    /// let good: Vec<String> = pos
    ///     .legal_moves()
    ///     .iter()
    ///     .filter(|m| pos.piece_at(m.to()).is_some() && pos.see_ge(**m, 0))
    ///     .map(|m| m.to_uci(&pos).as_str().to_string())
    ///     .collect();
    /// // Qxd5 loses the queen for two pawns; nothing else captures.
    /// assert!(good.is_empty());
    /// ```
    #[must_use]
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        bb_simd::auto!(|b| self.see_ge_with(b, mv, threshold, &SEE_VALUES))
    }

    /// [`Position::see_ge`] with backend `b` and piece values `values`.
    #[inline(always)]
    #[must_use]
    pub fn see_ge_with<B: Backend>(
        &self,
        b: B,
        mv: Move,
        threshold: i32,
        values: &[i32; 6],
    ) -> bool {
        match self.see_start(b, mv) {
            Some((mut ex, o)) => swap_ge(&mut ex, values, mv, o, threshold),
            None => threshold <= 0,
        }
    }
}
