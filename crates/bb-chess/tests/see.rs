//! Static exchange evaluation: `Position::see` / `see_ge` and the byteboard forms against a slow
//! reference written here from the definition (minimax over the capture sequences on the target
//! square, on a mailbox, attackers found by walking rays), on random positions of random games
//! from the perft suites and on hand-made cases whose values follow from chess knowledge.

mod chess_common;
mod sliders_common;

use bb_chess::byteboard::Byteboard;
use bb_chess::see::SEE_VALUES;
use bb_chess::{Color, Move, MoveKind, Piece, Position};
use bb_core::Square;
use bb_core::rng::Rng;
use bb_simd::{Backend, WithBackend, for_each_backend};

// ---------------------------------------------------------------------------------------------
// The reference.

type Mailbox = [Option<(Color, Piece)>; 64];

const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn mailbox(pos: &Position) -> Mailbox {
    core::array::from_fn(|s| pos.piece_at(Square::new(s as u8).unwrap()))
}

/// The squares of `side`'s pieces attacking `to` on `board`, found by looking outward from it.
fn attackers(board: &Mailbox, to: Square, side: Color) -> Vec<(Piece, Square)> {
    let mut out = Vec::new();
    let mut at = |df: i8, dr: i8, kinds: &[Piece]| {
        if let Some(s) = to.translate(df, dr)
            && let Some((c, p)) = board[s.index()]
            && c == side
            && kinds.contains(&p)
        {
            out.push((p, s));
        }
    };
    // A white pawn attacks `to` from one rank below it, a black one from one rank above.
    let dr = if side == Color::White { -1 } else { 1 };
    at(-1, dr, &[Piece::Pawn]);
    at(1, dr, &[Piece::Pawn]);
    for (df, dr) in KNIGHT {
        at(df, dr, &[Piece::Knight]);
    }
    for (df, dr) in ORTHOGONAL.into_iter().chain(DIAGONAL) {
        at(df, dr, &[Piece::King]);
    }
    for (dirs, slider) in [(ORTHOGONAL, Piece::Rook), (DIAGONAL, Piece::Bishop)] {
        for (df, dr) in dirs {
            let mut k = 1;
            while let Some(s) = to.translate(df * k, dr * k) {
                if let Some((c, p)) = board[s.index()] {
                    if c == side && (p == slider || p == Piece::Queen) {
                        out.push((p, s));
                    }
                    break;
                }
                k += 1;
            }
        }
    }
    out
}

/// The best a side to move can get from the captures on `to` (0 by standing pat), when the piece
/// on `to` is worth `on_square`. With `lva_only`, a side may capture only with its least valuable
/// attacker (the lowest square among equals), the documented convention of the swap algorithm;
/// without, with any attacker.
fn best(board: &Mailbox, to: Square, side: Color, on_square: i64, lva_only: bool) -> i64 {
    let mut choices = attackers(board, to, side);
    choices.sort_by_key(|&(p, s)| (p.index(), s.index()));
    if lva_only {
        choices.truncate(1);
    }
    let mut best_value = 0;
    for (p, from) in choices {
        let mut next = *board;
        next[from.index()] = None;
        let promotes = p == Piece::Pawn && (to.rank().index() == 0 || to.rank().index() == 7);
        let now = if promotes { Piece::Queen } else { p };
        next[to.index()] = Some((side, now));
        // The king may not capture onto a square the other side still attacks.
        if p == Piece::King && !attackers(&next, to, !side).is_empty() {
            continue;
        }
        let gain = on_square
            + if promotes {
                i64::from(SEE_VALUES[4] - SEE_VALUES[0])
            } else {
                0
            };
        let v = gain
            - best(
                &next,
                to,
                !side,
                i64::from(SEE_VALUES[now.index()]),
                lva_only,
            );
        best_value = best_value.max(v);
    }
    best_value
}

