//! Worker threads for the game crates' parallel counts and searches (`std` only).
//!
//! [`run`] starts the workers with a stack as large as a main thread's, and never panics when the
//! system refuses a thread: the workers the game crates start share their work through atomics
//! (each takes the next sub-tree until none is left, or searches the same tree through a shared
//! table), so fewer workers still finish it, and with none started the work runs on the calling
//! thread.

use std::vec::Vec;

/// The stack of every worker: a main thread's usual 8 MiB. Spawned threads get 2 MiB by default,
/// which a deep recursion of large frames (an unoptimized build's byteboard perft at depth 8)
/// overflows.
pub const STACK_BYTES: usize = 8 << 20;

/// Runs `work` once on each of `threads` scoped worker threads (at least one) and returns what
/// each returned, in no particular order.
///
/// A thread the system refuses to start is left out; when none starts, `work` runs once on the
/// calling thread. A panic in a worker is resumed on the calling thread.
///
/// ```
/// use core::sync::atomic::{AtomicUsize, Ordering};
/// let next = AtomicUsize::new(0);
/// let items = [3u64, 5, 7, 11];
/// // Each worker takes the next item until none is left, and sums what it took.
/// let sums = bb_core::workers::run(2, || {
///     let mut sum = 0;
///     while let Some(x) = items.get(next.fetch_add(1, Ordering::Relaxed)) {
///         sum += x;
///     }
///     sum
/// });
/// assert_eq!(sums.iter().sum::<u64>(), 26);
/// ```
pub fn run<R: Send>(threads: usize, work: impl Fn() -> R + Sync) -> Vec<R> {
    let work = &work;
    std::thread::scope(|s| {
        let started: Vec<_> = (0..threads.max(1))
            .filter_map(|_| {
                std::thread::Builder::new()
                    .name("bb-worker".into())
                    .stack_size(STACK_BYTES)
                    .spawn_scoped(s, work)
                    .ok()
            })
            .collect();
        if started.is_empty() {
            return std::vec![work()];
        }
        started
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    })
}

/// Hands the items of `work` to [`run`]'s workers one at a time, in order: each worker makes its
/// state with `init`, takes the next item not yet taken and folds it into its state with `step`
/// (given the item's index), until the items run out or `step` returns `false`. Returns each
/// worker's state.
///
/// Sub-trees of very different sizes balance themselves this way: a worker that finishes a
/// small one takes the next.
///
/// ```
/// let items = [3u64, 5, 7, 11];
/// let sums = bb_core::workers::share(2, &items, || 0u64, |sum, _, &x| {
///     *sum += x;
///     true
/// });
/// assert_eq!(sums.iter().sum::<u64>(), 26);
/// ```
pub fn share<T: Sync, S: Send>(
    threads: usize,
    work: &[T],
    init: impl Fn() -> S + Sync,
    step: impl Fn(&mut S, usize, &T) -> bool + Sync,
) -> Vec<S> {
    use core::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    run(threads.clamp(1, work.len().max(1)), || {
        let mut state = init();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = work.get(i) else { break };
            if !step(&mut state, i, item) {
                break;
            }
        }
        state
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    #[cfg_attr(miri, ignore = "4 MiB frames on three threads: minutes under Miri")]
    #[cfg_attr(
        target_family = "wasm",
        ignore = "no threads on wasm32-wasip1: the frame would be on the main thread's 1 MiB"
    )]
    fn every_worker_runs_once_and_the_stack_is_large() {
        // A frame too large for a default 2 MiB thread stack (its own function: inlined into
        // `run`, its probe would run on the calling thread too).
        #[inline(never)]
        fn deep() -> usize {
            let big = core::hint::black_box([1u8; 4 << 20]);
            big.iter().map(|&b| usize::from(b)).sum()
        }
        let ran = AtomicUsize::new(0);
        let out = run(3, || {
            ran.fetch_add(1, Ordering::Relaxed);
            deep()
        });
        assert_eq!(ran.into_inner(), 3);
        assert_eq!(out, std::vec![4 << 20; 3]);
        assert_eq!(run(0, || 7), std::vec![7]);
    }

    #[test]
    #[cfg_attr(miri, ignore = "threads: slow under Miri")]
    fn every_item_is_taken_once_and_a_stop_ends_a_worker() {
        let items: Vec<u64> = (0..1000).collect();
        let taken = share(3, &items, Vec::new, |mine, i, &x| {
            assert_eq!(i as u64, x);
            mine.push(x);
            true
        });
        assert!(!taken.is_empty() && taken.len() <= 3);
        let mut all: Vec<u64> = taken.into_iter().flatten().collect();
        all.sort_unstable();
        assert_eq!(all, items);
        // One item each, then stop: as many items taken as workers.
        let firsts = share(
            2,
            &items,
            || 0,
            |n, _, _| {
                *n += 1;
                false
            },
        );
        assert_eq!(firsts.iter().sum::<usize>(), firsts.len());
        assert_eq!(share(4, &[] as &[u64], || 1, |_, _, _| true), std::vec![1]);
    }
}
