//! Byteboard: a 64-byte mailbox of [`Place`] bytes with two incrementally updated attack tables
//! (87flowers' *incrementally updated attack tables*, the Rose / Clockwork design), and the mailbox
//! <-> bitboards [`transpose`] (87flowers' *mailbox/bitboard transposition*).
//!
//! Each colour has up to 16 pieces with ids 0..16 (the king is id 0). For every square, the
//! attack table of a colour holds a 16-bit mask: bit `id` is set when that colour's piece `id`
//! attacks the square. `play` keeps both tables current with three vector sub-operations:
//!
//! - [`Byteboard::remove_attacks`]: AND both 32-lane word vectors with a broadcast `!(1 << id)`;
//! - [`Byteboard::slider_update`]: when a square changes between empty and occupied, gather the
//!   superpiece rays of the square with a byte permute (VPERMB), find the first piece on each ray
//!   that is a slider moving toward the square, broadcast its place byte along its ray (two
//!   GF2P8AFFINEQB), rotate the ray vector by 180 degrees, mask it to the visible part of each
//!   ray, permute back to board order, turn ids into bits with per-lane 16-bit shifts and XOR
//!   into the tables;
//! - [`Byteboard::add_attacks`]: the visible superpiece squares as a bit mask, permuted to board
//!   order with VPSHUFBITQMB, ANDed with the piece's empty-board moves, ORed in as `1 << id`.
//!
//! All three are generic over [`bb_simd::Backend`] (every backend emulates what its ISA lacks);
//! [`Byteboard::recompute_scalar`] builds the same tables from scratch with ray walkers and is the
//! reference the tests compare against.
//!
//! Internally the tables are stored with even squares first and odd squares second (see
//! [`geometry::eo_index`]), so that the low and high bytes of the 16-bit lanes of a board-order
//! byte vector map onto the two word vectors without a byte interleave.
//!
//! ```
//! use bb_chess::byteboard::Byteboard;
//! use bb_chess::{Color, Move, Position};
//! use bb_core::Square;
//! let pos = Position::startpos();
//! let mut bb = Byteboard::from_position(&pos).unwrap();
//! bb_simd::dispatch!(|b| bb.play(b, Move::parse_uci(&pos, "e2e4").unwrap()));
//! // The f1 bishop (and the d1 queen) now see the long diagonals.
//! assert_eq!(bb.attackers(Color::White, Square::A6).count_ones(), 1);
//! assert_eq!(bb.attackers(Color::White, Square::H5).count_ones(), 1);
//! assert_eq!(bb, { let mut r = bb.clone(); r.recompute_scalar(); r });
//! ```

mod error;
pub mod geometry;
pub mod movegen;
mod place;
mod see;
pub mod transpose;

pub use error::ByteboardError;
pub use place::Place;

use crate::{Color, Move, MoveKind, Piece, Position};
use bb_core::{Square, reference};
use bb_simd::Backend;
use geometry::eo_index;

mod tables {
    include!(concat!(env!("OUT_DIR"), "/byteboard.rs"));
}

/// Square of piece ids with no piece.
pub const NO_SQUARE: u8 = 0xff;

/// Mailbox, piece lists and the two attack tables (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Byteboard {
    board: [u8; 64],
    /// `[colour][eo_index(square)]`: bit `id` = piece `id` of that colour attacks the square.
    attacks: [[u16; 64]; 2],
    /// `[colour][id]`: square of the piece, or [`NO_SQUARE`].
    piece_sq: [[u8; 16]; 2],
}

const ROT180: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = ((i + 32) % 64) as u8;
        i += 1;
    }
    t
};

/// Per ray group: which slider bit moves along this direction (orth for N/E/S/W, diag else);
/// the knight byte matches nothing.
const SLIDER_DIR: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        if i % 8 != 0 {
            t[i] = if (i / 8) % 2 == 0 {
                Place::ORTH
            } else {
                Place::DIAG
            };
        }
        i += 1;
    }
    t
};

