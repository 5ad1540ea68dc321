//! Move generation edge cases, UCI notation, list/count agreement and a make-and-test oracle.

mod chess_common;
use chess_common as common;

use bb_chess::{Move, MoveKind, MoveList, Piece, Position, UciError};
use bb_core::Square;

fn uci_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(pos).to_string())
        .collect();
    v.sort();
    v
}

fn has(pos: &Position, uci: &str) -> bool {
    uci_moves(pos).iter().any(|m| m == uci)
}

#[test]
fn en_passant_discovered_check_along_the_rank() {
    // Capturing d5xe6 would remove both pawns from rank 5 and expose the king to the rook.
    let pos = Position::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").unwrap();
    assert!(!has(&pos, "e5d6"));
    // Without the rook it is legal.
    let pos = Position::from_fen("8/8/8/K2pP3/8/8/8/7k w - d6 0 1").unwrap();
    assert!(has(&pos, "e5d6"));
    let m = Move::parse_uci(&pos, "e5d6").unwrap();
    assert_eq!(m.kind(), MoveKind::EnPassant);
    assert_eq!(pos.play(m).piece_at(Square::D5), None);
}

#[test]
fn en_passant_evasions() {
    // The double-pushed pawn gives check: capturing it en passant is an evasion.
    let pos = Position::from_fen("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1").unwrap();
    assert!(pos.in_check());
    assert!(has(&pos, "e4d3"));
    // Pieces on other lines do not matter.
    let pos = Position::from_fen("8/8/8/8/k2Pp3/8/6B1/4K3 b - d3 0 1").unwrap();
    assert!(has(&pos, "e4d3"));
    let pos = Position::from_fen("8/8/8/8/3Pp3/8/6B1/k3K3 b - d3 0 1").unwrap();
    assert!(has(&pos, "e4d3"));
    // Removing the captured d4 pawn opens the a1-h8 diagonal onto the king.
    let pos = Position::from_fen("7k/8/8/8/3Pp3/8/8/B3K3 b - d3 0 1").unwrap();
    assert!(!has(&pos, "e4d3"));
    let pos = Position::from_fen("8/8/8/8/3Pp3/8/8/B3K2k b - d3 0 1").unwrap();
    assert!(has(&pos, "e4d3"));
}

#[test]
fn castling_through_attacked_squares() {
    let base = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let pos = Position::from_fen(base).unwrap();
    assert!(has(&pos, "e1g1") && has(&pos, "e1c1"));
    // f1 attacked: no O-O; b1 attacked only: O-O-O still legal.
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1").unwrap();
    assert!(!has(&pos, "e1g1"));
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1").unwrap();
    assert!(has(&pos, "e1c1"));
    // d1 attacked: no O-O-O.
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1").unwrap();
    assert!(!has(&pos, "e1c1"));
    // In check: no castling.
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1").unwrap();
    assert!(!has(&pos, "e1c1") && !has(&pos, "e1g1"));
}

