//! SAN writing and reading against shakmaty (the independent oracle): random games from the
//! start position and from every perft-suite position (Chess960 included); at every ply the SAN
//! of every legal move is compared with shakmaty's, read back strictly and in the lenient
//! variants, and the moves of the previous position are read as foreign SAN and classified as
//! shakmaty classifies them.

mod chess_common;

use bb_chess::{Move, MoveKind, Position, SanError, Square};
use bb_core::rng::Rng;
use proptest::prelude::*;
use shakmaty::san::{San as SSan, SanError as SSanError, SanPlus};
use shakmaty::{CastlingMode, Chess, Position as _, Role};

fn sq(s: shakmaty::Square) -> Square {
    Square::new(u32::from(s) as u8).unwrap()
}

/// shakmaty's move in this crate's encoding.
fn ours(m: &shakmaty::Move) -> Move {
    match *m {
        shakmaty::Move::Normal {
            from,
            to,
            promotion,
            ..
        } => {
            let kind = match promotion {
                None => MoveKind::Normal,
                Some(Role::Knight) => MoveKind::PromoteKnight,
                Some(Role::Bishop) => MoveKind::PromoteBishop,
                Some(Role::Rook) => MoveKind::PromoteRook,
                Some(_) => MoveKind::PromoteQueen,
            };
            Move::new(sq(from), sq(to), kind)
        }
        shakmaty::Move::EnPassant { from, to } => Move::new(sq(from), sq(to), MoveKind::EnPassant),
        shakmaty::Move::Castle { king, rook } => Move::new(sq(king), sq(rook), MoveKind::Castle),
        shakmaty::Move::Put { .. } => unreachable!("no drops in chess"),
    }
}

fn shak(fen: &str) -> Chess {
    shakmaty::fen::Fen::from_ascii(fen.as_bytes())
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .or_else(shakmaty::PositionError::ignore_impossible_check)
        .unwrap()
}

/// Start positions: the standard one, perftsuite.epd and fischer.epd (Chess960).
fn starts() -> Vec<String> {
    let mut v = vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string()];
    for name in ["perftsuite.epd", "fischer.epd"] {
        let (entries, _) = chess_common::load(name);
        v.extend(entries.into_iter().map(|e| e.fen));
    }
    v
}

/// Variants of a correct SAN that the reader accepts for the same move.
fn lenient_variants(pos: &Position, m: Move, san: &str) -> Vec<String> {
    let mut v = Vec::new();
    let bare = san.trim_end_matches(['+', '#']);
    v.push(bare.to_string());
    v.push(format!("{bare}#"));
    v.push(format!("{bare}+"));
    v.push(format!("{san}!?"));
    v.push(format!("{bare} !!"));
    if bare.starts_with('O') {
        v.push(bare.replace('O', "0"));
        v.push(bare.replace('O', "o"));
        return v;
    }
    if let Some(i) = bare.find('=') {
        let (a, b) = bare.split_at(i);
        v.push(format!("{a}{}", &b[1..]));
        v.push(format!("{a}{}", b[1..].to_lowercase()));
        v.push(format!("{a}={}", b[1..].to_lowercase()));
    }
    let piece = pos.piece_at(m.from()).unwrap().1;
    let capture = bare.contains('x');
    let promo = bare.find('=').map_or("", |i| &bare[i..]);
    let letter = if piece == bb_chess::Piece::Pawn {
        String::new()
    } else {
        piece.to_char().to_ascii_uppercase().to_string()
    };
    // Long algebraic: the whole origin square, with and without the capture mark.
    v.push(format!(
        "{letter}{}{}{}{promo}",
        m.from(),
        if capture { "x" } else { "" },
        m.to()
    ));
    v.push(format!("{letter}{}-{}{promo}", m.from(), m.to()));
    if piece == bb_chess::Piece::Pawn {
        v.push(format!("P{bare}"));
        if m.kind() == MoveKind::EnPassant {
            v.push(format!("{bare} e.p."));
            v.push(format!("{bare}e.p.+"));
        }
    } else {
        // Capture mark dropped or added.
        if capture {
            v.push(bare.replacen('x', "", 1));
            v.push(bare.replacen('x', ":", 1));
        } else {
            let at = bare.len() - 2;
            v.push(format!("{}x{}", &bare[..at], &bare[at..]));
        }
    }
    v
}

/// Removes the origin file/rank a SAN names, when it names one (pieces only).
fn without_disambiguation(san: &str) -> Option<String> {
    let b = san.as_bytes();
    if !b[0].is_ascii_uppercase() || b[0] == b'O' || b[0] == b'K' {
        return None;
    }
    let rest = &san[1..];
    let dest_at = rest
        .find('x')
        .unwrap_or_else(|| rest.trim_end_matches(['+', '#']).len() - 2);
    if dest_at == 0 {
        return None;
    }
    Some(format!("{}{}", &san[..1], &rest[dest_at..]))
}

