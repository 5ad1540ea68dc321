//! Checked moves against shakmaty, the independent oracle: `is_legal` on every 16-bit pattern
//! (and on random patterns and other positions' moves), `try_play`, `gives_check` and `pinned`
//! over random games from the perft suites' positions, on every backend.

mod chess_common;
mod sliders_common;

use bb_chess::{Backend, Color, Move, MoveKind, Piece, Position, Square};
use bb_simd::WithBackend;
use bb_simd::for_each_backend;
use shakmaty::{CastlingMode, Chess, Position as _, Role, fen::Fen};
use std::collections::HashSet;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn oracle(fen: &str) -> Chess {
    Fen::from_ascii(fen.as_bytes())
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .into_position(CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: shakmaty::Square) -> Square {
    Square::new_masked(s.to_u32() as u8)
}

fn sm_sq(s: Square) -> shakmaty::Square {
    shakmaty::Square::new(s.index() as u32)
}

fn role(p: Piece) -> Role {
    match p {
        Piece::Pawn => Role::Pawn,
        Piece::Knight => Role::Knight,
        Piece::Bishop => Role::Bishop,
        Piece::Rook => Role::Rook,
        Piece::Queen => Role::Queen,
        Piece::King => Role::King,
    }
}

/// shakmaty's move in our encoding (castling is king takes rook in both).
fn from_oracle(m: &shakmaty::Move) -> u16 {
    let mv = match *m {
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
                Some(Role::Queen) => MoveKind::PromoteQueen,
                Some(r) => panic!("promotion to {r:?}"),
            };
            Move::new(sq(from), sq(to), kind)
        }
        shakmaty::Move::EnPassant { from, to } => Move::new(sq(from), sq(to), MoveKind::EnPassant),
        shakmaty::Move::Castle { king, rook } => Move::new(sq(king), sq(rook), MoveKind::Castle),
        shakmaty::Move::Put { .. } => panic!("drop in standard chess"),
    };
    mv.to_bits()
}

/// Our move as shakmaty's, written from the board as the move claims it; `None` when the bits
/// describe no move at all (kind 3, bit 15, an empty origin square).
fn to_oracle(pos: &Position, mv: Move) -> Option<shakmaty::Move> {
    let bits = mv.to_bits();
    if bits >> 12 == 3 || bits >> 15 != 0 {
        return None;
    }
    let (_, piece) = pos.piece_at(mv.from())?;
    let (from, to) = (sm_sq(mv.from()), sm_sq(mv.to()));
    Some(match mv.kind() {
        MoveKind::EnPassant => shakmaty::Move::EnPassant { from, to },
        MoveKind::Castle => shakmaty::Move::Castle {
            king: from,
            rook: to,
        },
        kind => shakmaty::Move::Normal {
            role: role(piece),
            from,
            capture: pos.piece_at(mv.to()).map(|(_, p)| role(p)),
            to,
            promotion: kind.promotion().map(role),
        },
    })
}

/// Pinned pieces of the side to move from the definition: walk each of the king's eight rays;
/// the first piece met is pinned when it is ours and the next one is an enemy slider moving
/// along that ray.
fn pinned_by_definition(pos: &Position) -> u64 {
    let us = pos.side_to_move();
    let k = pos.king(us);
    let mut out = 0;
    for (df, dr) in [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ] {
        let diagonal = df != 0 && dr != 0;
        let (mut f, mut r) = (k.file().index() as i32, k.rank().index() as i32);
        let mut first = None;
        loop {
            f += df;
            r += dr;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let s = Square::new_masked((r * 8 + f) as u8);
            let Some((c, p)) = pos.piece_at(s) else {
                continue;
            };
            match first {
                None if c == us => first = Some(s),
                None => break,
                Some(f1) => {
                    let slider = p == Piece::Queen
                        || (diagonal && p == Piece::Bishop)
                        || (!diagonal && p == Piece::Rook);
                    if c != us && slider {
                        out |= f1.bit();
                    }
                    break;
                }
            }
        }
    }
    out
}

fn start_fens() -> Vec<String> {
    let mut fens = vec![Position::startpos().to_fen().to_string()];
    for file in ["perftsuite.epd", "fischer.epd"] {
        let (entries, path) = chess_common::load(file);
        assert!(!entries.is_empty(), "{}", path.display());
        fens.extend(entries.into_iter().map(|e| e.fen));
    }
    fens
}

