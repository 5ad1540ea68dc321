//! Legal move generation and perft on a [`Byteboard`]: checkers are the opponent's table entry
//! at our king, the squares the king may not enter are the non-zero entries of the opponent's
//! table (plus the x-ray squares behind a checking slider), and the targets of each knight,
//! bishop, rook, queen and king are read from our own table (the lanes holding its id bit).
//! Pawns, pins and en passant use the bitboards of the transposed mailbox (87flowers'
//! *mailbox/bitboard transposition*) and slider lookups along the king's lines.
//!
//! ```
//! use bb_chess::byteboard::movegen::{BytePosition, perft};
//! use bb_chess::Position;
//! let pos = BytePosition::from_position(&Position::startpos()).unwrap();
//! assert_eq!(bb_simd::dispatch!(|b| perft(b, &pos, 3)), 8902);
//! ```

use super::{Byteboard, ByteboardError, transpose};
use crate::position::CastlingRights;
use crate::{CastleSide, Color, Move, MoveKind, MoveList, Piece, Position, leapers, sliders};
use bb_core::masks::{between, line};
use bb_core::meter::{Meter, Unmetered};
use bb_core::{Rank, Square};
use bb_simd::Backend;

/// Where generated moves go: a [`MoveList`], or a counter (bulk counting).
pub trait MoveSink {
    /// Whether only the number of moves matters: the generator then counts whole sets (every
    /// unpinned piece's targets in one vector pass, unpinned pawns set-wise) through
    /// [`MoveSink::add`] instead of visiting pieces one by one.
    const COUNT_ONLY: bool = false;
    /// One move.
    fn push(&mut self, m: Move);
    /// `n` moves at once; the generator calls it only when [`MoveSink::COUNT_ONLY`] is set.
    #[inline(always)]
    fn add(&mut self, n: u64) {
        let _ = n;
    }
    /// Normal moves from `from` to every square of `targets`.
    #[inline(always)]
    fn targets(&mut self, from: Square, mut targets: u64) {
        while targets != 0 {
            let to = Square::new_masked(targets.trailing_zeros() as u8);
            targets &= targets - 1;
            self.push(Move::new(from, to, MoveKind::Normal));
        }
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
}

/// Counts moves without storing them.
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    const COUNT_ONLY: bool = true;
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn add(&mut self, n: u64) {
        self.0 += n;
    }
    #[inline(always)]
    fn targets(&mut self, _: Square, targets: u64) {
        self.0 += u64::from(targets.count_ones());
    }
}

/// A byteboard plus side to move, castling rights and en-passant square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BytePosition {
    /// Mailbox and attack tables.
    pub board: Byteboard,
    side: Color,
    castling: CastlingRights,
    ep: Option<Square>,
}

const PROMOS: [MoveKind; 4] = [
    MoveKind::PromoteQueen,
    MoveKind::PromoteRook,
    MoveKind::PromoteBishop,
    MoveKind::PromoteKnight,
];

impl BytePosition {
    /// The byteboard form of `pos`.
    ///
    /// # Errors
    /// [`ByteboardError::TooManyPieces`] if a colour has more than 16 pieces.
    pub fn from_position(pos: &Position) -> Result<BytePosition, ByteboardError> {
        Ok(BytePosition {
            board: Byteboard::from_position(pos)?,
            side: pos.side_to_move(),
            castling: pos.castling(),
            ep: pos.ep_square(),
        })
    }

    /// Side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Plays a legal move: the board with its incremental table update, then the state.
    #[inline(always)]
    pub fn play<B: Backend>(&mut self, b: B, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let p = self.board.place(from);
        let us = self.side;
        self.board.play(b, mv);
        self.ep = None;
        if mv.kind() == MoveKind::Castle || p.piece() == Some(Piece::King) {
            self.castling.clear_color(us);
        }
        self.castling.clear_square(from);
        self.castling.clear_square(to);
        if p.piece() == Some(Piece::Pawn) && from.index() ^ to.index() == 16 {
            self.ep = Some(Square::new_masked((from.to_u8() + to.to_u8()) / 2));
        }
        self.side = us.opponent();
    }

    /// Board-order set of the squares whose lane in `c`'s table has bit `id`.
    #[inline(always)]
    fn piece_targets<B: Backend>(&self, b: B, c: Color, id: u8) -> u64 {
        b.vectorize(|| self.piece_targets_impl(b, c, id))
    }

