//! The search proper: the deep (transposition table) and shallow (parity order) negamax with
//! principal-variation search, the move loop and the principal variation.

use super::*;

/// Deep nodes with at least this many empties look up their children in the table before
/// searching them ([`Search::etc`]): the children of smaller ones are shallow nodes, never
/// stored.
pub(super) const ETC_EMPTIES: u32 = SHALLOW + 2;

/// The running state of a deep node's move loop.
pub(super) struct MoveLoop {
    pub(super) alpha: i32,
    pub(super) beta: i32,
    pub(super) best: i32,
    pub(super) best_x: u8,
    /// The root of a threaded search (shares its alpha with the other threads).
    pub(super) at_root: bool,
}

pub(super) struct Search<'a, B: Backend> {
    pub(super) b: B,
    pub(super) tt: &'a Tt,
    pub(super) nodes: u64,
    pub(super) next_check: u64,
    pub(super) max_nodes: u64,
    pub(super) stop: Option<&'a AtomicBool>,
    pub(super) stopped: bool,
    pub(super) shared: Option<Shared<'a>>,
    /// Nodes already added to `shared.nodes`.
    pub(super) reported: u64,
    /// Threaded search: per number of empties, the node of the current path in its move loop
    /// (table index, position, beta), for [`Search::abandon_settled`].
    pub(super) open: [(usize, u64, u64, i32); 64],
    /// The level being unwound to (with `stopped` set) and the score it returns there.
    pub(super) unwind: Option<(u32, i32)>,
    /// Whether the next deep node entered is expected to be a CUT node (set by its parent).
    pub(super) next_cut: bool,
    /// When to stop (the time limit).
    #[cfg(feature = "std")]
    pub(super) deadline: Option<std::time::Instant>,
    /// The evaluator ordering the moves far from the leaves, and where and how.
    pub(super) eval: Option<(&'a crate::eval::Evaluator, EvalOrdering)>,
}

#[inline(always)]
pub(super) fn sq(i: u32) -> Square {
    Square::new_masked(i as u8)
}

