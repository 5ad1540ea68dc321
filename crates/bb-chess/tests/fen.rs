//! FEN round trips, typed errors, and "no input panics" properties for FEN and UCI parsing.

mod chess_common;
use chess_common as common;

use bb_chess::position::fen::FenErrorKind;
use bb_chess::{CastleSide, Color, FenField, Move, Position};
use bb_core::Square;
use proptest::prelude::*;

#[test]
fn round_trip_every_suite_line() {
    for name in ["perftsuite.epd", "fischer.epd"] {
        let (entries, _) = common::load(name);
        for e in &entries {
            let pos = Position::from_fen(&e.fen).unwrap();
            assert_eq!(pos.to_fen().as_str(), e.fen, "{name}");
            assert_eq!(Position::from_fen(&pos.to_fen()).unwrap(), pos);
        }
    }
}

#[test]
fn round_trip_after_moves() {
    let (entries, _) = common::load("fischer.epd");
    for e in entries.iter().take(50) {
        let pos = Position::from_fen(&e.fen).unwrap();
        for &m in pos.legal_moves().iter() {
            let next = pos.play(m);
            let mut back = Position::from_fen(&next.to_fen()).unwrap();
            // Without castling rights the notation flag cannot be read back; it is no state.
            back.set_chess960(next.is_chess960());
            assert_eq!(back, next, "{} then {}", e.fen, m.to_uci(&pos));
        }
    }
}

