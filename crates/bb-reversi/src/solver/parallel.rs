//! What the threads of one solve share (ABDADA deferral slots, the done flag, the node count,
//! the root bound) and how a search stops: limits, a finished root, a settled ancestor.

use super::*;

/// The children being searched right now, for the ABDADA deferral: one word per slot holding
/// the hash of a position some thread is searching (0: free). A collision only makes a thread
/// defer or not defer a move; it never changes a score.
pub(super) struct Busy {
    pub(super) slots: Vec<AtomicU64>,
    pub(super) mask: usize,
}

/// Deep nodes with fewer empties do not defer (the bookkeeping would cost more than the
/// duplicated work it saves).
pub(super) const DEFER_EMPTIES: u32 = SHALLOW + 4;

/// Nodes between two looks at the stop flag, the node limit and the other threads' results
/// (often in the unit tests, so that they reach the rare paths).
pub(super) const CHECK_INTERVAL: u64 = if cfg!(test) { 32 } else { 4096 };

/// Completed unwinds to a settled ancestor (unit tests check that the path is exercised).
#[cfg(test)]
pub(super) static UNWINDS: AtomicU64 = AtomicU64::new(0);

impl Busy {
    pub(super) fn new(bits: u32) -> Busy {
        let n = 1usize << bits;
        let mut slots = Vec::with_capacity(n);
        slots.resize_with(n, || AtomicU64::new(0));
        Busy { slots, mask: n - 1 }
    }
    #[inline(always)]
    pub(super) fn hash(p: u64, o: u64) -> u64 {
        let h = (p.rotate_left(17) ^ o).wrapping_mul(0xd6e8_feb8_6659_fd93);
        (h ^ (h >> 32)) | 1
    }
    #[inline(always)]
    pub(super) fn slot(&self, h: u64) -> &AtomicU64 {
        &self.slots[(h as usize) & self.mask]
    }
    #[inline(always)]
    pub(super) fn is_busy(&self, h: u64) -> bool {
        self.slot(h).load(Ordering::Relaxed) == h
    }
    #[inline(always)]
    pub(super) fn enter(&self, h: u64) {
        self.slot(h).store(h, Ordering::Relaxed);
    }
    #[inline(always)]
    pub(super) fn leave(&self, h: u64) {
        let _ = self
            .slot(h)
            .compare_exchange(h, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// What the threads of one solve share besides the table.
pub(super) struct Shared<'a> {
    pub(super) busy: &'a Busy,
    /// Set by the first thread to finish the root: the others stop.
    pub(super) done: &'a AtomicBool,
    /// Nodes of all threads, added every few thousand nodes (for the node limit).
    pub(super) nodes: &'a AtomicU64,
    /// The root position and the best exact root-move score any thread has found: a lower
    /// bound of the root that every thread's root loop raises its alpha to. Fail-soft keeps
    /// this exact: a thread whose moves all fail low against it returns an upper bound that is
    /// at least the root's value, hence equal to it.
    pub(super) root: (u64, u64),
    /// Empties at the root: the root does not defer its moves (deferring there split the
    /// threads over root moves and made FFO #38 take 25 % longer in half the runs; excluding
    /// the root's children as well cost 10 % more nodes).
    pub(super) root_n: u32,
    pub(super) root_alpha: &'a core::sync::atomic::AtomicI32,
}

impl<'a, B: Backend> Search<'a, B> {
    /// Threaded search, every few thousand nodes: when another thread has meanwhile settled
    /// an ancestor of this node (a cut-off or exact score in the table), the subtree being
    /// searched is useless. Unwinds (through `stopped`) to the settled ancestor nearest the
    /// root, which returns that score.
    pub(super) fn abandon_settled(&mut self, n: u32) {
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
    pub(super) fn unwound(&mut self, n: u32) -> i32 {
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
    pub(super) fn check_stop(&mut self, n: u32) -> bool {
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
            #[cfg(feature = "std")]
            if self
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
            {
                self.stopped = true;
            }
            if !self.stopped {
                self.abandon_settled(n);
            }
        }
        self.stopped
    }

    /// In a threaded search, the score another thread has meanwhile stored for this node when
    /// it settles the node for the window: a beta cut-off or an exact score. Without this
    /// check a thread that deferred the refuting move would go on through all the later
    /// moves before meeting it.
    #[inline(always)]
    pub(super) fn peer_result(&self, i: usize, p: u64, o: u64, n: u32, beta: i32) -> Option<i32> {
        if n < DEFER_EMPTIES || self.shared.is_none() {
            return None;
        }
        let e = self.tt.find(i, p, o)?;
        let (lo, up) = (i32::from(e.lower), i32::from(e.upper));
        (lo >= beta || lo == up).then_some(lo)
    }

    /// At the root of a threaded search, raises the loop's alpha to the best exact root score
    /// of all threads; true when that closes the window.
    #[inline(always)]
    pub(super) fn raise_root_alpha(&self, l: &mut MoveLoop) -> bool {
        if l.at_root
            && let Some(sh) = &self.shared
        {
            l.alpha = l.alpha.max(sh.root_alpha.load(Ordering::Relaxed));
            return l.alpha >= l.beta;
        }
        false
    }
}