impl<'a, B: Backend> Search<'a, B> {
    pub(super) fn new(b: B, tt: &'a Tt, limits: &Limits<'a>) -> Self {
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
            #[cfg(feature = "std")]
            deadline: None,
            eval: None,
        }
    }

    specialize! {
        token = self.b;
        /// Shallow search (5..=SHALLOW empties).
        #[inline(never)]
        pub(super) fn shallow(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, passed: bool) -> i32 {
            self.shallow_body(p, o, alpha, beta, n, passed)
        }
    }

    #[inline(always)]
    pub(super) fn shallow_body(
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
    pub(super) fn search(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32) -> i32 {
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

    specialize! {
        token = self.b;
        #[inline(never)]
        pub(super) fn deep(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, passed: bool) -> i32 {
            self.deep_body(p, o, alpha, beta, n, passed)
        }
    }

    #[inline(always)]
    pub(super) fn deep_body(
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
        if let Some(e) = self.tt.find(i, p, o) {
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
        }
        let alpha0 = alpha;
        // Expected node type (threads only): the children of a PV node after the first are CUT
        // nodes, those of a CUT node ALL nodes and vice versa. A CUT node whose first move did
        // not cut defers only from its third move: its second move is still likely to cut, and
        // searching others beside it would be speculative.
        let pv_node = beta - alpha0 > 1;
        let elders = if cut_node && !pv_node { 2 } else { 1 };
        let child_cut = |j: usize| if pv_node { j > 0 } else { !cut_node };
        // Move list with ordering keys (lower first). With a table move, which is searched
        // first whatever the keys, the others' keys wait until it has failed to cut.
        let mut list = [(0u32, 0u64, 0u64, 0i32); 32];
        let mut len = 0;
        let mut m = moves;
        let mut keys_pending = false;
        while m != 0 && len < 32 {
            let x = m.trailing_zeros();
            m &= m - 1;
            let f = self.flip(x, p, o);
            let key = if x == u32::from(tt_move) {
                keys_pending = true;
                i32::MIN
            } else {
                0
            };
            list[len] = (x, o ^ f, p | f | (1 << x), key);
            len += 1;
        }
        if n >= ETC_EMPTIES
            && let Some(v) = self.etc(&list[..len], beta)
        {
            return v;
        }
        if !keys_pending {
            self.order_keys(&mut list[..len], p, o, n);
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
            if j == 1 && keys_pending {
                self.order_keys(&mut list[1..len], p, o, n);
            }
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

    /// Enhanced transposition cut-off: a child whose table entry already proves its move
    /// reaches `beta` (its upper bound at most `-beta`) cuts the node before any move is
    /// searched. Endgame trees are full of transpositions, and a cut found here saves the
    /// subtree the ordering might have searched first.
    #[inline(always)]
    fn etc(&self, list: &[(u32, u64, u64, i32)], beta: i32) -> Option<i32> {
        list.iter()
            .filter_map(|&(_, np, no, _)| self.tt.find(self.tt.index(np, no), np, no))
            .map(|e| -i32::from(e.upper))
            .find(|&v| v >= beta)
    }

    /// The ordering keys of the moves of `list` from (`p`, `o`), `n` empties (lower is
    /// searched first): the opponent's corner-weighted mobility, with its potential mobility and
    /// the corners taken while at least 12 squares are empty and a parity bonus below, plus the
    /// evaluation term far from the leaves ([`Search::eval_key`]).
    #[inline(always)]
    fn order_keys(&self, list: &mut [(u32, u64, u64, i32)], p: u64, o: u64, n: u32) {
        let b = self.b;
        let odd = if n < 12 { odd_quadrants(!(p | o)) } else { 0 };
        let eval = match self.eval {
            Some((ev, order)) if n >= order.min_empties => {
                Some((ev, order, self.eval_features(p, o, n)))
            }
            _ => None,
        };
        for (x, np, no, key) in list {
            let (x, np, no) = (*x, *np, *no);
            let om = crate::mobility::mobility(b, np, no);
            let mut k = (b.popcnt(om) + b.popcnt(om & CORNERS)) as i32 * 64;
            if n >= 12 {
                k += b.popcnt(crate::mobility::potential_mobility(b, np, no)) as i32 * 4;
                k -= b.popcnt(no & CORNERS) as i32 * 32;
            } else if odd & (1 << x) != 0 {
                k -= 32;
            }
            if let Some((ev, order, parent)) = &eval {
                k += self.eval_key(ev, *order, parent, x, np ^ o, np, no, n);
            }
            *key = k;
        }
    }

    /// Records the score `s` of move `x`, searched with lower bound `a`; true on a beta
    /// cut-off. At the root of a threaded search an exact score is published to the others.
    #[inline(always)]
    pub(super) fn record(&self, l: &mut MoveLoop, s: i32, a: i32, x: u32) -> bool {
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
    pub(super) fn child(
        &mut self,
        np: u64,
        no: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        first: bool,
    ) -> i32 {
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
    pub(super) fn store(
        &mut self,
        i: usize,
        p: u64,
        o: u64,
        lower: i32,
        upper: i32,
        mv: u8,
        n: u32,
    ) {
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
        let k = usize::from(t.worth(&t.load(i + 1)) < t.worth(&t.load(i)));
        t.save(
            i + k,
            Entry {
                p,
                o,
                lower,
                upper,
                mv,
                empties: n as u8,
                age: t.age,
            },
        );
    }

    /// Best-move probe for the PV: the table's move if any.
    pub(super) fn tt_move(&self, p: u64, o: u64) -> Option<u32> {
        let i = self.tt.index(p, o);
        (0..2)
            .map(|k| self.tt.load(i + k))
            .find(|e| e.p == p && e.o == o && e.mv != NO_MOVE)
            .map(|e| u32::from(e.mv))
    }

    /// The legal moves `moves` of (`p`, `o`), the table's move first.
    fn table_move_first(&self, p: u64, o: u64, moves: u64) -> ([u32; 32], usize) {
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
        (order, len)
    }

    /// A move of `board` whose score is proven at least `v` by a null-window search of each
    /// child (the table's move first); a pass when the player must pass; `None` when the game
    /// is over or no move reaches `v`. The nodes are not counted.
    pub(super) fn move_reaching(&mut self, board: Board, v: i32) -> Option<Move> {
        let saved = self.nodes;
        let (p, o) = (board.p, board.o);
        let moves = crate::mobility::mobility(self.b, p, o);
        if moves == 0 {
            return (crate::mobility::mobility(self.b, o, p) != 0).then_some(Move::Pass);
        }
        let n = (!(p | o)).count_ones();
        let (order, len) = self.table_move_first(p, o, moves);
        let mut found = None;
        for &x in &order[..len] {
            let f = self.flip(x, p, o);
            let (np, no) = (o ^ f, p | f | (1 << x));
            if self.search(np, no, -v, -v + 1, n - 1) <= -v {
                found = Some(Move::Play(sq(x)));
                break;
            }
        }
        self.nodes = saved;
        found
    }

    /// The fail-soft score of `board` for the window (`alpha`, `beta`), root pass handled.
    pub(super) fn root(&mut self, board: Board, alpha: i32, beta: i32) -> i32 {
        let n = (!(board.p | board.o)).count_ones();
        self.search(board.p, board.o, alpha, beta, n)
    }

    /// Reconstructs a principal variation of `score` from `board`.
    pub(super) fn pv(&mut self, board: Board, score: i32, out: &mut Vec<Move>) {
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
            let (order, len) = self.table_move_first(p, o, moves);
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
