//! The mailbox byte of one square.

use super::geometry::code;
use crate::{Color, Piece};

/// One mailbox byte: bit 7 colour (1 = black), bits 4..=6 piece type, bits 0..=3 piece id.
///
/// Type codes: king 1, pawn 2, knight 3, bishop 5, rook 6, queen 7; sliders have bit 2 set,
/// diagonal sliders bit 0 and orthogonal sliders bit 1 (87flowers' *incrementally updated attack
/// tables*). An empty square is 0; the white king (id 0) is `0x10`, so no piece is 0.
///
/// ```
/// use bb_chess::byteboard::Place;
/// use bb_chess::{Color, Piece};
/// let p = Place::new(Color::Black, Piece::Rook, 5);
/// assert_eq!(p.0, 0x80 | 0x60 | 5);
/// assert_eq!((p.color(), p.piece(), p.id()), (Color::Black, Some(Piece::Rook), 5));
/// assert!(Place::EMPTY.is_empty());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[repr(transparent)]
pub struct Place(pub u8);

const TYPE_CODE: [u8; 6] = [
    code::PAWN,
    code::KNIGHT,
    code::BISHOP,
    code::ROOK,
    code::QUEEN,
    code::KING,
];

impl Place {
    /// The empty square.
    pub const EMPTY: Place = Place(0);
    /// Slider bit (type bit 2).
    pub const SLIDER: u8 = 0x40;
    /// Orthogonal-slider bit (type bit 1).
    pub const ORTH: u8 = 0x20;
    /// Diagonal-slider bit (type bit 0).
    pub const DIAG: u8 = 0x10;

    /// A piece byte; `id` is taken modulo 16.
    #[inline(always)]
    #[must_use]
    pub const fn new(c: Color, p: Piece, id: u8) -> Place {
        Place(((c as u8) << 7) | (TYPE_CODE[p as usize] << 4) | (id & 15))
    }
    /// Whether the square is empty.
    #[inline(always)]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Colour of the piece (white for an empty square).
    #[inline(always)]
    #[must_use]
    pub const fn color(self) -> Color {
        if self.0 & 0x80 != 0 {
            Color::Black
        } else {
            Color::White
        }
    }
    /// Type code, bits 4..=6 (0 for empty).
    #[inline(always)]
    #[must_use]
    pub const fn type_code(self) -> u8 {
        (self.0 >> 4) & 7
    }
    /// The piece kind, `None` for an empty square.
    #[inline(always)]
    #[must_use]
    pub const fn piece(self) -> Option<Piece> {
        match self.type_code() {
            1 => Some(Piece::King),
            2 => Some(Piece::Pawn),
            3 => Some(Piece::Knight),
            5 => Some(Piece::Bishop),
            6 => Some(Piece::Rook),
            7 => Some(Piece::Queen),
            _ => None,
        }
    }
    /// Piece id 0..16 (the king is 0).
    #[inline(always)]
    #[must_use]
    pub const fn id(self) -> u8 {
        self.0 & 15
    }
}