/// Plays `plies` plies of random games; returns the number of SAN strings compared. The played
/// move is checked at every ply, every legal move at every `every`-th ply.
fn random_games(plies: usize, every: usize, seed: u64) -> usize {
    let starts = starts();
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    let mut done = 0;
    let mut game = 0;
    while done < plies {
        let fen = &starts[game % starts.len()];
        game += 1;
        let mut pos = Position::from_fen(fen).unwrap();
        let mut sp = shak(fen);
        let mut previous: Vec<String> = Vec::new();
        for _ in 0..300 {
            let legal = sp.legal_moves();
            let mut ours_list = pos.legal_moves().to_vec();
            let mut mapped: Vec<Move> = legal.iter().map(ours).collect();
            ours_list.sort_by_key(|m| m.to_bits());
            mapped.sort_by_key(|m| m.to_bits());
            assert_eq!(ours_list, mapped, "{}", pos.to_fen());
            // Foreign SAN (the other side's moves one ply ago) is classified as shakmaty does.
            for s in &previous {
                let want = SSan::from_ascii(s.as_bytes()).unwrap().to_move(&sp);
                let got = pos.parse_san(s);
                match want {
                    Ok(m) => assert_eq!(got, Ok(ours(&m)), "{s} in {}", pos.to_fen()),
                    Err(SSanError::AmbiguousSan) => {
                        assert_eq!(got, Err(SanError::Ambiguous), "{s} in {}", pos.to_fen());
                    }
                    Err(SSanError::IllegalSan) => {
                        // shakmaty insists on the capture mark, this reader does not.
                        if let Ok(m) = got {
                            assert!(mapped.contains(&m), "{s} in {}", pos.to_fen());
                        }
                    }
                }
            }
            previous.clear();
            let full = done % every == 0;
            for m in legal.iter().filter(|_| full) {
                let want = SanPlus::from_move(sp.clone(), *m).to_string();
                let mv = ours(m);
                let got = pos.san(mv);
                assert_eq!(
                    got.as_str(),
                    want,
                    "{} in {}",
                    mv.to_uci(&pos),
                    pos.to_fen()
                );
                assert_eq!(pos.parse_san(&want), Ok(mv), "{want} in {}", pos.to_fen());
                if let Some(vague) = without_disambiguation(&want) {
                    assert_eq!(
                        pos.parse_san(&vague),
                        Err(SanError::Ambiguous),
                        "{vague} in {}",
                        pos.to_fen()
                    );
                }
                previous.push(want);
                checked += 1;
            }
            if legal.is_empty() {
                break;
            }
            let pick = rng.below(legal.len() as u64) as usize;
            let m = legal[pick];
            let mv = ours(&m);
            let san = pos.san(mv).to_string();
            assert_eq!(pos.try_san(mv).map(|s| s.to_string()), Ok(san.clone()));
            assert_eq!(san, SanPlus::from_move(sp.clone(), m).to_string());
            checked += 1;
            for v in lenient_variants(&pos, mv, &san) {
                assert_eq!(
                    pos.parse_san(&v),
                    Ok(mv),
                    "{v} (from {san}) in {}",
                    pos.to_fen()
                );
            }
            pos = pos.play(mv);
            sp.play_unchecked(m);
            done += 1;
            if done >= plies {
                break;
            }
        }
    }
    checked
}

#[test]
fn random_games_match_shakmaty() {
    // Every legal move at every fourth ply keeps this at a few seconds in the test profile.
    let n = random_games(chess_common::scaled(100_000), 4, 0x5a4e);
    assert!(n > 100_000 || std::env::var("BB_TEST_SCALE").is_ok());
}

#[test]
#[ignore = "long: 10 M plies; cargo test --release -p bb-chess --test san -- --ignored"]
fn random_games_match_shakmaty_10m() {
    random_games(10_000_000, 1, 0x10_000_000);
}

