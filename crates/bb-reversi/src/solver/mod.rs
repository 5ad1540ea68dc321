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

/// Nodes with at most this many empties use the shallow search (no transposition table).
pub const SHALLOW: u32 = 7;

const INF: i32 = 127;

/// Squares adjacent to each square.
static NEIGH: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = neighbours(1 << i);
        i += 1;
    }
    t
};

const fn neighbours(x: u64) -> u64 {
    let h = ((x << 1) & 0xfefe_fefe_fefe_fefe) | ((x >> 1) & 0x7f7f_7f7f_7f7f_7f7f);
    let r = x | h;
    h | (r << 8) | (r >> 8)
}

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// Quadrant masks (a1-d4, e1-h4, a5-d8, e5-h8).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// Empty squares of quadrants holding an odd number of empties.
#[inline(always)]
fn odd_quadrants(empty: u64) -> u64 {
    let mut m = 0;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            m |= q;
        }
    }
    m & empty
}

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

#[derive(Clone, Copy, Default)]
struct Entry {
    p: u64,
    o: u64,
    lower: i8,
    upper: i8,
    mv: u8,
    empties: u8,
}

const NO_MOVE: u8 = 64;

/// The transposition table: `2^bits` entries in two-way buckets, shared by the threads
/// without locks: each entry is three atomic words (`p ^ data`, `o ^ data`, `data`), so a torn
/// write never matches a position (the "lockless hashing" XOR trick).
///
/// Entries carry the generation of the solve that wrote them; [`Tt::clear`] starts a new
/// generation instead of zeroing the table (4 ms per solve for 2^21 entries), and entries of
/// older generations read as empty.
struct Tt {
    e: Vec<[AtomicU64; 3]>,
    mask: usize,
    generation: u16,
}

/// What [`Tt::load`] returns for an empty or stale slot: no position has `p & o != 0`.
const STALE: Entry = Entry {
    p: u64::MAX,
    o: u64::MAX,
    lower: -64,
    upper: 64,
    mv: NO_MOVE,
    empties: 0,
};

impl Tt {
    fn new(bits: u32) -> Tt {
        let n = 1usize << bits.clamp(4, 30);
        let mut e = Vec::with_capacity(n);
        e.resize_with(n, || {
            [AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)]
        });
        Tt {
            e,
            mask: (n - 1) & !1,
            generation: 1,
        }
    }
    /// Makes every entry stale; zeroes the table only when the generation counter wraps.
    fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            for w in self.e.iter_mut().flatten() {
                *w.get_mut() = 0;
            }
            self.generation = 1;
        }
    }
    #[inline(always)]
    fn load(&self, i: usize) -> Entry {
        let w = &self.e[i];
        let d = w[2].load(Ordering::Relaxed);
        if (d >> 32) as u16 != self.generation {
            return STALE;
        }
        Entry {
            p: w[0].load(Ordering::Relaxed) ^ d,
            o: w[1].load(Ordering::Relaxed) ^ d,
            lower: d as u8 as i8,
            upper: (d >> 8) as u8 as i8,
            mv: (d >> 16) as u8,
            empties: (d >> 24) as u8,
        }
    }
    #[inline(always)]
    fn save(&self, i: usize, e: Entry) {
        let d = u64::from(e.lower as u8)
            | u64::from(e.upper as u8) << 8
            | u64::from(e.mv) << 16
            | u64::from(e.empties) << 24
            | u64::from(self.generation) << 32;
        let w = &self.e[i];
        w[2].store(d, Ordering::Relaxed);
        w[0].store(e.p ^ d, Ordering::Relaxed);
        w[1].store(e.o ^ d, Ordering::Relaxed);
    }
    #[inline(always)]
    fn index(&self, p: u64, o: u64) -> usize {
        let h = (p ^ o.rotate_left(23)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let h = h ^ (h >> 29);
        (h as usize) & self.mask
    }
}

/// The children being searched right now, for the ABDADA deferral: one word per slot holding
/// the hash of a position some thread is searching (0: free). A collision only makes a thread
/// defer or not defer a move; it never changes a score.
struct Busy {
    slots: Vec<AtomicU64>,
    mask: usize,
}

