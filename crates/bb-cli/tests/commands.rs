//! `--help` on every subcommand, one-line errors with status 2 for every bad command line, and
//! the inputs the whole programs refuse: files with nothing to check and a transposition table
//! larger than the machine.

mod cli_common;

use cli_common::run;

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn every_subcommand_has_help() {
    // `--help` on each command names every option and says what the obscure ones mean.
    for (args, explained) in [
        (
            &["--help"][..],
            &[
                "backends",
                "bench",
                "perft",
                "solve",
                "BB_BACKEND",
                "Exit status",
            ][..],
        ),
        (&["help"][..], &["backends", "bench", "perft", "solve"][..]),
        (&["backends", "--help"][..], &["--json"][..]),
        (
            &["bench", "--help"][..],
            &[
                "--quick",
                "--filter",
                "--backend",
                "--wall",
                "--json",
                "--svg",
            ][..],
        ),
        (
            &["perft", "--help"][..],
            &["chess", "reversi", "othello"][..],
        ),
        (
            &["perft", "chess", "--help"][..],
            &[
                "--fen",
                "--epd",
                "--byteboard",
                "--divide",
                "--threads",
                "--expect",
                "exit status 1 when it differs",
                "--max-nodes",
                "--time",
                "0..=10",
            ][..],
        ),
        (
            &["perft", "reversi", "--help"][..],
            &[
                "--convention",
                "a: A pass is a ply",
                "OEIS A124004",
                "c: Passes are not plies",
                "--threads",
                "--expect",
                "--max-nodes",
                "--time",
                "0..=18",
            ][..],
        ),
        (
            &["perft", "othello", "-h"][..],
            &["--convention", "--threads", "--expect"][..],
        ),
        (
            &["solve", "--help"][..],
            &[
                "--threads",
                "--tt-bits",
                "48 MiB",
                "24 GiB",
                "--max-nodes",
                "--time",
                "--all-moves",
                "% comment",
            ][..],
        ),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(cli_common::own_lines(&err).is_empty(), "{args:?}: {err}");
        assert!(out.contains("Usage: bb"), "{args:?}: {out}");
        for o in explained {
            assert!(out.contains(o), "{args:?} does not explain {o}: {out}");
        }
    }
    let (code, out, _) = run(&["--version"]);
    assert_eq!(code, Some(0));
    assert_eq!(out.trim(), format!("bb {}", env!("CARGO_PKG_VERSION")));
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn bad_command_lines_are_one_line_errors() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/fforum-1-19.obf");
    for (args, says) in [
        (&[][..], "needs a command"),
        (&["frobnicate"][..], "'frobnicate'"),
        (&["perft"][..], "needs a command: chess, reversi"),
        (&["perft", "go", "3"][..], "'go'"),
        (&["bench", "--bogus"][..], "'--bogus'"),
        (&["bench", "--quick=1"][..], "--quick"),
        (&["bench", "--filter"][..], "--filter"),
        (&["bench", "--filter="][..], "empty"),
        (&["bench", "--backend", "avx3"][..], "avx3"),
        (
            &["bench", "--filter", "no-such-kernel"][..],
            "matches no kernel",
        ),
        (&["backends", "extra"][..], "'extra'"),
        (&["perft", "chess"][..], "<DEPTH>"),
        (&["perft", "chess", "x"][..], "not a whole number"),
        (&["perft", "chess", "-3"][..], "-3"),
        (&["perft", "chess", "2", "3"][..], "'3'"),
        (&["perft", "chess", "--fen", "nonsense", "2"][..], "FEN"),
        (&["perft", "chess", "--expect", "x", "2"][..], "--expect"),
        (
            &[
                "perft",
                "chess",
                "--epd",
                data,
                "--fen",
                "8/8/8/8/8/8/8/8 w - - 0 1",
                "2",
            ][..],
            "--epd",
        ),
        (
            &["perft", "chess", "--epd", "/nonexistent/file.epd", "2"][..],
            "/nonexistent/file.epd",
        ),
        (
            &["perft", "chess", "--byteboard", "--divide", "2"][..],
            "--divide",
        ),
        (&["perft", "chess", "--time", "-1", "2"][..], "positive"),
        (
            &["perft", "reversi", "--convention", "d", "3"][..],
            "a, b, c",
        ),
        (
            &["perft", "othello", "--max-nodes", "lots", "3"][..],
            "--max-nodes",
        ),
        (&["solve"][..], "<FILE.obf>"),
        (
            &["solve", "/nonexistent/file.obf"][..],
            "/nonexistent/file.obf",
        ),
        (&["solve", data, "--tt-bits", "9"][..], "from 10 to 30"),
        (&["solve", data, "--threads", "-2"][..], "--threads"),
        (&["solve", data, "--max-nodes", "-5"][..], "--max-nodes"),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        let lines = cli_common::own_lines(&err);
        assert_eq!(lines.len(), 1, "{args:?}: {err}");
        assert!(lines[0].starts_with("bb"), "{args:?}: {err}");
        assert!(lines[0].contains(says), "{args:?}: {err} lacks {says}");
        assert!(
            !err.contains("panicked") && out.is_empty(),
            "{args:?}: {err}"
        );
    }
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn nothing_to_check_is_an_error() {
    let dir = std::env::temp_dir().join(format!("bb-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty_epd = dir.join("empty.epd");
    let no_counts = dir.join("nocounts.epd");
    let empty_obf = dir.join("empty.obf");
    std::fs::write(&empty_epd, "").unwrap();
    std::fs::write(
        &no_counts,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    )
    .unwrap();
    std::fs::write(&empty_obf, "").unwrap();
    for args in [
        vec!["perft", "chess", "--epd", empty_epd.to_str().unwrap(), "3"],
        vec!["perft", "chess", "--epd", no_counts.to_str().unwrap(), "3"],
        vec!["solve", empty_obf.to_str().unwrap()],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert_eq!(cli_common::own_lines(&err).len(), 1, "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn table_larger_than_memory_is_refused() {
    let avail_kib: Option<u64> = std::fs::read_to_string("/proc/meminfo").ok().and_then(|t| {
        t.lines()
            .find(|l| l.starts_with("MemAvailable:"))?
            .split_whitespace()
            .nth(1)?
            .parse()
            .ok()
    });
    // 2^30 entries of 24 bytes: 24 GiB, refused below 48 GiB available.
    if avail_kib.is_some_and(|k| k < 48 << 20) {
        let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/fforum-1-19.obf");
        let (code, _, err) = run(&["solve", "--tt-bits", "30", data]);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains("MiB"), "{err}");
    }
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn unbounded_work_is_refused() {
    for args in [
        &["perft", "chess", "100"][..],
        &["perft", "reversi", "40"][..],
        &["perft", "chess", "--threads", "100000", "2"][..],
        &["perft", "reversi", "--threads", "0", "2"][..],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // `othello` names the same command as `reversi`.
    let (code, out, err) = run(&["perft", "othello", "4"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("nodes 244 "), "{out}");
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn solve_limits_stop_a_problem_and_go_on() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/fforum-20-39.obf");
    let (code, out, err) = run(&["solve", "--max-nodes", "2000", data]);
    assert_eq!(code, Some(0), "{err}");
    // Every problem has a row: the easy ones solved, the others stopped.
    let rows = out.lines().filter(|l| l.contains(" | ")).count();
    assert_eq!(rows, 1 + 20, "{out}");
    assert!(out.contains("stopped after"), "{out}");
    assert!(out.contains("stopped by a limit"), "{out}");
    for bad in ["0", "-1", "x"] {
        let (code, _, err) = run(&["solve", "--time", bad, data]);
        assert_eq!(code, Some(2), "--time {bad}: {err}");
    }
}
