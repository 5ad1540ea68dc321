//! [`Features`], the 46 pattern indices of a board, and [`Mover`], which digit the side that
//! plays a move has in them.

use super::patterns::{LANES, PATTERN_COUNT};

/// The 46 pattern indices of one board (see [`patterns`](super::patterns)), packed four 16-bit
/// lanes to a `u64` word, lane `i` in bits `16 * (i % 4)..` of word `i / 4`.
///
/// Every lane always holds a valid index (below `3^n` for a pattern of `n` squares, at most
/// 59048), so an update never carries or borrows across lanes: adding a per-square delta to the
/// words as 64-bit integers (Edax's SWAR form) gives the same lanes as 16-bit vector lanes.
///
/// ```
/// use bb_reversi::eval::{self, Features};
/// use bb_reversi::Board;
/// let f: Features = eval::features(Board::START);
/// // The 4-square diagonal d1-a4 is empty: every digit 2.
/// assert_eq!(f.index(42), Some(80));
/// assert_eq!(f.index(46), Some(0)); // padding lane
/// assert_eq!(f.index(48), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C, align(32))]
pub struct Features {
    pub(crate) words: [u64; LANES / 4],
}

impl Features {
    /// The features from their 48 lanes (46 indices and two zero padding lanes).
    #[must_use]
    pub const fn from_lanes(lanes: [u16; LANES]) -> Features {
        let mut words = [0u64; LANES / 4];
        let mut i = 0;
        while i < LANES {
            words[i / 4] |= (lanes[i] as u64) << (16 * (i % 4));
            i += 1;
        }
        Features { words }
    }

    /// The 48 lanes: the 46 indices, then two zero padding lanes.
    #[must_use]
    pub const fn lanes(&self) -> [u16; LANES] {
        let mut lanes = [0u16; LANES];
        let mut i = 0;
        while i < LANES {
            lanes[i] = (self.words[i / 4] >> (16 * (i % 4))) as u16;
            i += 1;
        }
        lanes
    }

    /// Lane `i` (`None` for `i >= 48`); lanes 0-45 are the pattern indices.
    #[must_use]
    #[inline]
    pub const fn index(&self, i: usize) -> Option<u16> {
        if i >= LANES {
            return None;
        }
        Some((self.words[i / 4] >> (16 * (i % 4))) as u16)
    }

    /// The 46 pattern indices.
    #[must_use]
    pub fn indices(&self) -> [u16; PATTERN_COUNT] {
        let lanes = self.lanes();
        core::array::from_fn(|i| lanes[i])
    }

    /// The packed words (four lanes each).
    #[must_use]
    pub const fn words(&self) -> [u64; LANES / 4] {
        self.words
    }
}

/// Which digit the discs of the side that moves have in the [`Features`]: Edax sees the board
/// from the side to move when the number of empty squares is even and from its opponent when it
/// is odd, so the digit alternates with every move and a pass swaps the digits
/// ([`pass`](super::pass)) instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mover {
    /// The mover's discs are digit 0 (the features are seen from the mover).
    Zero,
    /// The mover's discs are digit 1 (the features are seen from the mover's opponent).
    One,
}

impl Mover {
    /// Edax's choice for a board with `empties` empty squares: [`Mover::Zero`] when even.
    ///
    /// ```
    /// use bb_reversi::eval::Mover;
    /// assert_eq!(Mover::for_empties(60), Mover::Zero);
    /// assert_eq!(Mover::for_empties(59), Mover::One);
    /// ```
    #[must_use]
    pub const fn for_empties(empties: u32) -> Mover {
        if empties & 1 == 0 {
            Mover::Zero
        } else {
            Mover::One
        }
    }
}
