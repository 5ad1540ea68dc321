//! The ways an engine author can call bb from a recursive search, timed in the same run:
//! a whole Othello perft (convention A, bulk counting at the last ply) from the start position,
//! and a chess perft (bulk counting at the last ply) from the start position, on every backend
//! this CPU has.
//!
//! - `library`: `bb_reversi::perft::perft_with`, what `bb perft reversi` runs (the anchor).
//! - `specialize`: the perft of `examples/perft_recursive.rs`, written with `specialize!` and
//!   the token methods (`Board::moves_with`, `Board::play_legal_with`), one `dispatch!` at the
//!   root, four children side by side at the parents of the leaves.
//! - `plain_generic`: the same function without `specialize!`: below the root it runs
//!   without the backend's target features (the pitfall `specialize!` removes).
//! - `high_level`: the same recursion through the dispatching methods (`Board::moves`,
//!   `Board::play_legal`), no token at all; it always runs the best backend, so it is timed once
//!   and compared with `specialize` on that backend.
//!
//! The chess rows are the same four ways with `bb_chess::perft::perft_with` as `library` and
//! `Position::legal_moves` / `Position::count_legal` as `high_level`.
//!
//! `cargo bench -p bb-benches --bench recursion` (`BB_DEPTH`, default 10, and
//! `BB_CHESS_DEPTH`, default 5; `BB_REPS`, default 11 rounds). Every round runs each way once, interleaved, so a change in machine load hits
//! them alike; the table gives medians and each way's ratio to `library` on the same backend.
//! Without `--bench` (`cargo test --benches`), one shallow run that checks the counts.
#![forbid(unsafe_code)]

#[path = "common/searches.rs"]
mod searches;

use bb_chess::Position;
use bb_reversi::perft::{Convention, perft_with};
use bb_reversi::{AnyBackend, Board};
use searches::{
    chess_high_level, chess_plain, chess_specialized, perft_high_level, perft_plain,
    perft_specialized,
};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn chess_ways(backend: AnyBackend, with_high_level: bool) -> Vec<Way> {
    let mut v: Vec<Way> = vec![
        (
            "library",
            Box::new(move |d| {
                let pos = black_box(Position::startpos());
                bb_chess::dispatch!(backend, |b| bb_chess::perft::perft_with(b, &pos, d))
            }),
        ),
        (
            "specialize",
            Box::new(move |d| {
                let pos = black_box(Position::startpos());
                bb_chess::dispatch!(backend, |b| chess_specialized(b, &pos, d))
            }),
        ),
        (
            "plain_generic",
            Box::new(move |d| {
                let pos = black_box(Position::startpos());
                bb_chess::dispatch!(backend, |b| chess_plain(b, &pos, d))
            }),
        ),
    ];
    if with_high_level {
        v.push((
            "high_level",
            Box::new(|d| chess_high_level(&black_box(Position::startpos()), d)),
        ));
    }
    v
}

type Way = (&'static str, Box<dyn Fn(u32) -> u64>);

fn ways(backend: AnyBackend, with_high_level: bool) -> Vec<Way> {
    let mut v: Vec<Way> = vec![
        (
            "library",
            Box::new(move |d| {
                bb_reversi::dispatch!(backend, |b| perft_with(
                    b,
                    black_box(Board::START),
                    d,
                    Convention::A
                ))
                .expect("the start position is valid")
            }),
        ),
        (
            "specialize",
            Box::new(move |d| {
                bb_reversi::dispatch!(backend, |b| perft_specialized(
                    b,
                    black_box(Board::START),
                    d
                ))
            }),
        ),
        (
            "plain_generic",
            Box::new(move |d| {
                bb_reversi::dispatch!(backend, |b| perft_plain(b, black_box(Board::START), d))
            }),
        ),
    ];
    if with_high_level {
        v.push((
            "high_level",
            Box::new(|d| perft_high_level(black_box(Board::START), d)),
        ));
    }
    v
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn env_or(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&r| r >= 1)
        .unwrap_or(default)
}

/// Runs every way on every backend, `reps` interleaved rounds, and prints the table.
fn table(title: &str, depth: u32, reps: u32, want: u64, ways_of: fn(AnyBackend, bool) -> Vec<Way>) {
    let best = bb_simd::best_backend();
    println!("{title}: {want} leaves, median of {reps} rounds");
    println!(
        "{:14} {:14} {:>10} {:>13}",
        "backend", "way", "ms", "vs library"
    );
    for backend in bb_simd::test_backends() {
        let ways = ways_of(backend, backend == best);
        let mut times = vec![Vec::new(); ways.len()];
        for _ in 0..reps {
            for (i, (name, f)) in ways.iter().enumerate() {
                let t = Instant::now();
                let n = black_box(f(depth));
                times[i].push(t.elapsed());
                assert_eq!(n, want, "{title} {backend} {name}");
            }
        }
        let med: Vec<Duration> = times.into_iter().map(median).collect();
        for ((name, _), m) in ways.iter().zip(&med) {
            println!(
                "{:14} {name:14} {:10.2} {:12.2}x",
                backend.label(),
                m.as_secs_f64() * 1e3,
                m.as_secs_f64() / med[0].as_secs_f64()
            );
        }
    }
}

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let depth = if quick { 6 } else { env_or("BB_DEPTH", 10) };
    let chess_depth = if quick {
        3
    } else {
        env_or("BB_CHESS_DEPTH", 5)
    };
    let reps = if quick { 1 } else { env_or("BB_REPS", 11) };
    let want = bb_reversi::perft::perft(Board::START, depth, Convention::A).expect("valid");
    table(
        &format!("reversi perft({depth}) from the start"),
        depth,
        reps,
        want,
        ways,
    );
    let want = bb_chess::perft::perft(&Position::startpos(), chess_depth);
    table(
        &format!("chess perft({chess_depth}) from the start"),
        chess_depth,
        reps,
        want,
        chess_ways,
    );
}
