//! Perft against published counts: the named positions, perftsuite.epd and fischer.epd.

mod chess_common;
use chess_common as common;

use bb_chess::{MoveList, Position, perft};

/// The Chess Programming Wiki test positions, with their published counts.
const NAMED: &[(&str, &str, &[u64])] = &[
    (
        "initial",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            20,
            400,
            8902,
            197_281,
            4_865_609,
            119_060_324,
            3_195_901_860,
        ],
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2039, 97_862, 4_085_603, 193_690_690, 8_031_647_685],
    ),
    (
        "position 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2812, 43_238, 674_624, 11_030_083, 178_633_661],
    ),
    (
        "position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9467, 422_333, 15_833_292, 706_045_033],
    ),
    (
        "position 4 mirrored",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        &[6, 264, 9467, 422_333, 15_833_292, 706_045_033],
    ),
    (
        "position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1486, 62_379, 2_103_487, 89_941_194],
    ),
    (
        "position 6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2079, 89_890, 3_894_594, 164_075_551, 6_923_051_137],
    ),
];

fn check_named(max_nodes: u64, min_nodes: u64) {
    for (name, fen, counts) in NAMED {
        let pos = Position::from_fen(fen).unwrap();
        for (d, &want) in counts.iter().enumerate() {
            if want > max_nodes || want < min_nodes {
                continue;
            }
            assert_eq!(
                perft::perft(&pos, d as u32 + 1),
                want,
                "{name} depth {}",
                d + 1
            );
        }
    }
}

#[test]
fn named_positions_to_depth_4() {
    check_named(5_000_000, 0);
}

#[test]
#[ignore = "deep: cargo test --release -- --ignored (cargo xtask perft runs it through bb)"]
fn named_positions_full() {
    check_named(u64::MAX, 5_000_001);
}

fn suite(name: &str, max_depth: u32, min_depth: u32) {
    let (entries, path) = common::load(name);
    assert!(!entries.is_empty(), "{}", path.display());
    for e in &entries {
        let pos = Position::from_fen(&e.fen).unwrap_or_else(|err| panic!("{}: {err}", e.fen));
        for &(d, want) in &e.counts {
            if d > max_depth || d < min_depth {
                continue;
            }
            let got = perft::perft(&pos, d);
            assert_eq!(got, want, "{} depth {d}", e.fen);
        }
    }
}

#[test]
fn perftsuite_to_depth_4() {
    suite("perftsuite.epd", 4, 1);
}

#[test]
#[ignore = "deep: cargo test --release -- --ignored (cargo xtask perft runs it through bb)"]
fn perftsuite_to_depth_6() {
    suite("perftsuite.epd", 6, 5);
}

#[test]
fn fischer_to_depth_3() {
    suite("fischer.epd", 3, 1);
}

#[test]
#[ignore = "deep: cargo test --release -- --ignored (cargo xtask perft runs it through bb)"]
fn fischer_to_depth_5() {
    suite("fischer.epd", 5, 4);
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 has no threads")]
fn threads_match_single() {
    let pos = Position::from_fen(NAMED[1].1).unwrap();
    assert_eq!(perft::perft_threads(&pos, 3, 2), 97_862);
    let d = perft::divide_threads(&pos, 2, 3);
    assert_eq!(d.len(), 48);
    assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 2039);
}

#[test]
fn divide_format_matches_stockfish() {
    let pos = Position::startpos();
    let mut out = String::new();
    assert_eq!(perft::divide(&pos, 2, &mut out).unwrap(), 400);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 22);
    assert!(lines.contains(&"e2e4: 20"));
    assert!(lines.contains(&"g1f3: 20"));
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 400");
}

/// Zobrist key after every move equals the key computed from scratch, over whole trees.
fn walk_keys(pos: &Position, depth: u32, n: &mut u64) {
    assert_eq!(pos.key(), pos.compute_key(), "{}", pos.to_fen());
    *n += 1;
    if depth == 0 {
        return;
    }
    for &m in MoveList::legal(pos).iter() {
        walk_keys(&pos.play(m), depth - 1, n);
    }
}

