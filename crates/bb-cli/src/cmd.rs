//! What the perft commands share: the `--expect NODES` verdict and the report of a run that a
//! limit stopped.

use bb_cli::perft::split::Outcome;
use std::process::ExitCode;

/// Prints the verdict of `--expect` and gives the exit status: 1 when `nodes` differs.
pub fn verdict(nodes: u64, expect: Option<u64>) -> ExitCode {
    match expect {
        Some(want) if want != nodes => {
            println!("MISMATCH: expected {want} nodes");
            ExitCode::from(1)
        }
        Some(_) => {
            println!("ok: matches the expected count");
            ExitCode::SUCCESS
        }
        None => ExitCode::SUCCESS,
    }
}

/// The line of a run stopped by `--max-nodes` or `--time`: a partial count checks nothing, so
/// `--expect` is not compared (status 0, as for a `bb solve` problem stopped by a limit).
pub fn stopped(out: &Outcome, secs: f64) -> ExitCode {
    println!(
        "stopped after {} leaves and {secs:.3} s (limit reached; {} of {} sub-trees counted, the \
         count is partial and not checked)",
        out.total, out.done, out.jobs
    );
    ExitCode::SUCCESS
}
