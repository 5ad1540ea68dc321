//! Bulk-counting perft, single thread, bb against cozy-chess, shakmaty and chess in the same run:
//! start position perft(6) and Kiwipete perft(5).
//!
//! `cargo xtask compare perft` builds and runs this bench for a default and a
//! `-C target-cpu=native` build and prints the ratio table; by hand:
//! `cargo bench -p bb-benches --bench perft` (and with `RUSTFLAGS="-C target-cpu=native"` for the
//! native row). Prints one line per position and engine: nodes, the median of the rounds, Mnps
//! and the ratio to cozy-chess. The engines run interleaved (one run of each per round, the
//! order reversed every other round) so that a change in machine load hits them alike. Each peer
//! uses its own perft with bulk counting at the last ply (cozy-chess has none built in: the loop
//! in `common` counts the move list at depth 1 like the others do). Every count is checked
//! against the published one.
//!
//! Each engine runs once untimed before the rounds. Options after `--`: `--rounds N` (default
//! `BB_REPS`, else 5), `--json` (one JSON object per engine and round on stdout, for
//! `cargo xtask compare`, and the backend line on stderr),
//! `--quick` (start perft(4) and Kiwipete perft(3): a smoke run). `BB_ENGINES=bb,cozy-chess`
//! keeps only the named engines (cozy-chess always stays: the ratios are to it). Besides the
//! ratio of the medians, each engine's line gives the median, lowest and highest of its
//! per-round ratios to cozy-chess (times of the same round), which a load change in the middle
//! of a run does not move.
//!
//! Without `--bench` (`cargo test --benches`), one shallow smoke run that checks the counts.
#![forbid(unsafe_code)]

mod common;

use bb_chess::{Position, perft};
use serde::Serialize;
use std::hint::black_box;
use std::str::FromStr;
use std::time::{Duration, Instant};

type Engine<'a> = (&'static str, Box<dyn FnMut() -> u64 + 'a>);

/// One engine's run in one round, as `--json` writes it.
#[derive(Serialize)]
struct RoundRow<'a> {
    position: &'a str,
    depth: u32,
    engine: &'a str,
    round: usize,
    nodes: u64,
    ns: u64,
}

/// The positions: name, FEN, and the published leaf counts from depth 1.
const CASES: [(&str, &str, &[u64]); 2] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324],
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2_039, 97_862, 4_085_603, 193_690_690],
    ),
];

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    let smoke = !has("--bench");
    let json = has("--json");
    let quick = smoke || has("--quick");
    let reps = args
        .iter()
        .position(|a| a == "--rounds")
        .and_then(|i| args.get(i + 1))
        .cloned()
        .or_else(|| std::env::var("BB_REPS").ok())
        .and_then(|s| s.parse().ok())
        .filter(|&r| r >= 1)
        .unwrap_or(5);
    let reps = if smoke { 1 } else { reps };
    let only: Option<Vec<String>> = std::env::var("BB_ENGINES")
        .ok()
        .map(|s| s.split(',').map(|e| e.trim().to_string()).collect());
    let header = format!(
        "backend: {}; target-cpu=native: {}",
        bb_simd::best_backend().label(),
        cfg!(target_feature = "avx2")
    );
    if json {
        eprintln!("{header}");
    } else {
        println!("{header}");
    }
    for (name, fen, counts) in CASES {
        // Start perft(6) and Kiwipete perft(5), two plies fewer for a quick run.
        let depth = counts.len() as u32 - if quick { 2 } else { 0 };
        let want = counts[depth as usize - 1];
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
        // One untimed run of each first: the first run of a process pays the page faults of
        // its tables and code.
        for (_, f) in &mut engines {
            black_box(f());
        }
        let mut times = vec![Vec::new(); engines.len()];
        for round in 0..reps {
            let mut order: Vec<usize> = (0..engines.len()).collect();
            if round % 2 == 1 {
                order.reverse();
            }
            for i in order {
                let (engine, f) = &mut engines[i];
                let t = Instant::now();
                let n = black_box(f());
                let elapsed = t.elapsed();
                times[i].push(elapsed);
                if json {
                    // The count is checked by the reader, which fails the run on a mismatch.
                    let row = RoundRow {
                        position: name,
                        depth,
                        engine,
                        round,
                        nodes: n,
                        ns: u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX),
                    };
                    println!("{}", serde_json::to_string(&row).expect("a plain struct"));
                } else {
                    assert_eq!(n, want, "{name}: {engine}");
                }
            }
        }
        if json {
            continue;
        }
        let mnps: Vec<f64> = times
            .iter()
            .map(|t| want as f64 / median(t.clone()).as_secs_f64() / 1e6)
            .collect();
        for (((engine, _), m), t) in engines.iter().zip(&mnps).zip(&times) {
            let mut r: Vec<f64> = t
                .iter()
                .zip(&times[ci])
                .map(|(a, c)| c.as_secs_f64() / a.as_secs_f64())
                .collect();
            r.sort_by(f64::total_cmp);
            println!(
                "{name:9} perft({depth}) {want:>11} nodes | {engine:10} {m:7.1} Mnps | {:.2}x cozy-chess | per round {:.2}x (min {:.2}, max {:.2})",
                m / mnps[ci],
                r[r.len() / 2],
                r[0],
                r[r.len() - 1]
            );
        }
    }
}
