//! The high-level `Board` API (dispatching by itself) against the reference oracles, and a
//! recursive search written with `specialize!` on every backend against published perft counts.

use bb_reversi::bb_core::reference;
use bb_reversi::{Bitboard, Board, Square, workload};

/// Random-game positions, start included.
fn positions(seed: u64, n: usize) -> Vec<Board> {
    let mut out = vec![Board::START];
    workload::random_positions(seed, |b| {
        out.push(b);
        out.len() < n
    });
    out
}

#[test]
fn board_methods_match_oracles() {
    for b in positions(21, 20_000) {
        let moves = reference::mobility(b.p, b.o);
        assert_eq!(b.moves(), moves, "{b}");
        assert_eq!(b.mobility(), moves.count_ones(), "{b}");
        for sq in Square::ALL {
            let empty = (b.p | b.o) & sq.bit() == 0;
            let f = if empty {
                reference::flip(sq, b.p, b.o)
            } else {
                0
            };
            assert_eq!(b.flip(sq), f, "{b} {sq}");
            let next = (f != 0).then_some(Board {
                p: b.o ^ f,
                o: b.p | f | sq.bit(),
            });
            assert_eq!(b.play(sq), next, "{b} {sq}");
            assert_eq!(f != 0, moves & sq.bit() != 0, "{b} {sq}");
        }
        let stable = b.stability();
        assert_eq!(stable & !b.p, 0, "stable discs are the mover's: {b}");
        assert_eq!(
            stable,
            bb_reversi::stability::stability(bb_reversi::Scalar, b.p, b.o),
            "{b}"
        );
    }
}

#[test]
fn play_legal_matches_play_on_every_backend() {
    let boards = positions(22, 2_000);
    for backend in bb_reversi::bb_simd::test_backends() {
        bb_reversi::dispatch!(backend, |b| {
            for &board in &boards {
                let moves = board.moves_with(b);
                for sq in Square::ALL {
                    let got = board.play_legal_with(b, sq);
                    if moves & sq.bit() != 0 {
                        assert_eq!(Some(got), board.play_with(b, sq), "{backend} {board} {sq}");
                        assert_eq!(got, board.play_legal(sq), "{board} {sq}");
                    }
                }
            }
        });
    }
}

#[test]
fn count_last_flip_matches_oracle() {
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..20_000 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let sq = Square::new_masked((rng >> 58) as u8);
        let p = rng.rotate_left(17) & !sq.bit();
        let b = Board {
            p,
            o: !p & !sq.bit(),
        };
        assert_eq!(
            b.count_last_flip(sq),
            reference::count_last_flip(sq, p),
            "{b} {sq}"
        );
    }
}

/// The `perft_recursive` example itself: its `perft` is checked below on every backend.
#[path = "../examples/perft_recursive.rs"]
#[allow(dead_code, unreachable_pub)]
mod example;
use example::perft;

/// Published Othello perft counts, convention A (Egaroucid, Edax; OEIS A124004 differs from
/// depth 10 on).
const PERFT: [u64; 9] = [4, 12, 56, 244, 1396, 8200, 55092, 390_216, 3_005_288];

#[test]
fn specialized_perft_on_every_backend() {
    let mut ran = 0;
    for backend in bb_reversi::bb_simd::test_backends() {
        for (d, &want) in PERFT.iter().enumerate() {
            let got = bb_reversi::dispatch!(backend, |b| perft(b, Board::START, d as u32 + 1));
            assert_eq!(got, want, "{backend} depth {}", d + 1);
        }
        ran += 1;
    }
    assert!(ran >= 1);
}

#[test]
fn high_level_perft_matches() {
    // The same recursion through the dispatching methods.
    fn perft_auto(board: Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = board.moves();
        if moves == 0 {
            let pass = board.pass();
            return if pass.moves() == 0 {
                1
            } else {
                perft_auto(pass, depth - 1)
            };
        }
        Bitboard(moves)
            .into_iter()
            .filter_map(|sq| board.play(sq))
            .map(|next| perft_auto(next, depth - 1))
            .sum()
    }
    for (d, &want) in PERFT.iter().take(7).enumerate() {
        assert_eq!(perft_auto(Board::START, d as u32 + 1), want);
    }
}
