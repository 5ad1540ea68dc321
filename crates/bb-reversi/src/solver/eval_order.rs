//! Move ordering by a pattern evaluation far from the leaves: each move's ordering key gets the
//! value of a shallow evaluation search of its child added, so that an all-zero evaluation
//! leaves every key, hence the whole search, unchanged.

use super::*;
use crate::eval::{Evaluator, Mover};

/// Where and how [`Solver`] orders moves by its evaluator (see [`Solver::set_evaluator`]).
///
/// At a deep node with at least `min_empties` empty squares, the key of each move (lower is
/// searched first: the opponent's corner-weighted mobility times 64, its potential mobility
/// times 4, minus 32 per corner taken) gets the child's evaluation added, `weight` key units per
/// disc, the evaluation being a negamax of `depth` plies from the child with the evaluator's
/// score at its leaves (`depth` 0: the child evaluated directly). Nearer the leaves the
/// fastest-first keys alone decide, as they do without an evaluator.
///
/// ```
/// use bb_reversi::solver::EvalOrdering;
/// let o = EvalOrdering { min_empties: 20, ..EvalOrdering::default() };
/// assert!(o.depth <= 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalOrdering {
    /// Nodes with fewer empty squares order by the fastest-first keys alone.
    pub min_empties: u32,
    /// Plies searched below each child for its evaluation (each ply multiplies the cost by
    /// about the mobility).
    pub depth: u32,
    /// Key units per disc of evaluation (one unit of the opponent's mobility is 64).
    pub weight: i32,
}

impl Default for EvalOrdering {
    fn default() -> Self {
        EvalOrdering {
            min_empties: 18,
            depth: 2,
            weight: 32,
        }
    }
}

/// The evaluation term of a key is kept within this bound, far above the fastest-first keys'
/// range and far below the transposition move's key, whatever the weights.
const EVAL_KEY_BOUND: i64 = 1 << 24;

impl<B: Backend> Search<'_, B> {
    /// The evaluation term of the key of a move leading to (`p`, `o`) (`p` to move, `n`
    /// empties): the child's value for its side to move, in `weight` units per disc (lower is
    /// better for the mover).
    #[inline(always)]
    pub(super) fn eval_key(
        &self,
        ev: &Evaluator,
        order: EvalOrdering,
        p: u64,
        o: u64,
        n: u32,
    ) -> i32 {
        let v = self.eval_negamax(ev, p, o, n, order.depth, false);
        let k = (i64::from(v) * i64::from(order.weight)) >> 7;
        k.clamp(-EVAL_KEY_BOUND, EVAL_KEY_BOUND) as i32
    }

    /// Negamax of `depth` plies with the evaluator at the leaves, in 1/128 discs for `p` (a
    /// finished game scores its exact disc difference). Passes do not count as plies.
    fn eval_negamax(
        &self,
        ev: &Evaluator,
        p: u64,
        o: u64,
        n: u32,
        depth: u32,
        passed: bool,
    ) -> i32 {
        if depth == 0 {
            let f = match Mover::for_empties(n) {
                Mover::Zero => crate::eval::set(self.b, p, o),
                Mover::One => crate::eval::set(self.b, o, p),
            };
            return ev.sum(&f, n);
        }
        let moves = crate::mobility::mobility(self.b, p, o);
        if moves == 0 {
            if passed {
                return 128 * crate::game::final_score(p, o);
            }
            return -self.eval_negamax(ev, o, p, n, depth, true);
        }
        let mut best = i32::MIN;
        let mut m = moves;
        while m != 0 {
            let x = m.trailing_zeros();
            m &= m - 1;
            let f = self.flip(x, p, o);
            let v = -self.eval_negamax(ev, o ^ f, p | f | (1 << x), n - 1, depth - 1, false);
            best = best.max(v);
        }
        best
    }
}
