//! The end-of-game test, bb's `Position::outcome` against shakmaty's `outcome()` and
//! cozy-chess's `status()`, single thread, in the same run, on two position sets: the perft
//! suite (`data/perftsuite.epd`, 126 positions, nearly all games going on) and 2,000 positions of
//! seeded random play-outs biased to captures (every 5th ply, so endgames, bare kings and mates
//! are among them).
//!
//! `cargo bench -p bb-benches --bench outcome`. The three run interleaved (one pass of each per
//! round, `BB_REPS` rounds, default 11) so that a change in machine load hits them alike; each
//! line gives the median time per position and, per round, the ratio of shakmaty's and
//! cozy-chess's time to bb's (above 1: bb is faster). The three do not answer the same question
//! (shakmaty's `outcome()` adds insufficient material and no move-count rule; cozy-chess's
//! `status()` adds the fifty-move rule and no material rule; bb's has both material and the
//! seventy-five-move rule), but all three must know whether a legal move exists, which is the
//! cost.
//!
//! Without `--bench` (`cargo test --benches`), one quick round that checks that bb and
//! shakmaty agree on every position.
#![forbid(unsafe_code)]

use bb_chess::{MoveKind, Position};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn median<T: Copy + PartialOrd>(mut v: Vec<T>) -> T {
    v.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    v[v.len() / 2]
}

/// Seeded play-outs from the start position, three captures in four when one exists; every
/// 5th position is kept.
fn playouts(n: usize) -> Vec<String> {
    let mut state = 0x0c7c_0e5eu64;
    let mut rand = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = Position::startpos();
        for ply in 0..300 {
            if ply % 5 == 0 {
                out.push(pos.to_fen().to_string());
            }
            if pos.outcome_with_claims().is_some() {
                out.push(pos.to_fen().to_string());
                break;
            }
            let list = pos.legal_moves();
            let captures: Vec<_> = list
                .iter()
                .copied()
                .filter(|m| m.kind() == MoveKind::EnPassant || pos.piece_at(m.to()).is_some())
                .filter(|m| m.kind() != MoveKind::Castle)
                .collect();
            let from = if !captures.is_empty() && rand() % 4 != 0 {
                &captures[..]
            } else {
                &list[..]
            };
            pos = pos.play(from[(rand() % from.len() as u64) as usize]);
        }
    }
    out.truncate(n);
    out
}

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let reps = std::env::var("BB_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&r| r >= 1)
        .unwrap_or(11);
    let suite: Vec<String> = include_str!("../../data/perftsuite.epd")
        .lines()
        .filter_map(|l| l.split(';').next())
        .map(|f| f.trim().to_string())
        .filter(|f| !f.is_empty())
        .collect();
    println!(
        "backend: {}; target-cpu=native: {}",
        bb_simd::best_backend().label(),
        cfg!(target_feature = "avx2")
    );
    for (name, fens) in [("perftsuite", suite), ("playouts", playouts(2000))] {
        let bb: Vec<Position> = fens
            .iter()
            .map(|f| Position::from_fen(f).expect("valid FEN"))
            .collect();
        let shak: Vec<shakmaty::Chess> = fens
            .iter()
            .map(|f| {
                f.parse::<shakmaty::fen::Fen>()
                    .expect("valid FEN")
                    .into_position(shakmaty::CastlingMode::Standard)
                    .or_else(shakmaty::PositionError::ignore_impossible_check)
                    .expect("legal position")
            })
            .collect();
        let cozy: Vec<cozy_chess::Board> = fens
            .iter()
            .map(|f| cozy_chess::Board::from_fen(f, false).expect("valid FEN"))
            .collect();
        // Never time a wrong answer: bb and shakmaty agree on every position (the clocks of
        // these positions are below 150, so shakmaty's rules are bb's).
        use shakmaty::Position as _;
        for (p, s) in bb.iter().zip(&shak) {
            assert_eq!(p.outcome().is_some(), s.is_game_over(), "{}", p.to_fen());
            assert_eq!(
                p.outcome().map(|o| o.is_draw()),
                s.outcome().known().map(|o| o.winner().is_none())
            );
        }
        let over = bb.iter().filter(|p| p.outcome().is_some()).count();
        let (rounds, inner) = if quick { (1, 1) } else { (reps, 200) };
        let mut times = [Vec::new(), Vec::new(), Vec::new()];
        let time = |f: &mut dyn FnMut() -> usize| {
            let t = Instant::now();
            let mut n = 0;
            for _ in 0..inner {
                n += black_box(f());
            }
            black_box(n);
            t.elapsed()
        };
        for _ in 0..rounds {
            times[0].push(time(&mut || {
                bb.iter()
                    .filter(|p| black_box(*p).outcome().is_some())
                    .count()
            }));
            times[1].push(time(&mut || {
                shak.iter()
                    .filter(|s| black_box(*s).outcome().is_known())
                    .count()
            }));
            times[2].push(time(&mut || {
                cozy.iter()
                    .filter(|c| black_box(*c).status() != cozy_chess::GameStatus::Ongoing)
                    .count()
            }));
        }
        let per = |d: Duration| d.as_secs_f64() * 1e9 / (inner * bb.len()) as f64;
        println!("{name}: {} positions, {over} over", bb.len());
        for (i, engine) in ["bb", "shakmaty", "cozy-chess"].iter().enumerate() {
            let ratio = median(
                times[i]
                    .iter()
                    .zip(&times[0])
                    .map(|(t, b)| t.as_secs_f64() / b.as_secs_f64())
                    .collect(),
            );
            println!(
                "  {engine:10} {:7.1} ns/position (median of {rounds}) | {ratio:.2}x bb's time (median of the rounds' ratios)",
                per(median(times[i].clone()))
            );
        }
    }
}