/// Every 16-bit pattern: `is_legal` passes exactly shakmaty's legal moves, and `try_play`
/// agrees. Returns the number of legal moves.
fn sweep<B: Backend>(b: B, pos: &Position, sm: &Chess) -> usize {
    let legal: HashSet<u16> = sm.legal_moves().iter().map(from_oracle).collect();
    for x in 0..=u16::MAX {
        let mv = Move::from_bits(x);
        let ours = pos.is_legal_with(b, mv);
        assert_eq!(
            ours,
            legal.contains(&x),
            "{} {mv:?} ({x:#06x})",
            pos.to_fen()
        );
    }
    legal.len()
}

/// Random games with every check at every ply. Output: plies played, 16-bit sweeps done.
#[derive(Clone)]
struct Games {
    fens: Vec<String>,
    plies: usize,
    seed: u64,
    sweep_every: usize,
}

impl WithBackend for Games {
    type Output = (usize, usize);
    fn run<B: Backend>(self, b: B) -> (usize, usize) {
        // A different game per backend, so that the plies add up.
        let salt = B::NAME
            .bytes()
            .fold(0u64, |h, c| h.wrapping_mul(31).wrapping_add(u64::from(c)));
        let mut rng = Rng(self.seed ^ salt);
        let (mut plies, mut sweeps) = (0, 0);
        let mut foreign: Vec<Move> = Vec::new();
        let mut game = 0;
        while plies < self.plies {
            let fen = &self.fens[(self.seed as usize + game) % self.fens.len()];
            game += 1;
            let mut pos = Position::from_fen(fen).unwrap();
            let mut sm = oracle(fen);
            for _ in 0..200 {
                let fen = pos.to_fen();
                assert_eq!(pos.key(), pos.compute_key(), "{fen}");
                let list = pos.legal_moves();
                let mut ours: Vec<u16> = list.iter().map(|m| m.to_bits()).collect();
                let mut theirs: Vec<u16> = sm.legal_moves().iter().map(from_oracle).collect();
                ours.sort_unstable();
                theirs.sort_unstable();
                assert_eq!(ours, theirs, "{fen}");
                assert_eq!(pos.pinned().0, pinned_by_definition(&pos), "{fen}");
                for &m in list.iter() {
                    assert!(pos.is_legal_with(b, m), "{fen} {m:?}");
                    let Some(sm_m) = to_oracle(&pos, m) else {
                        panic!("{fen} {m:?} untranslatable")
                    };
                    // shakmaty keeps its gives_check private: play and ask.
                    let mut after = sm.clone();
                    after.play_unchecked(sm_m);
                    assert_eq!(pos.gives_check_with(b, m), after.is_check(), "{fen} {m:?}");
                }
                // Hash-table-like moves: random bits, and moves of other positions.
                for i in 0..24 {
                    let mv = if i % 2 == 0 || foreign.is_empty() {
                        Move::from_bits(rng.next() as u16)
                    } else {
                        foreign[rng.below(foreign.len())]
                    };
                    let want = to_oracle(&pos, mv).is_some_and(|m| sm.is_legal(m));
                    assert_eq!(pos.is_legal_with(b, mv), want, "{fen} {mv:?}");
                    match pos.try_play(mv) {
                        Ok(next) => assert!(want && next == pos.play(mv), "{fen} {mv:?}"),
                        Err(e) => assert!(!want && e.0 == mv, "{fen} {mv:?}"),
                    }
                }
                if plies % self.sweep_every == 0 {
                    sweep(b, &pos, &sm);
                    sweeps += 1;
                }
                if list.is_empty() {
                    break;
                }
                foreign.extend(list.iter().copied());
                if foreign.len() > 4096 {
                    foreign.drain(..2048);
                }
                let m = list[rng.below(list.len())];
                let next = pos.try_play(m).unwrap_or_else(|e| panic!("{fen}: {e}"));
                assert_eq!(next, pos.play(m));
                pos = next;
                sm.play_unchecked(to_oracle(&Position::from_fen(&fen).unwrap(), m).unwrap());
                plies += 1;
            }
        }
        (plies, sweeps)
    }
}