    #[inline(always)]
    fn piece_targets_impl<B: Backend>(&self, b: B, c: Color, id: u8) -> u64 {
        let t = &self.board.attacks[c.index()];
        let bit = b.u16x32_splat(1 << id);
        let z = b.u16x32_zero();
        let lo: &[u16; 32] = t[..32].try_into().unwrap_or(&[0; 32]);
        let hi: &[u16; 32] = t[32..].try_into().unwrap_or(&[0; 32]);
        let e = !b.u16x32_cmpeq(b.u16x32_and(b.u16x32_from_array(*lo), bit), z);
        let o = !b.u16x32_cmpeq(b.u16x32_and(b.u16x32_from_array(*hi), bit), z);
        b.pdep(u64::from(e), 0x5555_5555_5555_5555) | b.pdep(u64::from(o), 0xaaaa_aaaa_aaaa_aaaa)
    }

    /// The number of (piece id in `ids`, target square in `squares`) pairs of `c`'s table: the
    /// moves of those pieces to those squares, counted in one pass over the table.
    #[inline(always)]
    fn count_targets<B: Backend>(&self, b: B, c: Color, squares: u64, ids: u16) -> u64 {
        b.vectorize(|| self.count_targets_impl(b, c, squares, ids))
    }

    #[inline(always)]
    fn count_targets_impl<B: Backend>(&self, b: B, c: Color, squares: u64, ids: u16) -> u64 {
        let t = &self.board.attacks[c.index()];
        let idv = b.u16x32_splat(ids);
        let z = b.u16x32_zero();
        let lo: &[u16; 32] = t[..32].try_into().unwrap_or(&[0; 32]);
        let hi: &[u16; 32] = t[32..].try_into().unwrap_or(&[0; 32]);
        let even = b.pext(squares, 0x5555_5555_5555_5555) as u32;
        let odd = b.pext(squares, 0xaaaa_aaaa_aaaa_aaaa) as u32;
        let e = b.u16x32_select(even, b.u16x32_and(b.u16x32_from_array(*lo), idv), z);
        let o = b.u16x32_select(odd, b.u16x32_and(b.u16x32_from_array(*hi), idv), z);
        let count = |x| b.u64x8_popcnt(b.u16x32_as_u64x8(x));
        b.u64x8_hadd(b.u64x8_add(count(e), count(o)))
    }

    /// Appends every legal move to `list`.
    #[inline(always)]
    pub fn legal_moves<B: Backend>(&self, b: B, list: &mut MoveList) {
        self.generate(b, list);
    }