/// PSHUFB indices broadcasting the top byte of each 8-byte group (within 16-byte lanes).
const TOP_BYTE: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (i as u8 & 8) | 7;
        i += 1;
    }
    t
};

const QWORD_BYTE: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (i / 8) as u8;
        i += 1;
    }
    t
};

const NON_KNIGHT: u64 = 0xfefe_fefe_fefe_fefe;

const IOTA: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = i as u8;
        i += 1;
    }
    t
};

/// The visible part of each superpiece ray: bits from distance 1 up to and including the first
/// occupied (or off-board) slot, restricted to valid slots; knight slots when valid.
#[inline(always)]
#[must_use]
pub const fn superpiece_attacks(occupied: u64, valid: u64) -> u64 {
    let o = ((occupied | !valid) & NON_KNIGHT) | 0x8080_8080_8080_8080;
    ((o ^ (o - 0x0202_0202_0202_0202)) & valid & NON_KNIGHT) | (valid & !NON_KNIGHT)
}

/// A byte vector with 0xff where `mask` has a bit and 0 elsewhere, ANDed with `v` (VMOVDQU8
/// with zero masking, emulated with a permute, an AND, a minimum and a subtract).
#[inline(always)]
fn mask_bytes<B: Backend>(b: B, mask: u64, v: B::U8x64) -> B::U8x64 {
    if B::VECTOR_BITS >= 512 {
        let m = b.u8x64_permute(
            b.u64x8_as_u8x64(b.u64x8_splat(mask)),
            b.u8x64_from_array(QWORD_BYTE),
        );
        let bits = b.u64x8_as_u8x64(b.u64x8_splat(0x8040_2010_0804_0201));
        let hit = b.u8x64_min(b.u8x64_and(m, bits), b.u8x64_splat(1));
        b.u8x64_and(b.u8x64_sub(b.u8x64_zero(), hit), v)
    } else {
        let a = b.u8x64_to_array(v);
        b.u8x64_from_array(core::array::from_fn(|i| {
            if (mask >> i) & 1 != 0 { a[i] } else { 0 }
        }))
    }
}

impl Byteboard {
    /// An empty board.
    #[must_use]
    pub const fn empty() -> Byteboard {
        Byteboard {
            board: [0; 64],
            attacks: [[0; 64]; 2],
            piece_sq: [[NO_SQUARE; 16]; 2],
        }
    }

    /// The byteboard of a position: kings get id 0, the other pieces ids 1.. in square order; the
    /// tables are computed from scratch.
    ///
    /// # Errors
    /// [`ByteboardError::TooManyPieces`] if a colour has more than 16 pieces.
    pub fn from_position(pos: &Position) -> Result<Byteboard, ByteboardError> {
        let mut bb = Byteboard::empty();
        let mut next = [1u8; 2];
        for s in 0..64u8 {
            let sq = Square::new_masked(s);
            if let Some((c, p)) = pos.piece_at(sq) {
                let id = if p == Piece::King {
                    0
                } else {
                    let id = next[c.index()];
                    if id >= 16 {
                        return Err(ByteboardError::TooManyPieces(c));
                    }
                    next[c.index()] += 1;
                    id
                };
                bb.board[s as usize] = Place::new(c, p, id).0;
                bb.piece_sq[c.index()][id as usize] = s;
            }
        }
        bb.recompute_scalar();
        Ok(bb)
    }

    /// The place byte on `sq`.
    #[inline(always)]
    #[must_use]
    pub fn place(&self, sq: Square) -> Place {
        Place(self.board[sq.index()])
    }

    /// The mailbox.
    #[inline(always)]
    #[must_use]
    pub fn mailbox(&self) -> [Place; 64] {
        self.board.map(Place)
    }

    /// The raw mailbox bytes.
    #[inline(always)]
    #[must_use]
    pub fn raw_mailbox(&self) -> &[u8; 64] {
        &self.board
    }

