//! Exact endgame solver: negamax alpha-beta with principal-variation search (null windows
//! after the first move), fail-soft.
//!
//! - **Deep nodes** (more than [`SHALLOW`] empties): a fixed-size transposition table (two-way
//!   buckets of exact positions with lower/upper bounds and the best move; allocated once by
//!   [`Solver::new`], never during search), stability cut-offs
//!   ([`crate::stability::stability_bound`]), and fastest-first ordering: the transposition
//!   move first, then by the opponent's mobility weighted by corners, with the opponent's
//!   potential mobility as a tie-breaker while at least 12 squares are empty and a parity bonus
//!   below that. Before searching, a node of at least [`SHALLOW`]` + 2` empties looks up its
//!   children in the table and cuts at once when one is already proven good enough (enhanced
//!   transposition cut-off).
//! - **Evaluation ordering** (optional, [`Solver::set_evaluator`]): far from the leaves (at
//!   least [`EvalOrdering::min_empties`] empties) each move's key also gets its child's value
//!   from a shallow search of a pattern evaluation; an all-zero evaluation changes no key.
//! - **The exact score** ([`Solver::solve`], [`Solver::solve_moves`]) from at least 12
//!   empties: null-window searches converging from a guess (MTD(f)), each moving one end of
//!   the interval the score lies in to the fail-soft bound it proves; the guess is an 8-ply
//!   search of the evaluator (of 0 without one, which guesses a draw unless the game ends
//!   within those plies). A null-window search visits far fewer nodes than a full-window one,
//!   and the probes reuse each other's table entries. Fewer empties: one full-window search.
//! - **Shallow nodes** (5..=[`SHALLOW`] empties): no table, moves in parity order (squares in
//!   quadrants with an odd number of empties first).
//! - **Last 4, 3, 2, 1 empties**: hand-written, no mobility computation (each empty is tried
//!   with the flip kernel when it touches an opponent disc); the last move is scored with the
//!   count-of-last-flip kernel.
//!
//! Everything is generic over the backend and runs inside one `dispatch!` per thread. A stop
//! flag, a node limit or a time limit stops the search cleanly (the call then returns
//! [`SolveError::Interrupted`]). With `threads >= 2` every thread runs the whole search from the root
//! and the threads share one lock-free transposition table (atomic words, XOR-verified
//! entries); they spread over the tree by a simplified ABDADA: at a deep node below the root, a
//! move other than the first (the first two at an expected CUT node, where the second move is
//! still likely to cut) whose child another thread is searching right now is deferred to
//! the end of the move loop, so each thread works on a different sibling and finds the others' results in
//! the table when it comes back. Work another thread has made useless is dropped: before each
//! move a thread looks up its own node in the table (another thread may have finished it with a
//! cut-off or an exact score: the refutation it deferred), and every few thousand nodes it looks
//! up the ancestors still in their move loops and, when one is settled, unwinds to it and
//! returns that score (about 8% fewer nodes with 2 threads on fforum-20-39). The first thread to
//! finish the root has the exact score and stops the others.
//!
//! ```
//! use bb_reversi::{obf::Problem, solver::{Solver, Limits}};
//! // FFO #1 (fforum-1-19 line 1), 14 empties: G8 wins by 18.
//! let p: Problem = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X".parse().unwrap();
//! let mut s = Solver::new(16);
//! let sol = s.solve(p.board, &Limits::default()).unwrap();
//! assert_eq!(sol.score, 18);
//! assert_eq!(sol.best.unwrap().to_string(), "g8");
//! ```

use crate::Board;
use crate::eval::Evaluator;
use crate::game::Move;
use alloc::sync::Arc;
use alloc::vec::Vec;
use bb_core::Square;
use bb_simd::{Backend, specialize};
use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};

mod board_solve;
mod calls;
mod endgame;
mod error;
mod eval_order;
mod ordering;
mod parallel;
mod probes;
mod result;
mod search;
mod tt;

pub use error::{Interrupted, SolveError};
pub use eval_order::EvalOrdering;
pub use result::{Bound, MoveScore, MovesSolution, Outcome, Solution, WindowSolution, WldSolution};

use ordering::*;
use parallel::*;
use search::*;
use tt::*;

/// Nodes with at most this many empties use the shallow search (no transposition table).
pub const SHALLOW: u32 = 7;

const INF: i32 = 127;

pub use bb_core::meter::Limits;

/// An exact endgame solver owning its transposition table, kept from one call to the next.
///
/// Every entry holds the bounds a search proved for its position, whatever the window of
/// the call that found them, so a later call (another window, a position further along the
/// game, another move of the same position) reuses them and returns the same scores as on a
/// cleared table, with fewer nodes. [`Solver::clear`] empties the table: between unrelated
/// problems, or for node counts that do not depend on what was solved before.
pub struct Solver {
    tts: Vec<Tt>,
    bits: u32,
    evaluator: Option<Arc<Evaluator>>,
    eval_ordering: EvalOrdering,
    /// When the current call started and when its time limit ends.
    #[cfg(feature = "std")]
    clock: Option<(std::time::Instant, Option<std::time::Instant>)>,
}