fn run_games(total_plies: usize, sweep_every: usize) {
    let fens = start_fens();
    let backends = bb_simd::test_backends().len().max(1);
    let per = total_plies.div_ceil(backends);
    let mut total = 0;
    for (backend, (plies, sweeps)) in for_each_backend(Games {
        fens,
        plies: per,
        seed: 0x5eed_0038,
        sweep_every,
    }) {
        assert!(plies >= per && sweeps >= 1, "{backend}: {plies} plies");
        total += plies;
    }
    assert!(total >= total_plies);
}

#[test]
fn random_games_against_shakmaty() {
    run_games(sliders_common::scaled(100_000), 500);
}

#[test]
#[ignore = "long: 10 M plies, cargo test --release -p bb-chess --test legality -- --ignored"]
fn random_games_against_shakmaty_10m() {
    run_games(10_000_000, 2_000);
}

/// Every 16-bit pattern on the start position of every perft-suite entry, every backend.
#[derive(Clone)]
struct Sweeps(Vec<String>);

impl WithBackend for Sweeps {
    type Output = usize;
    fn run<B: Backend>(self, b: B) -> usize {
        self.0
            .iter()
            .map(|fen| sweep(b, &Position::from_fen(fen).unwrap(), &oracle(fen)))
            .sum()
    }
}

#[test]
fn every_bit_pattern_on_the_perft_suite() {
    let (entries, _) = chess_common::load("perftsuite.epd");
    let n = sliders_common::scaled(16).min(entries.len());
    let fens: Vec<String> = entries.into_iter().take(n).map(|e| e.fen).collect();
    for (backend, moves) in for_each_backend(Sweeps(fens)) {
        assert!(moves > 0, "{backend}");
    }
}

/// `play` takes any `Move`: it must return (an unspecified position) without panicking, in
/// debug builds too, and the result must still be usable without panics.
#[test]
fn play_never_panics() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ];
    let step = if sliders_common::scaled(1) > 1 { 1 } else { 3 };
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap();
        for x in (0..=u16::MAX).step_by(step) {
            let next = pos.play(Move::from_bits(x));
            let _ = (next.compute_key(), next.to_fen(), next.count_legal());
            let _ = pos.gives_check(Move::from_bits(x));
        }
    }
}

fn mv(from: Square, to: Square, kind: MoveKind) -> Move {
    Move::new(from, to, kind)
}