#[test]
fn zobrist_incremental_equals_scratch() {
    let mut n = 0;
    for (_, fen, _) in NAMED {
        walk_keys(&Position::from_fen(fen).unwrap(), 3, &mut n);
    }
    let (entries, _) = common::load("fischer.epd");
    for e in entries.iter().take(40) {
        walk_keys(&Position::from_fen(&e.fen).unwrap(), 2, &mut n);
    }
    assert!(n > 100_000);
}

/// The metered recursions (bitboard and byteboard) count what the plain ones do on every
/// backend, and their meters hear only leaves they counted.
#[test]
fn metered_perft_counts_the_same_on_every_backend() {
    use bb_chess::bb_core::meter::{Limiter, Tally};
    use bb_chess::byteboard::movegen::{self, BytePosition};
    for backend in bb_simd::test_backends() {
        for (name, fen, counts) in NAMED {
            let pos = Position::from_fen(fen).unwrap();
            let bp = BytePosition::from_position(&pos).unwrap();
            for d in 1..=3u32 {
                let want = counts[d as usize - 1];
                for byteboard in [false, true] {
                    let tally = Tally::new();
                    let mut m = Limiter::new(&tally, u64::MAX);
                    let n = bb_simd::dispatch!(backend, |b| if byteboard {
                        movegen::perft_metered(b, &bp, d, &mut m)
                    } else {
                        perft::perft_metered_with(b, &pos, d, &mut m)
                    });
                    drop(m);
                    let label = format!("{} {name} {d} {byteboard}", backend.label());
                    assert_eq!(n, want, "{label}");
                    // Every sub-tree two plies above the leaves is ticked, the root too.
                    assert_eq!(tally.leaves(), if d >= 2 { n } else { 0 }, "{label}");
                }
            }
        }
    }
}

/// A node limit stops the count inside sub-trees far larger than the limit, within the
/// documented margin (N + max(N / 5, 10^5) leaves), on one and on two threads; a raised stop
/// flag stops it at once; a time limit stops a count of hours in about that time.
#[test]
fn limits_stop_the_count_inside_the_tree() {
    use perft::{Limits, perft_limited};
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};
    let kiwipete = Position::from_fen(NAMED[1].1).unwrap();
    let threads: &[usize] = if cfg!(target_family = "wasm") {
        &[1]
    } else {
        &[1, 2]
    };
    for &t in threads {
        for max in [1, 1000, 100_000, 2_000_000] {
            let l = Limits {
                max_nodes: max,
                threads: t,
                ..Limits::default()
            };
            // Depth 9: each sub-tree two plies down has about 10^11 leaves.
            let s = perft_limited(&kiwipete, 9, &l).unwrap_err();
            assert!(
                s.leaves >= max && s.leaves <= max + (max / 5).max(100_000),
                "{max} {t}: {}",
                s.leaves
            );
        }
        let stop = AtomicBool::new(true);
        let l = Limits {
            stop: Some(&stop),
            threads: t,
            ..Limits::default()
        };
        let s = perft_limited(&kiwipete, 9, &l).unwrap_err();
        assert!(s.leaves < 100_000, "{t}: {}", s.leaves);
        let l = Limits {
            time: Some(Duration::from_millis(200)),
            threads: t,
            ..Limits::default()
        };
        let t0 = Instant::now();
        // Not a speed check: the full count takes hours; the limit must end it, and the margin
        // allows for a loaded machine and emulated lanes.
        assert!(perft_limited(&kiwipete, 9, &l).is_err());
        assert!(t0.elapsed() < Duration::from_secs(3), "{:?}", t0.elapsed());
        // Without a limit reached, the count is complete.
        let l = Limits {
            max_nodes: 10_000_000,
            threads: t,
            ..Limits::default()
        };
        assert_eq!(perft_limited(&kiwipete, 3, &l), Ok(NAMED[1].2[2]), "{t}");
    }
}
