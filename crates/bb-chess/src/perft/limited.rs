//! Perft that stops on a node limit, a stop flag or a clock, checked from inside the count.

#[cfg(target_has_atomic = "64")]
use crate::position::Position;
#[cfg(target_has_atomic = "64")]
use bb_core::meter::Limits;

/// Perft of `pos` to `depth` within `limits`: at most about `limits.max_nodes` leaves (the
/// count stops within a few thousand leaves per thread of the limit), until `limits.stop` is
/// raised or `limits.time` has passed (seen within microseconds), on `limits.threads` threads
/// (with `std`; the sub-trees two plies down are shared).
///
/// The limits are looked at from inside the count, every sub-tree two plies above the leaves,
/// so they hold at any depth; the looks cost well under 1 % of the count.
///
/// ```
/// use bb_chess::{Position, perft::{perft_limited, Limits}};
/// let pos = Position::startpos();
/// let two = Limits { threads: 2, ..Limits::default() };
/// assert_eq!(perft_limited(&pos, 4, &two), Ok(197_281));
/// let small = Limits { max_nodes: 50_000, ..Limits::default() };
/// let stopped = perft_limited(&pos, 7, &small).unwrap_err();
/// assert!(stopped.leaves >= 50_000 && stopped.leaves < 150_000);
/// ```
///
/// # Errors
/// [`Stopped`](bb_core::meter::Stopped), with the leaves counted, when a limit stopped the
/// count.
#[cfg(target_has_atomic = "64")]
pub fn perft_limited(
    pos: &Position,
    depth: u32,
    limits: &Limits<'_>,
) -> Result<u64, bb_core::meter::Stopped> {
    use bb_core::meter::Stopped;
    let (n, stopped) = limits.run(|limiter| {
        #[cfg(feature = "std")]
        if limits.threads > 1 && depth >= 3 {
            return shared(pos, depth, limits.threads, limiter);
        }
        let mut meter = limiter();
        bb_simd::dispatch!(|b| super::perft_metered_with(b, pos, depth, &mut meter))
    });
    if stopped {
        Err(Stopped { leaves: n })
    } else {
        Ok(n)
    }
}

/// The leaves below `pos` (`depth` ≥ 3) counted on `threads` threads sharing the positions two
/// plies down, each metering its sub-trees with its own `meter()` and taking no more once it
/// halts (the sum is then partial).
#[cfg(all(feature = "std", target_has_atomic = "64"))]
fn shared<M: bb_core::meter::Meter + Send>(
    pos: &Position,
    depth: u32,
    threads: usize,
    meter: &(dyn Fn() -> M + Sync),
) -> u64 {
    use crate::movegen::MoveList;
    let mut work = std::vec::Vec::new();
    for &m in MoveList::legal(pos).iter() {
        let child = pos.play(m);
        for &m2 in MoveList::legal(&child).iter() {
            work.push(child.play(m2));
        }
    }
    let backend = bb_simd::best_backend();
    let each = |(n, m): &mut (u64, M), _, p: &Position| {
        *n += bb_simd::dispatch!(backend, |b| super::perft_metered_with(b, p, depth - 2, m));
        !m.halted()
    };
    bb_core::workers::share(threads, &work, || (0, meter()), each)
        .iter()
        .map(|&(n, _)| n)
        .sum()
}
