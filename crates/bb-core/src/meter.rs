//! Stopping a long count from inside it: a [`Meter`] hears the leaves of every small sub-tree a
//! counting recursion (perft) finishes, and answers whether to go on.
//!
//! A limit checked only between large pieces of work overruns by as much as one piece, which
//! at perft depth 9 is minutes; checked at every node it costs more than the count. A
//! recursion generic over [`Meter`] ticks once per sub-tree a few plies above the leaves
//! (microseconds of work), and the meter looks at the shared state only every few thousand
//! leaves, so a limit holds within microseconds and a few thousand leaves at a cost lost in
//! the noise. With [`Unmetered`] the ticks compile to nothing.
//!
//! ```
//! use bb_core::meter::{Limiter, Meter, Tally};
//!
//! // A stand-in for a counting recursion: 100 sub-trees of 1,000 leaves each.
//! fn count(meter: &mut impl Meter) -> u64 {
//!     let mut n = 0;
//!     for _ in 0..100 {
//!         n += 1000;
//!         if !meter.tick(1000) {
//!             break;
//!         }
//!     }
//!     n
//! }
//!
//! let tally = Tally::new();
//! let mut meter = Limiter::new(&tally, 20_000);
//! let partial = count(&mut meter);
//! meter.flush();
//! assert!(meter.halted() && tally.is_stopped());
//! assert!(partial >= 20_000 && partial < 100_000);
//! assert_eq!(tally.leaves(), partial);
//! ```

//! [`Tally`] and [`Limiter`] need 64-bit atomics (every target bb runs on has them; a
//! microcontroller such as `thumbv7em` does not, and gets only the trait).

use core::fmt;
#[cfg(target_has_atomic = "64")]
use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// What a counting recursion reports to, and asks whether to stop.
pub trait Meter {
    /// `false` for a meter that never stops a count: the recursion skips its ticks entirely.
    const ACTIVE: bool;
    /// Hears `leaves` counted in a sub-tree just finished; `false` when the count must stop.
    fn tick(&mut self, leaves: u64) -> bool;
    /// Whether the count must stop (a recursion checks it after each child, to unwind).
    fn halted(&self) -> bool;
}

/// The meter of a count without limits (its ticks compile away).
#[derive(Clone, Copy, Debug, Default)]
pub struct Unmetered;

impl Meter for Unmetered {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn tick(&mut self, _: u64) -> bool {
        true
    }
    #[inline(always)]
    fn halted(&self) -> bool {
        false
    }
}

#[cfg(target_has_atomic = "64")]
/// What the threads of one count share: the leaves their meters reported and a stop flag
/// that any of them (or a watcher, such as a progress thread enforcing a time limit) raises.
#[derive(Debug, Default)]
pub struct Tally {
    leaves: AtomicU64,
    stop: AtomicBool,
}

#[cfg(target_has_atomic = "64")]
impl Tally {
    /// Nothing counted, not stopped.
    #[must_use]
    pub const fn new() -> Tally {
        Tally {
            leaves: AtomicU64::new(0),
            stop: AtomicBool::new(false),
        }
    }

    /// Leaves reported so far (each meter reports every few thousand leaves, and all it holds
    /// when flushed or dropped).
    #[must_use]
    pub fn leaves(&self) -> u64 {
        self.leaves.load(Ordering::Relaxed)
    }

    /// Asks every meter of this tally to halt at its next look.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for or a meter's limit was reached.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

#[cfg(target_has_atomic = "64")]
/// Leaves a [`Limiter`] holds before it reports them and looks at the limits: small enough for
/// a node limit to hold within a few thousand leaves per thread, large enough that the shared
/// counter is touched only every few microseconds.
pub const REPORT_LEAVES: u64 = 4096;

#[cfg(target_has_atomic = "64")]
/// Ticks between two looks at the limits when sub-trees have few leaves (endgames, finished
/// games), so that a stop flag or a clock is still seen within microseconds.
pub const REPORT_TICKS: u32 = 64;

#[cfg(target_has_atomic = "64")]
/// A meter with limits: the leaves of every meter on one [`Tally`], a stop flag of the
/// caller's, and any condition the caller checks (a clock: `bb-core` has none of its own).
pub struct Limiter<'a> {
    tally: &'a Tally,
    max_leaves: u64,
    stop: Option<&'a AtomicBool>,
    check: Option<&'a (dyn Fn() -> bool + Sync)>,
    pending: u64,
    ticks: u32,
    halted: bool,
}

