//! Bulk-counting perft, single thread, against cozy-chess in the same run.
//!
//! `cargo bench -p bb-chess --bench perft` (add `RUSTFLAGS="-C target-cpu=native"` for the
//! native row). Prints one line per position and engine: nodes, best time of `BB_REPS` (default
//! 3) runs, Mnps, and bb's ratio to cozy-chess.

use bb_chess::{Position, perft};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn cozy_perft(board: &cozy_chess::Board, depth: u8) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut next = board.clone();
            next.play_unchecked(mv);
            nodes += cozy_perft(&next, depth - 1);
        }
        false
    });
    nodes
}

fn best<F: FnMut() -> u64>(reps: usize, mut f: F) -> (u64, Duration) {
    let mut t = Duration::MAX;
    let mut n = 0;
    for _ in 0..reps {
        let start = Instant::now();
        n = black_box(f());
        t = t.min(start.elapsed());
    }
    (n, t)
}

fn main() {
    // `cargo test --benches` runs this binary with `--bench` absent: do one tiny smoke run.
    let quick = !std::env::args().any(|a| a == "--bench");
    let reps = std::env::var("BB_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let cases: [(&str, &str, u32, u64); 2] = [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            6,
            119_060_324,
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            5,
            193_690_690,
        ),
    ];
    println!("backend: {}", bb_simd::best_backend().label());
    for (name, fen, depth, want) in cases {
        let (depth, reps) = if quick { (3, 1) } else { (depth, reps) };
        let pos = Position::from_fen(fen).expect("valid FEN");
        let board = cozy_chess::Board::from_fen(fen, false).expect("valid FEN");
        let (n_bb, t_bb) = best(reps, || perft::perft(black_box(&pos), depth));
        let (n_cz, t_cz) = best(reps, || cozy_perft(black_box(&board), depth as u8));
        assert_eq!(n_bb, n_cz, "{name}: bb and cozy-chess disagree");
        if !quick {
            assert_eq!(n_bb, want, "{name}");
        }
        let mnps = |n: u64, t: Duration| n as f64 / t.as_secs_f64() / 1e6;
        let (a, b) = (mnps(n_bb, t_bb), mnps(n_cz, t_cz));
        println!(
            "{name:9} perft({depth}) {n_bb:>11} nodes | bb {t_bb:>10.3?} {a:7.1} Mnps | cozy-chess {t_cz:>10.3?} {b:7.1} Mnps | bb/cozy {:.2}x",
            a / b
        );
    }
}
