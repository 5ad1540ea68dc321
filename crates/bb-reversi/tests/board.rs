//! Board basics: parsing, printing, moves, play, pass, workload.

use bb_core::{Square, reference};
use bb_reversi::{Board, ParseBoardError, workload};

#[test]
fn parse_print_round_trip_and_errors() {
    let s = Board::START.to_string();
    assert_eq!(s.len(), 64);
    assert_eq!(&s[27..29], "OX");
    assert_eq!(s.parse::<Board>(), Ok(Board::START));
    assert_eq!("".parse::<Board>(), Err(ParseBoardError::Length(0)));
    let mut bad = s.clone();
    bad.replace_range(5..6, "?");
    assert_eq!(
        bad.parse::<Board>(),
        Err(ParseBoardError::BadChar {
            index: 5,
            found: '?'
        })
    );
    // multi-byte characters count as characters, never panic
    let odd: String = "é".repeat(64);
    assert!(matches!(
        odd.parse::<Board>(),
        Err(ParseBoardError::BadChar { index: 0, .. })
    ));
    assert!(
        bad.parse::<Board>()
            .unwrap_err()
            .to_string()
            .contains("position 5")
    );
}

#[test]
fn moves_match_oracle_on_random_games() {
    let mut n = 0;
    workload::random_positions(11, |b| {
        assert_eq!(b.moves(), reference::mobility(b.p, b.o), "{b}");
        assert_eq!(b.pass().moves(), reference::mobility(b.o, b.p), "{b}");
        n += 1;
        n < 20_000
    });
    let b = Board::START;
    assert_eq!(
        b.moves(),
        Square::D3.bit() | Square::C4.bit() | Square::F5.bit() | Square::E6.bit()
    );
    assert_eq!(b.pass(), Board { p: b.o, o: b.p });
    assert!(!b.is_game_over());
}

#[test]
fn samples_are_legal_and_deterministic() {
    let mut a = Vec::new();
    workload::samples(9, |s| {
        a.push(s);
        a.len() < 5000
    });
    let mut b = Vec::new();
    workload::samples(9, |s| {
        b.push(s);
        b.len() < 5000
    });
    assert_eq!(a, b);
    for s in &a {
        assert!(Board { p: s.p, o: s.o }.moves() & s.sq.bit() != 0);
    }
}