#[cfg(target_has_atomic = "64")]
impl<'a> Limiter<'a> {
    /// A meter reporting to `tally` that halts once the tally holds `max_leaves` leaves
    /// (`u64::MAX`: no node limit), or the tally is stopped.
    #[must_use]
    pub fn new(tally: &'a Tally, max_leaves: u64) -> Limiter<'a> {
        Limiter {
            tally,
            max_leaves,
            stop: None,
            check: None,
            pending: 0,
            ticks: REPORT_TICKS,
            halted: false,
        }
    }

    /// Also halts when `stop` becomes `true`.
    #[must_use]
    pub fn with_stop(mut self, stop: Option<&'a AtomicBool>) -> Limiter<'a> {
        self.stop = stop;
        self
    }

    /// Also halts when `check()` returns `true` (called every few thousand leaves, so it may
    /// read a clock).
    #[must_use]
    pub fn with_check(mut self, check: &'a (dyn Fn() -> bool + Sync)) -> Limiter<'a> {
        self.check = Some(check);
        self
    }

    /// Reports the leaves held and looks at the limits.
    pub fn flush(&mut self) {
        self.ticks = REPORT_TICKS;
        let pending = core::mem::take(&mut self.pending);
        let total = self
            .tally
            .leaves
            .fetch_add(pending, Ordering::Relaxed)
            .saturating_add(pending);
        if self.halted {
            return;
        }
        if total >= self.max_leaves
            || self.tally.is_stopped()
            || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.check.is_some_and(|f| f())
        {
            self.tally.stop();
            self.halted = true;
        }
    }
}

#[cfg(target_has_atomic = "64")]
impl Meter for Limiter<'_> {
    const ACTIVE: bool = true;
    #[inline]
    fn tick(&mut self, leaves: u64) -> bool {
        self.pending = self.pending.saturating_add(leaves);
        self.ticks -= 1;
        if self.pending >= REPORT_LEAVES || self.ticks == 0 {
            self.flush();
        }
        !self.halted
    }
    #[inline]
    fn halted(&self) -> bool {
        self.halted
    }
}

#[cfg(target_has_atomic = "64")]
impl Drop for Limiter<'_> {
    /// Reports what is held, so that the tally ends with every leaf ticked.
    fn drop(&mut self) {
        if self.pending != 0 {
            self.tally.leaves.fetch_add(self.pending, Ordering::Relaxed);
        }
    }
}

#[cfg(target_has_atomic = "64")]
impl fmt::Debug for Limiter<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Limiter")
            .field("max_leaves", &self.max_leaves)
            .field("pending", &self.pending)
            .field("halted", &self.halted)
            .finish_non_exhaustive()
    }
}

/// Stop conditions and threads of a long call: a perft count (bb-chess and bb-reversi
/// `perft_limited`) or an endgame solve (bb-reversi's solver).
///
/// Build it with `..Limits::default()`: the `time` field exists only with the `std` feature.
#[derive(Clone, Copy, Debug)]
pub struct Limits<'a> {
    /// Stop after about this many nodes: leaves counted by perft, nodes searched by the
    /// solver (`u64::MAX`: no limit). The count includes the nodes of every thread.
    pub max_nodes: u64,
    /// Stop when this becomes `true` (checked every few thousand nodes).
    pub stop: Option<&'a core::sync::atomic::AtomicBool>,
    /// Threads (1: the calling thread only; 2+: that many share the work; `std` only).
    pub threads: usize,
    /// Stop after about this much wall time from the start of the call (checked every few
    /// thousand nodes; `std` only).
    #[cfg(feature = "std")]
    pub time: Option<core::time::Duration>,
}

