//! `Position::is_legal` on hash-table-like moves against cozy-chess's `Board::is_legal`,
//! shakmaty's `Position::is_legal`, and against generating the legal move list and looking the
//! move up in it.
//!
//! The workload: the positions of `data/perftsuite.epd`, each paired with moves of which half
//! are legal there and half are moves legal in another suite position (what a transposition
//! table or killer slot hands a search after a collision or a different line). Each engine's
//! moves are prepared in its own types beforehand; only the check is timed.
//!
//! `cargo bench -p bb-benches --bench legality`. Criterion ids: `legality/<engine>`, with
//! `bb/plain` (`is_legal`, on the Scalar token), `bb/token` (`is_legal_with` inside one
//! `dispatch!`), `cozy-chess`, `shakmaty`, `bb/movegen` (legal move list, then `contains`).
#![forbid(unsafe_code)]

mod common;

use bb_chess::{Move, MoveKind, MoveList, Position};
use criterion::{Criterion, Throughput};
use shakmaty::Position as _;
use std::hint::black_box;

const N: usize = 4096;

struct Sample {
    bb: Vec<(usize, Move)>,
    cozy: Vec<(usize, cozy_chess::Move)>,
    shak: Vec<(usize, shakmaty::Move)>,
    positions: Vec<Position>,
    cozy_boards: Vec<cozy_chess::Board>,
    shak_positions: Vec<shakmaty::Chess>,
}

fn next(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

fn shak_move(pos: &shakmaty::Chess, m: Move) -> shakmaty::Move {
    let sq = |s: bb_chess::Square| shakmaty::Square::new(s.index() as u32);
    let (from, to) = (sq(m.from()), sq(m.to()));
    let board = pos.board();
    let role = |p: bb_chess::Piece| match p {
        bb_chess::Piece::Pawn => shakmaty::Role::Pawn,
        bb_chess::Piece::Knight => shakmaty::Role::Knight,
        bb_chess::Piece::Bishop => shakmaty::Role::Bishop,
        bb_chess::Piece::Rook => shakmaty::Role::Rook,
        bb_chess::Piece::Queen => shakmaty::Role::Queen,
        bb_chess::Piece::King => shakmaty::Role::King,
    };
    match m.kind() {
        MoveKind::EnPassant => shakmaty::Move::EnPassant { from, to },
        MoveKind::Castle => shakmaty::Move::Castle {
            king: from,
            rook: to,
        },
        kind => shakmaty::Move::Normal {
            role: board.role_at(from).unwrap_or(shakmaty::Role::Pawn),
            from,
            capture: board.role_at(to),
            to,
            promotion: kind.promotion().map(role),
        },
    }
}

fn sample() -> Sample {
    let text = include_str!("../../data/perftsuite.epd");
    // The positions shakmaty accepts (it rejects a few suite positions as an impossible check).
    let (fens, shak_positions): (Vec<&str>, Vec<shakmaty::Chess>) = text
        .lines()
        .filter_map(|l| l.split(';').next())
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .filter_map(|f| {
            let p = f
                .parse::<shakmaty::fen::Fen>()
                .ok()?
                .into_position(shakmaty::CastlingMode::Standard)
                .ok()?;
            Some((f, p))
        })
        .unzip();
    let positions: Vec<Position> = fens
        .iter()
        .map(|f| Position::from_fen(f).expect("valid FEN"))
        .collect();
    let cozy_boards: Vec<cozy_chess::Board> = fens
        .iter()
        .map(|f| cozy_chess::Board::from_fen(f, false).expect("valid FEN"))
        .collect();
    let lists: Vec<MoveList> = positions.iter().map(Position::legal_moves).collect();
    let mut x = 0x853c_49e6_748f_ea9bu64;
    let mut bb = Vec::with_capacity(N);
    while bb.len() < N {
        let i = next(&mut x) as usize % positions.len();
        let j = if bb.len() % 2 == 0 {
            i
        } else {
            next(&mut x) as usize % positions.len()
        };
        if lists[j].is_empty() {
            continue;
        }
        let m = lists[j][next(&mut x) as usize % lists[j].len()];
        bb.push((i, m));
    }
    let cozy = bb
        .iter()
        .map(|&(i, m)| (i, m.to_string().parse().expect("UCI move")))
        .collect();
    let shak = bb
        .iter()
        .map(|&(i, m)| (i, shak_move(&shak_positions[i], m)))
        .collect();
    Sample {
        bb,
        cozy,
        shak,
        positions,
        cozy_boards,
        shak_positions,
    }
}

fn benches(c: &mut Criterion) {
    let s = sample();
    // The engines agree on the workload (a bench of different answers would mean nothing).
    let legal_bb =
        s.bb.iter()
            .filter(|&&(i, m)| s.positions[i].is_legal(m))
            .count();
    let legal_cozy = s
        .cozy
        .iter()
        .filter(|&&(i, m)| s.cozy_boards[i].is_legal(m))
        .count();
    let legal_shak = s
        .shak
        .iter()
        .filter(|&&(i, m)| s.shak_positions[i].is_legal(m))
        .count();
    println!("{} positions", s.positions.len());
    println!("legal: bb {legal_bb}, cozy-chess {legal_cozy}, shakmaty {legal_shak} of {N}");
    assert_eq!(legal_bb, legal_cozy);
    assert_eq!(legal_bb, legal_shak);

    let mut g = c.benchmark_group("legality");
    g.throughput(Throughput::Elements(N as u64));
    let backend = bb_simd::best_backend();
    g.bench_function("bb/token", |bn| {
        bn.iter(|| {
            bb_chess::dispatch!(backend, |b| black_box(&s.bb)
                .iter()
                .filter(|&&(i, m)| s.positions[i].is_legal_with(b, m))
                .count())
        })
    });
    g.bench_function("bb/plain", |bn| {
        bn.iter(|| {
            black_box(&s.bb)
                .iter()
                .filter(|&&(i, m)| s.positions[i].is_legal(m))
                .count()
        })
    });
    g.bench_function("cozy-chess", |bn| {
        bn.iter(|| {
            black_box(&s.cozy)
                .iter()
                .filter(|&&(i, m)| s.cozy_boards[i].is_legal(m))
                .count()
        })
    });
    g.bench_function("shakmaty", |bn| {
        bn.iter(|| {
            black_box(&s.shak)
                .iter()
                .filter(|&&(i, m)| s.shak_positions[i].is_legal(m))
                .count()
        })
    });
    g.bench_function("bb/movegen", |bn| {
        bn.iter(|| {
            bb_chess::dispatch!(backend, |b| {
                let mut list = MoveList::new();
                black_box(&s.bb)
                    .iter()
                    .filter(|&&(i, m)| {
                        s.positions[i].legal_moves_with(b, &mut list);
                        list.contains(&m)
                    })
                    .count()
            })
        })
    });
    g.finish();
}

criterion::criterion_group!(name = legality; config = common::config(); targets = benches);
criterion::criterion_main!(legality);
