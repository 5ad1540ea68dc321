//! The shallow alpha-beta search that labels positions too deep to solve exactly: negamax to
//! a fixed number of empty squares, whose leaves are scored by the weights already trained for
//! those empties (or exactly, below the trained range, or when the game is over). Values are in
//! 1/128 discs for the side to move, the unit of the weights.

use super::games::empties;
use bb_reversi::eval::{self, Evaluator};
use bb_reversi::solver::{Limits, Solver};
use bb_reversi::{Bitboard, Board};

/// The largest value: a win by 64 discs.
pub const MAX: i32 = 64 * 128;

/// What scores the leaves.
pub struct Leaves<'a> {
    /// The evaluation of the stages trained so far.
    pub evaluator: &'a Evaluator,
    /// Leaves with fewer empties than this are solved exactly (no stage trained there).
    pub exact_below: u32,
    /// The solver for those.
    pub solver: &'a mut Solver,
}

/// The final score of a finished game in 1/128 discs (empty squares to the winner).
#[must_use]
pub fn final_value(board: Board) -> i32 {
    let (p, o) = (board.p.count_ones() as i32, board.o.count_ones() as i32);
    let e = empties(board) as i32;
    let diff = match p.cmp(&o) {
        core::cmp::Ordering::Greater => p - o + e,
        core::cmp::Ordering::Less => p - o - e,
        core::cmp::Ordering::Equal => 0,
    };
    diff * 128
}

impl Leaves<'_> {
    /// The value of a leaf with `e` empties.
    fn leaf(&mut self, board: Board, e: u32) -> i32 {
        if board.is_game_over() {
            return final_value(board);
        }
        if e < self.exact_below {
            return match self.solver.solve(board, &Limits::default()) {
                Ok(s) => s.score * 128,
                Err(_) => 0,
            };
        }
        let f = eval::sum_features(board);
        self.evaluator.sum(&f, e).clamp(-MAX + 1, MAX - 1)
    }

    /// The negamax value of `board` searched down to `leaf_empties` empty squares, with the
    /// window (`alpha`, `beta`) (fail-soft). A pass does not count as a step down.
    pub fn search(&mut self, board: Board, leaf_empties: u32, alpha: i32, beta: i32) -> i32 {
        let e = empties(board);
        if e <= leaf_empties {
            return self.leaf(board, e);
        }
        let moves = board.moves();
        if moves == 0 {
            if board.pass().moves() == 0 {
                return final_value(board);
            }
            return -self.search(board.pass(), leaf_empties, -beta, -alpha);
        }
        let mut best = -MAX - 1;
        let mut alpha = alpha;
        for sq in Bitboard(moves) {
            let v = -self.search(board.play_legal(sq), leaf_empties, -beta, -alpha);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
