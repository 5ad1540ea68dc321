//! `Position::outcome` and its parts (checkmate, stalemate, insufficient material, the fifty-
//! and seventy-five-move rules) against shakmaty on biased random games, and hand cases.

mod chess_common;
mod game_common;

use bb_chess::{Color, Draw, Outcome, Position};
use game_common::{Rng, Style, pick, scaled, shak, to_shak};
use shakmaty::{Chess, KnownOutcome, Position as _};

fn shak_color(c: Color) -> shakmaty::Color {
    match c {
        Color::White => shakmaty::Color::White,
        Color::Black => shakmaty::Color::Black,
    }
}

/// The outcome the rules give, from shakmaty's verdicts and clock: shakmaty's `outcome()` has
/// checkmate, stalemate and insufficient material; the seventy-five-move rule is added from
/// its halfmove clock, after them.
fn expected_outcome(s: &Chess) -> Option<Outcome> {
    match s.outcome() {
        shakmaty::Outcome::Known(KnownOutcome::Decisive { winner }) => Some(Outcome::Checkmate {
            winner: if winner == shakmaty::Color::White {
                Color::White
            } else {
                Color::Black
            },
        }),
        shakmaty::Outcome::Known(KnownOutcome::Draw) if s.is_stalemate() => {
            Some(Outcome::Draw(Draw::Stalemate))
        }
        shakmaty::Outcome::Known(KnownOutcome::Draw) => {
            Some(Outcome::Draw(Draw::InsufficientMaterial))
        }
        shakmaty::Outcome::Unknown if s.halfmoves() >= 150 => {
            Some(Outcome::Draw(Draw::SeventyFiveMoves))
        }
        shakmaty::Outcome::Unknown => None,
    }
}

/// Every end-of-game query of `pos` against shakmaty's `s` (the same position).
fn compare(pos: &Position, s: &Chess) {
    let ctx = || pos.to_fen();
    assert_eq!(pos.count_legal(), s.legal_moves().len() as u64, "{}", ctx());
    assert_eq!(u32::from(pos.halfmove_clock()), s.halfmoves(), "{}", ctx());
    assert_eq!(pos.is_checkmate(), s.is_checkmate(), "checkmate {}", ctx());
    assert_eq!(pos.is_stalemate(), s.is_stalemate(), "stalemate {}", ctx());
    for c in Color::ALL {
        assert_eq!(
            pos.has_insufficient_material(c),
            s.has_insufficient_material(shak_color(c)),
            "insufficient material of {c:?} in {}",
            ctx()
        );
    }
    assert_eq!(
        pos.is_insufficient_material(),
        s.is_insufficient_material(),
        "{}",
        ctx()
    );
    let expected = expected_outcome(s);
    assert_eq!(pos.outcome(), expected, "outcome {}", ctx());
    assert_eq!(
        pos.outcome().is_some(),
        s.is_game_over() || s.halfmoves() >= 150
    );
    let fifty = s.halfmoves() >= 100 && !s.is_checkmate();
    assert_eq!(pos.is_fifty_move_draw(), fifty, "{}", ctx());
    let seventy_five = s.halfmoves() >= 150 && !s.is_checkmate();
    assert_eq!(pos.is_seventy_five_move_draw(), seventy_five, "{}", ctx());
    let with_claims = expected.or(fifty.then_some(Outcome::Draw(Draw::FiftyMoves)));
    assert_eq!(pos.outcome_with_claims(), with_claims, "{}", ctx());
}

#[derive(Default, Debug)]
struct Seen {
    plies: usize,
    games: usize,
    mates: usize,
    stalemates: usize,
    insufficient: usize,
    fifty: usize,
    seventy_five: usize,
}

