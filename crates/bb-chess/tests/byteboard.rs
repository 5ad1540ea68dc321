//! Byteboard: transposition round trips, and incremental attack tables against tables computed
//! from scratch after every move of seeded random games, on every backend.

mod chess_common;
mod sliders_common;

use bb_chess::byteboard::transpose::{
    self, Bitboards, Gfni, Movemask, SquareLoop, Transpose, TransposeVariant,
};
use bb_chess::byteboard::{Byteboard, Place, geometry, superpiece_attacks};
use bb_chess::{Color, Piece, Position};
use bb_core::Square;
use bb_core::rng::Rng;
use bb_simd::{Backend, WithBackend, for_each_backend};

fn random_mailbox(rng: &mut Rng) -> [Place; 64] {
    let density = rng.below(65);
    core::array::from_fn(|_| {
        if rng.below(64) < density {
            let c = if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            let p = Piece::ALL[rng.below(6) as usize];
            Place::new(c, p, rng.below(16) as u8)
        } else {
            Place::EMPTY
        }
    })
}

/// The inverse of every variant on one backend: returns the variant names checked.
fn check_inverses<B: Backend>(b: B, m: &[Place; 64], bbs: &Bitboards) -> Vec<&'static str> {
    fn one<V: TransposeVariant, B: Backend>(
        b: B,
        m: &[Place; 64],
        bbs: &Bitboards,
    ) -> &'static str {
        let back = b.vectorize(|| V::from_bitboards(b, bbs));
        assert_eq!(
            back,
            m.map(|p| p.0 & 0xf0),
            "{} {} inverse",
            B::NAME,
            V::NAME
        );
        V::NAME
    }
    vec![
        one::<SquareLoop, B>(b, m, bbs),
        one::<Movemask, B>(b, m, bbs),
        one::<Gfni, B>(b, m, bbs),
    ]
}

#[derive(Clone)]
struct RoundTrip(Vec<[Place; 64]>);
impl WithBackend for RoundTrip {
    type Output = usize;
    fn run<B: Backend>(self, b: B) -> usize {
        let mut checked = 0;
        for m in &self.0 {
            let want = definition(m);
            checked += check_inverses(b, m, &want).len();
            assert_eq!(b.vectorize(|| transpose::to_bitboards(b, m)), want);
            assert_eq!(
                b.vectorize(|| transpose::from_bitboards(b, &want)),
                m.map(|p| Place(p.0 & 0xf0))
            );
        }
        checked
    }
}

/// The eight bitboards from the definition: each occupied square in its kind's and its colour's.
fn definition(m: &[Place; 64]) -> Bitboards {
    let mut out = Bitboards::default();
    for (s, p) in m.iter().enumerate() {
        if let Some(k) = p.piece() {
            let c = if p.0 & 0x80 != 0 { 7 } else { 6 };
            out.0[Piece::ALL.iter().position(|&x| x == k).unwrap()] |= 1 << s;
            out.0[c] |= 1 << s;
        }
    }
    out
}

#[test]
fn transpose_round_trips_on_every_backend() {
    let n = sliders_common::scaled(2000);
    let mut rng = Rng::new(0xb17e_b0a4d);
    let mailboxes: Vec<[Place; 64]> = (0..n).map(|_| random_mailbox(&mut rng)).collect();
    // Every variant forwards, on every backend, against the kernel's oracle; and against the
    // definition here.
    let raw: Vec<[u8; 64]> = mailboxes.iter().map(|m| m.map(|p| p.0)).collect();
    let ran = bb_simd::kernel::check::<Transpose>(&raw);
    assert!(ran.iter().all(|&(_, k)| k == 3), "{ran:?}");
    for m in &mailboxes {
        assert_eq!(
            SquareLoop::to_bitboards(bb_simd::Scalar, &m.map(|p| p.0)),
            definition(m)
        );
    }
    // Every variant backwards.
    assert_eq!(
        check_inverses(bb_simd::Scalar, &[Place::EMPTY; 64], &Bitboards::default()),
        bb_simd::kernel::variant_names::<Transpose>()
    );
    for (backend, k) in for_each_backend(RoundTrip(mailboxes)) {
        assert_eq!(k, 3 * n, "{backend}");
    }
}

#[test]
fn transpose_empty_and_full() {
    let m = [Place::new(Color::Black, Piece::Queen, 1); 64];
    let bbs = SquareLoop::to_bitboards(bb_simd::Scalar, &m.map(|p| p.0));
    assert_eq!(bbs, Bitboards([0, 0, 0, 0, !0, 0, 0, !0]));
    let e = SquareLoop::to_bitboards(bb_simd::Scalar, &[0; 64]);
    assert_eq!(e, Bitboards::default());
    assert_eq!(definition(&m), bbs);
}

