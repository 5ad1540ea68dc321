//! The board validity contract: `Board::new` accepts exactly the pairs without a common
//! square, the parsers only make valid boards, the checked entry points (perft, game) reject
//! overlapping boards, and no public entry point panics on any pair of bitboards.

use bb_core::Square;
use bb_reversi::game::{BoardExt, Game, Move};
use bb_reversi::obf::Problem;
use bb_reversi::perft::{Convention, perft, perft_threads, perft_with, split};
use bb_reversi::{Board, BoardError};
use proptest::prelude::*;

/// The examples: overlapping boards that used to be solved or counted.
const OVERLAPPING: [Board; 3] = [
    Board {
        p: 0xFFFF_FFFF_FFFF_FF00,
        o: 0xFFFF,
    },
    Board { p: 0xFFFF, o: 0xFF },
    Board { p: !0, o: !0 },
];

#[test]
fn overlapping_boards_are_rejected_by_every_constructor_and_checked_entry() {
    for b in OVERLAPPING {
        let both = b.p & b.o;
        let err = BoardError::Overlap(both);
        assert_eq!(Board::new(b.p, b.o), Err(err));
        assert_eq!(b.validate(), Err(err));
        let want: Result<u64, BoardError> = Err(err);
        assert!(!b.is_valid());
        for cv in [Convention::A, Convention::B, Convention::C] {
            assert_eq!(perft(b, 3, cv), want);
            assert_eq!(perft(b, 0, cv), want, "depth 0 checks too");
            let n = bb_simd::dispatch!(|k| perft_with(k, b, 3, cv));
            assert_eq!(n, want);
            let mut jobs = Vec::new();
            assert_eq!(split(b, 6, 2, cv, &mut jobs), want);
            assert!(jobs.is_empty());
        }
        assert_eq!(
            Game::from_board(b, true).unwrap_err(),
            BoardError::Overlap(both)
        );
    }
    let e = Board::new(0b11, 0b1_0000_0010).unwrap_err();
    assert_eq!(e.to_string(), "squares with discs of both sides: b1");
    let e = Board::new(!0, 1 | 1 << 63).unwrap_err();
    assert_eq!(e.to_string(), "squares with discs of both sides: a1 h8");
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 has no threads")]
fn threaded_perft_rejects_overlap() {
    let b = OVERLAPPING[1];
    assert_eq!(
        perft_threads(b, 8, Convention::A, 2),
        Err(BoardError::Overlap(0xFF))
    );
}

/// The empty board and boards without the centre discs are valid positions: the game is over
/// at once, or goes on from the discs there are.
#[test]
fn valid_boards_need_no_centre_discs() {
    let empty = Board::new(0, 0).unwrap();
    assert!(empty.is_game_over());
    assert_eq!(perft(empty, 5, Convention::A), Ok(1));
    assert_eq!(perft(empty, 5, Convention::B), Ok(0));
    let corner = Board::new(1, 2).unwrap(); // a1 v b1: c1 wipes out
    assert_eq!(perft(corner, 1, Convention::A), Ok(1));
    let g = Game::from_board(corner, true).unwrap();
    assert_eq!(g.board(), corner);
}

/// Boards with few and many discs, and overlapping pairs.
fn any_pair() -> impl Strategy<Value = (u64, u64)> {
    prop_oneof![
        any::<(u64, u64)>(),
        (any::<u64>(), any::<u64>()).prop_map(|(p, o)| (p, o & !p)),
        (any::<u64>(), any::<u64>(), any::<u64>()).prop_map(|(p, o, m)| (p & m, o & m)),
        (0u32..64, 0u32..64).prop_map(|(a, b)| (1u64 << a, 1u64 << b)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(bb_simd::scaled(256, 16) as u32))]

    /// `Board::new` accepts exactly the pairs with `p & o == 0`, and returns them unchanged.
    #[test]
    fn new_accepts_exactly_disjoint_pairs((p, o) in any_pair()) {
        match Board::new(p, o) {
            Ok(b) => {
                prop_assert_eq!(p & o, 0);
                prop_assert_eq!(b, Board { p, o });
                prop_assert!(b.is_valid());
            }
            Err(BoardError::Overlap(both)) => prop_assert_eq!(both, p & o),
            Err(e) => prop_assert!(false, "{e}"),
        }
        prop_assert_eq!(Board { p, o }.is_valid(), p & o == 0);
    }

    /// What the board-string and OBF parsers return is valid, and prints back to its input.
    #[test]
    fn parsers_make_valid_boards(s in "[XO-]{64}", side in "[XO]") {
        let b: Board = s.parse().unwrap();
        prop_assert!(b.is_valid());
        prop_assert_eq!(b.to_string(), s.clone());
        let p: Problem = format!("{s} {side}").parse().unwrap();
        prop_assert!(p.board.is_valid());
    }

    /// No public entry point panics or loops on any pair, overlapping or not.
    #[test]
    fn no_entry_point_panics((p, o) in any_pair(), sq in 0u8..64) {
        let b = Board { p, o };
        let sq = Square::new_masked(sq);
        let _ = (b.moves(), b.mobility(), b.flip(sq), b.play(sq), b.play_legal(sq));
        let _ = (b.stability(), b.count_last_flip(sq), b.pass(), b.is_game_over());
        let _ = (b.hash64(), b.canonical(), b.to_string());
        let _ = (b.empties(), b.disc_diff(), b.final_score(), b.legal_moves().count());
        let _ = (b.play_move(Move::Pass), b.play_move(Move::Play(sq)));
        for cv in [Convention::A, Convention::B, Convention::C] {
            let n = perft(b, 2, cv);
            prop_assert_eq!(n.is_ok(), b.is_valid());
        }
        match Game::from_board(b, true) {
            Ok(mut g) => {
                prop_assert!(b.is_valid());
                // A whole game of first moves, passes when forced.
                while !g.is_over() {
                    let m = g.board().legal_moves().next().map_or(Move::Pass, Move::Play);
                    prop_assert!(g.play(m).is_ok());
                }
                let _ = g.black_score();
            }
            Err(_) => prop_assert!(!b.is_valid()),
        }
    }
}