/// Hand-made illegal (and a few legal) moves; each expectation is also checked against shakmaty.
#[test]
fn hand_cases() {
    use MoveKind::*;
    let cases: &[(&str, Move, bool, &str)] = &[
        // The four corruptions `play` used to accept silently.
        (
            START,
            mv(Square::E4, Square::E5, Normal),
            false,
            "no piece on the origin",
        ),
        (
            START,
            mv(Square::D1, Square::E8, Normal),
            false,
            "queen jumping to take the king",
        ),
        (
            START,
            mv(Square::E1, Square::H1, Castle),
            false,
            "castling through pieces",
        ),
        (
            START,
            mv(Square::E1, Square::E2, Normal),
            false,
            "king taking its own pawn",
        ),
        (
            START,
            mv(Square::E7, Square::E5, Normal),
            false,
            "the other side's piece",
        ),
        (
            START,
            mv(Square::E2, Square::E4, Normal),
            true,
            "double push",
        ),
        (
            START,
            mv(Square::E2, Square::E4, EnPassant),
            false,
            "double push flagged en passant",
        ),
        (
            START,
            mv(Square::E2, Square::E3, PromoteQueen),
            false,
            "promotion off the last rank",
        ),
        (
            START,
            mv(Square::G1, Square::F3, PromoteKnight),
            false,
            "promotion flag on a knight",
        ),
        (
            START,
            Move::from_bits(mv(Square::E2, Square::E4, Normal).to_bits() | 3 << 12),
            false,
            "kind 3",
        ),
        (
            START,
            Move::from_bits(mv(Square::E2, Square::E4, Normal).to_bits() | 1 << 15),
            false,
            "bit 15",
        ),
        (
            START,
            mv(Square::E2, Square::E5, Normal),
            false,
            "pawn three squares",
        ),
        (
            START,
            mv(Square::F1, Square::C4, Normal),
            false,
            "bishop through a pawn",
        ),
        (
            "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            mv(Square::A7, Square::A8, Normal),
            false,
            "last rank without promotion",
        ),
        (
            "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            mv(Square::A7, Square::A8, PromoteRook),
            true,
            "under-promotion",
        ),
        // En passant.
        (
            "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
            mv(Square::E5, Square::D6, EnPassant),
            false,
            "ep exposes the king on the rank",
        ),
        (
            "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
            mv(Square::E5, Square::D6, Normal),
            false,
            "ep written as a normal move",
        ),
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            mv(Square::E5, Square::D6, EnPassant),
            true,
            "en passant",
        ),
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            mv(Square::E5, Square::D6, Normal),
            false,
            "en passant as a normal move",
        ),
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1",
            mv(Square::E5, Square::D6, EnPassant),
            false,
            "en passant without the right",
        ),
        (
            "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1",
            mv(Square::E5, Square::D6, EnPassant),
            true,
            "ep capturing the checking pawn",
        ),
        (
            "4k3/1b6/8/3pP3/8/8/8/7K w - d6 0 1",
            mv(Square::E5, Square::D6, EnPassant),
            false,
            "ep discovers a diagonal check through d5",
        ),
        (
            "2b1k3/8/8/3pP3/8/7K/8/8 w - d6 0 1",
            mv(Square::E5, Square::D6, EnPassant),
            false,
            "ep ignores a bishop check",
        ),
        // Pins and checks.
        (
            "4k3/8/8/8/4r3/8/4N3/4K3 w - - 0 1",
            mv(Square::E2, Square::C3, Normal),
            false,
            "pinned knight",
        ),
        (
            "4k3/8/8/8/4r3/8/4R3/4K3 w - - 0 1",
            mv(Square::E2, Square::E4, Normal),
            true,
            "pinned rook takes the pinner",
        ),
        (
            "4k3/8/8/8/4r3/8/4R3/4K3 w - - 0 1",
            mv(Square::E2, Square::D2, Normal),
            false,
            "pinned rook leaves the line",
        ),
        (
            "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1",
            mv(Square::E1, Square::E2, Normal),
            false,
            "king into check",
        ),
        (
            "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1",
            mv(Square::E1, Square::D2, Normal),
            true,
            "king takes the checker",
        ),
        (
            "4k3/4r3/8/8/8/8/8/4K3 w - - 0 1",
            mv(Square::E1, Square::E2, Normal),
            false,
            "king along the checking line",
        ),
        (
            "4k3/4r3/8/8/8/8/6N1/4K3 w - - 0 1",
            mv(Square::G2, Square::E3, Normal),
            true,
            "knight blocks the check",
        ),
        (
            "4k3/4r3/8/8/8/8/6N1/4K3 w - - 0 1",
            mv(Square::G2, Square::F4, Normal),
            false,
            "knight ignores the check",
        ),
        (
            "4k3/4r3/8/8/8/5n2/6N1/4K3 w - - 0 1",
            mv(Square::G2, Square::E3, Normal),
            false,
            "block in double check",
        ),
        // Castling.
        (
            CASTLE,
            mv(Square::E1, Square::H1, Castle),
            true,
            "short castling",
        ),
        (
            CASTLE,
            mv(Square::E1, Square::A1, Castle),
            true,
            "long castling",
        ),
        (
            CASTLE,
            mv(Square::E1, Square::G1, Castle),
            false,
            "castling to the king's square",
        ),
        (
            CASTLE,
            mv(Square::E1, Square::G1, Normal),
            false,
            "castling as a king move",
        ),
        (
            CASTLE,
            mv(Square::E8, Square::H8, Castle),
            false,
            "the other side's castling",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1",
            mv(Square::E1, Square::H1, Castle),
            false,
            "without the right",
        ),
        (
            "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1",
            mv(Square::E1, Square::A1, Castle),
            false,
            "through a knight on b1",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1",
            mv(Square::E1, Square::H1, Castle),
            false,
            "through a knight on g1",
        ),
        (
            "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
            mv(Square::E1, Square::H1, Castle),
            false,
            "through check",
        ),
        (
            "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1",
            mv(Square::E1, Square::A1, Castle),
            false,
            "out of check",
        ),
        (
            "r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1",
            mv(Square::E1, Square::H1, Castle),
            false,
            "into check",
        ),
        (
            "r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1",
            mv(Square::E1, Square::A1, Castle),
            true,
            "b1 attacked: long castling is legal",
        ),
        // Chess960.
        (
            "r3k2r/8/8/8/8/8/8/1R2K1R1 w GBha - 0 1",
            mv(Square::E1, Square::G1, Castle),
            true,
            "960 short, rook on g1",
        ),
        (
            "r3k2r/8/8/8/8/8/8/1R2K1R1 w GBha - 0 1",
            mv(Square::E1, Square::B1, Castle),
            true,
            "960 long, rook on b1",
        ),
        (
            "r3k2r/8/8/8/8/8/8/1R2K1R1 w GBha - 0 1",
            mv(Square::E1, Square::G1, Normal),
            false,
            "960 king takes own rook",
        ),
        (
            "4k3/8/8/8/8/8/8/rR2K3 w B - 0 1",
            mv(Square::E1, Square::B1, Castle),
            false,
            "960 long with an a1 rook behind",
        ),
        (
            "4k3/8/8/8/8/8/8/1RK5 w B - 0 1",
            mv(Square::C1, Square::B1, Castle),
            true,
            "960 king already on c1",
        ),
        (
            "4k3/8/8/8/8/8/8/qRK5 w B - 0 1",
            mv(Square::C1, Square::B1, Castle),
            false,
            "960 rook shields the king from a1",
        ),
        (
            "4k3/8/8/8/8/8/8/5KRq w G - 0 1",
            mv(Square::F1, Square::G1, Castle),
            false,
            "960 queen behind the g1 rook",
        ),
    ];
    for &(fen, m, want, what) in cases {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let sm = oracle(fen);
        let oracle_says = to_oracle(&pos, m).is_some_and(|x| sm.is_legal(x));
        assert_eq!(oracle_says, want, "oracle disagrees with the case: {what}");
        assert_eq!(pos.is_legal(m), want, "{what}: {fen} {m:?}");
        assert_eq!(pos.try_play(m).is_ok(), want, "{what}");
        for (backend, got) in for_each_backend(IsLegal(pos, m)) {
            assert_eq!(got, want, "{what} on {backend}");
        }
    }
}