/// The exchange value of `mv` on `pos` from the definition.
fn reference_see(pos: &Position, mv: Move, lva_only: bool) -> i64 {
    if mv.kind() == MoveKind::Castle {
        return 0;
    }
    let mut board = mailbox(pos);
    let (from, to) = (mv.from(), mv.to());
    let (us, mover) = board[from.index()].unwrap();
    let value = |p: Piece| i64::from(SEE_VALUES[p.index()]);
    let mut gain = board[to.index()].map_or(0, |(_, p)| value(p));
    if mv.kind() == MoveKind::EnPassant {
        let victim = Square::from_file_rank(to.file(), from.rank());
        assert_eq!(board[victim.index()], Some((!us, Piece::Pawn)));
        board[victim.index()] = None;
        gain = value(Piece::Pawn);
    }
    let now = mv.kind().promotion().unwrap_or(mover);
    if now != mover {
        gain += value(now) - value(Piece::Pawn);
    }
    board[from.index()] = None;
    board[to.index()] = Some((us, now));
    gain - best(&board, to, !us, value(now), lva_only)
}

// ---------------------------------------------------------------------------------------------
// Random positions.

/// Positions from random games (0 to 40 plies) from the perft-suite positions, seeded.
fn random_positions(n: usize, seed: u64) -> Vec<Position> {
    let fens: Vec<String> = chess_common::load("perftsuite.epd")
        .0
        .into_iter()
        .map(|e| e.fen)
        .collect();
    assert!(fens.len() > 50);
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let fen = &fens[rng.below(fens.len() as u64) as usize];
        let mut pos = Position::from_fen(fen).unwrap();
        for _ in 0..rng.below(41) {
            let list = pos.legal_moves();
            if list.is_empty() {
                break;
            }
            let pick = list[rng.below(list.len() as u64) as usize];
            pos = pos.play(pick);
        }
        out.push(pos);
    }
    out
}

#[derive(Clone)]
struct AgainstReference(Vec<Position>);

impl WithBackend for AgainstReference {
    type Output = (usize, usize);
    fn run<B: Backend>(self, b: B) -> (usize, usize) {
        let mut rng = Rng::new(0x5ee_5ee);
        let (mut moves, mut nonzero) = (0, 0);
        for pos in &self.0 {
            let board = Byteboard::from_position(pos).unwrap();
            for &mv in pos.legal_moves().iter() {
                let want = reference_see(pos, mv, true);
                let got = pos.see_with(b, mv, &SEE_VALUES);
                let ctx = || format!("{}: {} {}", B::NAME, pos.to_fen(), mv.to_uci(pos).as_str());
                assert_eq!(i64::from(got), want, "see {}", ctx());
                assert_eq!(board.see(mv), got, "byteboard see {}", ctx());
                let r = rng.below(2001) as i32 - 1000;
                for t in [got - 1, got, got + 1, r, i32::MIN, i32::MAX, 0] {
                    let ge = got >= t;
                    assert_eq!(
                        pos.see_ge_with(b, mv, t, &SEE_VALUES),
                        ge,
                        "see_ge {t} {}",
                        ctx()
                    );
                    assert_eq!(board.see_ge(mv, t), ge, "byteboard see_ge {t} {}", ctx());
                }
                moves += 1;
                nonzero += usize::from(got != 0);
            }
        }
        (moves, nonzero)
    }
}

#[test]
fn see_matches_reference_on_random_positions_on_every_backend() {
    let n = sliders_common::scaled(40);
    let positions = random_positions(n, 0x5ee_0001);
    for (backend, (moves, nonzero)) in for_each_backend(AgainstReference(positions)) {
        // Enough moves, and enough of them non-trivial exchanges, for the check to mean
        // something: at full scale (the host and native lanes; emulated lanes run a tenth).
        if n >= 40 {
            assert!(moves > 500, "{backend}: {moves} moves");
            assert!(nonzero > moves / 10, "{backend}: {nonzero} of {moves}");
        }
    }
}

/// The auto-dispatched forms agree with the token forms (one backend is enough: they call them).
#[test]
fn dispatched_forms_agree() {
    for pos in random_positions(sliders_common::scaled(10), 0x5ee_0002) {
        for &mv in pos.legal_moves().iter() {
            let v = pos.see_with(bb_simd::Scalar, mv, &SEE_VALUES);
            assert_eq!(pos.see(mv), v);
            assert!(pos.see_ge(mv, v));
            assert!(!pos.see_ge(mv, v + 1));
        }
    }
}

