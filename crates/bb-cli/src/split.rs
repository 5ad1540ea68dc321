//! Perft cut into sub-trees a few plies below the root, handed out one at a time to the
//! threads: the sub-tree is the unit of load balancing, of progress, of the `--max-nodes` /
//! `--time` limits, and of `--divide`'s streaming (a root move's line is printed as soon as its
//! sub-trees and those of every earlier root move are counted).

use bb_cli::progress::Progress;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// When to stop handing out sub-trees.
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
    /// Leaves counted in all.
    pub total: u64,
    /// Sub-trees counted, of `jobs`.
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
/// root moves (jobs name theirs by index, in order). `on_root(i, leaves)` is called in root
/// order as soon as root `i` is complete. A limit stops the handing out; the jobs under way
/// finish.
#[allow(clippy::too_many_arguments)] // one call site per command; a struct would only rename them
pub fn run<J: Sync>(
    jobs: &[(usize, J)],
    roots: usize,
    threads: usize,
    limits: Limits,
    progress: &Progress,
    label: &str,
    count: impl Fn(&J) -> u64 + Sync,
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
    let stop = AtomicBool::new(false);
    let worker = || {
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let over = limits
                .max_nodes
                .is_some_and(|n| total.load(Ordering::Relaxed) >= n)
                || limits.time.is_some_and(|t| t0.elapsed() >= t);
            if over {
                stop.store(true, Ordering::Relaxed);
                break;
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some((root, job)) = jobs.get(i) else {
                break;
            };
            let n = count(job);
            let sum = total.fetch_add(n, Ordering::Relaxed) + n;
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
            let done = s.done;
            drop(s);
            progress.show(|| {
                format!(
                    "{label}: {done}/{} sub-trees, {sum} leaves, {:.1} s",
                    jobs.len(),
                    t0.elapsed().as_secs_f64()
                )
            });
        }
    };
    let threads = threads.clamp(1, jobs.len().max(1));
    std::thread::scope(|s| {
        for _ in 1..threads {
            s.spawn(worker);
        }
        worker();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 has no threads")]
    fn roots_stream_in_order_and_limits_stop() {
        // Root 1 has no job: it is reported (with 0) as soon as root 0 is complete.
        let jobs = [(0, 3u64), (0, 4), (2, 5), (3, 1)];
        for threads in [1, 3] {
            let mut seen = Vec::new();
            let out = run(
                &jobs,
                4,
                threads,
                Limits::default(),
                &Progress::new(false),
                "t",
                |&n| n,
                &mut |r, n| seen.push((r, n)),
            );
            assert_eq!(seen, [(0, 7), (1, 0), (2, 5), (3, 1)]);
            assert_eq!((out.total, out.done, out.stopped()), (13, 4, false));
        }
        let out = run(
            &jobs,
            4,
            1,
            Limits {
                max_nodes: Some(5),
                time: None,
            },
            &Progress::new(false),
            "t",
            |&n| n,
            &mut |_, _| {},
        );
        assert_eq!((out.total, out.done, out.stopped()), (7, 2, true));
    }
}
