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
