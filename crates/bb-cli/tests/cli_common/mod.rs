//! Shared by the tests that run the `bb` binary.

use std::process::Command;

/// The `bb` binary, run under `BB_TEST_RUNNER` (the emulator of a `cargo xtask test-all-isas` lane)
/// when that is set, so the child sees the same CPU as this test.
pub fn bb_command() -> Command {
    let bb = env!("CARGO_BIN_EXE_bb");
    let runner = std::env::var("BB_TEST_RUNNER").unwrap_or_default();
    let mut words = runner.split_whitespace();
    match words.next() {
        Some(program) => {
            let mut c = Command::new(program);
            c.args(words).arg(bb);
            c
        }
        None => Command::new(bb),
    }
}

/// The lines `bb` itself wrote to stderr: an emulator's own warnings (`qemu-x86_64: warning:
/// ...`, printed before `bb` starts) are left out.
#[allow(dead_code)] // not every test file counts lines
pub fn own_lines(stderr: &str) -> Vec<&str> {
    stderr.lines().filter(|l| !l.starts_with("qemu-")).collect()
}

/// Runs `bb` with `args`: its exit code, stdout and stderr.
#[allow(dead_code)] // not every test file runs whole commands this way
pub fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = bb_command().args(args).output().expect("bb runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