/// Deep nodes with fewer empties do not defer (the bookkeeping would cost more than the
/// duplicated work it saves).
const DEFER_EMPTIES: u32 = SHALLOW + 4;

/// Nodes between two looks at the stop flag, the node limit and the other threads' results
/// (often in the unit tests, so that they reach the rare paths).
const CHECK_INTERVAL: u64 = if cfg!(test) { 32 } else { 4096 };

/// Completed unwinds to a settled ancestor (unit tests check that the path is exercised).
#[cfg(test)]
static UNWINDS: AtomicU64 = AtomicU64::new(0);

impl Busy {
    fn new(bits: u32) -> Busy {
        let n = 1usize << bits;
        let mut slots = Vec::with_capacity(n);
        slots.resize_with(n, || AtomicU64::new(0));
        Busy { slots, mask: n - 1 }
    }
    #[inline(always)]
    fn hash(p: u64, o: u64) -> u64 {
        let h = (p.rotate_left(17) ^ o).wrapping_mul(0xd6e8_feb8_6659_fd93);
        (h ^ (h >> 32)) | 1
    }
    #[inline(always)]
    fn slot(&self, h: u64) -> &AtomicU64 {
        &self.slots[(h as usize) & self.mask]
    }
    #[inline(always)]
    fn is_busy(&self, h: u64) -> bool {
        self.slot(h).load(Ordering::Relaxed) == h
    }
    #[inline(always)]
    fn enter(&self, h: u64) {
        self.slot(h).store(h, Ordering::Relaxed);
    }
    #[inline(always)]
    fn leave(&self, h: u64) {
        let _ = self
            .slot(h)
            .compare_exchange(h, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// What the threads of one solve share besides the table.
struct Shared<'a> {
    busy: &'a Busy,
    /// Set by the first thread to finish the root: the others stop.
    done: &'a AtomicBool,
    /// Nodes of all threads, added every few thousand nodes (for the node limit).
    nodes: &'a AtomicU64,
    /// The root position and the best exact root-move score any thread has found: a lower
    /// bound of the root that every thread's root loop raises its alpha to. Fail-soft keeps
    /// this exact: a thread whose moves all fail low against it returns an upper bound that is
    /// at least the root's value, hence equal to it.
    root: (u64, u64),
    /// Empties at the root: the root does not defer its moves (deferring there split the
    /// threads over root moves and made FFO #38 take 25 % longer in half the runs; excluding
    /// the root's children as well cost 10 % more nodes).
    root_n: u32,
    root_alpha: &'a core::sync::atomic::AtomicI32,
}

/// The running state of a deep node's move loop.
struct MoveLoop {
    alpha: i32,
    beta: i32,
    best: i32,
    best_x: u8,
    /// The root of a threaded search (shares its alpha with the other threads).
    at_root: bool,
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

struct Search<'a, B: Backend> {
    b: B,
    tt: &'a Tt,
    nodes: u64,
    next_check: u64,
    max_nodes: u64,
    stop: Option<&'a AtomicBool>,
    stopped: bool,
    shared: Option<Shared<'a>>,
    /// Nodes already added to `shared.nodes`.
    reported: u64,
    /// Threaded search: per number of empties, the node of the current path in its move loop
    /// (table index, position, beta), for [`Search::abandon_settled`].
    open: [(usize, u64, u64, i32); 64],
    /// The level being unwound to (with `stopped` set) and the score it returns there.
    unwind: Option<(u32, i32)>,
    /// Whether the next deep node entered is expected to be a CUT node (set by its parent).
    next_cut: bool,
}

#[inline(always)]
fn sq(i: u32) -> Square {
    Square::new_masked(i as u8)
}

impl<'a, B: Backend> Search<'a, B> {
    fn new(b: B, tt: &'a Tt, limits: &Limits<'a>) -> Self {
        Search {
            b,
            tt,
            nodes: 0,
            next_check: CHECK_INTERVAL,
            max_nodes: limits.max_nodes,
            stop: limits.stop,
            stopped: false,
            shared: None,
            reported: 0,
            open: [(0, 0, 0, 0); 64],
            unwind: None,
            next_cut: false,
        }
    }

    #[inline(always)]
    fn flip(&self, x: u32, p: u64, o: u64) -> u64 {
        crate::flip::flip(self.b, sq(x), p, o)
    }

    /// Score of the last empty `x` for the player owning `p` (everything else the opponent's).
    #[inline(always)]
    fn solve_1(&mut self, p: u64, x: u32) -> i32 {
        self.nodes += 1;
        let score = 2 * self.b.popcnt(p) as i32 - 62;
        let c = crate::last_flip::count_last_flip(self.b, sq(x), p) as i32;
        if c > 0 {
            return score + 2 * c;
        }
        let o = !(p | (1u64 << x));
        let c = crate::last_flip::count_last_flip(self.b, sq(x), o) as i32;
        if c > 0 {
            score - 2 - 2 * c
        } else if score > 0 {
            score
        } else {
            score - 2
        }
    }

    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn solve_2(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        x1: u32,
        x2: u32,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        if o & NEIGH[x1 as usize] != 0 {
            let f = self.flip(x1, p, o);
            if f != 0 {
                best = -self.solve_1(o ^ f, x2);
                if best >= beta {
                    return best;
                }
            }
        }
        if o & NEIGH[x2 as usize] != 0 {
            let f = self.flip(x2, p, o);
            if f != 0 {
                let s = -self.solve_1(o ^ f, x1);
                if s > best {
                    best = s;
                }
            }
        }
        if best == -INF {
            if passed {
                return crate::game::final_score(p, o);
            }
            return -self.pass_2(o, p, -beta, -alpha, x1, x2);
        }
        best
    }

    #[inline(always)]
    fn solve_3(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        x: [u32; 3],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        for (i, rest) in [(0, [1, 2]), (1, [0, 2]), (2, [0, 1])] {
            let xi = x[i];
            if o & NEIGH[xi as usize] != 0 {
                let f = self.flip(xi, p, o);
                if f != 0 {
                    let s = -self.solve_2(
                        o ^ f,
                        p | f | (1 << xi),
                        -beta,
                        -alpha,
                        x[rest[0]],
                        x[rest[1]],
                        false,
                    );
                    if s > best {
                        best = s;
                        if s >= beta {
                            return s;
                        }
                        if s > alpha {
                            alpha = s;
                        }
                    }
                }
            }
        }
        if best == -INF {
            if passed {
                return crate::game::final_score(p, o);
            }
            return -self.pass_3(o, p, -beta, -alpha, x);
        }
        best
    }

    specialize! {
        token = self.b;
        #[inline(never)]
        fn pass_2(&mut self, p: u64, o: u64, alpha: i32, beta: i32, x1: u32, x2: u32) -> i32 {
            self.solve_2(p, o, alpha, beta, x1, x2, true)
        }
    }

    specialize! {
        token = self.b;
        #[inline(never)]
        fn pass_3(&mut self, p: u64, o: u64, alpha: i32, beta: i32, x: [u32; 3]) -> i32 {
            self.solve_3(p, o, alpha, beta, x, true)
        }
    }

    specialize! {
        token = self.b;
        #[inline(never)]
        fn pass_4(&mut self, p: u64, o: u64, alpha: i32, beta: i32, x: [u32; 4]) -> i32 {
            self.solve_4(p, o, alpha, beta, x, true)
        }
    }

    #[inline(always)]
    fn solve_4(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        x: [u32; 4],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        for (i, rest) in [
            (0, [1, 2, 3]),
            (1, [0, 2, 3]),
            (2, [0, 1, 3]),
            (3, [0, 1, 2]),
        ] {
            let xi = x[i];
            if o & NEIGH[xi as usize] != 0 {
                let f = self.flip(xi, p, o);
                if f != 0 {
                    let r = [x[rest[0]], x[rest[1]], x[rest[2]]];
                    let s = -self.solve_3(o ^ f, p | f | (1 << xi), -beta, -alpha, r, false);
                    if s > best {
                        best = s;
                        if s >= beta {
                            return s;
                        }
                        if s > alpha {
                            alpha = s;
                        }
                    }
                }
            }
        }
        if best == -INF {
            if passed {
                return crate::game::final_score(p, o);
            }
            return -self.pass_4(o, p, -beta, -alpha, x);
        }
        best
    }

    /// Entry for 4 empties: the empties in parity order (odd quadrants first).
    #[inline(always)]
    fn solve_4_entry(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        let mut x = [0u32; 4];
        let mut k = 0;
        for mut m in [empty & odd, empty & !odd] {
            while m != 0 && k < 4 {
                x[k] = m.trailing_zeros();
                m &= m - 1;
                k += 1;
            }
        }
        self.solve_4(p, o, alpha, beta, x, false)
    }

    /// Threaded search, every few thousand nodes: when another thread has meanwhile settled
    /// an ancestor of this node (a cut-off or exact score in the table), the subtree being
    /// searched is useless. Unwinds (through `stopped`) to the settled ancestor nearest the
    /// root, which returns that score.
    fn abandon_settled(&mut self, n: u32) {
        let Some(sh) = &self.shared else { return };
        let mut level = sh.root_n;
        while level > (n + 1).max(DEFER_EMPTIES) {
            level -= 1;
            let (i, p, o, beta) = self.open[level as usize];
            if let Some(v) = self.peer_result(i, p, o, level, beta) {
                self.unwind = Some((level, v));
                self.stopped = true;
                return;
            }
        }
    }

    /// After a child returned with `stopped` set: the score to return from this node at
    /// level `n` (the settled score if the unwinding ends here; 0, ignored, otherwise).
    #[inline(always)]
    fn unwound(&mut self, n: u32) -> i32 {
        match self.unwind {
            Some((level, v)) if level == n => {
                self.unwind = None;
                self.stopped = false;
                #[cfg(test)]
                UNWINDS.fetch_add(1, Ordering::Relaxed);
                v
            }
            _ => 0,
        }
    }

    #[inline(always)]
    fn check_stop(&mut self, n: u32) -> bool {
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_INTERVAL;
            let mut total = self.nodes;
            if let Some(sh) = &self.shared {
                total = sh
                    .nodes
                    .fetch_add(self.nodes - self.reported, Ordering::Relaxed)
                    + (self.nodes - self.reported);
                self.reported = self.nodes;
                if sh.done.load(Ordering::Relaxed) {
                    self.stopped = true;
                }
            }
            if total >= self.max_nodes || self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                self.stopped = true;
            }
            if !self.stopped {
                self.abandon_settled(n);
            }
        }
        self.stopped
    }

