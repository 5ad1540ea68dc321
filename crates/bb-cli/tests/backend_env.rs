//! A `BB_BACKEND` that cannot be honoured is a one-line error with exit status 2, never a
//! panic, for every command that dispatches.

mod cli_common;

use cli_common::bb_command;

/// An input that parses: the variable is refused after the arguments, before any work.
const FFO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/fforum-1-19.obf");

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn bad_backend_is_a_usage_error() {
    // `neon` exists but not in an x86-64 build, and no x86 token exists in an aarch64 build.
    let foreign = if cfg!(target_arch = "aarch64") {
        "avx2"
    } else {
        "neon"
    };
    for value in ["garbage", foreign] {
        for args in [
            &["perft", "chess", "2"][..],
            &["perft", "reversi", "3"][..],
            &["solve", FFO][..],
        ] {
            let out = bb_command()
                .args(args)
                .env("BB_BACKEND", value)
                .output()
                .expect("bb runs");
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?} {value}: {err}");
            assert_eq!(
                cli_common::own_lines(&err).len(),
                1,
                "{args:?} {value}: {err}"
            );
            assert!(err.contains("BB_BACKEND"), "{args:?} {value}: {err}");
            assert!(!err.contains("panicked"), "{args:?} {value}: {err}");
        }
    }
}
