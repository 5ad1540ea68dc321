//! Bulk-counting perft, single thread, bb against cozy-chess, shakmaty and chess in the same run:
//! start position perft(6) and Kiwipete perft(5).
//!
//! `cargo bench -p bb-benches --bench perft` (and with `RUSTFLAGS="-C target-cpu=native"` for the
//! native row). Prints one line per position and engine: nodes, the median of `BB_REPS` (default
//! 5) runs, Mnps and the ratio to cozy-chess. The engines run interleaved (one run of each per
//! round) so that a change in machine load hits them alike. Each peer uses its own perft with
//! bulk counting at the last ply (cozy-chess has none built in: the loop below counts the move
//! list at depth 1 like the others do).
//!
//! `BB_ENGINES=bb,cozy-chess` keeps only the named engines (cozy-chess always stays: the ratios
//! are to it); with it set to `bb,cozy-chess` and `BB_REPS=11`, a run is the goal's measurement.
//! Besides the ratio of the medians, each engine's line gives the median, lowest and highest of
//! its per-round ratios to cozy-chess (times of the same round), which a load change in the
//! middle of a run does not move.
//!
//! Without `--bench` (`cargo test --benches`), one shallow smoke run that checks the counts.
#![forbid(unsafe_code)]

mod common;

use bb_chess::{Position, perft};
use std::hint::black_box;
use std::str::FromStr;
use std::time::{Duration, Instant};

type Engine<'a> = (&'static str, Box<dyn FnMut() -> u64 + 'a>);

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let reps = std::env::var("BB_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&r| r >= 1)
        .unwrap_or(5);
    let only: Option<Vec<String>> = std::env::var("BB_ENGINES")
        .ok()
        .map(|s| s.split(',').map(|e| e.trim().to_string()).collect());
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
    println!(
        "backend: {}; target-cpu=native: {}",
        bb_simd::best_backend().label(),
        cfg!(target_feature = "avx2")
    );
    for (name, fen, depth, want) in cases {
        let (depth, reps) = if quick { (3, 1) } else { (depth, reps) };
        let pos = Position::from_fen(fen).expect("valid FEN");
        let cozy = cozy_chess::Board::from_fen(fen, false).expect("valid FEN");
        let shak: shakmaty::Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .expect("valid FEN")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("legal position");
        let jb = chess::Board::from_str(fen).expect("valid FEN");
        let mut engines: Vec<Engine> = vec![
            ("bb", Box::new(|| perft::perft(black_box(&pos), depth))),
            (
                "cozy-chess",
                Box::new(|| common::cozy_perft(black_box(&cozy), depth as u8)),
            ),
            (
                "shakmaty",
                Box::new(|| shakmaty::perft(black_box(&shak), depth)),
            ),
            (
                "chess",
                Box::new(|| {
                    chess::MoveGen::movegen_perft_test(black_box(&jb), depth as usize) as u64
                }),
            ),
        ];
        if let Some(only) = &only {
            engines.retain(|(e, _)| *e == "cozy-chess" || only.iter().any(|o| o == e));
        }
        let ci = engines
            .iter()
            .position(|(e, _)| *e == "cozy-chess")
            .expect("cozy-chess runs");
        let mut times = vec![Vec::new(); engines.len()];
        for _ in 0..reps {
            for (i, (engine, f)) in engines.iter_mut().enumerate() {
                let t = Instant::now();
                let n = black_box(f());
                times[i].push(t.elapsed());
                if quick {
                    assert_eq!(n, perft::perft(&pos, depth), "{name}: {engine}");
                } else {
                    assert_eq!(n, want, "{name}: {engine}");
                }
            }
        }
        let nodes = perft::perft(&pos, depth);
        let mnps: Vec<f64> = times
            .iter()
            .map(|t| nodes as f64 / median(t.clone()).as_secs_f64() / 1e6)
            .collect();
        for (((engine, _), m), t) in engines.iter().zip(&mnps).zip(&times) {
            let mut r: Vec<f64> = t
                .iter()
                .zip(&times[ci])
                .map(|(a, c)| c.as_secs_f64() / a.as_secs_f64())
                .collect();
            r.sort_by(f64::total_cmp);
            println!(
                "{name:9} perft({depth}) {nodes:>11} nodes | {engine:10} {m:7.1} Mnps | {:.2}x cozy-chess | per round {:.2}x (min {:.2}, max {:.2})",
                m / mnps[ci],
                r[r.len() / 2],
                r[0],
                r[r.len() - 1]
            );
        }
    }
}
