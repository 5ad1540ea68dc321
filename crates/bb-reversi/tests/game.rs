//! Game layer: moves, passes, final score, history and undo, move-list parsing.

use bb_reversi::Board;
use bb_reversi::game::{
    BoardExt, Game, Move, ParseMovesError, ParseMovesErrorKind, PlayError, final_score,
};
use proptest::prelude::*;

#[test]
fn move_strings() {
    assert_eq!("a1".parse::<Move>().unwrap().to_string(), "a1");
    assert_eq!("H8".parse::<Move>().unwrap().to_string(), "h8");
    for s in ["ps", "PS", "pass", "Pass", "--"] {
        assert_eq!(s.parse::<Move>(), Ok(Move::Pass), "{s}");
    }
    for s in ["", "a", "a0", "i1", "a9", "a1x", "p"] {
        assert!(s.parse::<Move>().is_err(), "{s}");
    }
    assert_eq!(Move::Pass.to_string(), "ps");
}

#[test]
fn start_moves_and_undo() {
    let mut g = Game::new();
    assert_eq!(g.board().legal_moves().count(), 4);
    assert!(g.black_to_move());
    g.play_str("f5 d6, c3").unwrap();
    assert_eq!(g.len(), 3);
    assert!(!g.black_to_move());
    assert_eq!(g.discs(), (5, 2)); // f5: 4-1; d6: 3-3; c3 flips d4: 5-2
    let before = g.board();
    g.play("d3".parse().unwrap()).unwrap();
    assert_eq!(g.undo(), Some("d3".parse().unwrap()));
    assert_eq!(g.board(), before);
    while g.undo().is_some() {}
    assert_eq!(g.board(), Board::START);
    assert!(g.is_empty());
}

#[test]
fn errors_name_the_offset() {
    let e = "f5d6zz".parse::<Game>().unwrap_err();
    assert_eq!(
        e,
        ParseMovesError {
            offset: 4,
            kind: ParseMovesErrorKind::BadMove
        }
    );
    let e = "f5a1".parse::<Game>().unwrap_err();
    assert_eq!(e.offset, 2);
    assert_eq!(
        e.kind,
        ParseMovesErrorKind::Play(PlayError::Illegal("a1".parse().unwrap()))
    );
    let e = "f5ps".parse::<Game>().unwrap_err();
    assert_eq!(e.kind, ParseMovesErrorKind::Play(PlayError::PassWithMoves));
    assert!("f5d".parse::<Game>().is_err());
    assert!(e.to_string().contains("offset 2"));
}

/// A wipe-out: black a1, white b1; c1 flips b1 and ends the game, black gets the 61 empties.
#[test]
fn wipeout_and_final_score() {
    let mut g = Game::from_board(Board { p: 1, o: 2 }, true).unwrap();
    assert!(!g.is_over());
    g.play_str("C1").unwrap();
    assert!(g.is_over());
    assert_eq!(g.black_score(), Some(64));
    assert_eq!(g.discs(), (3, 0));
    assert_eq!(
        g.play_str("d1").unwrap_err().kind,
        ParseMovesErrorKind::Play(PlayError::GameOver)
    );
    assert_eq!(final_score(0b111, 0b1000), 2 + 60);
    assert_eq!(final_score(0b1, 0b1000_0110), -61 - 1);
    // Auto-pass in move lists: white (to move) has no move here, black has.
    let b = Board { p: 2, o: 1 };
    let mut g = Game::from_board(b, false).unwrap();
    assert_eq!(g.board().moves(), 0);
    g.play_str("c1").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.moves(), &[Move::Pass, "c1".parse().unwrap()]);
    assert_eq!(g.black_score(), Some(64));
}

/// Random games through `Game`: play every legal move (passes explicit), undo restores, the
/// move list round-trips through its string, and the game ends with a consistent score.
#[test]
fn random_games_round_trip() {
    let mut rng = 0x1234_5678_9abc_def0u64;
    for _ in 0..200 {
        let mut g = Game::new();
        loop {
            let b = g.board();
            if b.is_game_over() {
                break;
            }
            let moves: Vec<Move> = if b.moves() == 0 {
                vec![Move::Pass]
            } else {
                b.legal_moves().map(Move::Play).collect()
            };
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let m = moves[(rng % moves.len() as u64) as usize];
            let before = g.board();
            g.play(m).unwrap();
            assert_eq!(g.clone().undo(), Some(m));
            assert_eq!(before.play_move(m), Some(g.board()));
        }
        let s = g.to_string();
        let again: Game = s.parse().unwrap();
        assert_eq!(again, g);
        let (x, o) = g.discs();
        let score = g.black_score().unwrap();
        assert_eq!(score.signum(), (x as i32 - o as i32).signum());
        assert!(g.play(Move::Pass) == Err(PlayError::GameOver));
    }
}

proptest! {
    /// No move string makes the parser panic.
    #[test]
    fn parse_never_panics(s in ".{0,40}") {
        let _ = s.parse::<Game>();
        let _ = s.parse::<Move>();
    }
}
