//! The chess fuzz targets' bodies: `fen_uci`, `san` and `epd`.
//!
//! Each is a plain function of the input bytes so that the libFuzzer targets in
//! `fuzz_targets/` and the corpus regression test on stable
//! (`crates/bb-chess/tests/fuzz_corpus.rs`, which includes this file by path) run the same
//! checks. A body panics when an invariant fails; it returns whether the input's main text was
//! accepted, which the regression test uses to see that its inputs reach past the parsers.

use bb_chess::epd::Epd;
use bb_chess::{Move, MoveKind, Position, Square};

/// The position used when the input's first line is not a FEN (Kiwipete: castling, pins,
/// en passant and promotions are a few moves away).
const START: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// FEN and UCI parsing never panic. Input: a FEN line, then UCI moves separated by spaces on
/// the following line. A FEN that parses must round-trip; each move that parses is played and
/// the position's invariants are checked after it. Returns whether the FEN parsed.
pub fn fen_uci(data: &[u8]) -> bool {
    let Ok(text) = core::str::from_utf8(data) else {
        return false;
    };
    let (fen, moves) = text.split_once('\n').unwrap_or((text, ""));
    let (mut pos, accepted) = match Position::from_fen(fen) {
        Ok(p) => {
            let again = Position::from_fen(&p.to_fen()).expect("own FEN parses");
            assert_eq!(again.key(), p.key(), "{fen:?} -> {:?}", p.to_fen());
            (p, true)
        }
        Err(e) => {
            let _ = e.to_string();
            (Position::from_fen(START).expect("start parses"), false)
        }
    };
    for word in moves.split(' ') {
        match Move::parse_uci(&pos, word) {
            Ok(m) => {
                pos = pos.play(m);
                assert_eq!(pos.key(), pos.compute_key(), "after {word}");
                assert_eq!(
                    pos.legal_moves().len() as u64,
                    pos.count_legal(),
                    "after {word}"
                );
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
    accepted
}

/// SAN reading and writing never panic. Input: a FEN line, then SAN moves separated by spaces
/// on the following line. The first two bytes, read as a 16-bit move, must get a SAN from
/// `san` and be accepted by `try_san` exactly when legal. A move that parses must be legal, and
/// its SAN as written by `Position::san` must parse back to the same move; it is then played.
/// Returns whether a SAN move parsed.
pub fn san(data: &[u8]) -> bool {
    let Ok(text) = core::str::from_utf8(data) else {
        return false;
    };
    let (fen, moves) = text.split_once('\n').unwrap_or((text, ""));
    let mut pos = Position::from_fen(fen)
        .unwrap_or_else(|_| Position::from_fen(START).expect("start parses"));
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
    let mut accepted = false;
    for word in moves.split(' ') {
        match pos.parse_san(word) {
            Ok(m) => {
                assert!(pos.legal_moves().contains(&m), "{word} in {}", pos.to_fen());
                let san = pos.san(m);
                assert_eq!(
                    pos.parse_san(san.as_str()),
                    Ok(m),
                    "{san} in {}",
                    pos.to_fen()
                );
                pos = pos.play(m);
                accepted = true;
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
    accepted
}

/// EPD reading never panics; a record that parses is written back by `Display` to a line that
/// parses to the same record, and its move operands resolve without panicking. Returns whether
/// the record parsed.
pub fn epd(data: &[u8]) -> bool {
    let Ok(line) = core::str::from_utf8(data) else {
        return false;
    };
    match Epd::parse(line) {
        Ok(epd) => {
            let text = epd.to_string();
            let again = Epd::parse(&text).expect("own EPD parses");
            assert_eq!(again, epd, "{line:?} -> {text:?}");
            let _ = epd.best_moves();
            let _ = epd.avoid_moves();
            let _ = epd.perft_counts().count();
            let _ = epd.unsigned("acd");
            true
        }
        Err(e) => {
            let _ = e.to_string();
            false
        }
    }
}