    specialize! {
        token = self.b;
        /// Shallow search (5..=SHALLOW empties).
        #[inline(never)]
        fn shallow(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, passed: bool) -> i32 {
            self.shallow_body(p, o, alpha, beta, n, passed)
        }
    }

    #[inline(always)]
    fn shallow_body(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        n: u32,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let moves = crate::mobility::mobility(self.b, p, o);
        if moves == 0 {
            if passed {
                return crate::game::final_score(p, o);
            }
            return -self.shallow(o, p, -beta, -alpha, n, true);
        }
        if alpha >= 2 * n as i32 - 2 {
            let bound = crate::stability::stability_bound(self.b, p, o);
            if bound <= alpha {
                return bound;
            }
        }
        let odd = odd_quadrants(!(p | o));
        let mut best = -INF;
        for mut m in [moves & odd, moves & !odd] {
            while m != 0 {
                let x = m.trailing_zeros();
                m &= m - 1;
                let f = self.flip(x, p, o);
                let (np, no) = (o ^ f, p | f | (1 << x));
                let s = if n == 5 {
                    -self.solve_4_entry(np, no, -beta, -alpha)
                } else {
                    -self.shallow(np, no, -beta, -alpha, n - 1, false)
                };
                if s > best {
                    best = s;
                    if s >= beta {
                        return s;
                    }
                    if s > alpha {
                        alpha = s;
                    }
                }
            }
        }
        best
    }

