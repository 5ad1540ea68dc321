//! `Game`: repetition counts against a slow reference that compares whole positions as FIDE
//! defines them (placement, side to move, castling rights, a legal en-passant capture) over the
//! whole history, using shakmaty's FEN with legal en-passant squares; the game outcome and the
//! claimable draws; undo; `try_play` against shakmaty's legal moves.
#![cfg(feature = "alloc")]

mod game_common;

use bb_chess::{Color, Draw, Game, Move, MoveKind, Outcome, Position};
use bb_core::Square;
use game_common::{Rng, Style, is_zeroing, pick, scaled, shak, to_shak};
use shakmaty::{Chess, EnPassantMode, KnownOutcome, Position as _, fen::Fen};

/// A position's identity for repetition: the first four FEN fields, with the en-passant
/// square only when a legal move captures there.
fn identity(s: &Chess) -> String {
    let fen = Fen::from_position(s, EnPassantMode::Legal).to_string();
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

/// The game kept twice: in `Game`, and as shakmaty positions with their identities.
struct Twin {
    game: Game,
    shak: Chess,
    identities: Vec<String>,
}

impl Twin {
    fn new(fen: &str) -> Twin {
        let s = shak(fen);
        Twin {
            game: Game::new(Position::from_fen(fen).unwrap()),
            identities: vec![identity(&s)],
            shak: s,
        }
    }

    fn play(&mut self, mv: Move) {
        self.shak.play_unchecked(to_shak(&self.shak, mv));
        self.identities.push(identity(&self.shak));
        self.game.play(mv);
    }

    fn play_uci(&mut self, uci: &str) {
        let mv = Move::parse_uci(self.game.position(), uci).unwrap();
        self.play(mv);
    }

    /// How many times the current position occurred, by the reference.
    fn repetitions(&self) -> usize {
        let now = self.identities.last().unwrap();
        self.identities.iter().filter(|i| *i == now).count()
    }

    /// Checks every repetition and outcome query of the game against the reference.
    fn check(&self) {
        let g = &self.game;
        let s = &self.shak;
        let ctx = || format!("{} after {} plies", g.position().to_fen(), g.moves().len());
        let reps = self.repetitions();
        assert_eq!(g.repetitions(), reps, "{}", ctx());
        for n in 1..=6 {
            assert_eq!(g.is_repetition(n), reps >= n, "{}", ctx());
        }
        assert_eq!(g.is_threefold_repetition(), reps >= 3, "{}", ctx());
        assert_eq!(g.is_fivefold_repetition(), reps >= 5, "{}", ctx());
        assert_eq!(u32::from(g.position().halfmove_clock()), s.halfmoves());

        let automatic = match s.outcome() {
            shakmaty::Outcome::Known(KnownOutcome::Decisive { winner }) => {
                Some(Outcome::Checkmate {
                    winner: if winner == shakmaty::Color::White {
                        Color::White
                    } else {
                        Color::Black
                    },
                })
            }
            shakmaty::Outcome::Known(KnownOutcome::Draw) if s.is_stalemate() => {
                Some(Outcome::Draw(Draw::Stalemate))
            }
            shakmaty::Outcome::Known(KnownOutcome::Draw) => {
                Some(Outcome::Draw(Draw::InsufficientMaterial))
            }
            shakmaty::Outcome::Unknown if s.halfmoves() >= 150 => {
                Some(Outcome::Draw(Draw::SeventyFiveMoves))
            }
            shakmaty::Outcome::Unknown if reps >= 5 => {
                Some(Outcome::Draw(Draw::FivefoldRepetition))
            }
            shakmaty::Outcome::Unknown => None,
        };
        assert_eq!(g.outcome(), automatic, "{}", ctx());
        let claim = match automatic {
            Some(_) => None,
            None if reps >= 3 => Some(Draw::ThreefoldRepetition),
            None if s.halfmoves() >= 100 => Some(Draw::FiftyMoves),
            None => None,
        };
        assert_eq!(g.claimable_draw(), claim, "{}", ctx());
        assert_eq!(g.can_claim_draw(), claim.is_some(), "{}", ctx());
        assert_eq!(
            g.outcome_with_claims(),
            automatic.or(claim.map(Outcome::Draw)),
            "{}",
            ctx()
        );
    }
}

#[test]
fn knight_shuffle_threefold_then_fivefold() {
    let mut t = Twin::new(&Position::startpos().to_fen());
    t.check();
    for (i, uci) in ["g1f3", "g8f6", "f3g1", "f6g8"]
        .iter()
        .cycle()
        .take(16)
        .enumerate()
    {
        t.play_uci(uci);
        t.check();
        let ply = i + 1;
        // The start position stands again after every fourth ply.
        let expected = ply / 4 + 1;
        assert_eq!(t.game.repetitions(), expected, "ply {ply}");
    }
    assert_eq!(
        t.game.outcome(),
        Some(Outcome::Draw(Draw::FivefoldRepetition))
    );
}

#[test]
fn illegal_en_passant_does_not_make_a_new_position() {
    // After ...d7-d5 the pawn on e5 attacks d6, but exd6 would expose the king on a5 to the
    // rook on h5: the capture is illegal, and FIDE counts the position as the one without
    // the en-passant square that comes back after the knights' shuffle.
    let fen = "4k2n/3p4/8/K3P2r/8/8/8/6N1 b - - 0 1";
    let mut t = Twin::new(fen);
    t.play_uci("d7d5");
    assert_eq!(t.game.position().ep_square(), Some(Square::D6));
    t.check();
    for round in 1..=4 {
        for uci in ["g1f3", "h8g6", "f3g1", "g6h8"] {
            t.play_uci(uci);
            t.check();
        }
        assert_eq!(t.game.repetitions(), round + 1);
    }
    assert!(t.game.is_fivefold_repetition());

    // With the rook off the rank the capture is legal: the first position differs.
    let fen = "4k2n/3p4/7r/K3P3/8/8/8/6N1 b - - 0 1";
    let mut t = Twin::new(fen);
    t.play_uci("d7d5");
    for round in 1..=3 {
        for uci in ["g1f3", "h8g6", "f3g1", "g6h8"] {
            t.play_uci(uci);
            t.check();
        }
        assert_eq!(t.game.repetitions(), round);
    }
}

#[test]
fn lost_castling_rights_make_a_new_position() {
    let mut t = Twin::new("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for uci in ["e1f1", "e8f8", "f1e1", "f8e8"].repeat(3) {
        t.play_uci(uci);
        t.check();
    }
    // The placement came back three times, the rights only after the first round.
    assert_eq!(t.game.repetitions(), 3);
    assert!(t.game.is_threefold_repetition());
}

#[test]
fn undo_restores_every_position() {
    let mut rng = Rng(7);
    let mut game = Game::startpos();
    let mut seen = vec![*game.position()];
    for _ in 0..scaled(200, 20) {
        let Some(mv) = pick(game.position(), &mut rng, Style::Captures) else {
            break;
        };
        game.play(mv);
        seen.push(*game.position());
    }
    assert_eq!(game.start(), &Position::startpos());
    while let Some(mv) = game.undo() {
        seen.pop();
        assert_eq!(game.position(), seen.last().unwrap());
        assert!(game.position().legal_moves().contains(&mv));
    }
    assert_eq!(seen.len(), 1);
    assert_eq!(game.position(), &Position::startpos());
    assert_eq!(game.undo(), None);
    assert!(game.moves().is_empty());
}

/// Every `Move` value `shakmaty` considers legal in `s`, in this crate's encoding.
fn shak_legal(s: &Chess) -> Vec<Move> {
    let sq = |x: shakmaty::Square| Square::new(x.to_u32() as u8).unwrap();
    s.legal_moves()
        .into_iter()
        .map(|m| {
            let kind = match (m.is_castle(), m.is_en_passant(), m.promotion()) {
                (true, _, _) => MoveKind::Castle,
                (_, true, _) => MoveKind::EnPassant,
                (_, _, Some(shakmaty::Role::Knight)) => MoveKind::PromoteKnight,
                (_, _, Some(shakmaty::Role::Bishop)) => MoveKind::PromoteBishop,
                (_, _, Some(shakmaty::Role::Rook)) => MoveKind::PromoteRook,
                (_, _, Some(_)) => MoveKind::PromoteQueen,
                _ => MoveKind::Normal,
            };
            Move::new(sq(m.from().unwrap()), sq(m.to()), kind)
        })
        .collect()
}

const KINDS: [MoveKind; 7] = [
    MoveKind::Normal,
    MoveKind::EnPassant,
    MoveKind::Castle,
    MoveKind::PromoteKnight,
    MoveKind::PromoteBishop,
    MoveKind::PromoteRook,
    MoveKind::PromoteQueen,
];

/// A move value that is often nearly legal: a legal move with its kind or destination
/// changed, or anything at all.
fn candidate(rng: &mut Rng, legal: &[Move]) -> Move {
    let any_sq = |rng: &mut Rng| Square::new(rng.below(64) as u8).unwrap();
    let kind = KINDS[rng.below(KINDS.len())];
    match (legal.is_empty(), rng.below(4)) {
        (false, 0) => legal[rng.below(legal.len())],
        (false, 1) => {
            let m = legal[rng.below(legal.len())];
            Move::new(m.from(), m.to(), kind)
        }
        (false, 2) => {
            let m = legal[rng.below(legal.len())];
            Move::new(m.from(), any_sq(rng), m.kind())
        }
        _ => Move::new(any_sq(rng), any_sq(rng), kind),
    }
}

/// Random games where each side often takes back its own last move (the piece returns to
/// its square), so positions repeat, mixed with quiet moves, captures and pawn moves.
#[test]
fn random_games_with_shuffles_agree_with_the_reference() {
    let mut rng = Rng(0x5eed);
    let (mut plies, mut games) = (0, 0);
    let (mut threefold, mut fivefold, mut refused) = (0, 0, 0);
    while plies < scaled(20_000, 1) {
        games += 1;
        let mut t = Twin::new(&Position::startpos().to_fen());
        t.check();
        for _ in 0..300 {
            if t.game.outcome().is_some() {
                break;
            }
            let pos = *t.game.position();
            // try_play refuses exactly the moves shakmaty does not list, and plays the others.
            let legal = shak_legal(&t.shak);
            for _ in 0..4 {
                let mv = candidate(&mut rng, &legal);
                let mut g = t.game.clone();
                match g.try_play(mv) {
                    Ok(()) => {
                        assert!(legal.contains(&mv), "{mv:?} in {}", pos.to_fen());
                        assert_eq!(g.undo(), Some(mv));
                    }
                    Err(e) => {
                        assert!(!legal.contains(&mv), "{mv:?} in {}", pos.to_fen());
                        assert_eq!(e.0, mv);
                        refused += 1;
                    }
                }
                assert_eq!(g.position(), &pos);
            }
            // Take back our last move two plies ago when we can, one time in two.
            let back = t
                .game
                .moves()
                .len()
                .checked_sub(2)
                .map(|i| t.game.moves()[i]);
            let undo = back
                .map(|m| Move::new(m.to(), m.from(), MoveKind::Normal))
                .filter(|m| legal.contains(m) && !is_zeroing(&pos, *m));
            let mv = match undo {
                Some(m) if rng.chance(1, 2) => m,
                _ => {
                    let style = if rng.chance(1, 8) {
                        Style::Captures
                    } else {
                        Style::Quiet
                    };
                    pick(&pos, &mut rng, style).unwrap()
                }
            };
            t.play(mv);
            t.check();
            plies += 1;
            threefold += usize::from(t.game.is_threefold_repetition());
            fivefold += usize::from(t.game.is_fivefold_repetition());
        }
    }
    println!(
        "{plies} plies in {games} games: {threefold} threefold, {fivefold} fivefold, {refused} refused moves"
    );
    assert!(threefold >= scaled(100, 0) && fivefold >= scaled(20, 0));
}

#[test]
fn try_play_and_play_uci_refuse_illegal_moves() {
    let mut game = Game::startpos();
    for mv in [
        Move::new(Square::E2, Square::E5, MoveKind::Normal),
        Move::new(Square::E7, Square::E5, MoveKind::Normal),
        Move::new(Square::E1, Square::H1, MoveKind::Castle),
        Move::new(Square::D1, Square::E8, MoveKind::Normal),
        Move::new(Square::E2, Square::E4, MoveKind::PromoteQueen),
    ] {
        let err = game.try_play(mv).unwrap_err();
        assert_eq!(err.0, mv);
        assert!(!err.to_string().is_empty());
    }
    assert!(game.play_uci("e2e5").is_err());
    assert!(game.play_uci("zz").is_err());
    assert!(game.moves().is_empty());
    assert_eq!(game.position(), &Position::startpos());
    assert_eq!(game.side_to_move(), Color::White);
}

#[test]
fn a_game_from_a_fen_counts_from_its_start() {
    // The clock says 40 plies, but the game knows only its own: no repetition before them.
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 40 60";
    let mut t = Twin::new(fen);
    for uci in ["h1h2", "e8d8", "h2h1", "d8e8"] {
        t.play_uci(uci);
        t.check();
    }
    assert_eq!(t.game.repetitions(), 1, "h1h2 lost the castling right");
    for uci in ["h1h2", "e8d8", "h2h1", "d8e8"] {
        t.play_uci(uci);
        t.check();
    }
    assert_eq!(t.game.repetitions(), 2);
    assert_eq!(
        Game::from(Position::from_fen(fen).unwrap()).repetitions(),
        1
    );
}
