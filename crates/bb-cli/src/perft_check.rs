//! `--expect NODES` of `bb perft chess` and `bb perft reversi`.

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
