//! `bb perft`: the counts of the published tables, `--divide` in Stockfish's format, the
//! `--max-nodes` / `--time` limits, and no progress output when stderr is not a terminal; the
//! counting library under the command (`bb_cli::perft`): split counts equal the libraries' perft.

mod cli_common;

use cli_common::run;

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn counts_match_the_published_tables() {
    // Chess: the start position (depth 4: 197,281) and Kiwipete (depth 3: 97,862); Othello:
    // the table in data/README.md (depth 9 is where the conventions first differ).
    for (args, nodes) in [
        (&["perft", "chess", "4"][..], 197_281),
        (
            &["perft", "chess", "--threads", "2", "--byteboard", "4"][..],
            197_281,
        ),
        (
            &[
                "perft",
                "chess",
                "--fen",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "3",
            ][..],
            97_862,
        ),
        (&["perft", "reversi", "9"][..], 3_005_288),
        (
            &[
                "perft",
                "reversi",
                "--convention",
                "c",
                "--threads",
                "2",
                "9",
            ][..],
            3_005_320,
        ),
        (
            &["perft", "othello", "--convention", "b", "9"][..],
            3_005_288,
        ),
    ] {
        let want = nodes.to_string();
        let (code, out, err) = run(&[args, &["--expect", &want][..]].concat());
        assert_eq!(code, Some(0), "{args:?}: {out}{err}");
        assert!(
            out.starts_with(&format!("nodes {nodes} ")),
            "{args:?}: {out}"
        );
        assert!(
            out.contains("ok: matches the expected count"),
            "{args:?}: {out}"
        );
        // No progress line: stderr is a pipe here.
        assert!(cli_common::own_lines(&err).is_empty(), "{args:?}: {err}");
    }
    let (code, out, _) = run(&["perft", "reversi", "--expect", "8201", "6"]);
    assert_eq!(code, Some(1));
    assert!(out.contains("MISMATCH: expected 8201 nodes"), "{out}");
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn divide_lists_every_root_move_in_order() {
    // Depth 6 is cut two plies down: the root lines still come in generation order, one per
    // root move, and add up to the total (119,060,324 is too long for a test build, so
    // Kiwipete's position 3 of the perft suite: 11,030,083 at depth 6).
    let fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    let divide = |depth: &str| {
        let (code, out, err) = run(&[
            "perft",
            "chess",
            "--divide",
            "--threads",
            "2",
            "--fen",
            fen,
            depth,
        ]);
        assert_eq!(code, Some(0), "{err}");
        let roots: Vec<(String, u64)> = out
            .lines()
            .take_while(|l| !l.is_empty())
            .map(|l| {
                let (m, n) = l.split_once(": ").expect("move: count");
                (m.to_owned(), n.parse().expect("count"))
            })
            .collect();
        (roots, out)
    };
    let (roots, out) = divide("6");
    assert_eq!(roots.len(), 14, "{out}");
    assert_eq!(roots.iter().map(|r| r.1).sum::<u64>(), 11_030_083);
    assert!(out.contains("\nNodes searched: 11030083\n"), "{out}");
    // The order of depth 1, where each root move is one sub-tree.
    let (ones, _) = divide("1");
    assert!(ones.iter().all(|r| r.1 == 1));
    let names = |v: &[(String, u64)]| v.iter().map(|r| r.0.clone()).collect::<Vec<_>>();
    assert_eq!(names(&roots), names(&ones));
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn limits_stop_perft_early() {
    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    // Node limits far below one sub-tree (Kiwipete depth 9: 10^11 leaves two plies down;
    // Othello depth 18: 10^11 six plies down) stop within N + max(N / 5, 10^5) leaves.
    for (args, max) in [
        (
            &["perft", "chess", "--fen", KIWIPETE, "--expect", "1", "9"][..],
            1000u64,
        ),
        (
            &[
                "perft",
                "chess",
                "--fen",
                KIWIPETE,
                "--threads",
                "2",
                "--divide",
                "9",
            ][..],
            100_000,
        ),
        (
            &["perft", "chess", "--byteboard", "--fen", KIWIPETE, "9"][..],
            100_000,
        ),
        (&["perft", "reversi", "18"][..], 1000),
        // Sub-trees of 2 * 10^6 (Kiwipete depth 7) and 4 * 10^5 leaves (Othello depth 14): a
        // limit looked at only between sub-trees overshoots the margin here.
        (&["perft", "chess", "--fen", KIWIPETE, "7"][..], 1000),
        (&["perft", "reversi", "14"][..], 1000),
        (
            &[
                "perft",
                "reversi",
                "--threads",
                "2",
                "--convention",
                "c",
                "18",
            ][..],
            2_000_000,
        ),
    ] {
        let max_arg = max.to_string();
        let args = [args, &["--max-nodes", &max_arg][..]].concat();
        let (code, out, err) = run(&args);
        // A stopped count checks nothing: no verdict, status 0.
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(out.starts_with("stopped after "), "{args:?}: {out}");
        assert!(out.contains("limit reached"), "{args:?}: {out}");
        assert!(!out.contains("MISMATCH"), "{args:?}: {out}");
        let leaves: u64 = out["stopped after ".len()..]
            .split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{args:?}: {out}"));
        assert!(
            leaves >= max && leaves <= max + (max / 5).max(100_000),
            "{args:?}: {leaves} leaves"
        );
    }
    // Time limits end counts of hours (the margin is for loaded machines and emulated lanes,
    // not a speed check).
    for args in [
        &["perft", "chess", "--time", "0.3", "10"][..],
        &[
            "perft",
            "chess",
            "--byteboard",
            "--threads",
            "2",
            "--time",
            "0.3",
            "10",
        ][..],
        &["perft", "reversi", "--time", "0.3", "--threads", "2", "18"][..],
    ] {
        let t0 = std::time::Instant::now();
        let (code, out, err) = run(args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(out.starts_with("stopped after "), "{args:?}: {out}");
        assert!(
            t0.elapsed().as_secs_f64() < 5.0,
            "{args:?}: {:?}",
            t0.elapsed()
        );
    }
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn progress_shows_on_a_terminal_and_is_erased() {
    // `script` (util-linux) runs `bb` on a pseudo-terminal; without it, or under an emulator
    // lane (whose runner would have to go inside the command line), there is nothing to check.
    let script_works = std::process::Command::new("script")
        .args(["-qec", "true", "/dev/null"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !script_works || std::env::var_os("BB_TEST_RUNNER").is_some() {
        eprintln!("skipped: no `script` to provide a terminal");
        return;
    }
    let bb = env!("CARGO_BIN_EXE_bb");
    let out = std::process::Command::new("script")
        .args(["-qec", &format!("{bb} perft reversi 11"), "/dev/null"])
        .output()
        .expect("script runs");
    let tty = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{tty}");
    // Progress lines rewrite themselves (`\r`, erase line) and the result follows an erase.
    assert!(tty.contains("perft reversi 11: "), "{tty:?}");
    assert!(tty.contains(" sub-trees, "), "{tty:?}");
    assert!(tty.contains("\r\x1b[Knodes 212258800 "), "{tty:?}");

    // Inside a sub-tree longer than the run (Othello depth 18: minutes each), the line is
    // still redrawn, with the leaves counted so far.
    let out = std::process::Command::new("script")
        .args([
            "-qec",
            &format!("{bb} perft reversi --time 1.6 18"),
            "/dev/null",
        ])
        .output()
        .expect("script runs");
    let tty = String::from_utf8_lossy(&out.stdout);
    let redraws: std::collections::BTreeSet<&str> = tty
        .split("\r\x1b[K")
        .filter(|l| l.starts_with("perft reversi 18: 0/8200 sub-trees, "))
        .collect();
    assert!(redraws.len() >= 3, "{tty:?}");
}

// The counting library under the command (`bb_cli::perft`), against bb-chess's and bb-reversi's
// own perft and the published counts.

mod chess_counts {
    use bb_chess::Position;
    use bb_cli::perft::chess::{count, parse_epd_line};
    use bb_cli::perft::split::Limits;
    use bb_cli::progress::Progress;

    #[test]
    fn epd_lines_parse_or_fail_cleanly() {
        let l = parse_epd_line("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9")
            .unwrap()
            .unwrap();
        assert_eq!(l.counts, [(1, 3), (2, 9)]);
        assert_eq!(l.fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(parse_epd_line("   ").unwrap(), None);
        assert_eq!(parse_epd_line("# comment").unwrap(), None);
        for bad in [
            "fen ;X1 3",
            "fen ;D 3",
            "fen ;Dx 3",
            "fen ;D1 -3",
            "fen ;D1",
        ] {
            assert!(parse_epd_line(bad).is_err(), "{bad}");
        }
    }

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 has no threads")]
    fn split_counts_match_the_library() {
        // Perft suite position 3 (published counts), cut one and two plies down.
        let pos = Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap();
        let off = Progress::new(false);
        for (depth, plies, want) in [
            (1, 1, 14),
            (1, 2, 14),
            (2, 2, 191),
            (4, 1, 43_238),
            (4, 2, 43_238),
        ] {
            for (threads, byteboard) in [(1, false), (2, false), (2, true)] {
                let mut roots = Vec::new();
                let out = count(
                    &pos,
                    depth,
                    plies,
                    threads,
                    byteboard,
                    Limits::default(),
                    &off,
                    "t",
                    &mut |i, n| roots.push((i, n)),
                )
                .unwrap();
                assert_eq!(
                    out.total, want,
                    "depth {depth} threads {threads} {byteboard}"
                );
                assert_eq!(roots.len(), 14);
                assert_eq!(roots.iter().map(|r| r.1).sum::<u64>(), want);
                assert!(roots.iter().enumerate().all(|(i, r)| r.0 == i));
            }
        }
    }
}

mod reversi_counts {
    use bb_cli::perft::reversi::{count, split_plies};
    use bb_cli::perft::split::Limits;
    use bb_cli::progress::Progress;
    use bb_reversi::Board;
    use bb_reversi::perft::{self, Convention};

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

mod split_runs {
    use bb_cli::perft::split::{Limits, run};
    use bb_cli::progress::Progress;
    use bb_core::meter::Meter;

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 has no threads")]
    fn roots_stream_in_order_and_limits_stop() {
        // Root 1 has no job: it is reported (with 0) as soon as root 0 is complete.
        let jobs = [(0, 3u64), (0, 4), (2, 5), (3, 1)];
        for threads in [1, 3] {
            let mut seen = Vec::new();
            let out = run(
                &jobs,
                4,
                threads,
                Limits::default(),
                &Progress::new(false),
                "t",
                |&n, _| n,
                &mut |r, n| seen.push((r, n)),
            );
            assert_eq!(seen, [(0, 7), (1, 0), (2, 5), (3, 1)]);
            assert_eq!((out.total, out.done, out.stopped()), (13, 4, false));
        }
        let out = run(
            &jobs,
            4,
            1,
            Limits {
                max_nodes: Some(5),
                time: None,
            },
            &Progress::new(false),
            "t",
            |&n, m| {
                // A sub-tree that ticks its meter once, with all its leaves.
                m.tick(n);
                m.flush();
                n
            },
            &mut |_, _| {},
        );
        // The second job reaches the limit: it is cut short, and the run partial.
        assert_eq!((out.total, out.done, out.stopped()), (7, 1, true));
    }
}
