//! The reusable solver's calls (window, win/draw/loss, every move) against the exact solver
//! on a cleared table and against the OBF files' every-move scores; the table kept across
//! calls must give the scores a cleared table gives.

use bb_core::rng::Rng;
use bb_reversi::game::{BoardExt, Move};
use bb_reversi::obf::{Problem, parse_file};
use bb_reversi::solver::{Bound, Limits, Outcome, SolveError, Solver};
use bb_reversi::{Board, BoardError};

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

/// The oracle: the exact score on a fresh table.
fn exact(b: Board) -> i32 {
    Solver::new(16).solve(b, &Limits::default()).unwrap().score
}

fn limits(threads: usize) -> Limits<'static> {
    Limits {
        threads,
        ..Limits::default()
    }
}

/// The PV is legal, reaches the end of the game and scores `score`.
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

/// A random window (alpha < beta), sometimes past the scores' range, sometimes null.
fn window(rng: &mut Rng) -> (i32, i32) {
    let a = rng.below(141) as i32 - 70;
    let w = match rng.below(3) {
        0 => 1,
        1 => 2,
        _ => 1 + rng.below(40) as i32,
    };
    (a, a + w)
}

/// The fail-soft contract of [`Solver::solve_window`] for a board of exact score `s`.
fn check_window(
    board: Board,
    s: i32,
    (alpha, beta): (i32, i32),
    solver: &mut Solver,
    lim: &Limits,
) {
    let r = solver.solve_window(board, alpha, beta, lim).unwrap();
    let what = format!("{board} window ({alpha}, {beta}) exact {s}: {:?}", r.bound);
    assert!(r.bound.admits(s), "{what}");
    match r.bound {
        Bound::Exact(v) => {
            assert!((alpha < v && v < beta) || v.abs() == 64, "{what}");
            check_pv(board, v, &r.pv);
            assert_eq!(r.best, r.pv.first().copied(), "{what}");
        }
        Bound::Lower(v) => {
            assert!(v >= beta && v < 64, "{what}");
            // The move given reaches the bound.
            let m = r.best.unwrap_or_else(|| panic!("no move: {what}"));
            assert_eq!(r.pv, [m], "{what}");
            let child = board.play_move(m).unwrap();
            assert!(-exact(child) >= v, "{what}: {m}");
        }
        Bound::Upper(v) => {
            assert!(v <= alpha && v > -64, "{what}");
            assert!(r.best.is_none() && r.pv.is_empty(), "{what}");
        }
    }
    if alpha < s && s < beta {
        assert_eq!(r.bound, Bound::Exact(s), "{what}");
    }
}

#[test]
fn windows_agree_with_exact_scores() {
    let mut rng = Rng::new(0x3143_5a17);
    let mut solver = Solver::new(14);
    for e in [8, 10, 12, 14] {
        for b in positions(u64::from(e) * 31, e, bb_simd::scaled(4, 2)) {
            let s = exact(b);
            for _ in 0..bb_simd::scaled(6, 3) {
                check_window(b, s, window(&mut rng), &mut solver, &limits(1));
            }
            // Windows touching the score and the range's ends.
            for w in [
                (s - 1, s + 1),
                (s, s + 2),
                (s - 2, s),
                (-64, 64),
                (-100, 100),
                (63, 64),
                (-64, -63),
            ] {
                check_window(b, s, w, &mut solver, &limits(1));
            }
        }
    }
}

#[test]
fn wld_agrees_with_the_sign_of_the_exact_score() {
    let mut solver = Solver::new(14);
    for e in [6, 10, 12, 14] {
        for b in positions(u64::from(e) * 7 + 1, e, bb_simd::scaled(6, 2)) {
            let s = exact(b);
            let r = solver.solve_wld(b, &limits(1)).unwrap();
            assert_eq!(r.outcome, Outcome::of_score(s), "{b} exact {s}");
            assert!(r.bound.admits(s), "{b} exact {s}: {:?}", r.bound);
            match r.outcome {
                // A winning (drawing) move keeps the win (draw).
                Outcome::Win | Outcome::Draw => {
                    let m = r.best.unwrap();
                    let v = -exact(b.play_move(m).unwrap());
                    assert_eq!(Outcome::of_score(v), r.outcome, "{b}: {m}");
                    if r.outcome == Outcome::Draw {
                        check_pv(b, 0, &r.pv);
                    }
                }
                Outcome::Loss => assert!(r.best.is_none()),
            }
        }
    }
}