#[test]
fn chess960_castling_king_and_rook_cross_or_stay() {
    // King b1, rook a1: O-O-O puts the king on c1 and the rook on d1 (they cross).
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/RK6 w A - 0 1").unwrap();
    let m = Move::parse_uci(&pos, "b1a1").unwrap();
    assert_eq!(m.kind(), MoveKind::Castle);
    let next = pos.play(m);
    assert_eq!(next.piece_at(Square::C1).map(|x| x.1), Some(Piece::King));
    assert_eq!(next.piece_at(Square::D1).map(|x| x.1), Some(Piece::Rook));
    assert!(next.castling().is_empty());
    // "b1c1" is an ordinary king move here, not castling.
    assert_eq!(
        Move::parse_uci(&pos, "b1c1").unwrap().kind(),
        MoveKind::Normal
    );
    // King g1, rook h1: O-O leaves the king where it stands.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/6KR w H - 0 1").unwrap();
    let m = Move::parse_uci(&pos, "g1h1").unwrap();
    let next = pos.play(m);
    assert_eq!(next.piece_at(Square::G1).map(|x| x.1), Some(Piece::King));
    assert_eq!(next.piece_at(Square::F1).map(|x| x.1), Some(Piece::Rook));
    // The castling rook shields the king's destination: a queen on a1 sees c1 once b1 moves.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/qRK5 w B - 0 1").unwrap();
    assert!(!has(&pos, "c1b1"));
    // Rook on the king's destination square (f1 king, g1 rook castles to g1/f1: they swap).
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/5KR1 w G - 0 1").unwrap();
    let m = Move::parse_uci(&pos, "f1g1").unwrap();
    assert_eq!(m.kind(), MoveKind::Castle);
    let next = pos.play(m);
    assert_eq!(next.to_fen().as_str(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

#[test]
fn uci_both_castling_notations() {
    let mut pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let a = Move::parse_uci(&pos, "e1g1").unwrap();
    assert_eq!(Move::parse_uci(&pos, "e1h1"), Ok(a));
    assert_eq!(a.to_uci(&pos).as_str(), "e1g1");
    pos.set_chess960(true);
    assert_eq!(a.to_uci(&pos).as_str(), "e1h1");
    assert_eq!(Move::parse_uci(&pos, "e1g1"), Ok(a));
    assert_eq!(Move::parse_uci(&pos, "e1e2x"), Err(UciError::BadPromotion));
    assert_eq!(Move::parse_uci(&pos, "e1"), Err(UciError::Length));
    assert_eq!(Move::parse_uci(&pos, "i1e2"), Err(UciError::BadFrom));
    assert_eq!(Move::parse_uci(&pos, "e1e9"), Err(UciError::BadTo));
    assert_eq!(Move::parse_uci(&pos, "e1e3"), Err(UciError::Illegal));
}

#[test]
fn promotions() {
    let pos = Position::from_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    for m in ["a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8n"] {
        assert!(has(&pos, m), "{m}");
    }
    let m = Move::parse_uci(&pos, "a7b8n").unwrap();
    let next = pos.play(m);
    assert_eq!(next.to_fen().as_str(), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

/// Every generated move leaves its own king safe, the list and the count agree, and UCI text
/// of every move parses back to it.
fn check_node(pos: &Position) {
    let list = MoveList::legal(pos);
    assert_eq!(list.len() as u64, pos.count_legal(), "{}", pos.to_fen());
    let us = pos.side_to_move();
    for &m in list.iter() {
        let next = pos.play(m);
        let k = next.king(us);
        assert!(
            next.attackers(k, !us, next.occupied()).is_empty(),
            "{} {:?}",
            pos.to_fen(),
            m
        );
        assert_eq!(Move::parse_uci(pos, m.to_uci(pos).as_str()), Ok(m));
        // The counting shortcut of a perft's last interior ply, on the scalar and the best
        // backend, against the position actually played.
        let after = next.count_legal();
        assert_eq!(
            pos.count_legal_after_with(bb_simd::Scalar, m),
            after,
            "{}",
            pos.to_fen()
        );
        let best = bb_simd::dispatch!(|b| pos.count_legal_after_with(b, m));
        assert_eq!(best, after, "{} {:?}", pos.to_fen(), m);
    }
}

fn walk(pos: &Position, depth: u32) {
    check_node(pos);
    if depth > 0 {
        for &m in pos.legal_moves().iter() {
            walk(&pos.play(m), depth - 1);
        }
    }
}

#[test]
fn make_and_test_oracle_on_suites() {
    for name in ["perftsuite.epd", "fischer.epd"] {
        let (entries, _) = common::load(name);
        for e in entries.iter().step_by(4) {
            walk(&Position::from_fen(&e.fen).unwrap(), 1);
        }
    }
}

#[test]
fn backends_agree() {
    let pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    #[derive(Clone)]
    struct Op(Position);
    impl bb_simd::WithBackend for Op {
        type Output = u64;
        fn run<B: bb_simd::Backend>(self, b: B) -> u64 {
            bb_chess::perft::perft_with(b, &self.0, 3)
        }
    }
    for (backend, n) in bb_simd::for_each_backend(Op(pos)) {
        assert_eq!(n, 97_862, "{backend:?}");
    }
}