#[derive(Clone)]
struct IsLegal(Position, Move);

impl WithBackend for IsLegal {
    type Output = bool;
    fn run<B: Backend>(self, b: B) -> bool {
        self.0.is_legal_with(b, self.1)
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const CASTLE: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

#[test]
fn uci_castling_in_both_forms() {
    let pos = Position::from_fen(CASTLE).unwrap();
    for (text, rook) in [
        ("e1g1", Square::H1),
        ("e1h1", Square::H1),
        ("e1c1", Square::A1),
        ("e1a1", Square::A1),
    ] {
        let m = Move::parse_uci(&pos, text).unwrap();
        assert_eq!(m, Move::new(Square::E1, rook, MoveKind::Castle), "{text}");
        assert_eq!(
            m.to_uci(&pos).as_str(),
            if rook == Square::H1 { "e1g1" } else { "e1c1" }
        );
    }
    // Chess960: the rook form, and the king's destination when it is not a king step.
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/1R2K1R1 w GBha - 0 1").unwrap();
    assert!(pos.is_chess960());
    let short = Move::new(Square::E1, Square::G1, MoveKind::Castle);
    assert_eq!(Move::parse_uci(&pos, "e1g1"), Ok(short));
    assert_eq!(short.to_uci(&pos).as_str(), "e1g1");
    assert_eq!(
        Move::parse_uci(&pos, "e1b1").unwrap().kind(),
        MoveKind::Castle
    );
    assert_eq!(Move::parse_uci(&pos, "e1c1").unwrap().to(), Square::B1);
    // A king step wins over castling written as the king's destination.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/1RK5 w B - 0 1").unwrap();
    assert_eq!(
        Move::parse_uci(&pos, "c1d1").unwrap().kind(),
        MoveKind::Normal
    );
    assert_eq!(
        Move::parse_uci(&pos, "c1b1").unwrap().kind(),
        MoveKind::Castle
    );
    let _ = Color::White;
}

#[test]
fn display_and_bits() {
    let m = Move::new(Square::B7, Square::A8, MoveKind::PromoteQueen);
    assert_eq!(m.to_string(), "b7a8q");
    for x in 0..=u16::MAX {
        let m = Move::from_bits(x);
        assert_eq!(m.to_bits(), x);
        let (_, _, _, _) = (m.from(), m.to(), m.kind(), m.to_string());
    }
}