impl Default for Limits<'_> {
    fn default() -> Self {
        Limits {
            max_nodes: u64::MAX,
            stop: None,
            threads: 1,
            #[cfg(feature = "std")]
            time: None,
        }
    }
}

#[cfg(target_has_atomic = "64")]
impl Limits<'_> {
    /// Runs `count` with a maker of meters for these limits, one per thread of the count, all
    /// on one [`Tally`]; returns what `count` returns and whether a limit stopped it.
    ///
    /// ```
    /// use bb_core::meter::{Limits, Meter};
    /// let limits = Limits { max_nodes: 10_000, ..Limits::default() };
    /// let (n, stopped) = limits.run(|meter| {
    ///     let mut m = meter();
    ///     let mut n = 0u64;
    ///     while n < 1_000_000 && m.tick(100) {
    ///         n += 100;
    ///     }
    ///     n
    /// });
    /// assert!(stopped && n >= 9_900 && n < 20_000);
    /// ```
    pub fn run<R>(
        &self,
        count: impl for<'x> FnOnce(&'x (dyn Fn() -> Limiter<'x> + Sync)) -> R,
    ) -> (R, bool) {
        let tally = Tally::new();
        #[cfg(feature = "std")]
        let deadline = self.time.map(|t| std::time::Instant::now().checked_add(t));
        #[cfg(feature = "std")]
        let clock = move || match deadline {
            // A deadline past the clock's range is never reached.
            Some(Some(d)) => std::time::Instant::now() >= d,
            _ => false,
        };
        let limiter = || {
            let m = Limiter::new(&tally, self.max_nodes).with_stop(self.stop);
            #[cfg(feature = "std")]
            let m = if deadline.is_some() {
                m.with_check(&clock)
            } else {
                m
            };
            m
        };
        let r = count(&limiter);
        (r, tally.is_stopped())
    }
}

/// A count that a limit stopped before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stopped {
    /// Leaves counted before stopping (a partial count: it checks nothing).
    pub leaves: u64,
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "stopped by a limit after {} leaves (the count is partial)",
            self.leaves
        )
    }
}

impl core::error::Error for Stopped {}

#[cfg(all(test, target_has_atomic = "64"))]
mod tests {
    use super::*;

    #[test]
    fn limiter_halts_at_the_node_limit_within_one_report() {
        let tally = Tally::new();
        let mut m = Limiter::new(&tally, 10_000);
        let mut n = 0;
        while m.tick(100) {
            n += 100;
        }
        n += 100;
        assert!(m.halted() && tally.is_stopped());
        assert!((10_000..10_000 + REPORT_LEAVES + 100).contains(&n), "{n}");
        drop(m);
        assert_eq!(tally.leaves(), n);
    }

    #[test]
    fn limiter_sees_a_stop_flag_a_tally_stop_and_a_check_within_the_tick_interval() {
        let flag = AtomicBool::new(false);
        let tally = Tally::new();
        let mut m = Limiter::new(&tally, u64::MAX).with_stop(Some(&flag));
        for _ in 0..1000 {
            assert!(m.tick(0));
        }
        flag.store(true, Ordering::Relaxed);
        let ticks = (0..1000).take_while(|_| m.tick(0)).count();
        assert!(ticks < REPORT_TICKS as usize, "{ticks}");

        let tally = Tally::new();
        let mut m = Limiter::new(&tally, u64::MAX);
        tally.stop();
        assert!((0..REPORT_TICKS).any(|_| !m.tick(1)));

        let tally = Tally::new();
        let calls = AtomicU64::new(0);
        let check = || calls.fetch_add(1, Ordering::Relaxed) >= 3;
        let mut m = Limiter::new(&tally, u64::MAX).with_check(&check);
        let ticks = (0..10_000).take_while(|_| m.tick(1)).count();
        assert_eq!(ticks, 4 * REPORT_TICKS as usize - 1);
    }

    #[test]
    fn unmetered_never_halts() {
        let mut m = Unmetered;
        assert!(m.tick(u64::MAX) && !m.halted());
    }
}
