//! FEN and UCI parsing must never panic. Input: a FEN line, then UCI moves separated by spaces
//! on the following line; each move that parses is played, and the position's invariants are
//! checked after it.
#![no_main]

use bb_chess::{Move, Position};
use libfuzzer_sys::fuzz_target;

const START: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    let (fen, moves) = text.split_once('\n').unwrap_or((text, ""));
    let mut pos = match Position::from_fen(fen) {
        Ok(p) => {
            // Whatever parses must round-trip.
            let again = Position::from_fen(&p.to_fen()).expect("own FEN parses");
            assert_eq!(again.key(), p.key());
            p
        }
        Err(e) => {
            let _ = e.to_string();
            Position::from_fen(START).expect("start parses")
        }
    };
    for word in moves.split(' ') {
        match Move::parse_uci(&pos, word) {
            Ok(m) => {
                pos = pos.play(m);
                assert_eq!(pos.key(), pos.compute_key());
                assert_eq!(pos.legal_moves().len() as u64, pos.count_legal());
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