    /// Any node: picks the search by the number of empties `n`.
    #[inline(always)]
    fn search(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32) -> i32 {
        match n {
            0 => {
                self.nodes += 1;
                crate::game::final_score(p, o)
            }
            1 => {
                let x = (!(p | o)).trailing_zeros();
                self.solve_1_node(p, o, x)
            }
            2 => {
                let e = !(p | o);
                let x1 = e.trailing_zeros();
                let x2 = 63 - e.leading_zeros();
                self.solve_2(p, o, alpha, beta, x1, x2, false)
            }
            3 => {
                let mut e = !(p | o);
                let mut x = [0; 3];
                for xi in &mut x {
                    *xi = e.trailing_zeros();
                    e &= e - 1;
                }
                self.solve_3(p, o, alpha, beta, x, false)
            }
            4 => self.solve_4_entry(p, o, alpha, beta),
            _ if n <= SHALLOW => self.shallow(p, o, alpha, beta, n, false),
            _ => self.deep(p, o, alpha, beta, n, false),
        }
    }

    /// One empty, with `o` given (the position may not be full otherwise only if called at
    /// the root; `p | o | x` is the whole board here).
    #[inline(always)]
    fn solve_1_node(&mut self, p: u64, o: u64, x: u32) -> i32 {
        let _ = o;
        self.solve_1(p, x)
    }

