//! The labels (target scores, 1/128 discs for the side to move) of a stage's positions:
//! exact scores from bb's solver up to a number of empties, a shallow search on the stages
//! already trained above it. Positions are shared among threads in small chunks; each result
//! goes to its position's place, so the labels do not depend on the threads.

use super::games::empties;
use super::search::{Leaves, MAX};
use bb_reversi::Board;
use bb_reversi::eval::Evaluator;
use bb_reversi::solver::{Limits, Solver};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Table size of each thread's solver: 2^18 entries, 6 MiB.
const TT_BITS: u32 = 18;
/// Positions a thread takes at a time.
const CHUNK: usize = 16;

/// How positions are labelled.
#[derive(Clone, Copy, Debug)]
pub struct Labeller<'a> {
    /// Positions with at most this many empties are solved exactly.
    pub exact_max: u32,
    /// The others are searched this many empties deep.
    pub depth: u32,
    /// Leaves below this many empties are solved exactly (nothing is trained there).
    pub exact_below: u32,
    /// The evaluation of the stages trained so far.
    pub evaluator: &'a Evaluator,
}

impl Labeller<'_> {
    /// The label of one position.
    fn label(&self, solver: &mut Solver, board: Board) -> i32 {
        let e = empties(board);
        if e <= self.exact_max {
            return match solver.solve(board, &Limits::default()) {
                Ok(s) => s.score * 128,
                Err(_) => 0,
            };
        }
        let mut leaves = Leaves {
            evaluator: self.evaluator,
            exact_below: self.exact_below,
            solver,
        };
        leaves.search(board, e.saturating_sub(self.depth), -MAX - 1, MAX + 1)
    }

    /// The labels of `boards` on `threads` threads; `tick(done)` is called after each chunk
    /// with the number of positions labelled so far.
    pub fn label_all(
        &self,
        boards: &[Board],
        threads: usize,
        tick: &(dyn Fn(usize) + Sync),
    ) -> Vec<i32> {
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        let work = || {
            let mut solver = Solver::new(TT_BITS);
            let mut out = Vec::new();
            loop {
                let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                if start >= boards.len() {
                    return out;
                }
                let end = (start + CHUNK).min(boards.len());
                for (i, &b) in boards.iter().enumerate().take(end).skip(start) {
                    out.push((i, self.label(&mut solver, b)));
                }
                tick(done.fetch_add(end - start, Ordering::Relaxed) + end - start);
            }
        };
        // This thread works too; the others share the queue. Where threads cannot be started
        // (wasm32-wasip1), this thread labels everything.
        let mut parts: Vec<Vec<(usize, i32)>> = std::thread::scope(|s| {
            let helpers: Vec<_> = (1..threads.max(1))
                .filter_map(|_| std::thread::Builder::new().spawn_scoped(s, work).ok())
                .collect();
            let mut parts = vec![work()];
            parts.extend(
                helpers
                    .into_iter()
                    .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))),
            );
            parts
        });
        let mut labels = vec![0; boards.len()];
        for (i, v) in parts.drain(..).flatten() {
            if let Some(l) = labels.get_mut(i) {
                *l = v;
            }
        }
        labels
    }
}
