//! Exact endgame solver: negamax alpha-beta with principal-variation search (null windows
//! after the first move), fail-soft.
//!
//! - **Deep nodes** (more than [`SHALLOW`] empties): a fixed-size transposition table (two-way
//!   buckets of exact positions with lower/upper bounds and the best move; allocated once by
//!   [`Solver::new`], never during search), stability cut-offs
//!   ([`crate::stability::stability_bound`]), and fastest-first ordering: the transposition
//!   move first, then by the opponent's mobility weighted by corners, with the opponent's
//!   potential mobility as a tie-breaker while at least 12 squares are empty and a parity bonus
//!   below that.
//! - **Shallow nodes** (5..=[`SHALLOW`] empties): no table, moves in parity order (squares in
//!   quadrants with an odd number of empties first).
//! - **Last 4, 3, 2, 1 empties**: hand-written, no mobility computation (each empty is tried
//!   with the flip kernel when it touches an opponent disc); the last move is scored with the
//!   count-of-last-flip kernel.
//!
//! Everything is generic over the backend and runs inside one `dispatch!` per thread. An
//! interrupt flag or a node limit stops the search cleanly ([`Solver::solve`] then returns
//! `Err(Interrupted)`). With `threads >= 2` every thread runs the whole search from the root
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
use crate::game::Move;
use alloc::vec::Vec;
use bb_core::Square;
use bb_simd::{Backend, specialize};
use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};

mod endgame;
mod ordering;
mod parallel;
mod search;
mod tt;

use ordering::*;
use parallel::*;
use search::*;
use tt::*;

/// Nodes with at most this many empties use the shallow search (no transposition table).
pub const SHALLOW: u32 = 7;

const INF: i32 = 127;

/// Stop conditions of a solve.
#[derive(Clone, Copy, Debug)]
pub struct Limits<'a> {
    /// Stop after about this many nodes (`u64::MAX`: no limit).
    pub max_nodes: u64,
    /// Stop when this becomes `true` (checked every few thousand nodes).
    pub stop: Option<&'a AtomicBool>,
    /// Threads (1: single thread; 2+: all threads search, sharing the table; `std` only). The
    /// node limit counts the nodes of all threads.
    pub threads: usize,
}

impl Default for Limits<'_> {
    fn default() -> Self {
        Limits {
            max_nodes: u64::MAX,
            stop: None,
            threads: 1,
        }
    }
}

/// The search stopped early (interrupt flag or node limit); no score is known.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Interrupted {
    /// Nodes searched before stopping.
    pub nodes: u64,
}

impl core::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "search interrupted after {} nodes", self.nodes)
    }
}

impl core::error::Error for Interrupted {}

/// The result of an exact solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Exact final disc difference for the player to move (empties to the winner).
    pub score: i32,
    /// A best move (`None` when the game is over; `Some(Move::Pass)` when the player must pass).
    pub best: Option<Move>,
    /// A principal variation, passes included, to the end of the game.
    pub pv: Vec<Move>,
    /// Nodes searched (the PV reconstruction is not counted).
    pub nodes: u64,
    /// Wall time (zero without the `std` feature).
    pub time: core::time::Duration,
}

/// An exact endgame solver owning its transposition table(s).
pub struct Solver {
    tts: Vec<Tt>,
    bits: u32,
}

