//! Othello perft against the published counts (data/README.md), every convention.

use bb_reversi::Board;
use bb_reversi::perft::{Convention, perft, perft_threads, perft_with};

const A: [u64; 12] = [
    4,
    12,
    56,
    244,
    1396,
    8200,
    55092,
    390_216,
    3_005_288,
    24_571_284,
    212_258_800,
    1_939_886_636,
];
const B: [u64; 12] = [
    4,
    12,
    56,
    244,
    1396,
    8200,
    55092,
    390_216,
    3_005_288,
    24_571_056,
    212_258_216,
    1_939_879_668,
];
const C: [u64; 12] = [
    4,
    12,
    56,
    244,
    1396,
    8200,
    55092,
    390_216,
    3_005_320,
    24_571_420,
    212_260_880,
    1_939_899_208,
];

fn table(cv: Convention) -> &'static [u64; 12] {
    match cv {
        Convention::A => &A,
        Convention::B => &B,
        Convention::C => &C,
    }
}

/// Depth 1..=9 in every convention on every backend (well under a second at opt-level 1).
#[test]
fn perft_every_backend_every_convention() {
    for backend in bb_simd::test_backends() {
        for cv in [Convention::A, Convention::B, Convention::C] {
            for d in 1..=9 {
                let n = bb_simd::dispatch!(backend, |b| perft_with(b, Board::START, d, cv))
                    .expect("valid board");
                assert_eq!(
                    n,
                    table(cv)[d as usize - 1],
                    "{} {cv:?} depth {d}",
                    backend.label()
                );
            }
        }
    }
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 has no threads")]
fn perft_depth0_and_threads() {
    assert_eq!(perft(Board::START, 0, Convention::A), Ok(1));
    for cv in [Convention::A, Convention::B, Convention::C] {
        assert_eq!(
            perft_threads(Board::START, 8, cv, 2),
            Ok(table(cv)[7]),
            "{cv:?}"
        );
    }
}

/// A finished game: A and C count it as one leaf at any depth, B as none.
#[test]
fn perft_finished_game() {
    let full = Board {
        p: !0 >> 1,
        o: 1 << 63,
    };
    assert_eq!(perft(full, 3, Convention::A), Ok(1));
    assert_eq!(perft(full, 3, Convention::B), Ok(0));
    assert_eq!(perft(full, 3, Convention::C), Ok(1));
}

/// Deeper counts (release: `cargo test --release -p bb-reversi --test perft -- --ignored`).
#[test]
#[ignore = "deep perft: run in release"]
fn perft_deep() {
    for cv in [Convention::A, Convention::B, Convention::C] {
        for d in 10..=11 {
            assert_eq!(
                perft_threads(Board::START, d, cv, 2),
                Ok(table(cv)[d as usize - 1]),
                "{cv:?} {d}"
            );
        }
    }
}

/// The metered recursion counts what the plain one does on every backend, and its meter hears
/// only leaves it counted.
#[test]
fn metered_perft_counts_the_same_on_every_backend() {
    use bb_reversi::bb_core::meter::{Limiter, Tally};
    use bb_reversi::perft::perft_metered_with;
    for backend in bb_simd::test_backends() {
        for cv in [Convention::A, Convention::B, Convention::C] {
            for d in [1, 3, 4, 8] {
                let tally = Tally::new();
                let mut m = Limiter::new(&tally, u64::MAX);
                let n = bb_simd::dispatch!(backend, |b| perft_metered_with(
                    b,
                    Board::START,
                    d,
                    cv,
                    &mut m
                ))
                .expect("valid board");
                drop(m);
                assert_eq!(
                    n,
                    table(cv)[d as usize - 1],
                    "{} {cv:?} {d}",
                    backend.label()
                );
                // Every leaf lies in a ticked sub-tree once the tree reaches the tick depth.
                assert_eq!(tally.leaves(), if d >= 3 { n } else { 0 }, "{cv:?} {d}");
            }
        }
    }
}

/// A node limit stops the count inside a sub-tree far larger than the limit, within the
/// documented margin (N + max(N / 5, 10^5) leaves), on one and on two threads; a raised stop
/// flag stops it at once; a time limit stops a count of minutes in about that time.
#[test]
fn limits_stop_the_count_inside_the_tree() {
    use bb_reversi::Limits;
    use bb_reversi::perft::{PerftError, perft_limited};
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};
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
            // Depth 14 from the start: 10^12 leaves, any sub-tree of the split is larger than
            // the limit.
            match perft_limited(Board::START, 14, Convention::A, &l) {
                Err(PerftError::Stopped(s)) => {
                    assert!(
                        s.leaves >= max && s.leaves <= max + (max / 5).max(100_000),
                        "{max} {t}: {}",
                        s.leaves
                    );
                }
                other => panic!("{max} {t}: {other:?}"),
            }
        }
        let stop = AtomicBool::new(true);
        let l = Limits {
            stop: Some(&stop),
            threads: t,
            ..Limits::default()
        };
        match perft_limited(Board::START, 14, Convention::B, &l) {
            Err(PerftError::Stopped(s)) => assert!(s.leaves < 100_000, "{t}: {}", s.leaves),
            other => panic!("{t}: {other:?}"),
        }
        let l = Limits {
            time: Some(Duration::from_millis(200)),
            threads: t,
            ..Limits::default()
        };
        let t0 = Instant::now();
        let r = perft_limited(Board::START, 14, Convention::C, &l);
        // Not a speed check: the full count takes hours; the limit must end it, and the margin
        // allows for a loaded machine and emulated lanes.
        assert!(matches!(r, Err(PerftError::Stopped(_))), "{r:?}");
        assert!(t0.elapsed() < Duration::from_secs(3), "{:?}", t0.elapsed());
        // Without a limit reached, the count is complete.
        let l = Limits {
            max_nodes: 10_000_000,
            threads: t,
            ..Limits::default()
        };
        for cv in [Convention::A, Convention::B, Convention::C] {
            assert_eq!(
                perft_limited(Board::START, 8, cv, &l),
                Ok(table(cv)[7]),
                "{cv:?} {t}"
            );
        }
    }
    let overlap = Board { p: 1, o: 1 };
    assert!(matches!(
        perft_limited(overlap, 3, Convention::A, &Limits::default()),
        Err(PerftError::InvalidBoard(_))
    ));
}