/// Random games from the start position and the perft-suite positions, alternately biased to
/// captures and to quiet moves, up to 300 plies or the end of the game, until `plies` plies.
fn random_games(plies: usize, seed: u64) -> Seen {
    let (suite, _) = chess_common::load("perftsuite.epd");
    let mut starts = vec![Position::startpos().to_fen().to_string()];
    starts.extend(suite.into_iter().map(|e| e.fen));
    let mut rng = Rng(seed);
    let mut seen = Seen::default();
    while seen.plies < plies {
        let fen = &starts[seen.games % starts.len()];
        let style = if seen.games % 3 == 2 {
            Style::Quiet
        } else {
            Style::Captures
        };
        seen.games += 1;
        let mut pos = Position::from_fen(fen).unwrap();
        let mut s = shak(fen);
        for _ in 0..300 {
            compare(&pos, &s);
            if pos.is_fifty_move_draw() {
                seen.fifty += 1;
            }
            match pos.outcome() {
                Some(Outcome::Checkmate { .. }) => seen.mates += 1,
                Some(Outcome::Draw(Draw::Stalemate)) => seen.stalemates += 1,
                Some(Outcome::Draw(Draw::InsufficientMaterial)) => seen.insufficient += 1,
                Some(Outcome::Draw(Draw::SeventyFiveMoves)) => seen.seventy_five += 1,
                _ => {}
            }
            if pos.outcome().is_some() {
                break;
            }
            let Some(mv) = pick(&pos, &mut rng, style) else {
                break;
            };
            s.play_unchecked(to_shak(&s, mv));
            pos = pos.play(mv);
            seen.plies += 1;
        }
    }
    seen
}

#[test]
fn random_games_agree_with_shakmaty() {
    let plies = scaled(100_000, 1);
    let seen = random_games(plies, 0x0c7c0e);
    println!("{seen:?}");
    // The games must reach each kind of end, or the comparison proves little. At scale 1 the
    // seed gives 56 mates, 5 stalemates, 640 bare-material draws, 16208 positions past the
    // fifty-move mark and 268 seventy-five-move draws. The floors hold at full scale (the host
    // and the native lanes); the emulated lanes' tenth of the games may meet no mate at all.
    if plies >= 100_000 {
        assert!(seen.mates >= 20, "{seen:?}");
        assert!(seen.stalemates >= 2, "{seen:?}");
        assert!(seen.insufficient >= 200, "{seen:?}");
        assert!(seen.fifty >= 5000, "{seen:?}");
        assert!(seen.seventy_five >= 100, "{seen:?}");
    }
}

#[test]
#[ignore = "10 M plies: minutes; run with --ignored"]
fn ten_million_plies_agree_with_shakmaty() {
    let seen = random_games(10_000_000, 0x10_000_000);
    println!("{seen:?}");
}

fn outcome_of(fen: &str) -> Option<Outcome> {
    let pos = Position::from_fen(fen).unwrap();
    compare(&pos, &shak(fen));
    pos.outcome()
}

#[test]
fn fools_mate() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    assert_eq!(
        outcome_of(fen),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    let pos = Position::from_fen(fen).unwrap();
    assert!(pos.is_checkmate() && !pos.is_stalemate());
    assert_eq!(pos.outcome().map(|o| o.as_pgn()), Some("0-1"));
}

#[test]
fn stalemates() {
    for fen in [
        "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
        // King and bishop against king: stalemate is reported before insufficient material.
        "k7/8/1K1B4/8/8/8/8/8 b - - 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ] {
        assert_eq!(
            outcome_of(fen),
            Some(Outcome::Draw(Draw::Stalemate)),
            "{fen}"
        );
    }
}