    /// Square of piece `id` of colour `c`, if it is on the board.
    #[inline(always)]
    #[must_use]
    pub fn piece_square(&self, c: Color, id: u8) -> Option<Square> {
        Square::new(self.piece_sq[c.index()][usize::from(id & 15)])
    }

    /// Bit `id` set for each piece of colour `c` that attacks `sq`.
    #[inline(always)]
    #[must_use]
    pub fn attackers(&self, c: Color, sq: Square) -> u16 {
        self.attacks[c.index()][eo_index(sq.index())]
    }

    /// The attack table of colour `c` in square order.
    #[must_use]
    pub fn attack_table(&self, c: Color) -> [u16; 64] {
        core::array::from_fn(|s| self.attacks[c.index()][eo_index(s)])
    }

    /// Squares attacked by colour `c`.
    #[must_use]
    pub fn attacked<B: Backend>(&self, b: B, c: Color) -> u64 {
        b.vectorize(|| self.attacked_impl(b, c))
    }

    #[inline(always)]
    fn attacked_impl<B: Backend>(&self, b: B, c: Color) -> u64 {
        let t = &self.attacks[c.index()];
        let z = b.u16x32_zero();
        let lo: [u16; 32] = core::array::from_fn(|i| t[i]);
        let hi: [u16; 32] = core::array::from_fn(|i| t[32 + i]);
        let even = !b.u16x32_cmpeq(b.u16x32_from_array(lo), z);
        let odd = !b.u16x32_cmpeq(b.u16x32_from_array(hi), z);
        // Interleave even/odd square bits (a PDEP pair).
        b.pdep(u64::from(even), 0x5555_5555_5555_5555)
            | b.pdep(u64::from(odd), 0xaaaa_aaaa_aaaa_aaaa)
    }

    /// Occupied squares.
    #[inline(always)]
    #[must_use]
    pub fn occupied<B: Backend>(&self, b: B) -> u64 {
        !b.u8x64_cmpeq(b.u8x64_from_array(self.board), b.u8x64_zero())
    }

    /// The eight bitboards of this position (87flowers' *mailbox/bitboard transposition*
    /// transposition, backend default variant).
    #[inline(always)]
    #[must_use]
    pub fn bitboards<B: Backend>(&self, b: B) -> transpose::Bitboards {
        transpose::to_bitboards(b, &self.mailbox())
    }

    /// Recomputes both tables from scratch with ray walkers (the reference).
    pub fn recompute_scalar(&mut self) {
        self.attacks = [[0; 64]; 2];
        let occ = self
            .board
            .iter()
            .enumerate()
            .fold(0u64, |o, (s, &p)| if p != 0 { o | (1 << s) } else { o });
        for s in 0..64u8 {
            let p = Place(self.board[s as usize]);
            let Some(kind) = p.piece() else { continue };
            let sq = Square::new_masked(s);
            let set = match kind {
                Piece::Pawn => match p.color() {
                    Color::White => reference::white_pawn_attacks(sq),
                    Color::Black => reference::black_pawn_attacks(sq),
                },
                Piece::Knight => reference::knight_attacks(sq),
                Piece::Bishop => reference::bishop_attacks(sq, occ),
                Piece::Rook => reference::rook_attacks(sq, occ),
                Piece::Queen => reference::queen_attacks(sq, occ),
                Piece::King => reference::king_attacks(sq),
            };
            let mut set = set;
            while set != 0 {
                let t = set.trailing_zeros() as usize;
                set &= set - 1;
                self.attacks[p.color().index()][eo_index(t)] |= 1 << p.id();
            }
        }
    }

    /// Recomputes both tables with the vector `add_attacks` of every piece (the "from scratch"
    /// baseline of the benchmarks).
    #[inline(always)]
    pub fn recompute<B: Backend>(&mut self, b: B) {
        self.attacks = [[0; 64]; 2];
        b.vectorize(
            #[inline(always)]
            || {
                let board = b.u8x64_from_array(self.board);
                for s in 0..64u8 {
                    let p = Place(self.board[s as usize]);
                    if !p.is_empty() {
                        self.add_attacks_impl(b, p, Square::new_masked(s), board);
                    }
                }
            },
        );
    }

