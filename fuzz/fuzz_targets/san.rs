//! SAN reading and writing must never panic. Input: a FEN line, then SAN moves separated by
//! spaces on the following line. A move that parses must be legal, and its SAN as written by
//! `Position::san` must parse back to the same move; it is then played.
#![no_main]

use bb_chess::{Move, MoveKind, Position, Square};
use libfuzzer_sys::fuzz_target;

const START: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    let (fen, moves) = text.split_once('\n').unwrap_or((text, ""));
    let mut pos = Position::from_fen(fen)
        .unwrap_or_else(|_| Position::from_fen(START).expect("start parses"));
    // Any 16-bit move value: san() writes something, try_san() accepts exactly the legal ones.
    if let [a, b, ..] = data {
        let bits = u16::from_le_bytes([*a, *b]);
        let kinds = [
            MoveKind::Normal,
            MoveKind::EnPassant,
            MoveKind::Castle,
            MoveKind::Normal,
            MoveKind::PromoteKnight,
            MoveKind::PromoteBishop,
            MoveKind::PromoteRook,
            MoveKind::PromoteQueen,
        ];
        let m = Move::new(
            Square::new_masked(bits as u8 & 63),
            Square::new_masked((bits >> 6) as u8 & 63),
            kinds[usize::from(bits >> 12) & 7],
        );
        let _ = pos.san(m).to_string();
        assert_eq!(pos.try_san(m).is_ok(), pos.legal_moves().contains(&m));
    }
    for word in moves.split(' ') {
        match pos.parse_san(word) {
            Ok(m) => {
                assert!(pos.legal_moves().contains(&m), "{word} in {}", pos.to_fen());
                let san = pos.san(m);
                assert_eq!(pos.parse_san(san.as_str()), Ok(m), "{san} in {}", pos.to_fen());
                pos = pos.play(m);
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
