//! SAN writing and reading of every legal move of the perft-suite positions, this crate against
//! shakmaty, the inputs prepared beforehand in each library's own types.
//!
//! `cargo bench -p bb-benches --bench san`. Criterion ids: `san/write/<who>` and
//! `san/read/<who>`:
//! - `write/bb`: `Position::san` (with the `+`/`#` suffix, no allocation);
//! - `write/shakmaty_san`: `San::from_move(..).to_string()` (no suffix);
//! - `write/shakmaty_sanplus`: `SanPlus::from_move(..).to_string()` (with the suffix, the same
//!   text as `write/bb`);
//! - `read/bb`: `Position::parse_san` of shakmaty's SanPlus strings;
//! - `read/shakmaty`: `San::from_str(..)` then `to_move`, of the same strings.
#![forbid(unsafe_code)]

mod common;

use bb_chess::{Move, Position};
use criterion::{Criterion, Throughput};
use shakmaty::san::{San, SanPlus};
use shakmaty::{CastlingMode, Chess, Position as _};
use std::hint::black_box;

struct Inputs {
    ours: Vec<(Position, Vec<Move>)>,
    theirs: Vec<(Chess, Vec<shakmaty::Move>)>,
    text: Vec<Vec<String>>,
    moves: u64,
}

fn inputs() -> Inputs {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/perftsuite.epd");
    let data = std::fs::read_to_string(path).expect("data/perftsuite.epd");
    let mut inp = Inputs {
        ours: Vec::new(),
        theirs: Vec::new(),
        text: Vec::new(),
        moves: 0,
    };
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let fen = line.split(';').next().unwrap_or("").trim();
        let pos = Position::from_fen(fen).expect("suite FEN");
        let sp: Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
            .expect("suite FEN")
            .into_position(CastlingMode::Standard)
            .or_else(shakmaty::PositionError::ignore_impossible_check)
            .expect("suite position");
        let theirs: Vec<shakmaty::Move> = sp.legal_moves().into_iter().collect();
        let text: Vec<String> = theirs
            .iter()
            .map(|&m| SanPlus::from_move(sp.clone(), m).to_string())
            .collect();
        let ours: Vec<Move> = text
            .iter()
            .map(|s| pos.parse_san(s).expect("own reader"))
            .collect();
        inp.moves += ours.len() as u64;
        inp.ours.push((pos, ours));
        inp.theirs.push((sp, theirs));
        inp.text.push(text);
    }
    inp
}

fn benches(c: &mut Criterion) {
    let inp = inputs();
    let mut g = c.benchmark_group("san");
    g.throughput(Throughput::Elements(inp.moves));

    g.bench_function("write/bb", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for (pos, moves) in black_box(&inp.ours) {
                for &m in moves {
                    n += pos.san(m).as_str().len();
                }
            }
            n
        })
    });
    g.bench_function("write/shakmaty_san", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for (pos, moves) in black_box(&inp.theirs) {
                for &m in moves {
                    n += San::from_move(pos, m).to_string().len();
                }
            }
            n
        })
    });
    g.bench_function("write/shakmaty_sanplus", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for (pos, moves) in black_box(&inp.theirs) {
                for &m in moves {
                    n += SanPlus::from_move(pos.clone(), m).to_string().len();
                }
            }
            n
        })
    });
    g.bench_function("read/bb", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for ((pos, _), text) in black_box(&inp.ours).iter().zip(&inp.text) {
                for s in text {
                    n ^= u32::from(pos.parse_san(s).map_or(0, |m| m.to_bits()));
                }
            }
            n
        })
    });
    g.bench_function("read/shakmaty", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for ((pos, _), text) in black_box(&inp.theirs).iter().zip(&inp.text) {
                for s in text {
                    let m = s.parse::<San>().ok().and_then(|san| san.to_move(pos).ok());
                    n ^= m.map_or(0, |m| u32::from(m.to()));
                }
            }
            n
        })
    });
    g.finish();
}

criterion::criterion_group!(name = san; config = common::config(); targets = benches);
criterion::criterion_main!(san);