    #[inline(always)]
    fn load_table<B: Backend>(&self, b: B, c: usize) -> (B::U16x32, B::U16x32) {
        let t = &self.attacks[c];
        let lo: &[u16; 32] = t[..32].try_into().unwrap_or(&[0; 32]);
        let hi: &[u16; 32] = t[32..].try_into().unwrap_or(&[0; 32]);
        (b.u16x32_from_array(*lo), b.u16x32_from_array(*hi))
    }

    #[inline(always)]
    fn store_table<B: Backend>(&mut self, b: B, c: usize, even: B::U16x32, odd: B::U16x32) {
        self.attacks[c][..32].copy_from_slice(&b.u16x32_to_array(even));
        self.attacks[c][32..].copy_from_slice(&b.u16x32_to_array(odd));
    }

    /// Clears piece `id` of colour `c` from its attack table (87flowers' `removeAttacks`).
    #[inline(always)]
    pub fn remove_attacks<B: Backend>(&mut self, b: B, c: Color, id: u8) {
        b.vectorize(|| self.remove_attacks_impl(b, c, id));
    }

    #[inline(always)]
    fn remove_attacks_impl<B: Backend>(&mut self, b: B, c: Color, id: u8) {
        let m = b.u16x32_splat(!(1u16 << (id & 15)));
        let (e, o) = self.load_table(b, c.index());
        self.store_table(b, c.index(), b.u16x32_and(e, m), b.u16x32_and(o, m));
    }

    /// Flips the attacks of every slider whose ray passes through `sq` beyond it (87flowers'
    /// `incrementalSliderUpdate`). Call it whenever `sq` turns from empty to occupied or back;
    /// the piece on `sq` itself does not matter.
    #[inline(always)]
    pub fn slider_update<B: Backend>(&mut self, b: B, sq: Square) {
        b.vectorize(|| self.slider_update_impl(b, sq, b.u8x64_from_array(self.board)));
    }

    /// `board` is the mailbox as a vector (see [`Byteboard::set_square`]).
    #[inline(always)]
    fn slider_update_impl<B: Backend>(&mut self, b: B, sq: Square, board: B::U8x64) {
        let s = sq.index();
        let places = b.u8x64_permute(board, b.u8x64_from_array(tables::RAY_COORDS[s]));
        let valid = tables::RAY_VALID[s];
        let occupied = !b.u8x64_cmpeq(places, b.u8x64_zero());
        let raymask = superpiece_attacks(occupied, valid) & NON_KNIGHT;
        let sliders = b.u8x64_test(places, b.u8x64_splat(Place::SLIDER))
            & b.u8x64_test(places, b.u8x64_from_array(SLIDER_DIR));
        let visible = raymask & sliders;
        if visible == 0 {
            return;
        }
        let vis = mask_bytes(b, visible, places);
        // Horizontal XOR of each 8-byte group, broadcast to the group.
        let bc = if B::HAS_GFNI {
            // A bit transpose against the anti-diagonal, then a parity row (two GF2P8AFFINEQB).
            let t = b.u8x64_gf2p8affine::<0>(
                b.u64x8_as_u8x64(b.u64x8_splat(0x0102_0408_1020_4080)),
                vis,
            );
            b.u8x64_gf2p8affine::<0>(b.u8x64_splat(0xff), t)
        } else {
            // Without GFNI (the AVX2 form): three shift-XOR steps leave each group's XOR in
            // its top byte, a byte shuffle copies that byte over the group.
            let q = b.u8x64_as_u64x8(vis);
            let q = b.u64x8_xor(q, b.u64x8_shl::<8>(q));
            let q = b.u64x8_xor(q, b.u64x8_shl::<16>(q));
            let q = b.u64x8_xor(q, b.u64x8_shl::<32>(q));
            b.u8x64_shuffle(b.u64x8_as_u8x64(q), b.u8x64_from_array(TOP_BYTE))
        };
        let rot = b.u8x64_permute(bc, b.u8x64_from_array(ROT180));
        let masked = mask_bytes(b, raymask, rot);
        let info = b.u8x64_permute(masked, b.u8x64_from_array(tables::INV_BOARD[s]));
        self.xor_ids(b, info);
    }

