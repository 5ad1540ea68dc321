//! Move ordering by a pattern evaluation far from the leaves: each move's ordering key gets the
//! value of a shallow evaluation search of its child added, so that an all-zero evaluation
//! leaves every key, hence the whole search, unchanged.

use super::*;
use crate::eval::{Evaluator, Features, Mover};

/// Where and how [`Solver`] orders moves by its evaluator (see [`Solver::set_evaluator`]).
///
/// At a deep node with at least `min_empties` empty squares, the key of each move (lower is
/// searched first: the opponent's corner-weighted mobility times 64, its potential mobility
/// times 4, minus 32 per corner taken) gets the child's evaluation added, `weight` key units per
/// disc, the evaluation being the negamax value of `depth` plies from the child with the
/// evaluator's score at its leaves (`depth` 0: the child evaluated directly), found by an
/// alpha-beta search that updates the parent's features move by move. Nearer the leaves the
/// fastest-first keys alone decide, as they do without an evaluator. A node whose table move
/// cuts never computes the other moves' keys.
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
            min_empties: 14,
            depth: 1,
            weight: 32,
        }
    }
}

/// The evaluation term of a key is kept within this bound, far above the fastest-first keys'
/// range and far below the transposition move's key, whatever the weights.
const EVAL_KEY_BOUND: i64 = 1 << 24;

/// Beyond any evaluation sum (in 1/128 discs): 46 weights of at most 2^15 and a bias.
pub(super) const EVAL_INF: i32 = 1 << 23;

