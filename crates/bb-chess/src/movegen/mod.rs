//! Legal move generation with check and pin masks (no make-and-test), into a fixed-capacity
//! [`MoveList`] or counted in bulk with [`Position::count_legal`].
//!
//! Generic over the [`Backend`]: the slider attacks are the crate's default getters for `B`.
//! Call the `_with` forms inside [`bb_simd::dispatch()`] (or `b.vectorize`) in hot loops; the
//! plain forms dispatch once per call.
//!
//! ```
//! use bb_chess::{MoveList, Position};
//! let pos = Position::startpos();
//! let moves = MoveList::legal(&pos);
//! assert_eq!(moves.len(), 20);
//! assert_eq!(pos.count_legal(), 20);
//! ```

mod list;
mod sliders;

pub use list::{CAPACITY, MoveList};

use crate::moves::{Move, MoveKind};
use crate::position::attackers::{attacked, attacked_squares, checks_and_pins};
use crate::position::{CastleSide, Color, Core, Position, castling_path};
use bb_core::{Square, attacks, masks};
use bb_simd::Backend;

pub(crate) use sliders::{bishop, rook};

/// Where generated moves go: a list, or a counter.
pub(crate) trait Sink {
    /// Ordinary moves from `from` to every square of `targets`.
    fn piece(&mut self, from: u32, targets: u64);
    /// Pawn moves to every square of `targets` from `to - delta`; promotions when `promo`.
    fn pawns(&mut self, targets: u64, delta: i32, promo: bool);
    /// One move.
    fn one(&mut self, m: Move);
}

struct Counter(u64);