    /// XORs `1 << id` of every non-zero place byte of `info` (board order) into its colour's
    /// table.
    #[inline(always)]
    fn xor_ids<B: Backend>(&mut self, b: B, info: B::U8x64) {
        let w = b.u8x64_as_u16x32(info);
        let halves = [
            b.u16x32_and(w, b.u16x32_splat(0xff)),
            b.u16x32_shrv(w, b.u16x32_splat(8)),
        ];
        let (mut we, mut wo) = self.load_table(b, 0);
        let (mut be, mut bo) = self.load_table(b, 1);
        let z = b.u16x32_zero();
        let one = b.u16x32_splat(1);
        for (h, x) in halves.into_iter().enumerate() {
            let nz = !b.u16x32_cmpeq(x, z);
            let white = b.u16x32_cmpeq(b.u16x32_and(x, b.u16x32_splat(0x80)), z);
            let bits = b.u16x32_shlv(one, b.u16x32_and(x, b.u16x32_splat(0xf)));
            let wb = b.u16x32_select(nz & white, bits, z);
            let bb = b.u16x32_select(nz & !white, bits, z);
            if h == 0 {
                we = b.u16x32_xor(we, wb);
                be = b.u16x32_xor(be, bb);
            } else {
                wo = b.u16x32_xor(wo, wb);
                bo = b.u16x32_xor(bo, bb);
            }
        }
        self.store_table(b, 0, we, wo);
        self.store_table(b, 1, be, bo);
    }

    /// ORs the attacks of piece `p` standing on `sq` into its colour's table (87flowers'
    /// `addAttacks`, Clockwork's table form with VPSHUFBITQMB).
    #[inline(always)]
    pub fn add_attacks<B: Backend>(&mut self, b: B, p: Place, sq: Square) {
        b.vectorize(|| self.add_attacks_impl(b, p, sq, b.u8x64_from_array(self.board)));
    }

    #[inline(always)]
    fn add_attacks_impl<B: Backend>(&mut self, b: B, p: Place, sq: Square, board: B::U8x64) {
        let s = sq.index();
        let places = b.u8x64_permute(board, b.u8x64_from_array(tables::RAY_COORDS[s]));
        let occupied = !b.u8x64_cmpeq(places, b.u8x64_zero());
        let raymask = superpiece_attacks(occupied, tables::RAY_VALID[s]);
        let visible_eo = b.u8x64_bitshuffle(
            b.u64x8_as_u8x64(b.u64x8_splat(raymask)),
            b.u8x64_from_array(tables::INV_EO[s]),
        );
        let c = p.color().index();
        let moves = tables::PIECE_MOVES_EO[c][usize::from(p.type_code())][s] & visible_eo;
        let bit = b.u16x32_splat(1 << p.id());
        let z = b.u16x32_zero();
        let (e, o) = self.load_table(b, c);
        let e = b.u16x32_or(e, b.u16x32_select(moves as u32, bit, z));
        let o = b.u16x32_or(o, b.u16x32_select((moves >> 32) as u32, bit, z));
        self.store_table(b, c, e, o);
    }

    /// Writes `new` into the mailbox at `sq`, in memory and in its vector copy `board`.
    ///
    /// A sequence of sub-operations (a move) carries the mailbox in a register: a vector load of
    /// `self.board` right after a one-byte store to it cannot take the value from the store
    /// buffer and waits for the store to reach the cache. The register copy is patched with
    /// a one-hot byte mask instead (`min(iota ^ sq, 1) - 1`).
    #[inline(always)]
    fn set_square<B: Backend>(&mut self, b: B, board: &mut B::U8x64, sq: Square, new: u8) {
        let old = core::mem::replace(&mut self.board[sq.index()], new);
        let at = b.u8x64_xor(b.u8x64_from_array(IOTA), b.u8x64_splat(sq.to_u8()));
        let one_hot = b.u8x64_sub(b.u8x64_min(at, b.u8x64_splat(1)), b.u8x64_splat(1));
        *board = b.u8x64_xor(*board, b.u8x64_and(one_hot, b.u8x64_splat(old ^ new)));
    }

