//! The solver ordering its moves by an evaluator: an all-zero weight file visits exactly the
//! nodes of the solver without one (same scores, same node counts), and a file of random
//! weights, which reorders the moves, still gives the FFO files' scores and the scores of the
//! solver without an evaluator.

mod kernels_common;
use kernels_common as common;

use bb_core::rng::Rng;
use bb_reversi::Board;
use bb_reversi::eval::{Evaluator, FILE_BYTES};
use bb_reversi::game::BoardExt;
use bb_reversi::obf::{Problem, parse_file};
use bb_reversi::solver::{EvalOrdering, Limits, Solver};
use std::sync::{Arc, OnceLock};

/// An Edax weight file: the header (`EDAX`, `EVAL`, version words, date) and 16-bit weights,
/// random ones from `seed`, or all zero.
fn weight_file(seed: Option<u64>) -> Vec<u8> {
    let mut bytes = vec![0u8; FILE_BYTES];
    bytes[..8].copy_from_slice(b"XADELAVE");
    if let Some(seed) = seed {
        let mut rng = Rng::new(seed);
        for b in &mut bytes[28..] {
            *b = rng.next_u64() as u8;
        }
    }
    bytes
}

fn evaluator(seed: Option<u64>) -> Arc<Evaluator> {
    Arc::new(Evaluator::from_bytes(&weight_file(seed)).expect("a valid weight file"))
}

/// The all-zero evaluator, or the one of random weights from seed 1, built once for the tests
/// that share them: each unpacks a 12 MB file, which takes seconds under an emulator.
fn shared(random: bool) -> Arc<Evaluator> {
    static ZERO: OnceLock<Arc<Evaluator>> = OnceLock::new();
    static RANDOM: OnceLock<Arc<Evaluator>> = OnceLock::new();
    let (cell, seed) = if random {
        (&RANDOM, Some(1))
    } else {
        (&ZERO, None)
    };
    Arc::clone(cell.get_or_init(|| evaluator(seed)))
}

fn ffo(name: &str) -> Vec<Problem> {
    let path = format!("{}/../../data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_file(&text).unwrap()
}

/// The orderings tried: the evaluator used from the shallowest deep node on (so that these
/// small problems reach it), the child evaluated directly or through one or two plies.
fn orderings() -> [EvalOrdering; 3] {
    [0, 1, 2].map(|depth| EvalOrdering {
        min_empties: 8,
        depth,
        weight: 32,
    })
}

/// Solves `board` on a cleared table: score and nodes.
fn solve(solver: &mut Solver, board: Board, threads: usize) -> (i32, u64) {
    solver.clear();
    let lim = Limits {
        threads,
        ..Limits::default()
    };
    let s = solver.solve(board, &lim).unwrap();
    (s.score, s.nodes)
}

/// Problems of FFO #1-#19 (14 empties) and random positions of 13 and 14 empties.
fn boards() -> Vec<Board> {
    let probs = ffo("fforum-1-19.obf");
    let mut v: Vec<Board> = probs
        .iter()
        .step_by(5)
        .take(common::scaled(2))
        .map(|p| p.board)
        .collect();
    let want = v.len() + common::scaled(2);
    bb_reversi::workload::random_positions(0xe7a1, |b| {
        if (13..=14).contains(&b.empties()) && b.moves() != 0 {
            v.push(b);
        }
        v.len() < want
    });
    v
}

#[test]
fn zero_weights_visit_exactly_the_nodes_of_no_evaluator() {
    let zero = shared(false);
    let random = shared(true);
    let mut plain = Solver::new(18);
    let mut reordered = 0;
    for board in boards() {
        let want = solve(&mut plain, board, 1);
        for order in orderings() {
            let mut s = Solver::new(18).with_evaluator(Arc::clone(&zero));
            s.set_eval_ordering(order);
            assert_eq!(solve(&mut s, board, 1), want, "{board} {order:?}");
            // The same ordering with weights that are not zero does change the search, so
            // the equality above is not that of an evaluator left unused.
            s.set_evaluator(Some(Arc::clone(&random)));
            let (score, nodes) = solve(&mut s, board, 1);
            assert_eq!(score, want.0, "{board} {order:?}");
            reordered += usize::from(nodes != want.1);
        }
    }
    assert!(reordered > 0, "random weights never changed a node count");
}

#[test]
fn random_weights_keep_the_ffo_scores() {
    let mut solver = Solver::new(18).with_evaluator(shared(true));
    for (i, p) in ffo("fforum-1-19.obf")
        .iter()
        .enumerate()
        .skip(1)
        .step_by(4)
        .take(common::scaled(2))
    {
        for order in orderings() {
            solver.set_eval_ordering(order);
            let (score, _) = solve(&mut solver, p.board, 1);
            assert_eq!(Some(score), p.best_score(), "FFO #{} {order:?}", i + 1);
        }
    }
}

#[test]
fn random_weights_keep_the_scores_of_no_evaluator() {
    let mut plain = Solver::new(18);
    let mut solver = Solver::new(18).with_evaluator(shared(true));
    solver.set_eval_ordering(EvalOrdering {
        min_empties: 8,
        depth: 1,
        ..EvalOrdering::default()
    });
    let mut n = 0;
    bb_reversi::workload::random_positions(0x5e1f, |b| {
        if b.empties() == 14 {
            assert_eq!(solve(&mut solver, b, 1).0, solve(&mut plain, b, 1).0, "{b}");
            n += 1;
        }
        n < common::scaled(3)
    });
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 has no threads")]
fn two_threads_share_the_evaluator_and_keep_the_scores() {
    let evaluator = evaluator(Some(4));
    let mut solver = Solver::new(18).with_evaluator(Arc::clone(&evaluator));
    solver.set_eval_ordering(EvalOrdering {
        min_empties: 8,
        depth: 1,
        ..EvalOrdering::default()
    });
    for p in ffo("fforum-1-19.obf")
        .iter()
        .skip(8)
        .take(common::scaled(2))
    {
        let (score, _) = solve(&mut solver, p.board, 2);
        assert_eq!(Some(score), p.best_score(), "{}", p.board);
    }
    assert_eq!(Arc::strong_count(&evaluator), 2);
}

#[test]
fn the_default_ordering_is_reported() {
    let solver = Solver::new(10);
    assert!(solver.evaluator().is_none());
    assert_eq!(solver.eval_ordering(), EvalOrdering::default());
    assert!(format!("{solver:?}").contains("evaluator: false"));
}
