//! The EPD reader on the perft suites (every line parsed, its D1.. counts checked by perft),
//! on test-suite style lines whose `bm`/`am` moves are checked against shakmaty, error columns,
//! Display round trips, and "no input panics".

mod chess_common;

use bb_chess::epd::{Epd, EpdErrorKind, Operand, Operation};
use bb_chess::{FenField, Position};
use proptest::prelude::*;
use shakmaty::san::San as SSan;
use shakmaty::{CastlingMode, Chess};

fn lines(name: &str) -> Vec<String> {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn perft_suites_through_the_reader() {
    let mut checked = 0;
    for (name, max_depth) in [("perftsuite.epd", 3), ("fischer.epd", 2)] {
        let (entries, _) = chess_common::load(name);
        let lines = lines(name);
        assert_eq!(entries.len(), lines.len());
        for (line, e) in lines.iter().zip(&entries) {
            let epd = Epd::parse(line).unwrap_or_else(|err| panic!("{line}: {err}"));
            // The position is the line's FEN; the counts are the helper's independent split.
            assert_eq!(
                epd.position(),
                &Position::from_fen(&e.fen).unwrap(),
                "{line}"
            );
            let counts: Vec<(u32, u64)> = epd.perft_counts().collect();
            assert_eq!(counts, e.counts, "{line}");
            for (depth, nodes) in counts {
                if depth <= max_depth {
                    assert_eq!(epd.position().perft(depth), nodes, "{line} D{depth}");
                    checked += 1;
                }
            }
            let again = Epd::parse(&epd.to_string()).unwrap();
            assert_eq!(again, epd, "{line}");
        }
    }
    assert!(checked > 2000);
}

/// Lines in the style of the common tactical suites.
const SUITE: &[&str] = &[
    r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#,
    r#"8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id "WAC.002";"#,
    r#"5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - bm Rg3; id "WAC.003";"#,
    r#"r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - bm Qxh7+; id "WAC.004";"#,
    r#"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "WAC.006";"#,
    r#"r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - bm Nd5 a4; am Qxd6; id "BK.13"; c0 "two best moves; one to avoid";"#,
    r#"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1; bm e4 d4 Nf3 c4; acd 20; acs 5; ce 35; pv e4 e5;"#,
];

#[test]
fn suite_lines_resolve_like_shakmaty() {
    for line in SUITE {
        let epd: Epd = line.parse().unwrap();
        assert_eq!(epd.to_string(), *line);
        let fen: String = line.split(' ').take(4).collect::<Vec<_>>().join(" ");
        let sp: Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        for code in ["bm", "am"] {
            let ours = epd.moves(code).unwrap();
            let theirs: Vec<String> = epd
                .operation(code)
                .map(|o| o.operands().to_vec())
                .unwrap_or_default()
                .iter()
                .map(|o| {
                    let m = SSan::from_ascii(o.as_str().as_bytes())
                        .unwrap()
                        .to_move(&sp)
                        .unwrap();
                    shakmaty::uci::UciMove::from_move(m, CastlingMode::Standard).to_string()
                })
                .collect();
            let ours: Vec<String> = ours
                .iter()
                .map(|m| m.to_uci(epd.position()).to_string())
                .collect();
            assert_eq!(ours, theirs, "{line} {code}");
        }
        assert!(epd.id().is_some() || epd.unsigned("acd") == Some(20));
    }
    let bk: Epd = SUITE[5].parse().unwrap();
    assert_eq!(bk.string("c0"), Some("two best moves; one to avoid"));
    assert_eq!(bk.best_moves().unwrap().len(), 2);
    let start: Epd = SUITE[6].parse().unwrap();
    assert_eq!(start.position(), &Position::startpos());
    assert_eq!(start.operation("pv").unwrap().operands().len(), 2);
}

#[test]
fn errors_name_the_column() {
    let cases: &[(&str, usize, EpdErrorKind)] = &[
        ("", 1, EpdErrorKind::MissingFields),
        ("4k3/8/8/8/8/8/8/4K3 w -", 24, EpdErrorKind::MissingFields),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 1bm e4;",
            27,
            EpdErrorKind::BadOpcode,
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 5;", 27, EpdErrorKind::BadOpcode),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - \"x\";",
            27,
            EpdErrorKind::OperandWithoutOpcode,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - id \"x;",
            30,
            EpdErrorKind::UnterminatedString,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - hmvc x;",
            27,
            EpdErrorKind::BadClock,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - fmvn;",
            27,
            EpdErrorKind::BadClock,
        ),
    ];
    for (line, column, kind) in cases {
        let e = Epd::parse(line).unwrap_err();
        assert_eq!((e.column, &e.kind), (*column, kind), "{line}");
        assert!(!e.to_string().is_empty());
    }
    let e = Epd::parse("4k3/8/8/8/8/8/8/4K3 w Q - bm Kd2;").unwrap_err();
    assert_eq!(e.column, 23);
    assert!(matches!(e.kind, EpdErrorKind::Fen(f) if f.field == FenField::Castling));
    let e = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - e4 bm Kd2;").unwrap_err();
    assert_eq!(e.column, 25);
    assert!(matches!(e.kind, EpdErrorKind::Fen(f) if f.field == FenField::EnPassant));
}

#[test]
fn built_records_round_trip() {
    let (entries, _) = chess_common::load("fischer.epd");
    for (k, e) in entries.iter().enumerate().step_by(37) {
        let pos = Position::from_fen(&e.fen).unwrap();
        let moves = pos.legal_moves();
        let ops = vec![
            Operation::new(
                "bm",
                moves
                    .iter()
                    .take(3)
                    .map(|&m| Operand::Word(pos.san(m).to_string()))
                    .collect(),
            ),
            Operation::new("id", vec![Operand::Quoted(format!("line {k}; 960"))]),
            Operation::new("acd", vec![Operand::Word(k.to_string())]),
            Operation::new("noop", vec![]),
        ];
        let epd = Epd::new(pos, ops);
        let back: Epd = epd.to_string().parse().unwrap();
        // The clocks are not written (no hmvc/fmvn), so they come back as 0 and 1.
        assert_eq!(back.operations(), epd.operations());
        assert_eq!(
            back.best_moves().unwrap(),
            moves.iter().take(3).copied().collect::<Vec<_>>()
        );
        assert_eq!(back.unsigned("acd"), Some(k as u64));
        assert_eq!(
            back.position().to_fen().as_str().rsplitn(3, ' ').nth(2),
            pos.to_fen().as_str().rsplitn(3, ' ').nth(2)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(chess_common::scaled(2000) as u32))]

    /// Any text after a valid position, and any text at all: no panic; what parses round-trips.
    #[test]
    fn parse_never_panics(tail in "[ a-zA-Z0-9;\"_+#=-]{0,40}", s in ".{0,60}") {
        for line in [format!("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - {tail}"), s] {
            if let Ok(epd) = Epd::parse(&line) {
                let again = Epd::parse(&epd.to_string());
                prop_assert_eq!(again, Ok(epd.clone()), "{}", line);
                let _ = epd.best_moves();
                let _ = epd.perft_counts().count();
            }
        }
    }
}
