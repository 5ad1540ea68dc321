//! The exact solver against a plain minimax / alpha-beta oracle, against the FFO scores, and
//! its stop conditions.

use bb_reversi::Board;
use bb_reversi::game::{BoardExt, Move};
use bb_reversi::obf::{Problem, parse_file};
use bb_reversi::solver::{Limits, Solver};
use core::sync::atomic::AtomicBool;

/// Plain negamax over `Board` (no pruning), the oracle.
fn minimax(b: Board) -> i32 {
    if b.moves() == 0 {
        if b.pass().moves() == 0 {
            return b.final_score();
        }
        return -minimax(b.pass());
    }
    b.legal_moves()
        .map(|s| -minimax(b.play(s).unwrap()))
        .max()
        .unwrap()
}

/// Plain alpha-beta over `Board`, the oracle for 12 to 16 empties (independent of the solver).
fn alphabeta(b: Board, mut alpha: i32, beta: i32) -> i32 {
    if b.moves() == 0 {
        if b.pass().moves() == 0 {
            return b.final_score();
        }
        return -alphabeta(b.pass(), -beta, -alpha);
    }
    let mut best = -100;
    for s in b.legal_moves() {
        let v = -alphabeta(b.play(s).unwrap(), -beta, -alpha);
        if v > best {
            best = v;
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
    }
    best
}

/// Positions with `empties` empty squares from seeded random play-outs.
fn positions(seed: u64, empties: u32, count: usize) -> Vec<Board> {
    let mut v = Vec::new();
    bb_reversi::workload::random_positions(seed, |b| {
        if b.empties() == empties {
            v.push(b);
        }
        v.len() < count
    });
    v
}

fn check_pv(board: Board, score: i32, pv: &[Move]) {
    let mut b = board;
    let mut sign = 1;
    for &m in pv {
        b = b
            .play_move(m)
            .unwrap_or_else(|| panic!("illegal PV move {m} in {board}"));
        sign = -sign;
    }
    assert!(b.is_game_over(), "PV does not reach the end: {board}");
    assert_eq!(sign * b.final_score(), score, "PV score for {board}");
}

#[test]
fn small_positions_match_minimax_every_backend() {
    let mut solver = Solver::new(12);
    for backend in bb_simd::test_backends() {
        for e in 1..=9 {
            // The minimax written here is the slow side: under an emulator a few per depth.
            for b in positions(u64::from(e), e, bb_simd::scaled(10, 2)) {
                let want = minimax(b);
                let got = solver.solve_on(backend, b, &Limits::default()).unwrap();
                assert_eq!(got.score, want, "{} {b} empties {e}", backend.label());
                check_pv(b, got.score, &got.pv);
            }
        }
    }
}

#[test]
fn positions_12_to_16_empties_match_alphabeta() {
    let mut solver = Solver::new(16);
    // The alpha-beta written here has no move ordering: 16 empties take most of a minute under an
    // emulator (BB_TEST_SCALE below 1), where 12-14 reach the same solver code.
    let deepest = if bb_simd::test_scale() < 1.0 { 14 } else { 16 };
    for e in 12..=deepest {
        let count = if e <= 13 { bb_simd::scaled(3, 1) } else { 1 };
        for b in positions(100 + u64::from(e), e, count) {
            let want = alphabeta(b, -64, 64);
            let got = solver.solve(b, &Limits::default()).unwrap();
            assert_eq!(got.score, want, "{b} empties {e}");
            check_pv(b, got.score, &got.pv);
        }
    }
}

#[test]
fn passes_and_finished_games() {
    let mut solver = Solver::new(10);
    let full = Board {
        p: !0 >> 1,
        o: 1 << 63,
    };
    let s = solver.solve(full, &Limits::default()).unwrap();
    assert_eq!((s.score, s.best), (62, None));
    // The player to move (a1) cannot flip b1; the opponent can (c1 is empty): a pass at the root.
    let b = Board { p: 1, o: 2 };
    let got = solver.solve(b, &Limits::default()).unwrap();
    assert_eq!(got.score, alphabeta(b, -64, 64));
    check_pv(b, got.score, &got.pv);
}

#[test]
fn node_limit_and_stop_flag_interrupt() {
    let p: Problem = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
        .parse()
        .unwrap();
    let mut solver = Solver::new(16);
    // wasm32-wasip1 has no threads: the single-thread half runs there
    let counts: &[usize] = if cfg!(target_family = "wasm") {
        &[1]
    } else {
        &[1, 2]
    };
    for &threads in counts {
        // The table keeps what earlier solves found: start each round from an empty one.
        solver.clear();
        // The limit counts every thread's nodes.
        let lim = Limits {
            max_nodes: 10_000,
            threads,
            ..Limits::default()
        };
        let e = solver.solve(p.board, &lim).unwrap_err();
        assert!(
            e.nodes() >= 10_000 && e.nodes() < 100_000,
            "{threads}: {}",
            e.nodes()
        );
        let stop = AtomicBool::new(true);
        let lim = Limits {
            stop: Some(&stop),
            threads,
            ..Limits::default()
        };
        assert!(solver.solve(p.board, &lim).is_err());
        // The solver still works afterwards.
        let lim = Limits {
            threads,
            ..Limits::default()
        };
        assert_eq!(solver.solve(p.board, &lim).unwrap().score, 18);
    }
}

fn fforum(name: &str) -> Option<Vec<Problem>> {
    let path = format!("{}/../../data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Some(parse_file(&text).unwrap())
}

fn solve_all(name: &str, threads: usize) {
    let probs = fforum(name).expect("problem file");
    let mut solver = Solver::new(21);
    for (i, p) in probs.iter().enumerate() {
        let lim = Limits {
            threads,
            ..Limits::default()
        };
        let s = solver.solve(p.board, &lim).unwrap();
        assert_eq!(Some(s.score), p.best_score(), "{name} line {}", i + 1);
        let best = s.best.unwrap();
        assert!(
            p.scores.iter().any(|&(m, v)| m == best && v == s.score),
            "{name} line {}: {best}",
            i + 1
        );
        check_pv(p.board, s.score, &s.pv);
    }
}

/// FFO #1-#19 exactly (too slow at opt-level 1; seconds in release).
#[test]
#[ignore = "release: cargo test --release -p bb-reversi --test solver -- --ignored"]
fn fforum_1_19() {
    solve_all("fforum-1-19.obf", 1);
}

/// FFO #1-#19 exactly with 2 threads.
#[test]
#[ignore = "release: cargo test --release -p bb-reversi --test solver -- --ignored"]
fn fforum_1_19_two_threads() {
    solve_all("fforum-1-19.obf", 2);
}

/// 2 threads agree with 1 on random 16-empties positions.
#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 has no threads")]
fn two_threads_agree() {
    let mut solver = Solver::new(14);
    for b in positions(77, 15, 2) {
        let one = solver.solve(b, &Limits::default()).unwrap();
        let lim = Limits {
            threads: 2,
            ..Limits::default()
        };
        let two = solver.solve(b, &lim).unwrap();
        assert_eq!(one.score, two.score, "{b}");
        check_pv(b, two.score, &two.pv);
    }
}

/// `Solver::clear` starts a new table generation instead of zeroing: a reused solver must
/// search exactly like a fresh one (same node count), also after the generation counter wraps.
#[test]
fn reused_solver_searches_like_a_fresh_one() {
    let boards = positions(7, 14, 3);
    let fresh: Vec<_> = boards
        .iter()
        .map(|&b| Solver::new(14).solve(b, &Limits::default()).unwrap())
        .collect();
    let mut solver = Solver::new(14);
    for round in 0..2 {
        // Each board twice in a row, cleared before each: entries of the first solve must not
        // help the second.
        for (b, want) in boards.iter().zip(&fresh).flat_map(|x| [x, x]) {
            solver.clear();
            let got = solver.solve(*b, &Limits::default()).unwrap();
            assert_eq!(
                (got.score, got.nodes),
                (want.score, want.nodes),
                "{b} round {round}"
            );
        }
        // Wraps the 16-bit generation counter.
        for _ in 0..65_536 {
            solver.clear();
        }
    }
}