/// The number of legal moves of `pos` (bulk counting).
#[inline(always)]
pub(crate) fn count_core<B: Backend>(b: B, pos: &Core) -> u64 {
    let mut c = Counter(0);
    generate(b, pos, &mut c);
    c.0
}

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _from: u32, targets: u64) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, _delta: i32, promo: bool) {
        self.0 += u64::from(targets.count_ones()) << (2 * promo as u32);
    }
    #[inline(always)]
    fn one(&mut self, _m: Move) {
        self.0 += 1;
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn piece(&mut self, from: u32, mut targets: u64) {
        while targets != 0 {
            let to = targets.trailing_zeros();
            targets &= targets - 1;
            self.push(Move::from_raw(from, to, 0));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, mut targets: u64, delta: i32, promo: bool) {
        while targets != 0 {
            let to = targets.trailing_zeros();
            targets &= targets - 1;
            let from = (to as i32 - delta) as u32;
            if promo {
                for k in [7u16, 4, 6, 5] {
                    self.push(Move::from_raw(from, to, k));
                }
            } else {
                self.push(Move::from_raw(from, to, 0));
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        self.push(m);
    }
}

const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const CORNERS: u64 = 0x8100_0000_0000_0081;

#[inline(always)]
pub(crate) fn generate<B: Backend, S: Sink>(b: B, pos: &Core, sink: &mut S) {
    match pos.side_to_move() {
        Color::White => generate_for::<B, S, true>(b, pos, sink),
        Color::Black => generate_for::<B, S, false>(b, pos, sink),
    }
}

/// The generator, specialised per side so that pawn directions are constants.
#[inline(always)]
fn generate_for<B: Backend, S: Sink, const WHITE: bool>(b: B, pos: &Core, sink: &mut S) {
    let colors = pos.colors;
    let p = pos.pieces;
    let us = if WHITE { Color::White } else { Color::Black };
    let them = us.opponent();
    let ours = colors[us.index()];
    let theirs = colors[them.index()];
    let occ = ours | theirs;
    let k = pos.king(us);
    let ksq = k.index();
    let kbit = 1u64 << ksq;
    let (checkers, pinned) = checks_and_pins(b, &colors, &p, us);

    // Castlings whose squares are empty, and the king's path of each; none when in check.
    let castles = if checkers == 0 {
        let path = |side| {
            let r = pos.castling.rook(us, side)?;
            castling_path(&colors, us, ksq, r.index(), side).map(|(path, occ2)| (r, path, occ2))
        };
        [path(CastleSide::King), path(CastleSide::Queen)]
    } else {
        [None, None]
    };

    // King moves: to the squares the enemy does not attack with the king off the board (a
    // step back along a checking line is attacked). A single step is tested on its own; two
    // or more, or a castling to check, take the whole attack set, a lookup per enemy slider
    // with no branch per square (a test per king step and castling square, each branching on
    // leapers and slider lines, was about half of a bulk count's time from Kiwipete).
    let steps = attacks::KING[ksq] & !ours;
    let occ_nok = occ ^ kbit;
    let danger = if steps & steps.wrapping_sub(1) != 0 || castles.iter().any(Option::is_some) {
        attacked_squares(b, &colors, &p, them, occ_nok)
    } else if steps != 0
        && attacked(
            b,
            &colors,
            &p,
            steps.trailing_zeros() as usize,
            them,
            occ_nok,
        )
    {
        steps
    } else {
        0
    };
    sink.piece(ksq as u32, steps & !danger);

    // Castling (standard and Chess960: the king and rook squares may coincide with targets).
    // The rook leaves too: from a corner it blocks no line, so `danger` answers for the path;
    // from elsewhere (Chess960) the path is tested with the rook gone. Decided here, where
    // `danger` is at hand, and listed last.
    let castle_rooks = [
        safe_castle(b, &colors, &p, them, danger, castles[0]),
        safe_castle(b, &colors, &p, them, danger, castles[1]),
    ];
    if checkers & (checkers.wrapping_sub(1)) != 0 {
        return; // double check
    }
    let target = if checkers != 0 {
        masks::BETWEEN[ksq][checkers.trailing_zeros() as usize] | checkers
    } else {
        !ours
    };

    // Knights (a pinned knight never moves).
    let mut n = p[1] & ours & !pinned;
    while n != 0 {
        let f = n.trailing_zeros();
        n &= n - 1;
        sink.piece(f, attacks::KNIGHT[f as usize] & target);
    }
    // Sliders: the free ones in loops without a pin test, then the pinned ones along their
    // pin line (a per-piece pin branch cost a tenth of a bulk count).
    let mut d = (p[2] | p[4]) & ours & !pinned;
    while d != 0 {
        let f = d.trailing_zeros();
        d &= d - 1;
        sink.piece(f, bishop(b, Square::new_masked(f as u8), occ) & target);
    }
    let mut o = (p[3] | p[4]) & ours & !pinned;
    while o != 0 {
        let f = o.trailing_zeros();
        o &= o - 1;
        sink.piece(f, rook(b, Square::new_masked(f as u8), occ) & target);
    }
    let mut pd = (p[2] | p[3] | p[4]) & ours & pinned;
    while pd != 0 {
        let f = pd.trailing_zeros();
        pd &= pd - 1;
        let s = Square::new_masked(f as u8);
        let line = masks::LINE[ksq][f as usize];
        let mut t = 0;
        if (p[2] | p[4]) & (1 << f) != 0 {
            t |= bishop(b, s, occ);
        }
        if (p[3] | p[4]) & (1 << f) != 0 {
            t |= rook(b, s, occ);
        }
        sink.piece(f, t & target & line);
    }

    // Pawns: set-wise for the unpinned ones.
    let pawns = p[0] & ours;
    let free = pawns & !pinned;
    let empty = !occ;
    let (up, third, promo_rank) = match us {
        Color::White => (8i32, 0xffu64 << 16, RANK_8),
        Color::Black => (-8i32, 0xffu64 << 40, RANK_1),
    };
    let sh = |x: u64, d: i32| if d > 0 { x << d } else { x >> -d };
    let single = sh(free, up) & empty;
    let double = sh(single & third, up) & empty & target;
    let single = single & target;
    sink.pawns(single & !promo_rank, up, false);
    sink.pawns(single & promo_rank, up, true);
    sink.pawns(double, 2 * up, false);
    let (dl, dr) = (up - 1, up + 1); // toward the a-file, toward the h-file
    let cap_l = sh(free & !FILE_A, dl) & theirs & target;
    let cap_r = sh(free & !FILE_H, dr) & theirs & target;
    sink.pawns(cap_l & !promo_rank, dl, false);
    sink.pawns(cap_l & promo_rank, dl, true);
    sink.pawns(cap_r & !promo_rank, dr, false);
    sink.pawns(cap_r & promo_rank, dr, true);
    // Pinned pawns: one at a time, along the pin line.
    let mut pp = pawns & pinned;
    while pp != 0 {
        let f = pp.trailing_zeros() as i32;
        pp &= pp - 1;
        let line = masks::LINE[ksq][f as usize] & target;
        let fbit = 1u64 << f;
        let push = sh(fbit, up) & empty;
        let dbl = sh(push & third, up) & empty & line;
        let caps = attacks::PAWN[us.index()][f as usize] & theirs & line;
        let mut all = (push & line) | dbl | caps;
        while all != 0 {
            let t = all.trailing_zeros() as i32;
            all &= all - 1;
            sink.pawns(1 << t, t - f, (1u64 << t) & promo_rank != 0);
        }
    }

    // En passant: verified directly (it may expose the king along the rank or a diagonal).
    if let Some(ep) = pos.ep {
        let e = ep.index();
        let cap = (e as i32 - up) as usize;
        let mut from = attacks::PAWN[them.index()][e] & pawns;
        while from != 0 {
            let f = from.trailing_zeros() as usize;
            from &= from - 1;
            let occ2 = occ ^ (1 << f) ^ (1 << e) ^ (1 << cap);
            let leapers = checkers & !(1u64 << cap) & (p[0] | p[1]);
            let rq = (p[3] | p[4]) & theirs;
            let bq = (p[2] | p[4]) & theirs;
            if leapers == 0 && rook(b, k, occ2) & rq == 0 && bishop(b, k, occ2) & bq == 0 {
                sink.one(Move::from_raw(
                    f as u32,
                    e as u32,
                    MoveKind::EnPassant as u16,
                ));
            }
        }
    }

    for r in castle_rooks.into_iter().flatten() {
        sink.one(Move::from_raw(
            ksq as u32,
            r.index() as u32,
            MoveKind::Castle as u16,
        ));
    }
}

/// The rook square of a castling whose king's path `path` (squares found empty by
/// [`castling_path`], with `occ2` the occupancy without king and rook) is not attacked.
/// From a corner the rook blocks no line, so the enemy's attack set with the king off the
/// board, `danger`, answers for the whole path; from elsewhere (Chess960) each square is
/// tested with the rook gone.
#[inline(always)]
fn safe_castle<B: Backend>(
    b: B,
    colors: &[u64; 2],
    p: &[u64; 6],
    them: Color,
    danger: u64,
    castle: Option<(Square, u64, u64)>,
) -> Option<Square> {
    let (r, mut path, occ2) = castle?;
    let mut safe = path & danger == 0;
    if r.bit() & CORNERS == 0 {
        while safe && path != 0 {
            let t = path.trailing_zeros() as usize;
            path &= path - 1;
            safe = !attacked(b, colors, p, t, them, occ2);
        }
    }
    safe.then_some(r)
}

impl Position {
    /// Appends the legal moves to `list` (cleared first), with backend `b`.
    ///
    /// ```
    /// use bb_chess::{MoveList, Position};
    /// let pos = Position::startpos();
    /// let mut list = MoveList::new();
    /// pos.legal_moves_with(bb_simd::Scalar, &mut list);
    /// assert_eq!(list.len(), 20);
    /// ```
    #[inline(always)]
    pub fn legal_moves_with<B: Backend>(&self, b: B, list: &mut MoveList) {
        list.clear();
        generate(b, &self.core(), list);
    }

    /// The number of legal moves, without building a list (bulk counting), with backend `b`.
    #[inline(always)]
    #[must_use]
    pub fn count_legal_with<B: Backend>(&self, b: B) -> u64 {
        count_core(b, &self.core())
    }

    /// The number of legal moves, on the best backend ([`bb_simd::auto!`]).
    #[must_use]
    pub fn count_legal(&self) -> u64 {
        bb_simd::auto!(|b| self.count_legal_with(b))
    }

    /// The number of legal moves of the position after the legal move `mv`, equal to
    /// `self.play(mv).count_legal_with(b)` but without making that position: only the
    /// bitboards, castling rights and en-passant square the generator reads are derived (no
    /// copy of the position, no board-array or key updates). This is the last interior ply of
    /// a bulk-counting perft, and what `bb_chess::perft` does there.
    ///
    /// ```
    /// use bb_chess::{MoveList, Position, Scalar};
    /// let pos = Position::startpos();
    /// let list = MoveList::legal(&pos);
    /// let n: u64 = list.iter().map(|&m| pos.count_legal_after_with(Scalar, m)).sum();
    /// assert_eq!(n, 400); // perft(2)
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn count_legal_after_with<B: Backend>(&self, b: B, mv: Move) -> u64 {
        count_core(b, &self.child_core(mv))
    }

    /// The legal moves, on the best backend ([`bb_simd::auto!`]).
    ///
    /// ```
    /// use bb_chess::Position;
    /// assert_eq!(Position::startpos().legal_moves().len(), 20);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        MoveList::legal(self)
    }
}

impl MoveList {
    /// The legal moves of `pos`, on the best backend ([`bb_simd::auto!`]).
    #[must_use]
    pub fn legal(pos: &Position) -> MoveList {
        bb_simd::auto!(|b| {
            let mut l = MoveList::new();
            pos.legal_moves_with(b, &mut l);
            l
        })
    }
}