    specialize! {
        token = self.b;
        #[inline(never)]
        fn deep(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, passed: bool) -> i32 {
            self.deep_body(p, o, alpha, beta, n, passed)
        }
    }

    #[inline(always)]
    fn deep_body(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        n: u32,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let cut_node = self.next_cut;
        if self.check_stop(n) {
            return 0;
        }
        let b = self.b;
        let moves = crate::mobility::mobility(b, p, o);
        if moves == 0 {
            if passed {
                return crate::game::final_score(p, o);
            }
            self.next_cut = !cut_node;
            return -self.deep(o, p, -beta, -alpha, n, true);
        }
        if alpha >= 2 * n as i32 - 2 {
            let bound = crate::stability::stability_bound(b, p, o);
            if bound <= alpha {
                return bound;
            }
        }
        // Transposition table.
        let i = self.tt.index(p, o);
        let mut tt_move = NO_MOVE;
        for k in 0..2 {
            let e = self.tt.load(i + k);
            if e.p == p && e.o == o {
                let (lo, up) = (i32::from(e.lower), i32::from(e.upper));
                if lo >= beta {
                    return lo;
                }
                if up <= alpha {
                    return up;
                }
                if lo == up {
                    return lo;
                }
                alpha = alpha.max(lo);
                beta = beta.min(up);
                tt_move = e.mv;
                break;
            }
        }
        let alpha0 = alpha;
        // Expected node type (threads only): the children of a PV node after the first are CUT
        // nodes, those of a CUT node ALL nodes and vice versa. A CUT node whose first move did
        // not cut defers only from its third move: its second move is still likely to cut, and
        // searching others beside it would be speculative.
        let pv_node = beta - alpha0 > 1;
        let elders = if cut_node && !pv_node { 2 } else { 1 };
        let child_cut = |j: usize| if pv_node { j > 0 } else { !cut_node };
        // Move list with ordering keys (lower first).
        let mut list = [(0u32, 0u64, 0u64, 0i32); 32];
        let mut len = 0;
        let odd = if n < 12 { odd_quadrants(!(p | o)) } else { 0 };
        let mut m = moves;
        while m != 0 && len < 32 {
            let x = m.trailing_zeros();
            m &= m - 1;
            let f = self.flip(x, p, o);
            let (np, no) = (o ^ f, p | f | (1 << x));
            let key = if x == u32::from(tt_move) {
                -1_000_000
            } else {
                let om = crate::mobility::mobility(b, np, no);
                let mut k = (b.popcnt(om) + b.popcnt(om & CORNERS)) as i32 * 64;
                if n >= 12 {
                    k += b.popcnt(crate::mobility::potential_mobility(b, np, no)) as i32 * 4;
                    k -= b.popcnt(no & CORNERS) as i32 * 32;
                } else if odd & (1 << x) != 0 {
                    k -= 32;
                }
                k
            };
            list[len] = (x, np, no, key);
            len += 1;
        }
        let mut l = MoveLoop {
            alpha,
            beta,
            best: -INF,
            best_x: NO_MOVE,
            at_root: self.shared.as_ref().is_some_and(|sh| sh.root == (p, o)),
        };
        if n >= DEFER_EMPTIES
            && let Some(sh) = &self.shared
            && n < sh.root_n
        {
            self.open[n as usize] = (i, p, o, beta);
        }
        // ABDADA (threads only): moves deferred because another thread is in their subtree.
        let mut deferred = [0u8; 32];
        let mut n_deferred = 0;
        let mut cut = false;
        for j in 0..len {
            // Selection sort step.
            let mut bi = j;
            for k in j + 1..len {
                if list[k].3 < list[bi].3 {
                    bi = k;
                }
            }
            list.swap(j, bi);
            let (x, np, no, _) = list[j];
            if j > 0 {
                if let Some(v) = self.peer_result(i, p, o, n, beta) {
                    return v;
                }
                if self.raise_root_alpha(&mut l) {
                    cut = true;
                    break;
                }
            }
            let a = l.alpha;
            self.next_cut = child_cut(j);
            let s = if j >= elders
                && n >= DEFER_EMPTIES
                && let Some(sh) = &self.shared
                && n < sh.root_n
            {
                let busy = sh.busy;
                let h = Busy::hash(np, no);
                if busy.is_busy(h) {
                    deferred[n_deferred] = j as u8;
                    n_deferred += 1;
                    continue;
                }
                busy.enter(h);
                let s = self.child(np, no, a, beta, n, false);
                busy.leave(h);
                s
            } else {
                self.child(np, no, a, beta, n, j == 0)
            };
            if self.stopped {
                return self.unwound(n);
            }
            if self.record(&mut l, s, a, x) {
                cut = true;
                break;
            }
        }
        // Deferred moves: those no longer busy first, then the rest (searched alongside the
        // other thread, which by then has filled the table with much of their subtrees).
        let mut round = 0;
        while !cut && n_deferred > 0 && round < 2 {
            let mut kept = 0;
            for d in 0..n_deferred {
                let j = deferred[d];
                let (x, np, no, _) = list[usize::from(j)];
                if round == 0
                    && let Some(sh) = &self.shared
                    && sh.busy.is_busy(Busy::hash(np, no))
                {
                    deferred[kept] = j;
                    kept += 1;
                    continue;
                }
                if let Some(v) = self.peer_result(i, p, o, n, beta) {
                    return v;
                }
                if self.raise_root_alpha(&mut l) {
                    cut = true;
                    break;
                }
                let a = l.alpha;
                self.next_cut = child_cut(usize::from(j));
                let s = self.child(np, no, a, beta, n, false);
                if self.stopped {
                    return self.unwound(n);
                }
                if self.record(&mut l, s, a, x) {
                    cut = true;
                    break;
                }
            }
            n_deferred = kept;
            round += 1;
        }
        let (best, best_x) = (l.best, l.best_x);
        // Store.
        let lower = if best > alpha0 { best } else { -64 };
        let upper = if best < beta { best } else { 64 };
        self.store(i, p, o, lower, upper, best_x, n);
        best
    }