#[test]
fn insufficient_material_cases() {
    let insufficient = [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",       // K v K
        "4k3/8/8/8/8/2B5/8/4K3 w - - 0 1",     // KB v K
        "4k3/8/8/8/8/2N5/8/4K3 b - - 0 1",     // KN v K
        "4k3/8/3b4/8/8/2B5/8/4K3 w - - 0 1",   // KB v KB, both dark
        "4k3/8/3b4/8/8/2B1B3/8/4K3 w - - 0 1", // KBB v KB, all dark
    ];
    for fen in insufficient {
        assert_eq!(
            outcome_of(fen),
            Some(Outcome::Draw(Draw::InsufficientMaterial)),
            "{fen}"
        );
    }
    let sufficient = [
        "4k3/8/8/8/8/2N1N3/8/4K3 w - - 0 1", // KNN v K: a mate exists
        "4k3/8/4b3/8/8/2B5/8/4K3 w - - 0 1", // KB v KB, opposite colours
        "4k3/8/3n4/8/8/2N5/8/4K3 w - - 0 1", // KN v KN
        "4k3/8/3n4/8/8/2B5/8/4K3 w - - 0 1", // KB v KN
        "4k3/4p3/8/8/8/2B5/8/4K3 w - - 0 1", // KB v KP
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",   // KP v K
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",    // KR v K
        "4k3/8/8/8/8/2N5/8/q3K3 w - - 0 1",  // KN v KQ: only black can mate
    ];
    for fen in sufficient {
        assert_eq!(outcome_of(fen), None, "{fen}");
        assert!(!Position::from_fen(fen).unwrap().is_insufficient_material());
    }
    let knights = Position::from_fen(sufficient[0]).unwrap();
    assert!(!knights.has_insufficient_material(Color::White));
    assert!(knights.has_insufficient_material(Color::Black));
    let queen = Position::from_fen("4k3/8/8/8/8/2N5/8/q3K3 w - - 0 1").unwrap();
    assert!(queen.has_insufficient_material(Color::White)); // the queen cannot help a mate
    assert!(!queen.has_insufficient_material(Color::Black));
}

#[test]
fn checkmate_takes_precedence_over_the_move_rules() {
    // Mated with the clock at 100 and at 150: checkmate, no draw.
    for clock in [100, 149, 150, 200] {
        let fen = format!("R5k1/5ppp/8/8/8/8/8/6K1 b - - {clock} 90");
        let pos = Position::from_fen(&fen).unwrap();
        compare(&pos, &shak(&fen));
        let mate = Some(Outcome::Checkmate {
            winner: Color::White,
        });
        assert_eq!(pos.outcome(), mate);
        assert_eq!(pos.outcome_with_claims(), mate);
        assert!(!pos.is_fifty_move_draw() && !pos.is_seventy_five_move_draw());
    }
    // Not mated: the clock decides.
    for (clock, auto, claim) in [
        (99, None, None),
        (100, None, Some(Draw::FiftyMoves)),
        (149, None, Some(Draw::FiftyMoves)),
        (
            150,
            Some(Draw::SeventyFiveMoves),
            Some(Draw::SeventyFiveMoves),
        ),
    ] {
        let fen = format!("R5k1/5pp1/7p/8/8/8/8/6K1 b - - {clock} 90");
        let pos = Position::from_fen(&fen).unwrap();
        compare(&pos, &shak(&fen));
        assert_eq!(pos.outcome(), auto.map(Outcome::Draw), "{clock}");
        assert_eq!(
            pos.outcome_with_claims(),
            claim.map(Outcome::Draw),
            "{clock}"
        );
    }
    // Stalemate on the 150th ply is a stalemate.
    let pos = Position::from_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 150 100").unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Draw(Draw::Stalemate)));
}

#[test]
fn display_and_pgn() {
    let o = Outcome::Checkmate {
        winner: Color::White,
    };
    assert_eq!(o.to_string(), "1-0 (checkmate)");
    assert_eq!(o.winner(), Some(Color::White));
    assert!(!o.is_draw());
    let d = Outcome::Draw(Draw::InsufficientMaterial);
    assert_eq!(d.to_string(), "1/2-1/2 (insufficient material)");
    assert!(d.is_draw());
    for (d, auto) in [
        (Draw::Stalemate, true),
        (Draw::InsufficientMaterial, true),
        (Draw::FiftyMoves, false),
        (Draw::SeventyFiveMoves, true),
        (Draw::ThreefoldRepetition, false),
        (Draw::FivefoldRepetition, true),
    ] {
        assert_eq!(d.is_automatic(), auto, "{d}");
    }
}
