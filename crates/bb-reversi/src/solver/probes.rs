//! The exact score as a sequence of null-window searches converging from a guess (MTD(f)).
//!
//! A null-window search only proves a bound, but it visits far fewer nodes than a search with
//! the full window, whose principal-variation nodes search every move with an open window.
//! Started from a guess a few discs off, a handful of null-window probes (each one reusing
//! the table the previous ones filled) pins the score down for less than one full-window
//! search: on FFO #20-#39 the probes and the enhanced transposition cut-offs together take
//! the nodes from 803 M to 442 M without an evaluator, and from 236 M to 181 M with a trained
//! one (docs/measurements).

use super::eval_order::EVAL_INF;
use super::*;

/// Positions with fewer empties are solved by one full-window search: their trees are too
/// small for the guess and the extra probes to pay.
pub(super) const PROBE_EMPTIES: u32 = 12;

/// Plies of the evaluation search that guesses the root's score.
pub(super) const GUESS_DEPTH: u32 = 8;

impl<B: Backend> Search<'_, B> {
    /// A guess of the score of (`p`, `o`), `n` empties, in discs: the value of a
    /// [`GUESS_DEPTH`]-ply search of the evaluator (0 at its leaves without one, so that an
    /// all-zero evaluator guesses exactly as no evaluator does).
    pub(super) fn guess(&self, p: u64, o: u64, n: u32) -> i32 {
        let ev = self.eval.map(|(e, _)| e);
        let f = self.eval_features(p, o, n);
        let v = self.eval_search(
            ev,
            p,
            o,
            &f,
            n,
            GUESS_DEPTH.min(n),
            -EVAL_INF,
            EVAL_INF,
            false,
        );
        Evaluator::score_of_sum(v)
    }
}

impl Solver {
    /// The exact score of `board` and the nodes of every search that found it, under
    /// `limits` (which count all of them).
    pub(super) fn exact(
        &mut self,
        board: Board,
        limits: &Limits<'_>,
        backend: bb_simd::AnyBackend,
    ) -> Result<(i32, u64), Interrupted> {
        let n = (!(board.p | board.o)).count_ones();
        if n < PROBE_EMPTIES {
            return self.run(board, -64, 64, limits, backend);
        }
        let tt = &self.tts[0];
        let eval = self.eval();
        let guess = bb_simd::dispatch!(backend, |b| {
            let mut s = Search::new(b, tt, limits);
            s.eval = eval;
            s.guess(board.p, board.o, n)
        });
        self.exact_from(board, guess, limits, backend)
    }

    /// [`Solver::exact`] from a given guess (any score; the nodes depend on it, the score
    /// does not).
    fn exact_from(
        &mut self,
        board: Board,
        guess: i32,
        limits: &Limits<'_>,
        backend: bb_simd::AnyBackend,
    ) -> Result<(i32, u64), Interrupted> {
        // The score lies strictly between `lo` and `hi`; each probe asks whether it reaches
        // `beta` and moves one end to the fail-soft bound it returns, so the interval shrinks
        // at every probe.
        let (mut lo, mut hi) = (-65, 65);
        let mut beta = guess.clamp(-63, 64);
        let mut nodes = 0u64;
        loop {
            let lim = Limits {
                max_nodes: limits.max_nodes.saturating_sub(nodes),
                ..*limits
            };
            let (v, k) = self
                .run(board, beta - 1, beta, &lim, backend)
                .map_err(|e| Interrupted {
                    nodes: nodes + e.nodes,
                })?;
            nodes += k;
            if v >= beta {
                lo = v - 1;
                beta = v + 1;
            } else {
                hi = v + 1;
                beta = v;
            }
            if hi - lo <= 2 {
                return Ok((lo + 1, nodes));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::BoardExt;

    /// From any guess, on the ends of the score range and past them, the probes find the
    /// score of one full-window search (itself checked against a plain alpha-beta in the
    /// solver's tests).
    #[test]
    fn the_probes_converge_from_any_guess() -> Result<(), Interrupted> {
        let mut boards = Vec::new();
        crate::workload::random_positions(5, |b| {
            if (12..=14).contains(&b.empties()) {
                boards.push(b);
            }
            boards.len() < 6
        });
        assert_eq!(boards.len(), 6);
        let backend = bb_simd::best_backend();
        let lim = Limits::default();
        let mut solver = Solver::new(16);
        for board in boards {
            solver.clear();
            let (truth, _) = solver.run(board, -64, 64, &lim, backend)?;
            for guess in [
                -80,
                -64,
                -63,
                -31,
                -2,
                0,
                1,
                17,
                40,
                63,
                64,
                80,
                truth - 1,
                truth,
                truth + 1,
            ] {
                solver.clear();
                let got = solver.exact_from(board, guess, &lim, backend);
                assert_eq!(got.map(|r| r.0), Ok(truth), "{board} guess {guess}");
            }
        }
        Ok(())
    }
}