    /// In a threaded search, the score another thread has meanwhile stored for this node when
    /// it settles the node for the window: a beta cut-off or an exact score. Without this
    /// check a thread that deferred the refuting move would go on through all the later
    /// moves before meeting it.
    #[inline(always)]
    fn peer_result(&self, i: usize, p: u64, o: u64, n: u32, beta: i32) -> Option<i32> {
        if n < DEFER_EMPTIES || self.shared.is_none() {
            return None;
        }
        for k in 0..2 {
            let e = self.tt.load(i + k);
            if e.p == p && e.o == o {
                let (lo, up) = (i32::from(e.lower), i32::from(e.upper));
                return (lo >= beta || lo == up).then_some(lo);
            }
        }
        None
    }

    /// At the root of a threaded search, raises the loop's alpha to the best exact root score
    /// of all threads; true when that closes the window.
    #[inline(always)]
    fn raise_root_alpha(&self, l: &mut MoveLoop) -> bool {
        if l.at_root
            && let Some(sh) = &self.shared
        {
            l.alpha = l.alpha.max(sh.root_alpha.load(Ordering::Relaxed));
            return l.alpha >= l.beta;
        }
        false
    }

    /// Records the score `s` of move `x`, searched with lower bound `a`; true on a beta
    /// cut-off. At the root of a threaded search an exact score is published to the others.
    #[inline(always)]
    fn record(&self, l: &mut MoveLoop, s: i32, a: i32, x: u32) -> bool {
        if l.at_root
            && s > a
            && s < l.beta
            && let Some(sh) = &self.shared
        {
            sh.root_alpha.fetch_max(s, Ordering::Relaxed);
        }
        if s > l.best {
            l.best = s;
            l.best_x = x as u8;
            if s >= l.beta {
                return true;
            }
            l.alpha = l.alpha.max(s);
        }
        false
    }

