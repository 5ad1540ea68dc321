//! `bb perft reversi` (alias `othello`): Othello perft from the start position with bulk
//! counting at the last ply (conventions in `bb_reversi::perft`), printing nodes, time and
//! leaves per second; exit status 1 when `--expect` differs. The tree is cut into sub-trees a few plies
//! down ([`crate::split`]), shared among the threads.

use crate::cmd;
use crate::split::{self, Limits, Outcome};
use bb_cli::args::PerftReversiArgs;
use bb_cli::progress::Progress;
use bb_reversi::Board;
use bb_reversi::perft::{self, Convention};
use std::process::ExitCode;
use std::time::Instant;

/// Runs `bb perft reversi`.
pub fn run(a: &PerftReversiArgs) -> ExitCode {
    let (cv, depth, threads) = (Convention::from(a.convention), a.depth, a.threads);
    let limits = Limits {
        max_nodes: a.limits.max_nodes,
        time: a.limits.time,
    };
    let progress = Progress::stderr();
    let start = Instant::now();
    let out = count(
        Board::START,
        depth,
        cv,
        threads,
        limits,
        &progress,
        &format!("perft reversi {depth}"),
    );
    let secs = start.elapsed().as_secs_f64();
    if out.stopped() {
        return cmd::stopped(&out, secs);
    }
    let nodes = out.total;
    println!(
        "nodes {nodes} time {secs:.3} s {:.1} M leaves/s (depth {depth}, convention {cv:?}, {threads} thread{}, backend {})",
        nodes as f64 / secs.max(1e-9) / 1e6,
        if threads == 1 { "" } else { "s" },
        bb_simd::best_backend().label()
    );
    cmd::verdict(nodes, a.expect)
}

/// Plies below the root where the tree is cut: none up to depth 7 (well under a second), then
/// one more per depth up to six (8,200 sub-trees from the start position).
fn split_plies(depth: u32) -> u32 {
    depth.saturating_sub(7).min(6)
}

/// Perft of `board`, cut into sub-trees `split_plies(depth)` plies down.
fn count(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 has no threads")]
    fn split_counts_match_the_library() {
        // From a position a few moves in, where passes and finished games occur early enough
        // for the conventions to differ within a quick depth.
        let mut boards = vec![Board::START];
        let mut b = Board::START;
        for _ in 0..20 {
            let Some(sq) = bb_core::Bitboard(b.moves()).into_iter().next_back() else {
                break;
            };
            b = b.play(sq).unwrap_or(b);
        }
        boards.push(b);
        let off = Progress::new(false);
        for board in boards {
            for cv in [Convention::A, Convention::B, Convention::C] {
                for depth in [0, 1, 2, 8, 9] {
                    let want = perft::perft(board, depth, cv).unwrap();
                    for (threads, split) in [(1, split_plies(depth)), (2, 3.min(depth))] {
                        let mut jobs = Vec::new();
                        let base = perft::split(board, depth, split, cv, &mut jobs).unwrap();
                        let sum: u64 = jobs
                            .iter()
                            .map(|&(b, d)| perft::perft(b, d, cv).unwrap())
                            .sum();
                        assert_eq!(base + sum, want, "{cv:?} depth {depth} split {split}");
                        let out = count(board, depth, cv, threads, Limits::default(), &off, "t");
                        assert_eq!(out.total, want, "{cv:?} depth {depth} threads {threads}");
                    }
                }
            }
        }
    }
}