    /// Runs `f` inside `b.vectorize` with the mailbox loaded into a register once (see
    /// [`Byteboard::set_square`]).
    #[inline(always)]
    fn with_board<B: Backend>(&mut self, b: B, f: impl FnOnce(&mut Self, &mut B::U8x64)) {
        b.vectorize(
            #[inline(always)]
            || {
                let mut board = b.u8x64_from_array(self.board);
                f(self, &mut board);
            },
        );
    }

    /// Puts `p` on the empty square `sq` (87flowers' `addPiece`).
    #[inline(always)]
    pub fn add_piece<B: Backend>(&mut self, b: B, p: Place, sq: Square) {
        self.with_board(
            b,
            #[inline(always)]
            |s, board| s.add_piece_impl(b, board, p, sq),
        );
    }

    #[inline(always)]
    fn add_piece_impl<B: Backend>(&mut self, b: B, board: &mut B::U8x64, p: Place, sq: Square) {
        self.set_square(b, board, sq, p.0);
        self.piece_sq[p.color().index()][usize::from(p.id())] = sq.to_u8();
        self.slider_update_impl(b, sq, *board);
        self.add_attacks_impl(b, p, sq, *board);
    }

    /// Removes the piece on `sq` (87flowers' `removePiece`).
    #[inline(always)]
    pub fn remove_piece<B: Backend>(&mut self, b: B, sq: Square) {
        self.with_board(
            b,
            #[inline(always)]
            |s, board| s.remove_piece_impl(b, board, sq),
        );
    }

    #[inline(always)]
    fn remove_piece_impl<B: Backend>(&mut self, b: B, board: &mut B::U8x64, sq: Square) {
        let p = Place(self.board[sq.index()]);
        self.remove_attacks_impl(b, p.color(), p.id());
        // The piece on `sq` does not matter to the update: the mailbox may change after it.
        self.slider_update_impl(b, sq, *board);
        self.set_square(b, board, sq, 0);
        self.piece_sq[p.color().index()][usize::from(p.id())] = NO_SQUARE;
    }

    /// Replaces the piece on the occupied square `sq` by `p` (87flowers' `mutatePiece`, used for
    /// captures).
    #[inline(always)]
    pub fn mutate_piece<B: Backend>(&mut self, b: B, p: Place, sq: Square) {
        self.with_board(
            b,
            #[inline(always)]
            |s, board| s.mutate_piece_impl(b, board, p, sq),
        );
    }

    #[inline(always)]
    fn mutate_piece_impl<B: Backend>(&mut self, b: B, board: &mut B::U8x64, p: Place, sq: Square) {
        let old = Place(self.board[sq.index()]);
        self.set_square(b, board, sq, p.0);
        self.remove_attacks_impl(b, old.color(), old.id());
        self.piece_sq[old.color().index()][usize::from(old.id())] = NO_SQUARE;
        self.piece_sq[p.color().index()][usize::from(p.id())] = sq.to_u8();
        self.add_attacks_impl(b, p, sq, *board);
    }

    /// Plays a legal move (any kind: normal, capture, double push, en passant, castling in
    /// standard or Chess960 encoding, promotion) and updates the tables incrementally. The side
    /// to move is the colour of the piece on `mv.from()`.
    #[inline(always)]
    pub fn play<B: Backend>(&mut self, b: B, mv: Move) {
        self.with_board(
            b,
            #[inline(always)]
            |s, board| s.play_impl(b, board, mv),
        );
    }