impl core::fmt::Debug for Solver {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "Solver {{ tt_bits: {}, tables: {}, evaluator: {}, eval_ordering: {:?} }}",
            self.bits,
            self.tts.len(),
            self.evaluator.is_some(),
            self.eval_ordering
        )
    }
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(20)
    }
}

impl Solver {
    /// A solver with a transposition table of `2^tt_bits` entries (24 bytes each; 20 bits =
    /// 24 MiB), shared by all threads; allocated here, never during search.
    #[must_use]
    pub fn new(tt_bits: u32) -> Solver {
        Solver {
            tts: alloc::vec![Tt::new(tt_bits)],
            bits: tt_bits,
            evaluator: None,
            eval_ordering: EvalOrdering::default(),
            #[cfg(feature = "std")]
            clock: None,
        }
    }

    /// Clears the transposition table (between unrelated problems, for reproducible node
    /// counts): a new generation makes every entry stale, so this is O(1) but for one full
    /// zeroing every 65,535 calls.
    pub fn clear(&mut self) {
        for t in &mut self.tts {
            t.clear();
        }
    }

    /// Orders moves far from the leaves by `evaluator` (where [`Solver::eval_ordering`] says),
    /// or by the fastest-first keys alone with `None` (the default). Scores never depend on
    /// it, only the nodes searched: a good evaluation searches the best move first more
    /// often. An evaluator whose weights are all zero leaves every node as it is without one.
    /// The evaluator is shared, not copied, by the threads of a search and by other solvers.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use bb_reversi::eval::{Evaluator, FILE_BYTES};
    /// use bb_reversi::{obf::Problem, solver::{Limits, Solver}};
    /// # let mut bytes = vec![0u8; FILE_BYTES];
    /// # bytes[..8].copy_from_slice(b"EDAXEVAL");
    /// // bytes: an Edax weight file (eval.dat), e.g. from std::fs::read
    /// let evaluator = Arc::new(Evaluator::from_bytes(&bytes)?);
    /// let p: Problem = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X".parse()?;
    /// let mut solver = Solver::new(16);
    /// solver.set_evaluator(Some(Arc::clone(&evaluator)));
    /// assert_eq!(solver.solve(p.board, &Limits::default())?.score, 18);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_evaluator(&mut self, evaluator: Option<Arc<Evaluator>>) {
        self.evaluator = evaluator;
    }

    /// The solver with [`Solver::set_evaluator`]`(Some(evaluator))`.
    ///
    /// ```
    /// # use std::sync::Arc;
    /// # use bb_reversi::eval::{Evaluator, FILE_BYTES};
    /// # use bb_reversi::solver::Solver;
    /// # let mut bytes = vec![0u8; FILE_BYTES];
    /// # bytes[..8].copy_from_slice(b"EDAXEVAL");
    /// let evaluator = Arc::new(Evaluator::from_bytes(&bytes)?);
    /// let solver = Solver::new(20).with_evaluator(evaluator);
    /// assert!(solver.evaluator().is_some());
    /// # Ok::<(), bb_reversi::eval::EvalFileError>(())
    /// ```
    #[must_use]
    pub fn with_evaluator(mut self, evaluator: Arc<Evaluator>) -> Solver {
        self.evaluator = Some(evaluator);
        self
    }

    /// The evaluator ordering the moves, if any.
    #[must_use]
    pub fn evaluator(&self) -> Option<&Arc<Evaluator>> {
        self.evaluator.as_ref()
    }

    /// Where and how the evaluator orders moves ([`EvalOrdering::default`] unless set).
    ///
    /// ```
    /// use bb_reversi::solver::{EvalOrdering, Solver};
    /// let mut solver = Solver::new(16);
    /// solver.set_eval_ordering(EvalOrdering { min_empties: 18, depth: 0, weight: 16 });
    /// assert_eq!(solver.eval_ordering().min_empties, 18);
    /// ```
    pub fn set_eval_ordering(&mut self, ordering: EvalOrdering) {
        self.eval_ordering = ordering;
    }

    /// Where and how the evaluator orders moves.
    #[must_use]
    pub fn eval_ordering(&self) -> EvalOrdering {
        self.eval_ordering
    }

    /// The start of a public call: rejects a board that is not a position, starts a new age
    /// of the table's entries and the clock of the time limit.
    fn start(&mut self, board: Board, limits: &Limits<'_>) -> Result<(), SolveError> {
        board.validate().map_err(SolveError::InvalidBoard)?;
        for t in &mut self.tts {
            t.next_age();
        }
        #[cfg(feature = "std")]
        {
            let now = std::time::Instant::now();
            self.clock = Some((now, limits.time.and_then(|t| now.checked_add(t))));
        }
        #[cfg(not(feature = "std"))]
        let _ = limits;
        Ok(())
    }

    /// What the searches order moves with.
    fn eval(&self) -> Option<(&Evaluator, EvalOrdering)> {
        self.evaluator.as_deref().map(|e| (e, self.eval_ordering))
    }

    /// Wall time since [`Solver::start`] (zero without `std`).
    fn elapsed(&self) -> core::time::Duration {
        #[cfg(feature = "std")]
        if let Some((t0, _)) = self.clock {
            return t0.elapsed();
        }
        core::time::Duration::ZERO
    }

    /// One fail-soft search of `board` with window (`alpha`, `beta`) under `limits`: the
    /// value and the nodes.
    fn run(
        &mut self,
        board: Board,
        alpha: i32,
        beta: i32,
        limits: &Limits<'_>,
        backend: bb_simd::AnyBackend,
    ) -> Result<(i32, u64), Interrupted> {
        #[cfg(feature = "std")]
        if limits.threads >= 2 {
            return self.run_threads(board, alpha, beta, limits, backend);
        }
        let tt = &self.tts[0];
        #[cfg(feature = "std")]
        let deadline = self.clock.and_then(|c| c.1);
        let eval = self.eval();
        bb_simd::dispatch!(backend, |b| {
            let mut s = Search::new(b, tt, limits);
            #[cfg(feature = "std")]
            {
                s.deadline = deadline;
            }
            s.eval = eval;
            let v = s.root(board, alpha, beta);
            if s.stopped {
                return Err(Interrupted { nodes: s.nodes });
            }
            Ok((v, s.nodes))
        })
    }

    /// All threads search the whole tree (ABDADA deferral, shared table); the first to finish
    /// the root gives the value and stops the others.
    #[cfg(feature = "std")]
    fn run_threads(
        &mut self,
        board: Board,
        alpha: i32,
        beta: i32,
        limits: &Limits<'_>,
        backend: bb_simd::AnyBackend,
    ) -> Result<(i32, u64), Interrupted> {
        let busy = Busy::new(14);
        let root_alpha = core::sync::atomic::AtomicI32::new(-INF);
        let done = AtomicBool::new(false);
        let nodes = AtomicU64::new(0);
        let score = std::sync::Mutex::new(None);
        let tt = &self.tts[0];
        let deadline = self.clock.and_then(|c| c.1);
        let eval = self.eval();
        let shared = (&busy, &done, &nodes, &score, &root_alpha);
        bb_core::workers::run(limits.threads, move || {
            let (busy, done, nodes, score, root_alpha) = shared;
            bb_simd::dispatch!(backend, |b| {
                let mut s = Search::new(b, tt, limits);
                s.deadline = deadline;
                s.eval = eval;
                s.shared = Some(Shared {
                    busy,
                    done,
                    nodes,
                    root: (board.p, board.o),
                    root_n: (!(board.p | board.o)).count_ones(),
                    root_alpha,
                });
                let v = s.root(board, alpha, beta);
                nodes.fetch_add(s.nodes - s.reported, Ordering::Relaxed);
                if !s.stopped {
                    done.store(true, Ordering::Relaxed);
                    let mut g = score.lock().unwrap_or_else(|e| e.into_inner());
                    g.get_or_insert(v);
                }
            });
        });
        let total = nodes.load(Ordering::Relaxed);
        let score = score.into_inner().unwrap_or_else(|e| e.into_inner());
        match score {
            Some(v) => Ok((v, total)),
            None => Err(Interrupted { nodes: total }),
        }
    }

    /// A principal variation of `board` whose exact score is `score` (from the table; the
    /// searches it needs are not counted and not limited: with the table just filled by the
    /// solve they are a few nodes a move).
    fn pv_of(&self, board: Board, score: i32, backend: bb_simd::AnyBackend) -> Vec<Move> {
        let tt = &self.tts[0];
        bb_simd::dispatch!(backend, |b| {
            let lim = Limits::default();
            let mut s = Search::new(b, tt, &lim);
            let mut pv = Vec::new();
            s.pv(board, score, &mut pv);
            pv
        })
    }

    /// A move of `board` whose score is at least `v` (its score is proven `>= v`), the
    /// table's move tried first.
    fn move_reaching(&self, board: Board, v: i32, backend: bb_simd::AnyBackend) -> Option<Move> {
        let tt = &self.tts[0];
        bb_simd::dispatch!(backend, |b| {
            let lim = Limits::default();
            let mut s = Search::new(b, tt, &lim);
            s.move_reaching(board, v)
        })
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::game::BoardExt as _;

    /// Two threads give the one-thread scores while they abandon subtrees the other thread
    /// settled (checked every 32 nodes here, so the unwinding really happens).
    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 has no threads")]
    fn abandoning_settled_subtrees_keeps_scores_exact() {
        let mut boards = alloc::vec::Vec::new();
        crate::workload::random_positions(0x05e7_71ed, |b| {
            if b.empties() == 16 {
                boards.push(b);
            }
            boards.len() < 12
        });
        let mut solver = Solver::new(16);
        let two = Limits {
            threads: 2,
            ..Limits::default()
        };
        let before = UNWINDS.load(Ordering::Relaxed);
        for b in boards {
            solver.clear();
            let want = solver.solve(b, &Limits::default()).unwrap().score;
            solver.clear();
            assert_eq!(solver.solve(b, &two).unwrap().score, want, "{b}");
        }
        assert!(
            UNWINDS.load(Ordering::Relaxed) > before,
            "no subtree was abandoned"
        );
    }
}