#[test]
fn xfen_and_shredder_castling() {
    // X-FEN KQkq on a Chess960 array means the outermost rooks.
    let x = Position::from_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1").unwrap();
    assert!(x.is_chess960());
    assert_eq!(
        x.castling().rook(Color::White, CastleSide::King),
        Some(Square::G1)
    );
    assert_eq!(
        x.castling().rook(Color::Black, CastleSide::Queen),
        Some(Square::B8)
    );
    assert_eq!(
        x.to_fen().as_str(),
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"
    );
    // Shredder letters for an inner rook.
    let s = Position::from_fen("rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1").unwrap();
    assert_eq!(
        s.castling().rook(Color::White, CastleSide::Queen),
        Some(Square::B1)
    );
    // Standard positions written with Shredder letters stay Chess960 for output.
    let h = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").unwrap();
    assert_eq!(h.to_fen().as_str(), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    let k = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert!(!k.is_chess960());
    assert_eq!(h.castling(), k.castling());
    assert_eq!(h.key(), k.key());
}

#[test]
fn counters_optional() {
    let p = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - -").unwrap();
    assert_eq!((p.halfmove_clock(), p.fullmove_number()), (0, 1));
}

/// The full-move number as shakmaty (the oracle) reads it: a 0 becomes 1, the rest stays.
/// Every position of the suites, with the number replaced by each of a few values, must read
/// the same here and write a FEN whose number shakmaty reads back unchanged.
#[test]
fn fullmove_zero_reads_as_one_like_shakmaty() {
    let (entries, _) = common::load("perftsuite.epd");
    for e in entries.iter().take(40) {
        let fields: Vec<&str> = e.fen.split_ascii_whitespace().collect();
        for number in ["0", "00", "1", "2", "9", "100", "65535"] {
            let fen = format!("{} {} {}", fields[..4].join(" "), fields[4], number);
            let want = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
                .unwrap()
                .as_setup()
                .fullmoves
                .get();
            let pos = Position::from_fen(&fen).unwrap();
            assert_eq!(u32::from(pos.fullmove_number()), want, "{fen}");
            let out = pos.to_fen();
            let back = shakmaty::fen::Fen::from_ascii(out.as_bytes()).unwrap();
            assert_eq!(back.as_setup().fullmoves.get(), want, "{fen} -> {out}");
            assert!(out.ends_with(&format!(" {want}")), "{fen} -> {out}");
        }
    }
    // Four fields: the counters default to 0 and 1, as shakmaty's do.
    let short = "4k3/8/8/8/8/8/8/4K3 b - -";
    let s = shakmaty::fen::Fen::from_ascii(short.as_bytes()).unwrap();
    let p = Position::from_fen(short).unwrap();
    assert_eq!(
        (
            u32::from(p.fullmove_number()),
            u32::from(p.halfmove_clock())
        ),
        (s.as_setup().fullmoves.get(), s.as_setup().halfmoves)
    );
}

fn error(fen: &str) -> (FenField, FenErrorKind) {
    let e = Position::from_fen(fen).unwrap_err();
    assert!(!e.to_string().is_empty());
    (e.field, e.kind)
}

#[test]
fn typed_errors() {
    use FenErrorKind as K;
    assert_eq!(error(""), (FenField::Fen, K::FieldCount { found: 0 }));
    assert_eq!(
        error("8/8/8/8/8/8/8/8 w - - 0 1 x"),
        (FenField::Fen, K::FieldCount { found: 7 })
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8 w - - 0 1"),
        (FenField::Placement, K::RankCount { found: 7 })
    );
    assert_eq!(
        error("4k3/9/8/8/8/8/8/4K3 w - - 0 1"),
        (FenField::Placement, K::BadChar { found: '9' })
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8/4K4 w - - 0 1"),
        (FenField::Placement, K::RankLength { rank: 1 })
    );
    assert_eq!(
        error("4k3/ppppppppp/8/8/8/8/8/4K3 w - - 0 1"),
        (FenField::Placement, K::RankLength { rank: 7 })
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8/4KK2 w - - 0 1"),
        (
            FenField::Placement,
            K::KingCount {
                color: Color::White,
                count: 2
            }
        )
    );
    assert_eq!(
        error("8/8/8/8/8/8/8/4K3 w - - 0 1"),
        (
            FenField::Placement,
            K::KingCount {
                color: Color::Black,
                count: 0
            }
        )
    );
    assert_eq!(
        error("4k2P/8/8/8/8/8/8/4K3 w - - 0 1"),
        (
            FenField::Placement,
            K::PawnOnBackRank { square: Square::H8 }
        )
    );
    assert_eq!(
        error("4k2R/8/8/8/8/8/8/4K3 w - - 0 1"),
        (FenField::Placement, K::OpponentInCheck)
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        (FenField::SideToMove, K::BadSide)
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        (
            FenField::Castling,
            K::CastlingRookMissing {
                color: Color::White,
                side: CastleSide::King
            }
        )
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/4K3/7R w K - 0 1"),
        (
            FenField::Castling,
            K::CastlingKingNotOnBackRank {
                color: Color::White
            }
        )
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8/4K2R w KH - 0 1"),
        (
            FenField::Castling,
            K::CastlingDuplicate {
                color: Color::White,
                side: CastleSide::King
            }
        )
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8/4K2R w X - 0 1"),
        (FenField::Castling, K::BadCastlingChar { found: 'X' })
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8/4K2R w G - 0 1"),
        (
            FenField::Castling,
            K::CastlingRookMissing {
                color: Color::White,
                side: CastleSide::King
            }
        )
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8/4K3 w - z9 0 1"),
        (FenField::EnPassant, K::BadSquare)
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8/4K3 w - e3 0 1"),
        (FenField::EnPassant, K::EpWrongRank)
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
        (FenField::EnPassant, K::EpNoDoublePush)
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8/4K3 w - - x 1"),
        (FenField::HalfmoveClock, K::BadNumber)
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8/4K3 w - - 0 70000"),
        (FenField::FullmoveNumber, K::BadNumber)
    );
    // A plausible en-passant square is accepted.
    assert!(Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").is_ok());
}

const SAMPLE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

proptest! {
    #[test]
    fn fen_parsing_never_panics(s in "\\PC{0,100}") {
        let _ = Position::from_fen(&s);
    }

    #[test]
    fn fen_like_strings_never_panic(
        s in "[pnbrqkPNBRQK1-9/]{0,80} [wb-] [KQkqA-Ha-h-]{1,5} [a-h1-8-]{1,2} [0-9]{1,6} [0-9]{1,6}"
    ) {
        if let Ok(pos) = Position::from_fen(&s) {
            // Whatever parses round-trips and generates moves without panicking.
            let again = Position::from_fen(&pos.to_fen()).unwrap();
            prop_assert_eq!(again.count_legal(), pos.count_legal());
            for &m in pos.legal_moves().iter() {
                let next = pos.play(m);
                prop_assert_eq!(next.key(), next.compute_key());
            }
        }
    }

    #[test]
    fn mutated_fens_never_panic(i in 0usize..120, c in any::<char>()) {
        let mut s: Vec<char> = SAMPLE.chars().collect();
        let i = i % s.len();
        s[i] = c;
        let s: String = s.into_iter().collect();
        let _ = Position::from_fen(&s);
    }

    #[test]
    fn uci_parsing_never_panics(s in "\\PC{0,8}", t in "[a-i][0-9][a-i][0-9][qrbnkx]?") {
        let pos = Position::from_fen(SAMPLE).unwrap();
        let _ = Move::parse_uci(&pos, &s);
        if let Ok(m) = Move::parse_uci(&pos, &t) {
            prop_assert!(pos.legal_moves().contains(&m));
        }
    }
}
