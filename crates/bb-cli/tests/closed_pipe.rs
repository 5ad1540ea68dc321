//! Output into a pipe whose reader has gone (`bb ... | head -1`) ends `bb` quietly, status 0,
//! instead of the std `println!` panic.

mod cli_common;

use cli_common::bb_command;
use std::process::Stdio;

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn closed_stdout_is_not_a_panic() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/fforum-1-19.obf");
    for args in [
        &["perft", "chess", "--divide", "3"][..],
        &["perft", "reversi", "6"][..],
        &["solve", data][..],
        &["backends"][..],
    ] {
        let mut child = bb_command()
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("bb runs");
        // Close the reading end before `bb` has written anything.
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("bb ends");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
    }
}
