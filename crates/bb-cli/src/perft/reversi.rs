//! Othello perft for `bb perft reversi`, cut into sub-trees a few plies down
//! ([`super::split`]).

use super::split::{self, Limits, Outcome};
use crate::progress::Progress;
use bb_reversi::Board;
use bb_reversi::perft::{self, Convention};

/// Plies below the root where the tree is cut: none up to depth 7 (well under a second), then
/// one more per depth up to six (8,200 sub-trees from the start position).
pub fn split_plies(depth: u32) -> u32 {
    depth.saturating_sub(7).min(6)
}

/// Perft of `board`, cut into sub-trees `split_plies(depth)` plies down.
pub fn count(
    board: Board,
    depth: u32,
    cv: Convention,
    threads: usize,
    limits: Limits,
    progress: &Progress,
    label: &str,
) -> Outcome {
    let mut jobs = Vec::new();
    // `board` is the start position or a position reached from it (valid), and so is every
    // sub-tree root: the perft functions' board check never fails here.
    let base = perft::split(board, depth, split_plies(depth), cv, &mut jobs).unwrap_or(0);
    let jobs: Vec<(usize, (Board, u32))> = jobs.into_iter().map(|j| (0, j)).collect();
    let mut out = split::run(
        &jobs,
        1,
        threads,
        limits,
        progress,
        label,
        |&(b, d), meter| {
            bb_simd::dispatch!(|bk| perft::perft_metered_with(bk, b, d, cv, meter)).unwrap_or(0)
        },
        &mut |_, _| {},
    );
    out.total += base;
    out
}
