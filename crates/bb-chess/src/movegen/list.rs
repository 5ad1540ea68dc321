//! [`MoveList`]: a fixed-capacity list of moves on the stack.

use crate::moves::Move;
use core::fmt;

/// Capacity of a [`MoveList`]; the most legal moves any reachable chess position has is 218.
pub const CAPACITY: usize = 256;

/// A fixed-capacity list of moves (no allocation). Derefs to `[Move]`.
///
/// ```
/// use bb_chess::{MoveList, Position};
/// let list = MoveList::legal(&Position::startpos());
/// assert!(list.iter().any(|m| m.to_uci(&Position::startpos()).as_str() == "e2e4"));
/// ```
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; CAPACITY],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[must_use]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::default(); CAPACITY],
            len: 0,
        }
    }

    /// Appends a move; a move beyond [`CAPACITY`] is dropped (no legal position has that many).
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Empties the list.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves.
    #[inline(always)]
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl core::ops::DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}