    #[inline(always)]
    fn play_impl<B: Backend>(&mut self, b: B, board: &mut B::U8x64, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let p = Place(self.board[from.index()]);
        let us = p.color();
        match mv.kind() {
            MoveKind::Castle => {
                let rook = Place(self.board[to.index()]);
                let rank = us.back_rank();
                let (kf, rf) = if to.index() > from.index() {
                    (bb_core::File::G, bb_core::File::F)
                } else {
                    (bb_core::File::C, bb_core::File::D)
                };
                self.remove_piece_impl(b, board, from);
                self.remove_piece_impl(b, board, to);
                self.add_piece_impl(b, board, p, Square::from_file_rank(kf, rank));
                self.add_piece_impl(b, board, rook, Square::from_file_rank(rf, rank));
            }
            MoveKind::EnPassant => {
                let cap = Square::new_masked(if us == Color::White {
                    to.to_u8() - 8
                } else {
                    to.to_u8() + 8
                });
                self.remove_piece_impl(b, board, from);
                self.remove_piece_impl(b, board, cap);
                self.add_piece_impl(b, board, p, to);
            }
            kind => {
                let placed = match kind.promotion() {
                    Some(q) => Place::new(us, q, p.id()),
                    None => p,
                };
                self.remove_piece_impl(b, board, from);
                if self.board[to.index()] != 0 {
                    self.mutate_piece_impl(b, board, placed, to);
                } else {
                    self.add_piece_impl(b, board, placed, to);
                }
            }
        }
    }

    /// Plays `mv` on the mailbox and piece lists only, leaving the tables stale (for the
    /// "recompute from scratch" baseline: follow it with [`Byteboard::recompute`]).
    pub fn play_mailbox(&mut self, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let p = Place(self.board[from.index()]);
        let us = p.color();
        let take = |bb: &mut Byteboard, sq: Square| {
            let q = Place(bb.board[sq.index()]);
            if !q.is_empty() {
                bb.piece_sq[q.color().index()][usize::from(q.id())] = NO_SQUARE;
            }
            bb.board[sq.index()] = 0;
        };
        let put = |bb: &mut Byteboard, q: Place, sq: Square| {
            bb.board[sq.index()] = q.0;
            bb.piece_sq[q.color().index()][usize::from(q.id())] = sq.to_u8();
        };
        match mv.kind() {
            MoveKind::Castle => {
                let rook = Place(self.board[to.index()]);
                let (kf, rf) = if to.index() > from.index() {
                    (bb_core::File::G, bb_core::File::F)
                } else {
                    (bb_core::File::C, bb_core::File::D)
                };
                take(self, from);
                take(self, to);
                put(self, p, Square::from_file_rank(kf, us.back_rank()));
                put(self, rook, Square::from_file_rank(rf, us.back_rank()));
            }
            MoveKind::EnPassant => {
                take(self, from);
                take(self, Square::new_masked(to.to_u8() ^ 8));
                put(self, p, to);
            }
            kind => {
                take(self, from);
                take(self, to);
                put(
                    self,
                    kind.promotion().map_or(p, |q| Place::new(us, q, p.id())),
                    to,
                );
            }
        }
    }

    /// XORs every attack-table entry with `z` (benchmark latency chains pass `z = 0`).
    #[inline(always)]
    pub fn xor_tables(&mut self, z: u16) {
        for t in &mut self.attacks {
            for w in t.iter_mut() {
                *w ^= z;
            }
        }
    }

    /// A 64-bit digest of both attack tables (for benchmarks and quick comparisons).
    #[inline(always)]
    #[must_use]
    pub fn table_hash(&self) -> u64 {
        let mut h = 0u64;
        for c in 0..2 {
            for k in 0..16 {
                let w = &self.attacks[c][4 * k..4 * k + 4];
                let x = u64::from(w[0])
                    | (u64::from(w[1]) << 16)
                    | (u64::from(w[2]) << 32)
                    | (u64::from(w[3]) << 48);
                h = h.rotate_left(7) ^ x;
            }
        }
        h
    }
}