#[test]
fn hand_made_cases() {
    // Two knights on one file: the rank disambiguates; on one rank: the file.
    let pos = Position::from_fen("4k3/8/8/1N6/8/1N6/8/4K3 w - - 0 1").unwrap();
    assert_eq!(pos.parse_san("Nd4"), Err(SanError::Ambiguous));
    let m = pos.parse_san("N5d4").unwrap();
    assert_eq!(pos.san(m), "N5d4");
    // Three queens: the square.
    let pos = Position::from_fen("8/7k/8/8/Q2Q4/8/8/Q5K1 w - - 0 1").unwrap();
    let m = pos.parse_san("Qa4d1").unwrap();
    assert_eq!(pos.san(m), "Qa4d1");
    assert_eq!(pos.parse_san("Qad1"), Err(SanError::Ambiguous));
    assert_eq!(pos.parse_san("Q4d1"), Err(SanError::Ambiguous));
    // A pinned knight does not make the other ambiguous.
    let pos = Position::from_fen("4k3/4r3/8/1N6/8/8/4N3/4K3 w - - 0 1").unwrap();
    let m = pos.parse_san("Nd4").unwrap();
    assert_eq!(pos.san(m), "Nd4");
    // Chess960 castling, king side with king and rook next to each other.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/5KR1 w G - 0 1").unwrap();
    let m = pos.parse_san("O-O").unwrap();
    assert_eq!(m, Move::new(Square::F1, Square::G1, MoveKind::Castle));
    assert_eq!(pos.san(m), "O-O");
    // En passant and a promotion with capture and mate.
    let pos = Position::from_fen("k7/8/8/3pP3/8/8/8/K7 w - d6 0 1").unwrap();
    let m = pos.parse_san("exd6").unwrap();
    assert_eq!(m.kind(), MoveKind::EnPassant);
    assert_eq!(pos.parse_san("exd6 e.p."), Ok(m));
    assert_eq!(pos.parse_san("ed6"), Ok(m));
    let pos = Position::from_fen("1r5k/P7/7K/8/8/8/8/8 w - - 0 1").unwrap();
    let m = pos.parse_san("axb8=Q").unwrap();
    assert_eq!(pos.san(m), "axb8=Q#");
    assert_eq!(
        pos.parse_san("a8"),
        Err(SanError::IllegalMove),
        "promotion piece missing"
    );
    let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    assert_eq!(pos.san(pos.parse_san("Ra8").unwrap()), "Ra8#");
    // Errors.
    let pos = Position::startpos();
    for (s, e) in [
        ("", SanError::Empty),
        ("  +!", SanError::Empty),
        ("e9", SanError::Syntax),
        ("Xe4", SanError::Syntax),
        ("nf3", SanError::Syntax),
        ("Ne4=Q", SanError::Syntax),
        ("O-O-O-O", SanError::Syntax),
        ("Nf3 Nf6", SanError::Syntax),
        ("e5", SanError::IllegalMove),
        ("O-O", SanError::IllegalMove),
        ("Ke2", SanError::IllegalMove),
        ("Bb5", SanError::IllegalMove),
    ] {
        assert_eq!(pos.parse_san(s), Err(e), "{s:?}");
    }
    assert_eq!(
        pos.try_san(Move::new(Square::E2, Square::E5, MoveKind::Normal)),
        Err(SanError::IllegalMove)
    );
}

#[test]
fn san_of_any_move_value_never_panics() {
    // Every 16-bit pattern on a few positions: san() writes something, try_san() agrees with
    // the legal move list.
    let starts = starts();
    for fen in starts.iter().step_by(97) {
        let pos = Position::from_fen(fen).unwrap();
        let legal = pos.legal_moves();
        for bits in 0..=u16::MAX {
            let from = Square::new((bits & 63) as u8).unwrap();
            let to = Square::new(((bits >> 6) & 63) as u8).unwrap();
            let kind = [
                MoveKind::Normal,
                MoveKind::EnPassant,
                MoveKind::Castle,
                MoveKind::Normal,
                MoveKind::PromoteKnight,
                MoveKind::PromoteBishop,
                MoveKind::PromoteRook,
                MoveKind::PromoteQueen,
            ][((bits >> 12) & 7) as usize];
            let m = Move::new(from, to, kind);
            let s = pos.san(m);
            assert!(!s.as_str().is_empty());
            assert_eq!(pos.try_san(m).is_ok(), legal.contains(&m));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(chess_common::scaled(2000) as u32))]

    /// Any string: no panic, and a move that is returned is legal and written back the same.
    #[test]
    fn parse_san_never_panics(s in ".{0,12}", t in "[KQRBNPOo0x=+#!?a-h1-8:-]{0,9}", i in 0usize..7) {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "k7/8/8/3pP3/8/8/8/K7 w - d6 0 1",
            "4k3/8/8/1N6/8/1N6/8/4K3 w - - 0 1",
            "1r5k/P7/7K/8/8/8/8/8 w - - 0 1",
        ];
        let pos = Position::from_fen(fens[i]).unwrap();
        for s in [&s, &t] {
            if let Ok(m) = pos.parse_san(s) {
                prop_assert!(pos.legal_moves().contains(&m));
                prop_assert_eq!(pos.parse_san(pos.san(m).as_str()), Ok(m));
            }
        }
    }
}