#[test]
fn transpose_default_table_names_listed_variants() {
    for isa in bb_simd::Isa::ALL {
        assert!(
            bb_simd::kernel::variant_names::<Transpose>()
                .contains(&transpose::default_name(isa, true))
        );
    }
}

#[test]
#[allow(clippy::needless_range_loop)]
fn geometry_is_consistent() {
    let (coords, valid) = geometry::ray_coords();
    let (inv, inv_eo) = geometry::inverse_rays();
    for s in Square::ALL {
        let i = s.index();
        // Every valid slot maps back to itself through the inverse permutation.
        for slot in 0..64 {
            if valid[i] >> slot & 1 != 0 {
                let t = coords[i][slot] as usize;
                assert_eq!(inv[i][t] as usize, slot);
                assert_eq!(inv_eo[i][geometry::eo_index(t)] as usize, slot);
            }
        }
        // On an empty board the superpiece sees exactly queen + knight squares.
        let seen = superpiece_attacks(0, valid[i]);
        let board = (0..64)
            .filter(|k| seen >> k & 1 != 0)
            .fold(0u64, |a, k| a | 1 << coords[i][k]);
        assert_eq!(
            board,
            bb_core::reference::queen_attacks(s, 0) | bb_core::reference::knight_attacks(s)
        );
    }
    for j in 0..64 {
        assert_eq!(geometry::eo_index(geometry::eo_square(j)), j);
    }
}

fn bitboards_of(pos: &Position) -> Bitboards {
    let mut out = [0u64; 8];
    for p in Piece::ALL {
        out[p.index()] = pos.kind(p).0;
    }
    out[6] = pos.color(Color::White).0;
    out[7] = pos.color(Color::Black).0;
    Bitboards(out)
}

fn start_fens() -> Vec<String> {
    let mut v: Vec<String> = chess_common::load("perftsuite.epd")
        .0
        .into_iter()
        .map(|e| e.fen)
        .take(40)
        .collect();
    v.extend(
        chess_common::load("fischer.epd")
            .0
            .into_iter()
            .map(|e| e.fen)
            .take(40),
    );
    v
}

#[derive(Clone)]
struct Games {
    fens: Vec<String>,
    games: usize,
    plies: usize,
}

impl WithBackend for Games {
    type Output = usize;
    fn run<B: Backend>(self, b: B) -> usize {
        let mut rng = Rng::new(0xb0a4_d000 ^ B::NAME.len() as u64);
        let mut moves = 0;
        for g in 0..self.games {
            let fen = &self.fens[g % self.fens.len()];
            let mut pos = Position::from_fen(fen).unwrap();
            let mut bb = Byteboard::from_position(&pos).unwrap();
            for _ in 0..self.plies {
                let list = pos.legal_moves();
                if list.is_empty() {
                    break;
                }
                let mv = list[rng.below(list.len() as u64) as usize];
                let mut slow = bb;
                slow.play_mailbox(mv);
                slow.recompute(b);
                pos = pos.play(mv);
                b.vectorize(|| bb.play(b, mv));
                let mut fresh = bb;
                fresh.recompute_scalar();
                assert_eq!(
                    bb,
                    fresh,
                    "{}: after {} in {}",
                    B::NAME,
                    mv.to_uci(&pos),
                    pos.to_fen()
                );
                assert_eq!(
                    bb.bitboards(b),
                    bitboards_of(&pos),
                    "{}: {}",
                    B::NAME,
                    pos.to_fen()
                );
                let mut vec = bb;
                vec.recompute(b);
                assert_eq!(vec, fresh, "{}: vector recompute", B::NAME);
                assert_eq!(slow, fresh, "{}: play_mailbox + recompute", B::NAME);
                moves += 1;
            }
        }
        moves
    }
}

#[test]
fn incremental_tables_match_recompute_on_every_backend() {
    let fens = start_fens();
    let games = sliders_common::scaled(24);
    for (backend, moves) in for_each_backend(Games {
        fens: fens.clone(),
        games,
        plies: 120,
    }) {
        assert!(moves >= games * 10, "{backend}: only {moves} moves");
    }
}

#[test]
fn start_position_tables() {
    let bb = Byteboard::from_position(&Position::startpos()).unwrap();
    // Every third-rank square is attacked by white; e.g. f3: g1 knight, e2 and g2 pawns.
    assert_eq!(bb.attackers(Color::White, Square::F3).count_ones(), 3);
    assert_eq!(bb.attackers(Color::Black, Square::F6).count_ones(), 3);
    assert_eq!(bb.attackers(Color::White, Square::E4), 0);
    assert_eq!(
        bb.place(Square::E1),
        Place::new(Color::White, Piece::King, 0)
    );
    assert_eq!(bb.piece_square(Color::Black, 0), Some(Square::E8));
}

mod perft_checks {
    use super::*;
    use bb_chess::byteboard::movegen::{BytePosition, perft};