/// The swap algorithm recaptures with the least valuable piece; a minimax free to pick any
/// attacker can only do better for the side choosing, and the two differ rarely. This measures
/// how rarely (printed with `--nocapture`) and checks that they agree on most moves.
#[test]
fn least_valuable_first_is_almost_always_the_full_minimax() {
    let (mut moves, mut differ) = (0, 0);
    for pos in random_positions(sliders_common::scaled(40), 0x5ee_0003) {
        for &mv in pos.legal_moves().iter() {
            let full = reference_see(&pos, mv, false);
            let lva = reference_see(&pos, mv, true);
            if full != lva {
                differ += 1;
                println!(
                    "differs: {} {}: swap {lva}, full minimax {full}",
                    pos.to_fen(),
                    mv.to_uci(&pos).as_str()
                );
            }
            moves += 1;
        }
    }
    println!("{differ} of {moves} moves differ");
    assert!(differ * 100 <= moves, "{differ} of {moves}");
}

/// Other piece values reach both forms (a value table in which a knight is worth a rook).
#[test]
fn custom_values() {
    let pos = Position::from_fen("4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1").unwrap();
    let nxd5 = Move::new(Square::E3, Square::D5, MoveKind::Normal);
    let values = [100, 500, 330, 500, 900, 0];
    assert_eq!(pos.see_with(bb_simd::Scalar, nxd5, &values), 100 - 500);
    let board = Byteboard::from_position(&pos).unwrap();
    assert_eq!(board.see_with(nxd5, &values), 100 - 500);
    assert!(board.see_ge_with(nxd5, -400, &values));
    assert!(!pos.see_ge_with(bb_simd::Scalar, nxd5, -399, &values));
}

// ---------------------------------------------------------------------------------------------
// Hand-made cases (values with P 100, N 320, B 330, R 500, Q 900).

fn check(fen: &str, uci: &str, want: i32) {
    let pos = Position::from_fen(fen).unwrap();
    let mv = Move::parse_uci(&pos, uci).unwrap();
    assert!(pos.legal_moves().contains(&mv), "{fen} {uci} is not legal");
    assert_eq!(pos.see(mv), want, "{fen} {uci}");
    assert_eq!(
        reference_see(&pos, mv, true),
        i64::from(want),
        "reference {fen} {uci}"
    );
    let board = Byteboard::from_position(&pos).unwrap();
    assert_eq!(board.see(mv), want, "byteboard {fen} {uci}");
    assert!(
        pos.see_ge(mv, want) && !pos.see_ge(mv, want + 1),
        "{fen} {uci}"
    );
    assert!(
        board.see_ge(mv, want) && !board.see_ge(mv, want + 1),
        "{fen} {uci}"
    );
}

