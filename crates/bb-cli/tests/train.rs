//! `bb train-eval`: the quick run end to end (the command, the file read back by the
//! evaluator), determinism, the fit checked on planted weights and on held-out positions, and
//! the labelling search against a plain minimax written here.

mod cli_common;

use bb_cli::train::fit::{self, Data, SLOTS};
use bb_cli::train::rng::Rng;
use bb_cli::train::search::{Leaves, MAX, final_value};
use bb_cli::train::{Labels, Settings, Trained, games, train};
use bb_reversi::eval::{self, Evaluator, PACKED, PackedWeights, Packing};
use bb_reversi::solver::Solver;
use bb_reversi::{Bitboard, Board};
use std::sync::OnceLock;

/// The quick run of the default seed, trained once for the tests that only read it (a quick run
/// takes seconds natively and most of a minute under an emulator).
fn quick() -> &'static Trained {
    static QUICK: OnceLock<Trained> = OnceLock::new();
    QUICK.get_or_init(|| train(&Settings::QUICK, &|_: &str| {}, &mut |_| {}))
}

/// Positions of games of another seed than the training's, every number of empties.
fn fresh_positions(n: usize) -> Vec<Board> {
    (0..n as u64)
        .flat_map(|g| games::play_game(99, g))
        .collect()
}

#[test]
#[cfg_attr(
    target_family = "wasm",
    ignore = "writes a file: no file system in the wasm test runner"
)]
fn the_quick_run_is_deterministic_and_its_file_evaluates_as_trained() {
    let quiet = |_: &str| {};
    // One run here, one shared: determinism across runs, whatever ran in between.
    let a = quick();
    let b = train(&Settings::QUICK, &quiet, &mut |_| {});
    assert_eq!(
        a.weights.to_bytes(),
        b.weights.to_bytes(),
        "same seed, same file"
    );
    let c = train(
        &Settings {
            seed: 2,
            ..Settings::QUICK
        },
        &quiet,
        &mut |_| {},
    );
    assert_ne!(a.weights.to_bytes(), c.weights.to_bytes(), "another seed");

    let dir = std::env::temp_dir().join(format!("bb-train-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("eval.dat");
    bb_cli::train::write::write(&path, &a.weights).unwrap();
    let ev = Evaluator::from_path(&path).unwrap();
    let packing = Packing::new();
    let mut nonzero = 0;
    for board in fresh_positions(bb_simd::scaled(40, 4)) {
        let e = (!(board.p | board.o)).count_ones();
        let want = a.value(&packing, board);
        nonzero += usize::from(want != 0);
        assert_eq!(ev.sum(&eval::sum_features(board), e), want, "{board:?}");
    }
    assert!(nonzero > 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_fit_lowers_the_held_out_residual() {
    let t = quick();
    assert_eq!(t.reports.len(), 5);
    for r in &t.reports {
        assert!(r.test > 0 && r.train >= 4 * r.test, "{r:?}");
        assert!(r.rms_test < 0.9 * r.rms_zero, "{r:?}");
        assert!(r.rms_train < r.rms_test, "{r:?}");
    }
    assert_eq!(t.reports[0].labels, Labels::Exact);
    assert_eq!(t.reports[4].labels, Labels::Search(2));
}

#[test]
fn the_fit_recovers_planted_weights() {
    let mut rng = Rng::stream(7, 0);
    let planted: Vec<f64> = (0..PACKED).map(|_| rng.below(401) as f64 - 200.0).collect();
    // Positions touching few slots each group, so that the system is overdetermined.
    let mut data = Data::default();
    for _ in 0..bb_simd::scaled(3000, 300) {
        let mut s = [0u32; SLOTS];
        for (k, x) in s.iter_mut().enumerate() {
            *x = (k as u64 * 50 + rng.below(50)) as u32;
        }
        let t: f64 = s.iter().map(|&k| planted[k as usize]).sum();
        data.slots.push(s);
        data.target.push(t as i32);
    }
    let zero = vec![0.0; PACKED];
    let before = data.rms(&zero);
    let w = fit::fit(&data, &zero, 0.01, 60);
    let after = data.rms(&w);
    assert!(after < before / 20.0, "{before} -> {after}");
}

/// Negamax without pruning to `leaf` empties, leaves scored as the training scores them.
fn minimax(ev: &Evaluator, board: Board, leaf: u32) -> i32 {
    let e = (!(board.p | board.o)).count_ones();
    let game_over = board.moves() == 0 && board.pass().moves() == 0;
    if game_over {
        return final_value(board);
    }
    if e <= leaf {
        return ev
            .sum(&eval::sum_features(board), e)
            .clamp(-MAX + 1, MAX - 1);
    }
    if board.moves() == 0 {
        return -minimax(ev, board.pass(), leaf);
    }
    Bitboard(board.moves())
        .into_iter()
        .map(|sq| -minimax(ev, board.play_legal(sq), leaf))
        .max()
        .unwrap()
}

#[test]
fn the_labelling_search_equals_minimax() {
    let mut rng = Rng::stream(3, 0);
    let mut w = PackedWeights::zeros();
    for ply in 0..54 {
        for x in w.ply_mut(ply).unwrap() {
            *x = rng.below(301) as i16 - 150;
        }
    }
    let ev = Evaluator::from_packed(&w);
    let mut solver = Solver::new(12);
    let mut leaves = Leaves {
        evaluator: &ev,
        exact_below: 0,
        solver: &mut solver,
    };
    let mut checked = 0;
    for board in fresh_positions(bb_simd::scaled(20, 2)) {
        let e = (!(board.p | board.o)).count_ones();
        if !(20..=40).contains(&e) {
            continue;
        }
        let leaf = e - 3;
        assert_eq!(
            leaves.search(board, leaf, -MAX - 1, MAX + 1),
            minimax(&ev, board, leaf),
            "{board:?}"
        );
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "runs the bb binary")]
fn the_command_writes_a_weight_file() {
    let dir = std::env::temp_dir().join(format!("bb-train-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("w.dat");
    let p = path.to_str().unwrap();
    let (code, out, err) =
        cli_common::run(&["train-eval", "--quick", "--out", p, "--threads", "2"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(
        out.lines().filter(|l| l.contains("| exact ")).count(),
        2,
        "{out}"
    );
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes.len(), eval::FILE_BYTES);
    // The same as the library's run of the same settings (threads do not matter).
    assert_eq!(bytes, quick().weights.to_bytes());
    let (code, _, err) = cli_common::run(&["train-eval", "--quick", "--out", p, "--depth", "1"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--depth 1 is below --stage-width 2"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