    #[derive(Clone)]
    struct Suite(Vec<(String, u32, u64)>);
    impl WithBackend for Suite {
        type Output = usize;
        fn run<B: Backend>(self, b: B) -> usize {
            for (fen, d, n) in &self.0 {
                let pos = Position::from_fen(fen).unwrap();
                let bp = BytePosition::from_position(&pos).unwrap();
                assert_eq!(perft(b, &bp, *d), *n, "{}: {fen} depth {d}", B::NAME);
            }
            self.0.len()
        }
    }

    fn cases(name: &str, max_nodes: u64, take: usize) -> Vec<(String, u32, u64)> {
        chess_common::load(name)
            .0
            .into_iter()
            .take(take)
            .filter_map(|e| {
                e.counts
                    .iter()
                    .filter(|&&(_, n)| n <= max_nodes)
                    .max_by_key(|&&(d, _)| d)
                    .map(|&(d, n)| (e.fen.clone(), d, n))
            })
            .collect()
    }

    #[test]
    fn byteboard_perft_matches_suites_on_every_backend() {
        let limit = bb_simd::scaled(20_000, 0) as u64;
        let mut v = cases("perftsuite.epd", limit, 200);
        v.extend(cases("fischer.epd", limit, 200));
        assert!(v.len() > 50);
        for (backend, n) in for_each_backend(Suite(v.clone())) {
            assert_eq!(n, v.len(), "{backend}");
        }
    }

    #[test]
    fn byteboard_perft_deeper_native() {
        let limit = bb_simd::scaled(2_000_000, 0) as u64;
        let v = cases("perftsuite.epd", limit, 40);
        let n = bb_simd::dispatch!(|b| Suite(v.clone()).run(b));
        assert_eq!(n, v.len());
    }

    #[derive(Clone)]
    struct Counts(Vec<String>);
    impl WithBackend for Counts {
        type Output = usize;
        fn run<B: Backend>(self, b: B) -> usize {
            let mut rng = Rng::new(0xc0_07e5);
            let mut n = 0;
            for fen in self.0.iter().cycle().take(sliders_common::scaled(60)) {
                let mut pos = Position::from_fen(fen).unwrap();
                let mut bp = BytePosition::from_position(&pos).unwrap();
                for _ in 0..150 {
                    let list = pos.legal_moves();
                    let mut mine = bb_chess::MoveList::new();
                    bp.legal_moves(b, &mut mine);
                    let mut a: Vec<u16> = list.iter().map(|m| m.to_bits()).collect();
                    let mut c: Vec<u16> = mine.iter().map(|m| m.to_bits()).collect();
                    a.sort_unstable();
                    c.sort_unstable();
                    assert_eq!(a, c, "{}: {}", B::NAME, pos.to_fen());
                    // The counting path (set-wise, not per piece) agrees with the list.
                    assert_eq!(
                        bp.count_legal(b),
                        list.len() as u64,
                        "{}: count_legal {}",
                        B::NAME,
                        pos.to_fen()
                    );
                    n += 1;
                    if list.is_empty() {
                        break;
                    }
                    let mv = list[rng.below(list.len() as u64) as usize];
                    pos = pos.play(mv);
                    bp.play(b, mv);
                }
            }
            n
        }
    }

    #[test]
    fn byteboard_moves_equal_position_moves_in_random_games() {
        for (backend, n) in for_each_backend(Counts(start_fens())) {
            assert!(n > 500, "{backend}: {n}");
        }
    }
}

/// Timing helper, not a test of speed: `cargo test --release -p bb-chess --test byteboard --
/// --ignored --nocapture perft_speed` prints byteboard vs bitboard perft Mnps (median of 5).
#[test]
#[ignore]
fn perft_speed() {
    use bb_chess::byteboard::movegen::{BytePosition, perft};
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ];
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap();
        let bp = BytePosition::from_position(&pos).unwrap();
        let depth = 4;
        let time = |f: &dyn Fn() -> u64| {
            let mut v: Vec<(f64, u64)> = (0..5)
                .map(|_| {
                    let t = std::time::Instant::now();
                    let n = f();
                    (t.elapsed().as_secs_f64(), n)
                })
                .collect();
            v.sort_by(|a, b| a.0.total_cmp(&b.0));
            v[2]
        };
        let (tb, nb) = bb_simd::dispatch!(|b| time(&|| perft(b, &bp, depth)));
        let (tp, np) =
            bb_simd::dispatch!(|b| time(&|| bb_chess::perft::perft_with(b, &pos, depth)));
        assert_eq!(nb, np);
        println!(
            "{fen} d{depth}: byteboard {:.1} Mnps, position {:.1} Mnps, ratio {:.2}",
            nb as f64 / tb / 1e6,
            np as f64 / tp / 1e6,
            tp / tb
        );
    }
}