fn fforum(name: &str) -> Vec<Problem> {
    let path = format!("{}/../../data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_file(&text).unwrap()
}

/// `solve_moves` gives each move its exact score (every legal move listed, the PV of each
/// legal and scoring it), checked against `want` (move, score) pairs.
fn check_moves(solver: &mut Solver, b: Board, want: &[(Move, i32)], lim: &Limits) {
    let r = solver.solve_moves(b, lim).unwrap();
    let mut got: Vec<(Move, i32)> = r.moves.iter().map(|m| (m.mv, m.score)).collect();
    let mut want = want.to_vec();
    got.sort_by_key(|x| x.0.to_string());
    want.sort_by_key(|x| x.0.to_string());
    assert_eq!(got, want, "{b}");
    assert!(
        r.moves.windows(2).all(|w| w[0].score >= w[1].score),
        "{b}: not best first"
    );
    for m in &r.moves {
        assert_eq!(m.pv.first(), Some(&m.mv), "{b}");
        check_pv(b, m.score, &m.pv);
    }
    let sol = r.solution();
    assert_eq!(
        sol.score,
        want.iter()
            .map(|x| x.1)
            .max()
            .unwrap_or_else(|| b.final_score())
    );
    check_pv(b, sol.score, &sol.pv);
}

#[test]
fn every_move_agrees_with_ffo_1_19() {
    // The file lists every legal move of each problem with its exact score.
    let mut solver = Solver::new(18);
    // Every problem natively; under an emulator (a small BB_TEST_SCALE) the first few.
    for p in fforum("fforum-1-19.obf")
        .into_iter()
        .take(bb_simd::scaled(19, 3))
    {
        assert_eq!(p.scores.len() as u32, p.board.moves().count_ones());
        check_moves(&mut solver, p.board, &p.scores, &limits(1));
    }
}

#[test]
fn every_move_agrees_with_each_child_on_a_cleared_table() {
    let mut solver = Solver::new(14);
    for e in [1, 2, 5, 9, 12, 13] {
        for b in positions(u64::from(e) + 500, e, bb_simd::scaled(4, 2)) {
            let want: Vec<(Move, i32)> = if b.moves() != 0 {
                b.legal_moves()
                    .map(|s| (Move::Play(s), -exact(b.play(s).unwrap())))
                    .collect()
            } else if b.pass().moves() != 0 {
                vec![(Move::Pass, -exact(b.pass()))]
            } else {
                vec![]
            };
            check_moves(&mut solver, b, &want, &limits(1));
        }
    }
}

/// The key test of bound reuse: one solver, never cleared (a small table, so entries are
/// replaced too), answers an interleaved sequence of exact solves, windows, WLD and
/// every-move calls over many boards, and along principal variations, exactly as cleared
/// tables do.
fn table_kept_across_calls(threads: usize, count: usize) {
    let mut rng = Rng::new(0x7ab1_e5ed ^ threads as u64);
    let mut boards = Vec::new();
    // 14 to 18 empties natively; under an emulator (a small BB_TEST_SCALE) up to 16.
    let deepest = 14 + bb_simd::scaled(4, 2) as u32;
    for e in 14..=deepest {
        let k = if e <= 16 { count } else { count.div_ceil(2) };
        boards.extend(positions(u64::from(e) * 1000 + threads as u64, e, k));
    }
    let scores: Vec<i32> = boards.iter().map(|&b| exact(b)).collect();
    let lim = limits(threads);
    for bits in [10, 16] {
        let mut solver = Solver::new(bits);
        for _ in 0..3 * boards.len() {
            let k = rng.below(boards.len() as u64) as usize;
            let (b, s) = (boards[k], scores[k]);
            match rng.below(4) {
                0 => {
                    let r = solver.solve(b, &lim).unwrap();
                    assert_eq!(r.score, s, "{b}");
                    check_pv(b, s, &r.pv);
                }
                1 => check_window(b, s, window(&mut rng), &mut solver, &lim),
                2 => {
                    let r = solver.solve_wld(b, &lim).unwrap();
                    assert_eq!(r.outcome, Outcome::of_score(s), "{b}");
                }
                _ => {
                    // Along the principal variation, as an engine playing the endgame.
                    let pv = solver.solve(b, &lim).unwrap().pv;
                    let mut c = b;
                    let mut sign = 1;
                    for m in pv.iter().take(4) {
                        c = c.play_move(*m).unwrap();
                        sign = -sign;
                        let r = solver.solve(c, &lim).unwrap();
                        assert_eq!(r.score, sign * s, "{b} after {m}");
                    }
                }
            }
        }
    }
}

#[test]
fn table_kept_across_calls_gives_cleared_table_scores() {
    table_kept_across_calls(1, bb_simd::scaled(3, 1));
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 has no threads")]
fn two_threads_under_the_same_calls() {
    table_kept_across_calls(2, bb_simd::scaled(2, 1));
    let mut solver = Solver::new(16);
    let p = &fforum("fforum-1-19.obf")[2];
    check_moves(&mut solver, p.board, &p.scores, &limits(2));
}

#[test]
fn passes_and_finished_games() {
    let mut solver = Solver::new(10);
    // Full board: nothing to play.
    let full = Board {
        p: !0 >> 1,
        o: 1 << 63,
    };
    let r = solver.solve_moves(full, &limits(1)).unwrap();
    assert!(r.moves.is_empty());
    assert_eq!(r.score, 62);
    assert_eq!(r.solution().best, None);
    let w = solver.solve_window(full, 0, 10, &limits(1)).unwrap();
    assert_eq!(w.bound, Bound::Lower(62));
    assert_eq!(
        solver.solve_wld(full, &limits(1)).unwrap().outcome,
        Outcome::Win
    );
    // The player to move (b1) must pass: the opponent (a1) can play c1.
    let b = Board { p: 2, o: 1 };
    assert_eq!(b.moves(), 0);
    let r = solver.solve_moves(b, &limits(1)).unwrap();
    assert_eq!(r.moves.len(), 1);
    assert_eq!(r.moves[0].mv, Move::Pass);
    assert_eq!(r.moves[0].score, -exact(b.pass()));
    assert_eq!(r.score, exact(b));
}

#[test]
fn invalid_boards_and_empty_windows_are_errors() {
    let bad = Board { p: 0xFFFF, o: 0xFF };
    let invalid = SolveError::InvalidBoard(BoardError::Overlap(0xFF));
    let mut solver = Solver::new(10);
    let lim = limits(1);
    assert_eq!(solver.solve(bad, &lim).err(), Some(invalid));
    assert_eq!(solver.solve_window(bad, -1, 1, &lim).err(), Some(invalid));
    assert_eq!(solver.solve_wld(bad, &lim).err(), Some(invalid));
    assert_eq!(solver.solve_moves(bad, &lim).err(), Some(invalid));
    assert_eq!(bad.solve().err(), Some(invalid));
    let e = solver.solve_window(Board::START, 4, 4, &lim).unwrap_err();
    assert_eq!(e, SolveError::EmptyWindow { alpha: 4, beta: 4 });
    assert!(e.to_string().contains("window"));
    assert!(invalid.to_string().contains("both sides"));
}

/// A problem of FFO #20-#39 with 20 empties (hundreds of milliseconds in a release build,
/// far more in a test build).
fn hard() -> Board {
    fforum("fforum-20-39.obf")
        .into_iter()
        .find(|p| p.board.empties() == 20)
        .unwrap()
        .board
}

#[test]
fn node_limit_stops_every_call() {
    let b = hard();
    let mut solver = Solver::new(14);
    let lim = Limits {
        max_nodes: 20_000,
        ..Limits::default()
    };
    let stopped = |r: Result<u64, SolveError>| match r {
        Err(SolveError::Interrupted(i)) => {
            assert!(i.nodes >= 20_000 && i.nodes < 200_000, "{}", i.nodes)
        }
        other => panic!("{other:?}"),
    };
    stopped(solver.solve(b, &lim).map(|r| r.nodes));
    stopped(solver.solve_window(b, -1, 1, &lim).map(|r| r.nodes));
    stopped(solver.solve_wld(b, &lim).map(|r| r.nodes));
    stopped(solver.solve_moves(b, &lim).map(|r| r.nodes));
}

#[test]
fn time_limit_stops_every_call() {
    let b = hard();
    let mut solver = Solver::new(16);
    for threads in if cfg!(target_family = "wasm") {
        1..=1
    } else {
        1..=2
    } {
        let lim = Limits {
            time: Some(std::time::Duration::from_millis(5)),
            threads,
            ..Limits::default()
        };
        solver.clear();
        let t0 = std::time::Instant::now();
        let calls: [Result<u64, SolveError>; 3] = [
            solver.solve(b, &lim).map(|r| r.nodes),
            solver.solve_window(b, 0, 2, &lim).map(|r| r.nodes),
            solver.solve_moves(b, &lim).map(|r| r.nodes),
        ];
        for r in calls {
            assert!(
                matches!(r, Err(SolveError::Interrupted(_))),
                "{threads}: {r:?}"
            );
        }
        // Each call stops within a few thousand nodes of its 5 ms.
        assert!(
            t0.elapsed() < std::time::Duration::from_secs(3),
            "{:?}",
            t0.elapsed()
        );
    }
}