impl core::fmt::Debug for Solver {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "Solver {{ tt_bits: {}, tables: {} }}",
            self.bits,
            self.tts.len()
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
        }
    }

    /// Clears the transposition tables (between unrelated problems, for reproducible node counts):
    /// a new generation makes every entry stale, so this is O(1) but for one full zeroing every
    /// 65,535 calls.
    pub fn clear(&mut self) {
        for t in &mut self.tts {
            t.clear();
        }
    }

    /// Solves `board` exactly. The table is cleared first (node counts are reproducible).
    ///
    /// # Errors
    /// [`Interrupted`] when the stop flag was raised or the node limit reached.
    pub fn solve(&mut self, board: Board, limits: &Limits<'_>) -> Result<Solution, Interrupted> {
        #[cfg(feature = "std")]
        let t0 = std::time::Instant::now();
        self.clear();
        let backend = bb_simd::best_backend();
        #[cfg(feature = "std")]
        let res = if limits.threads >= 2 {
            self.solve_threads(board, limits, backend)
        } else {
            self.solve_one(board, limits, backend)
        };
        #[cfg(not(feature = "std"))]
        let res = self.solve_one(board, limits, backend);
        #[cfg(feature = "std")]
        let res = res.map(|mut s| {
            s.time = t0.elapsed();
            s
        });
        res
    }

    /// Solves on a given backend (tests use this to cover every backend).
    ///
    /// # Errors
    /// [`Interrupted`] as in [`Solver::solve`].
    pub fn solve_on(
        &mut self,
        backend: bb_simd::AnyBackend,
        board: Board,
        limits: &Limits<'_>,
    ) -> Result<Solution, Interrupted> {
        self.clear();
        self.solve_one(board, limits, backend)
    }

    fn solve_one(
        &mut self,
        board: Board,
        limits: &Limits<'_>,
        backend: bb_simd::AnyBackend,
    ) -> Result<Solution, Interrupted> {
        let tt = &mut self.tts[0];
        bb_simd::dispatch!(backend, |b| {
            let mut s = Search::new(b, &*tt, limits);
            let score = s.root(board);
            if s.stopped {
                return Err(Interrupted { nodes: s.nodes });
            }
            let mut pv = Vec::new();
            s.pv(board, score, &mut pv);
            Ok(Solution {
                score,
                best: pv.first().copied(),
                pv,
                nodes: s.nodes,
                time: core::time::Duration::ZERO,
            })
        })
    }

    /// All threads search the whole tree (ABDADA deferral, shared table); the first to finish
    /// the root gives the score and stops the others.
    #[cfg(feature = "std")]
    fn solve_threads(
        &mut self,
        board: Board,
        limits: &Limits<'_>,
        backend: bb_simd::AnyBackend,
    ) -> Result<Solution, Interrupted> {
        let busy = Busy::new(14);
        let root_alpha = core::sync::atomic::AtomicI32::new(-INF);
        let done = AtomicBool::new(false);
        let nodes = AtomicU64::new(0);
        let score = std::sync::Mutex::new(None);
        let tt = &self.tts[0];
        std::thread::scope(|sc| {
            for _ in 0..limits.threads {
                let (busy, done, nodes, score, root_alpha) =
                    (&busy, &done, &nodes, &score, &root_alpha);
                sc.spawn(move || {
                    bb_simd::dispatch!(backend, |b| {
                        let mut s = Search::new(b, tt, limits);
                        s.shared = Some(Shared {
                            busy,
                            done,
                            nodes,
                            root: (board.p, board.o),
                            root_n: (!(board.p | board.o)).count_ones(),
                            root_alpha,
                        });
                        let v = s.root(board);
                        nodes.fetch_add(s.nodes - s.reported, Ordering::Relaxed);
                        if !s.stopped {
                            done.store(true, Ordering::Relaxed);
                            let mut g = score.lock().unwrap_or_else(|e| e.into_inner());
                            g.get_or_insert(v);
                        }
                    });
                });
            }
        });
        let total = nodes.load(Ordering::Relaxed);
        let score = score.into_inner().unwrap_or_else(|e| e.into_inner());
        let Some(score) = score else {
            return Err(Interrupted { nodes: total });
        };
        let tt = &self.tts[0];
        let pv = bb_simd::dispatch!(backend, |b| {
            let lim = Limits::default();
            let mut s = Search::new(b, tt, &lim);
            let mut pv = Vec::new();
            s.pv(board, score, &mut pv);
            pv
        });
        Ok(Solution {
            score,
            best: pv.first().copied(),
            pv,
            nodes: total,
            time: core::time::Duration::ZERO,
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
            let want = solver.solve(b, &Limits::default()).unwrap().score;
            assert_eq!(solver.solve(b, &two).unwrap().score, want, "{b}");
        }
        assert!(
            UNWINDS.load(Ordering::Relaxed) > before,
            "no subtree was abandoned"
        );
    }
}
