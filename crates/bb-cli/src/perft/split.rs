//! Perft cut into sub-trees a few plies below the root, handed out one at a time to the
//! threads: the sub-tree is the unit of load balancing and of `--divide`'s streaming (a root
//! move's line is printed as soon as its sub-trees and those of every earlier root move are
//! counted). The `--max-nodes` / `--time` limits hold inside a sub-tree: each thread counts
//! with a [`Limiter`] on one [`Tally`], which the count polls every few thousand leaves, and
//! a watcher thread raises the tally's stop flag at the time limit and redraws the progress
//! line a few times a second from the tally, however long a sub-tree takes.

use crate::progress::Progress;
use bb_core::meter::{Limiter, Tally};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The workers' stack, as large as the main thread's usual 8 MiB: a ply of the byteboard count
/// takes a few hundred KiB of stack in an unoptimized build, where the default 2 MiB of a
/// spawned thread overflowed at depth 8 (`cargo run -- perft chess --byteboard --threads 2 8`).
const WORKER_STACK: usize = 8 << 20;

/// When to stop counting.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Leaves counted.
    pub max_nodes: Option<u64>,
    /// Time since the start.
    pub time: Option<Duration>,
}

/// What a run counted.
#[derive(Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Leaves under each root move (complete only for the roots reported to `on_root`).
    pub per_root: Vec<u64>,
    /// Leaves counted in all (with those of sub-trees a limit cut short).
    pub total: u64,
    /// Sub-trees counted to the end, of `jobs`.
    pub done: usize,
    /// Sub-trees in all.
    pub jobs: usize,
}

impl Outcome {
    /// Whether a limit stopped the run before every sub-tree was counted.
    pub fn stopped(&self) -> bool {
        self.done < self.jobs
    }
}

/// How often the watcher redraws the progress line and looks at the clock.
const WATCH_INTERVAL: Duration = Duration::from_millis(250);

struct State<'a> {
    per_root: Vec<u64>,
    pending: Vec<usize>,
    cursor: usize,
    done: usize,
    on_root: &'a mut (dyn FnMut(usize, u64) + Send),
}

impl State<'_> {
    /// Reports every root, in order, whose sub-trees are all counted.
    fn flush(&mut self) {
        while self.cursor < self.pending.len() && self.pending[self.cursor] == 0 {
            (self.on_root)(self.cursor, self.per_root[self.cursor]);
            self.cursor += 1;
        }
    }
}

/// Counts every job `(root, job)` with `count` on `threads` threads; `roots` is the number of
/// root moves (jobs name theirs by index, in order). `count(job, meter)` counts one sub-tree,
/// polling `meter`, and returns a partial count when the meter halts. `on_root(i, leaves)` is
/// called in root order as soon as root `i` is complete. A limit stops every thread within
/// microseconds, inside the sub-trees under way.
#[allow(clippy::too_many_arguments)] // one call site per command; a struct would only rename them
pub fn run<J: Sync>(
    jobs: &[(usize, J)],
    roots: usize,
    threads: usize,
    limits: Limits,
    progress: &Progress,
    label: &str,
    count: impl Fn(&J, &mut Limiter<'_>) -> u64 + Sync,
    on_root: &mut (dyn FnMut(usize, u64) + Send),
) -> Outcome {
    let t0 = Instant::now();
    let mut pending = vec![0usize; roots];
    for (r, _) in jobs {
        if let Some(p) = pending.get_mut(*r) {
            *p += 1;
        }
    }
    let mut state = State {
        per_root: vec![0; roots],
        pending,
        cursor: 0,
        done: 0,
        on_root,
    };
    state.flush();
    let state = Mutex::new(state);
    let next = AtomicUsize::new(0);
    let total = AtomicU64::new(0);
    let done = AtomicUsize::new(0);
    let tally = Tally::new();
    let max_leaves = limits.max_nodes.unwrap_or(u64::MAX);
    let worker = || {
        let mut meter = Limiter::new(&tally, max_leaves);
        while !tally.is_stopped() {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some((root, job)) = jobs.get(i) else {
                break;
            };
            let n = count(job, &mut meter);
            total.fetch_add(n, Ordering::Relaxed);
            if tally.is_stopped() {
                // Cut short (or finished as the limit was reached: counted as cut short, the
                // run is partial either way).
                break;
            }
            done.fetch_add(1, Ordering::Relaxed);
            // A poisoned lock means another worker panicked; its panic is reported by the scope.
            let Ok(mut s) = state.lock() else { break };
            s.done += 1;
            if let Some(p) = s.per_root.get_mut(*root) {
                *p += n;
            }
            if let Some(p) = s.pending.get_mut(*root) {
                *p -= 1;
            }
            s.flush();
        }
    };
    let threads = threads.clamp(1, jobs.len().max(1));
    let deadline = limits.time.and_then(|t| t0.checked_add(t));
    std::thread::scope(|s| {
        let (finished, wait) = mpsc::channel::<()>();
        if progress.is_on() || deadline.is_some() {
            s.spawn(|| {
                watch(wait, deadline, &tally, progress, || {
                    format!(
                        "{label}: {}/{} sub-trees, {} leaves, {:.1} s",
                        done.load(Ordering::Relaxed),
                        jobs.len(),
                        tally.leaves(),
                        t0.elapsed().as_secs_f64()
                    )
                })
            });
        }
        // A worker the system refuses is left out: the calling thread counts every sub-tree
        // the others do not take.
        let workers: Vec<_> = (1..threads)
            .filter_map(|_| {
                std::thread::Builder::new()
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(s, worker)
                    .ok()
            })
            .collect();
        worker();
        for w in workers {
            let _ = w.join();
        }
        drop(finished);
    });
    progress.clear();
    let s = state
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    Outcome {
        per_root: s.per_root,
        total: total.into_inner(),
        done: s.done,
        jobs: jobs.len(),
    }
}

/// Until `finished` hangs up: draws the progress line at once, redraws it every
/// [`WATCH_INTERVAL`] and stops the tally at `deadline`.
fn watch(
    finished: mpsc::Receiver<()>,
    deadline: Option<Instant>,
    tally: &Tally,
    progress: &Progress,
    line: impl Fn() -> String,
) {
    // A run shorter than the interval still says what it is doing.
    progress.force(&line());
    loop {
        let now = Instant::now();
        let wake = match deadline {
            Some(d) if d <= now => {
                tally.stop();
                return;
            }
            Some(d) => WATCH_INTERVAL.min(d - now),
            None => WATCH_INTERVAL,
        };
        match finished.recv_timeout(wake) {
            Err(RecvTimeoutError::Timeout) => progress.force(&line()),
            _ => return,
        }
    }
}
