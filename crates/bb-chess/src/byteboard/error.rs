//! Why a position cannot become a byteboard.

use crate::Color;

/// Why a position cannot become a byteboard.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ByteboardError {
    /// A colour has more than 16 pieces.
    TooManyPieces(Color),
}

impl core::fmt::Display for ByteboardError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ByteboardError::TooManyPieces(c) => {
                write!(
                    f,
                    "{c:?} has more than 16 pieces (a byteboard has 16 ids per colour)"
                )
            }
        }
    }
}

impl core::error::Error for ByteboardError {}
