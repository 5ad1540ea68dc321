//! `bb perft reversi` (alias `othello`): Othello perft from the start position with bulk
//! counting at the last ply (conventions in `bb_reversi::perft`), printing nodes, time and
//! leaves per second; exit status 1 when `--expect` differs. The tree is cut into sub-trees a few plies
//! down (`bb_cli::perft::split`), shared among the threads.

use crate::cmd;
use bb_cli::args::PerftReversiArgs;
use bb_cli::perft::reversi::count;
use bb_cli::perft::split::Limits;
use bb_cli::progress::Progress;
use bb_reversi::Board;
use bb_reversi::perft::Convention;
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
