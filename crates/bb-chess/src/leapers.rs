//! Leaper attacks (knight, king, pawn captures and pushes by colour) from bb-core's tables, and
//! the [`attackers_to`] helper that move generators need.

use bb_core::Square;
use bb_core::attacks::{KING, KNIGHT, PAWN};
use bb_simd::Backend;

pub use crate::color::Color;

/// Knight attacks from `sq`.
///
/// ```
/// use bb_core::Square;
/// assert_eq!(bb_chess::leapers::knight(Square::A1), Square::B3.bit() | Square::C2.bit());
/// ```
#[must_use]
#[inline(always)]
pub fn knight(sq: Square) -> u64 {
    KNIGHT[sq.index()]
}

/// King attacks from `sq`.
///
/// ```
/// use bb_core::Square;
/// assert_eq!(bb_chess::leapers::king(Square::A1), 0x302);
/// ```
#[must_use]
#[inline(always)]
pub fn king(sq: Square) -> u64 {
    KING[sq.index()]
}

/// Squares a pawn of `color` on `sq` captures on.
///
/// ```
/// use bb_chess::{leapers, Color};
/// use bb_core::Square;
/// assert_eq!(leapers::pawn_attacks(Color::White, Square::E4), Square::D5.bit() | Square::F5.bit());
/// assert_eq!(leapers::pawn_attacks(Color::Black, Square::A7), Square::B6.bit());
/// ```
#[must_use]
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> u64 {
    PAWN[color as usize][sq.index()]
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_3: u64 = 0xff << 16;
const RANK_6: u64 = 0xff << 40;

/// Capture targets of a whole set of pawns of `color`.
///
/// ```
/// use bb_chess::{leapers, Color};
/// use bb_core::Square;
/// let pawns = Square::A2.bit() | Square::H2.bit();
/// assert_eq!(leapers::pawn_attacks_set(Color::White, pawns), Square::B3.bit() | Square::G3.bit());
/// ```
#[must_use]
#[inline(always)]
pub const fn pawn_attacks_set(color: Color, pawns: u64) -> u64 {
    match color {
        Color::White => ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9),
        Color::Black => ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7),
    }
}

/// Single pushes of a set of pawns of `color` onto `empty` squares.
///
/// ```
/// use bb_chess::{leapers, Color};
/// use bb_core::Square;
/// assert_eq!(leapers::pawn_pushes(Color::Black, Square::E7.bit(), !0), Square::E6.bit());
/// ```
#[must_use]
#[inline(always)]
pub const fn pawn_pushes(color: Color, pawns: u64, empty: u64) -> u64 {
    match color {
        Color::White => (pawns << 8) & empty,
        Color::Black => (pawns >> 8) & empty,
    }
}

/// Double pushes (from the start rank, both squares empty) of a set of pawns of `color`.
///
/// ```
/// use bb_chess::{leapers, Color};
/// use bb_core::Square;
/// let e2 = Square::E2.bit();
/// assert_eq!(leapers::pawn_double_pushes(Color::White, e2, !0), Square::E4.bit());
/// assert_eq!(leapers::pawn_double_pushes(Color::White, e2, !Square::E3.bit()), 0);
/// ```
#[must_use]
#[inline(always)]
pub const fn pawn_double_pushes(color: Color, pawns: u64, empty: u64) -> u64 {
    match color {
        Color::White => ((((pawns << 8) & empty) & RANK_3) << 8) & empty,
        Color::Black => ((((pawns >> 8) & empty) & RANK_6) >> 8) & empty,
    }
}

/// Knight attacks of a whole set of knights.
///
/// ```
/// use bb_core::Square;
/// assert_eq!(bb_chess::leapers::knight_set(Square::A1.bit()), Square::B3.bit() | Square::C2.bit());
/// ```
#[must_use]
#[inline(always)]
pub const fn knight_set(n: u64) -> u64 {
    let not_a = !FILE_A;
    let not_ab = !(FILE_A | (FILE_A << 1));
    let not_h = !FILE_H;
    let not_gh = !(FILE_H | (FILE_H >> 1));
    ((n << 17) & not_a)
        | ((n << 15) & not_h)
        | ((n << 10) & not_ab)
        | ((n << 6) & not_gh)
        | ((n >> 17) & not_h)
        | ((n >> 15) & not_a)
        | ((n >> 10) & not_gh)
        | ((n >> 6) & not_ab)
}

/// The pieces of both colours, as the sets [`attackers_to`] needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AttackerSets {
    /// White pawns.
    pub white_pawns: u64,
    /// Black pawns.
    pub black_pawns: u64,
    /// Knights of both colours.
    pub knights: u64,
    /// Bishops and queens of both colours.
    pub diagonal: u64,
    /// Rooks and queens of both colours.
    pub orthogonal: u64,
    /// Kings of both colours.
    pub kings: u64,
}

/// Every piece (of either colour) that attacks `sq` given `occupied`; AND with one colour's
/// pieces to get that side's attackers. Sliders use the backend's default variant.
///
/// ```
/// use bb_chess::leapers::{attackers_to, AttackerSets};
/// use bb_core::Square;
/// let sets = AttackerSets {
///     white_pawns: Square::D3.bit(),
///     orthogonal: Square::E8.bit(),
///     knights: Square::G5.bit(),
///     ..Default::default()
/// };
/// let occ = Square::D3.bit() | Square::E8.bit() | Square::G5.bit();
/// let a = attackers_to(bb_simd::Scalar, Square::E4, occ, &sets);
/// assert_eq!(a, Square::D3.bit() | Square::E8.bit() | Square::G5.bit());
/// ```
#[must_use]
#[inline(always)]
pub fn attackers_to<B: Backend>(b: B, sq: Square, occupied: u64, p: &AttackerSets) -> u64 {
    (pawn_attacks(Color::Black, sq) & p.white_pawns)
        | (pawn_attacks(Color::White, sq) & p.black_pawns)
        | (knight(sq) & p.knights)
        | (king(sq) & p.kings)
        | (crate::sliders::bishop(b, sq, occupied) & p.diagonal)
        | (crate::sliders::rook(b, sq, occupied) & p.orthogonal)
}

/// Whether any piece in `p` attacks `sq` (same as `attackers_to(..) != 0`, cheaper to read).
#[must_use]
#[inline(always)]
pub fn is_attacked<B: Backend>(b: B, sq: Square, occupied: u64, p: &AttackerSets) -> bool {
    attackers_to(b, sq, occupied, p) != 0
}