impl<B: Backend> Search<'_, B> {
    /// The features of a deep node (`p` to move, `n` empties) as the evaluator reads them; its
    /// children's are updates of these.
    #[inline(always)]
    pub(super) fn eval_features(&self, p: u64, o: u64, n: u32) -> Features {
        match Mover::for_empties(n) {
            Mover::Zero => crate::eval::set(self.b, p, o),
            Mover::One => crate::eval::set(self.b, o, p),
        }
    }

    /// The evaluation term of the key of move `x` (turning over `f`) from a node with `n`
    /// empties and features `parent`, leading to (`np`, `no`): the child's value for its side
    /// to move, in `weight` units per disc (lower is better for the mover).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn eval_key(
        &self,
        ev: &Evaluator,
        order: EvalOrdering,
        parent: &Features,
        x: u32,
        f: u64,
        np: u64,
        no: u64,
        n: u32,
    ) -> i32 {
        let child = crate::eval::update(self.b, parent, sq(x), f, Mover::for_empties(n));
        let v = self.eval_search(
            Some(ev),
            np,
            no,
            &child,
            n - 1,
            order.depth,
            -EVAL_INF,
            EVAL_INF,
            false,
        );
        let k = (i64::from(v) * i64::from(order.weight)) >> 7;
        k.clamp(-EVAL_KEY_BOUND, EVAL_KEY_BOUND) as i32
    }

    specialize! {
        token = self.b;
        /// Fail-soft alpha-beta of `depth` plies with the evaluator at the leaves (0 without
        /// one), in 1/128 discs for `p` (a finished game scores its exact disc difference),
        /// the features updated move by move. Passes do not count as plies.
        #[allow(clippy::too_many_arguments)]
        #[inline(never)]
        pub(super) fn eval_search(
            &self,
            ev: Option<&Evaluator>,
            p: u64,
            o: u64,
            f: &Features,
            n: u32,
            depth: u32,
            mut alpha: i32,
            beta: i32,
            passed: bool,
        ) -> i32 {
            if depth == 0 {
                return ev.map_or(0, |e| e.sum_with(self.b, f, n));
            }
            let moves = crate::mobility::mobility(self.b, p, o);
            if moves == 0 {
                if passed {
                    return 128 * crate::game::final_score(p, o);
                }
                let swapped = crate::eval::pass(f);
                return -self.eval_search(ev, o, p, &swapped, n, depth, -beta, -alpha, true);
            }
            let mover = Mover::for_empties(n);
            let mut best = -EVAL_INF;
            let mut m = moves;
            while m != 0 {
                let x = m.trailing_zeros();
                m &= m - 1;
                let fl = self.flip(x, p, o);
                let child = crate::eval::update(self.b, f, sq(x), fl, mover);
                let v = -self.eval_search(
                    ev,
                    o ^ fl,
                    p | fl | (1 << x),
                    &child,
                    n - 1,
                    depth - 1,
                    -beta,
                    -alpha,
                    false,
                );
                if v > best {
                    best = v;
                    if v >= beta {
                        break;
                    }
                    alpha = alpha.max(v);
                }
            }
            best
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{EvalBoard, FILE_BYTES};
    use crate::game::BoardExt;
    use bb_core::rng::Rng;

    /// Random weights: every 16-bit weight of every ply.
    fn random_evaluator() -> Evaluator {
        let mut bytes = alloc::vec![0u8; FILE_BYTES];
        bytes[..8].copy_from_slice(b"XADELAVE");
        let mut rng = Rng::new(7);
        for b in &mut bytes[28..] {
            *b = rng.next_u64() as u8;
        }
        // Test code: the bytes have Edax's header and the full length, so reading cannot fail.
        Evaluator::from_bytes(&bytes).expect("a complete weight file")
    }

    /// The oracle: a plain negamax over [`EvalBoard`] (whose updates are tested against the
    /// square-by-square features), without pruning.
    fn negamax(ev: &Evaluator, eb: EvalBoard, depth: u32, passed: bool) -> i32 {
        if depth == 0 {
            return eb.sum(ev);
        }
        let board = eb.board();
        let mut moves = board.moves();
        if moves == 0 {
            if passed {
                return 128 * crate::game::final_score(board.p, board.o);
            }
            return -negamax(ev, eb.pass(), depth, true);
        }
        let mut best = i32::MIN;
        while moves != 0 {
            let x = Square::new_masked(moves.trailing_zeros() as u8);
            moves &= moves - 1;
            // Test code: `x` is one of `board.moves()`.
            let child = eb.play(x).expect("a legal move");
            best = best.max(-negamax(ev, child, depth - 1, false));
        }
        best
    }

    /// Positions along random games, every stage (the benchmarks' workload).
    fn boards() -> Vec<Board> {
        let mut out = Vec::new();
        crate::workload::random_positions(11, |b| {
            out.push(b);
            out.len() < 700
        });
        out
    }

    /// The ordering search is a fail-soft alpha-beta: with the full window it returns the
    /// negamax value, and with a window a bound on the correct side of it.
    #[test]
    fn the_ordering_search_is_negamax_with_fail_soft_bounds() {
        let ev = random_evaluator();
        let tt = Tt::new(4);
        let limits = Limits::default();
        let boards = boards();
        let mut rng = Rng::new(3);
        bb_simd::for_each_backend!(|b| {
            let s = Search::new(b, &tt, &limits);
            for (i, &board) in boards.iter().enumerate() {
                let n = board.empties();
                let f = s.eval_features(board.p, board.o, n);
                for depth in 0..=(i % 3) as u32 {
                    let truth = negamax(&ev, EvalBoard::new(board), depth, false);
                    let full = s.eval_search(
                        Some(&ev),
                        board.p,
                        board.o,
                        &f,
                        n,
                        depth,
                        -EVAL_INF,
                        EVAL_INF,
                        false,
                    );
                    assert_eq!(full, truth, "{board:?} depth {depth} on {}", b.name());
                    let lo = truth - 2048 + rng.below(4096) as i32;
                    let hi = lo + 1 + rng.below(2048) as i32;
                    let v = s.eval_search(Some(&ev), board.p, board.o, &f, n, depth, lo, hi, false);
                    let ok = if v <= lo {
                        truth <= v
                    } else if v >= hi {
                        truth >= v
                    } else {
                        truth == v
                    };
                    assert!(
                        ok,
                        "{board:?} depth {depth} window ({lo}, {hi}): {v}, truth {truth}"
                    );
                }
            }
        });
    }
}