    /// Principal-variation search of one child: the first with the full window, the others with
    /// a null window and a re-search when they fail high inside the window.
    #[inline(always)]
    fn child(&mut self, np: u64, no: u64, alpha: i32, beta: i32, n: u32, first: bool) -> i32 {
        if first {
            return -self.search(np, no, -beta, -alpha, n - 1);
        }
        let mut s = -self.search(np, no, -alpha - 1, -alpha, n - 1);
        if s > alpha && s < beta && !self.stopped {
            s = -self.search(np, no, -beta, -alpha, n - 1);
        }
        s
    }

    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn store(&mut self, i: usize, p: u64, o: u64, lower: i32, upper: i32, mv: u8, n: u32) {
        let (lower, upper) = (lower.clamp(-64, 64) as i8, upper.clamp(-64, 64) as i8);
        let t = self.tt;
        for k in 0..2 {
            let mut e = t.load(i + k);
            if e.p == p && e.o == o {
                e.lower = e.lower.max(lower);
                e.upper = e.upper.min(upper);
                if e.lower > e.upper {
                    (e.lower, e.upper) = (lower, upper);
                }
                e.mv = mv;
                t.save(i + k, e);
                return;
            }
        }
        let k = usize::from(t.load(i + 1).empties < t.load(i).empties);
        t.save(
            i + k,
            Entry {
                p,
                o,
                lower,
                upper,
                mv,
                empties: n as u8,
            },
        );
    }

    /// Best-move probe for the PV: the table's move if any.
    fn tt_move(&self, p: u64, o: u64) -> Option<u32> {
        let i = self.tt.index(p, o);
        (0..2)
            .map(|k| self.tt.load(i + k))
            .find(|e| e.p == p && e.o == o && e.mv != NO_MOVE)
            .map(|e| u32::from(e.mv))
    }

    /// The exact score with window (-64, 64), root pass handled.
    fn root(&mut self, board: Board) -> i32 {
        let n = (!(board.p | board.o)).count_ones();
        self.search(board.p, board.o, -64, 64, n)
    }

    /// Reconstructs a principal variation of `score` from `board`.
    fn pv(&mut self, board: Board, score: i32, out: &mut Vec<Move>) {
        let saved = self.nodes;
        let (mut p, mut o, mut s) = (board.p, board.o, score);
        loop {
            let moves = crate::mobility::mobility(self.b, p, o);
            if moves == 0 {
                if crate::mobility::mobility(self.b, o, p) == 0 {
                    break;
                }
                out.push(Move::Pass);
                (p, o, s) = (o, p, -s);
                continue;
            }
            let n = (!(p | o)).count_ones();
            let first = self.tt_move(p, o).filter(|x| moves & (1 << x) != 0);
            let mut order = [0u32; 32];
            let mut len = 0;
            if let Some(x) = first {
                order[0] = x;
                len = 1;
            }
            let mut m = moves;
            while m != 0 {
                let x = m.trailing_zeros();
                m &= m - 1;
                if Some(x) != first && len < 32 {
                    order[len] = x;
                    len += 1;
                }
            }
            let mut found = None;
            for &x in &order[..len] {
                let f = self.flip(x, p, o);
                let (np, no) = (o ^ f, p | f | (1 << x));
                let v = -self.search(np, no, -s - 1, -s + 1, n - 1);
                if v == s {
                    found = Some((x, np, no));
                    break;
                }
            }
            let Some((x, np, no)) = found else { break };
            out.push(Move::Play(sq(x)));
            (p, o, s) = (np, no, -s);
        }
        self.nodes = saved;
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
