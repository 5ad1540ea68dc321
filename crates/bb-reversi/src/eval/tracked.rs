//! [`EvalBoard`]: a board and its pattern features kept in step through a search, each move an
//! incremental update ([`update`](super::update)) instead of a full [`set`](super::set).

use super::{Features, Mover, sum_features};
use crate::Board;
use crate::game::BoardExt;
use bb_core::Square;
use bb_simd::Backend;

/// A board with the features [`Evaluator::sum`](super::Evaluator::sum) reads for it, updated
/// move by move. Moves copy (112 bytes): a search keeps the parent's value on its stack and
/// "undoes" a move by going back to it, as it does with a [`Board`].
///
/// ```
/// use bb_reversi::eval::{self, EvalBoard};
/// use bb_reversi::{Board, Square};
/// let root = EvalBoard::new(Board::START);
/// let child = root.play(Square::F5).unwrap();
/// assert_eq!(*child.features(), eval::sum_features(child.board()));
/// assert!(root.play(Square::A1).is_none()); // illegal
/// // Undo: `root` is still there.
/// assert_eq!(root.board(), Board::START);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalBoard {
    board: Board,
    features: Features,
}

impl EvalBoard {
    /// `board` and its features, computed in full on the best backend.
    #[must_use]
    pub fn new(board: Board) -> EvalBoard {
        EvalBoard {
            board,
            features: sum_features(board),
        }
    }

    /// [`EvalBoard::new`] with backend `b` (the default [`set`](super::set) kernel).
    #[must_use]
    #[inline(always)]
    pub fn new_with<B: Backend>(b: B, board: Board) -> EvalBoard {
        let (p, o) = (board.p, board.o);
        let features = match Mover::for_empties(board.empties()) {
            Mover::Zero => super::set(b, p, o),
            Mover::One => super::set(b, o, p),
        };
        EvalBoard { board, features }
    }

    /// The board.
    #[must_use]
    pub const fn board(&self) -> Board {
        self.board
    }

    /// The features, as [`Evaluator::sum`](super::Evaluator::sum) takes them.
    #[must_use]
    pub const fn features(&self) -> &Features {
        &self.features
    }

    /// Plays `sq` for the side to move, on the best backend; `None` if the move is illegal.
    #[must_use]
    pub fn play(&self, sq: Square) -> Option<EvalBoard> {
        let this = *self;
        bb_simd::auto!(move |b| this.play_with(b, sq))
    }

    /// [`EvalBoard::play`] with backend `b`: the flip and the feature update.
    #[must_use]
    #[inline(always)]
    pub fn play_with<B: Backend>(&self, b: B, sq: Square) -> Option<EvalBoard> {
        let flipped = self.board.flip_with(b, sq);
        if flipped == 0 {
            return None;
        }
        let mover = Mover::for_empties(self.board.empties());
        Some(EvalBoard {
            board: self.board.after(sq, flipped),
            features: super::update(b, &self.features, sq, flipped, mover),
        })
    }

    /// Passes: the same discs, the other side to move.
    #[must_use]
    pub fn pass(&self) -> EvalBoard {
        EvalBoard {
            board: self.board.pass(),
            features: super::pass(&self.features),
        }
    }

    /// The evaluation for the side to move, in discs ([`Evaluator::evaluate`](super::Evaluator::evaluate)).
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn evaluate(&self, evaluator: &super::Evaluator) -> i32 {
        super::Evaluator::score_of_sum(self.sum(evaluator))
    }

    /// The weighted sum for the side to move, in 1/128 discs ([`Evaluator::sum`](super::Evaluator::sum)).
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn sum(&self, evaluator: &super::Evaluator) -> i32 {
        evaluator.sum(&self.features, self.board.empties())
    }
}