    /// Generates every legal move into `list` (a [`MoveList`] or a [`MoveCounter`]).
    #[inline(always)]
    pub fn generate<B: Backend, S: MoveSink>(&self, b: B, list: &mut S) {
        let us = self.side;
        let them = us.opponent();
        let bbs = b.vectorize(|| transpose::to_bitboards(b, &self.board.mailbox()));
        let ours = bbs.color(us);
        let theirs = bbs.color(them);
        let occ = ours | theirs;
        let ksq = Square::new_masked(self.board.piece_sq[us.index()][0]);
        let their_orth = (bbs.kind(Piece::Rook) | bbs.kind(Piece::Queen)) & theirs;
        let their_diag = (bbs.kind(Piece::Bishop) | bbs.kind(Piece::Queen)) & theirs;

        let mut checker_ids = self.board.attackers(them, ksq);
        let mut checkers = 0u64;
        let mut danger = self.board.attacked(b, them);
        while checker_ids != 0 {
            let id = checker_ids.trailing_zeros() as usize;
            checker_ids &= checker_ids - 1;
            let c = Square::new_masked(self.board.piece_sq[them.index()][id]);
            checkers |= c.bit();
            if (their_orth | their_diag) & c.bit() != 0 {
                danger |= line(c, ksq) & !between(c, ksq) & !c.bit();
            }
        }

        // King.
        list.targets(ksq, self.piece_targets(b, us, 0) & !ours & !danger);
        if checkers.count_ones() > 1 {
            return;
        }
        let mask = if checkers == 0 {
            !ours
        } else {
            between(ksq, Square::new_masked(checkers.trailing_zeros() as u8)) | checkers
        };

        // Pins.
        let mut pinned = 0u64;
        let mut snipers = (sliders::rook(b, ksq, theirs) & their_orth)
            | (sliders::bishop(b, ksq, theirs) & their_diag);
        while snipers != 0 {
            let s = Square::new_masked(snipers.trailing_zeros() as u8);
            snipers &= snipers - 1;
            let btw = between(ksq, s) & occ;
            if btw & (btw.wrapping_sub(1)) == 0 && btw & ours != 0 {
                pinned |= btw;
            }
        }
        let allowed = |from: Square| -> u64 {
            if pinned & from.bit() != 0 {
                line(ksq, from)
            } else {
                !0
            }
        };

        let pawns = bbs.pieces(us, Piece::Pawn);
        // Knights, bishops, rooks, queens from the table.
        if S::COUNT_ONLY {
            // Every unpinned piece at once; then the pinned ones (rare) one by one.
            let mut excluded = 1u16;
            let mut x = pawns | pinned;
            while x != 0 {
                excluded |= 1 << (self.board.board[(x.trailing_zeros() & 63) as usize] & 15);
                x &= x - 1;
            }
            list.add(self.count_targets(b, us, mask & !ours, !excluded));
            let mut x = pinned & !pawns;
            while x != 0 {
                let from = Square::new_masked(x.trailing_zeros() as u8);
                x &= x - 1;
                let id = self.board.place(from).id();
                list.targets(
                    from,
                    self.piece_targets(b, us, id) & mask & !ours & line(ksq, from),
                );
            }
        } else {
            for id in 1..16u8 {
                let s = self.board.piece_sq[us.index()][usize::from(id)];
                let Some(from) = Square::new(s) else { continue };
                let p = self.board.place(from);
                if p.piece() == Some(Piece::Pawn) {
                    continue;
                }
                list.targets(
                    from,
                    self.piece_targets(b, us, id) & mask & !ours & allowed(from),
                );
            }
        }

        // Pawns.
        let empty = !occ;
        let (up, start, last): (i8, Rank, Rank) = match us {
            Color::White => (8, Rank::R2, Rank::R8),
            Color::Black => (-8, Rank::R7, Rank::R1),
        };
        let mut ps = pawns;
        if S::COUNT_ONLY {
            list.add(count_pawn_moves(us, pawns & !pinned, empty, theirs, mask));
            ps &= pinned;
        }
        while ps != 0 {
            let from = Square::new_masked(ps.trailing_zeros() as u8);
            ps &= ps - 1;
            let ok = mask & allowed(from);
            let push = |to: Square, list: &mut S| {
                if to.rank() == last {
                    for k in PROMOS {
                        list.push(Move::new(from, to, k));
                    }
                } else {
                    list.push(Move::new(from, to, MoveKind::Normal));
                }
            };
            let one = Square::new_masked((from.to_u8() as i8 + up) as u8);
            if empty & one.bit() != 0 {
                if ok & one.bit() != 0 {
                    push(one, list);
                }
                if from.rank() == start {
                    let two = Square::new_masked((one.to_u8() as i8 + up) as u8);
                    if empty & ok & two.bit() != 0 {
                        list.push(Move::new(from, two, MoveKind::Normal));
                    }
                }
            }
            let mut caps = leapers::pawn_attacks(us, from) & theirs & ok;
            while caps != 0 {
                let to = Square::new_masked(caps.trailing_zeros() as u8);
                caps &= caps - 1;
                push(to, list);
            }
        }

        // En passant: simulate the capture against the sliders on the king's lines.
        if let Some(ep) = self.ep {
            let cap = Square::new_masked(ep.to_u8() ^ 8);
            let other_checkers = checkers & !cap.bit() & !(their_orth | their_diag);
            let mut from_set = leapers::pawn_attacks(them, ep) & pawns;
            while from_set != 0 && other_checkers == 0 {
                let from = Square::new_masked(from_set.trailing_zeros() as u8);
                from_set &= from_set - 1;
                let o = occ ^ from.bit() ^ cap.bit() ^ ep.bit();
                if sliders::rook(b, ksq, o) & their_orth & !cap.bit() == 0
                    && sliders::bishop(b, ksq, o) & their_diag & !cap.bit() == 0
                {
                    list.push(Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }

        // Castling (standard and Chess960: `to` is the rook).
        if checkers == 0 {
            for side in CastleSide::ALL {
                let Some(rsq) = self.castling.rook(us, side) else {
                    continue;
                };
                let rank = us.back_rank();
                let kdst = Square::from_file_rank(side.king_file(), rank);
                let rdst = Square::from_file_rank(side.rook_file(), rank);
                let kpath = between(ksq, kdst) | kdst.bit();
                let path = kpath | between(rsq, rdst) | rdst.bit();
                let movers = ksq.bit() | rsq.bit();
                if path & occ & !movers != 0 || kpath & danger != 0 {
                    continue;
                }
                // The castling rook may shield a king-path square from a slider on the rank.
                let o = occ ^ movers;
                let mut shielded = false;
                let mut kp = kpath;
                while kp != 0 {
                    let s = Square::new_masked(kp.trailing_zeros() as u8);
                    kp &= kp - 1;
                    if sliders::rook(b, s, o) & their_orth & rank.mask() != 0 {
                        shielded = true;
                    }
                }
                if !shielded {
                    list.push(Move::new(ksq, rsq, MoveKind::Castle));
                }
            }
        }
    }

    /// The number of legal moves.
    #[inline(always)]
    #[must_use]
    pub fn count_legal<B: Backend>(&self, b: B) -> u64 {
        let mut c = MoveCounter(0);
        self.generate(b, &mut c);
        c.0
    }
}

/// The number of moves of `pawns` (none of them pinned) to squares of `mask`, set-wise: single
/// and double pushes onto empty squares, captures of `theirs`; a move to the last rank counts
/// as its four promotions.
#[inline(always)]
fn count_pawn_moves(us: Color, pawns: u64, empty: u64, theirs: u64, mask: u64) -> u64 {
    let last = match us {
        Color::White => Rank::R8.mask(),
        Color::Black => Rank::R1.mask(),
    };
    let single = leapers::pawn_pushes(us, pawns, empty) & mask;
    let double = leapers::pawn_double_pushes(us, pawns, empty) & mask;
    // A square two pawns attack is two moves, so the captures are counted in two groups of
    // files, {a, b, e, f} and {c, d, g, h}, within which no two pawns share a target.
    let group = 0x3333_3333_3333_3333;
    let captures = |g: u64| leapers::pawn_attacks_set(us, pawns & g) & theirs & mask;
    let moves = |x: u64| u64::from((x & !last).count_ones() + 4 * (x & last).count_ones());
    moves(single)
        + moves(captures(group))
        + moves(captures(!group))
        + u64::from(double.count_ones())
}

/// Perft on the byteboard: copy-make with the incremental update, bulk counting at depth 1.
#[must_use]
pub fn perft<B: Backend>(b: B, pos: &BytePosition, depth: u32) -> u64 {
    perft_metered(b, pos, depth, &mut Unmetered)
}

/// [`perft`] reporting to `meter` every sub-tree two plies above the leaves, and stopping when
/// it halts (the count returned is then partial), as [`crate::perft::perft_metered_with`].
pub fn perft_metered<B: Backend, M: Meter>(
    b: B,
    pos: &BytePosition,
    depth: u32,
    meter: &mut M,
) -> u64 {
    perft_rec(b, pos, depth, meter)
}

#[inline(always)]
fn perft_inner<B: Backend, M: Meter>(b: B, pos: &BytePosition, depth: u32, meter: &mut M) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal(b);
    }
    let mut list = MoveList::new();
    pos.legal_moves(b, &mut list);
    let mut n = 0;
    for &mv in list.iter() {
        let mut next = *pos;
        next.play(b, mv);
        n += perft_rec(b, &next, depth - 1, meter);
        if M::ACTIVE && meter.halted() {
            break;
        }
    }
    n
}

bb_simd::specialize! {
    fn perft_rec<B: Backend, M: Meter>(b: B, pos: &BytePosition, depth: u32, meter: &mut M) -> u64 {
        if M::ACTIVE && depth == crate::perft::TICK_DEPTH {
            let n = perft_inner(b, pos, depth, &mut Unmetered);
            meter.tick(n);
            return n;
        }
        perft_inner(b, pos, depth, meter)
    }
}