#[test]
fn simple_captures() {
    // An undefended pawn.
    check("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100);
    // A pawn defended by a pawn, taken by the queen.
    check("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 100 - 900);
    // A quiet knight move onto a square a pawn attacks.
    check("4k3/8/2p5/8/8/4N3/8/4K3 w - - 0 1", "e3d5", -320);
    // A quiet move onto a safe square.
    check("4k3/8/8/8/8/4N3/8/4K3 w - - 0 1", "e3d5", 0);
    // Pawn takes knight defended by a pawn: 320 - 100.
    check("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 220);
}

#[test]
fn x_rays() {
    // Rook behind rook: Rxd5 Rxd5 Rxd5 wins the pawn (100); without the x-ray it loses (-400).
    check("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100);
    // Rook behind rook against a pawn defence: 100 - 500 + 100.
    check("4k3/8/2p5/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", -300);
    // Queen behind bishop against a knight defence: Bxd5 Nxd5 Qxd5, 100 - (330 - 320).
    check("4k3/8/1n6/3p4/4B3/5Q2/8/4K3 w - - 0 1", "e4d5", 90);
    // Queen behind bishop against a pawn defence: Bxd5 exd5 Qxd5, 100 - (330 - 100).
    check("4k3/8/4p3/3p4/4B3/5Q2/8/4K3 w - - 0 1", "e4d5", -130);
    // An x-ray of the defender: the black queen behind the black rook on the file.
    check(
        "3qk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1",
        "d2d5",
        100 - 500 + 500 - 500,
    );
    // A pawn push that uncovers a rook behind it: e3 is defended twice after e2-e3.
    check("4k3/8/8/3n4/8/8/4P3/4R1K1 w - - 0 1", "e2e3", 0);
}

#[test]
fn pins_are_ignored() {
    // The e6 pawn is pinned by the e1 rook, but recaptures all the same.
    check("4k3/8/4p3/3p4/8/8/8/3RR1K1 w - - 0 1", "d1d5", 100 - 500);
}

#[test]
fn promotions() {
    // Capture-promotion of an undefended rook: 500 + 900 - 100.
    check("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", 1300);
    // Defended by a rook: the new queen is taken, 1300 - 900.
    check("r2rk3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", 400);
    // Underpromotion to a knight, defended: 500 + 320 - 100, then the knight is lost.
    check("r2rk3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8n", 400);
    // A quiet promotion onto a square a rook attacks: 800 - 900.
    check("7r/1P2k3/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", -100);
    // A pawn recapture on the last rank promotes: Rxb8 axb8=Q, 320 - (500 + 800).
    check("1N5r/P3k3/8/8/8/8/8/4K3 b - - 0 1", "h8b8", 320 - 1300);
}

#[test]
fn en_passant() {
    // An undefended pawn taken en passant.
    check("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", 100);
    // Defended by a pawn: 100 - 100.
    check("4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", 0);
    // The pawn taken uncovers a black rook on the file below it: 100 - 100.
    check("4k3/8/8/3pP3/8/8/7K/3r4 w - d6 0 2", "e5d6", 0);
}

#[test]
fn king_recaptures_only_when_safe() {
    // The king takes the queen: nothing else defends d4.
    check("8/8/8/3k4/3p4/8/8/3QK3 w - - 0 1", "d1d4", 100 - 900);
    // The f3 knight defends d4: the king may not recapture.
    check("8/8/8/3k4/3p4/5N2/8/3QK3 w - - 0 1", "d1d4", 100);
    // The queen behind the rook defends d4 once the rook has gone.
    check("8/8/8/3k4/3p4/8/3R4/3QK3 w - - 0 1", "d2d4", 100);
    // Black's queen takes a pawn the white king alone defends.
    check("4k3/8/8/7q/8/8/4P3/4K3 b - - 0 1", "h5e2", 100 - 900);
}

#[test]
fn castling_exchanges_nothing() {
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let board = Byteboard::from_position(&pos).unwrap();
    for uci in ["e1g1", "e1c1"] {
        let mv = Move::parse_uci(&pos, uci).unwrap();
        assert_eq!(pos.see(mv), 0);
        assert_eq!(board.see(mv), 0);
        assert!(pos.see_ge(mv, 0) && !pos.see_ge(mv, 1));
        assert!(board.see_ge(mv, 0) && !board.see_ge(mv, 1));
    }
}

#[test]
fn any_move_value_gives_a_number() {
    // Garbage moves (empty origin, the other side's piece, castling without a rook) must not
    // panic in either form.
    let pos = Position::startpos();
    let board = Byteboard::from_position(&pos).unwrap();
    for bits in (0..=u16::MAX).step_by(7) {
        let kind = [
            MoveKind::Normal,
            MoveKind::EnPassant,
            MoveKind::Castle,
            MoveKind::PromoteKnight,
            MoveKind::PromoteQueen,
        ][usize::from(bits >> 12) % 5];
        let mv = Move::new(
            Square::new((bits & 63) as u8).unwrap(),
            Square::new(((bits >> 6) & 63) as u8).unwrap(),
            kind,
        );
        let v = pos.see(mv);
        let _ = pos.see_ge(mv, v);
        let _ = board.see(mv);
        let _ = board.see_ge(mv, v);
    }
}
