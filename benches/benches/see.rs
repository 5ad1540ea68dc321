//! Static exchange evaluation, bitboard `Position` against `Byteboard` (attack tables), on the
//! captures of middlegame positions: the final positions of seeded random games of 20 to 40
//! plies from the start position, at least 256 captures (so that they stay in the L2 cache, as
//! the position being searched does in an engine; built before timing, only the
//! SEE calls are timed).
//!
//! - `see/<backend>/see_ge_bitboard`, `see_ge_byteboard`: `see_ge(mv, 0)` on every capture;
//! - `see/<backend>/see_bitboard`, `see_byteboard`: the exact value.
//!
//! After criterion, the two `see_ge` forms (and, to tell where the time goes, their first step
//! alone: the attackers of the target) run again in `BB_REPS` (default 11) interleaved rounds
//! on the best backend, and the median time per call of each and the median of the per-round
//! ratios byteboard / bitboard are printed (the ratio a load change in the middle of a run does
//! not move).
//!
//! `cargo bench -p bb-benches --bench see`. `BB_BENCH_BACKENDS=scalar,avx2,...` limits the
//! backends of the criterion part (default: all).

#![forbid(unsafe_code)]

use bb_chess::byteboard::Byteboard;
use bb_chess::see::SEE_VALUES;
use bb_chess::{Color, Move, MoveKind, Piece, Position, bishop_attacks_with, rook_attacks_with};
use bb_core::attacks::{KING, KNIGHT, PAWN};
use bb_core::rng::Rng;
use bb_simd::{Backend, WithBackend};
use criterion::{Criterion, Throughput, criterion_group};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// One capture: the position in both forms and the move.
type Case = (Position, Byteboard, Move);

fn workload() -> Vec<Case> {
    let mut rng = Rng::new(0x5ee_be4c);
    let mut out = Vec::new();
    while out.len() < 256 {
        let mut pos = Position::startpos();
        for _ in 0..20 + rng.below(21) {
            let list = pos.legal_moves();
            if list.is_empty() {
                break;
            }
            pos = pos.play(list[rng.below(list.len() as u64) as usize]);
        }
        let board = Byteboard::from_position(&pos).unwrap();
        for &mv in pos.legal_moves().iter() {
            let capture = mv.kind() == MoveKind::EnPassant
                || (mv.kind() != MoveKind::Castle && pos.piece_at(mv.to()).is_some());
            if capture {
                out.push((pos, board, mv));
            }
        }
    }
    out
}

struct Run<'a>(&'a mut Criterion, &'a [Case]);

fn allowed(name: &str) -> bool {
    std::env::var("BB_BENCH_BACKENDS")
        .map_or(true, |v| v.split(',').any(|x| x.eq_ignore_ascii_case(name)))
}

#[inline(always)]
fn ge_bitboard<B: Backend>(b: B, w: &[Case]) -> u32 {
    w.iter()
        .map(|(p, _, m)| u32::from(p.see_ge_with(b, *m, 0, &SEE_VALUES)))
        .sum()
}

#[inline(always)]
fn ge_byteboard(w: &[Case]) -> u32 {
    w.iter().map(|(_, bb, m)| u32::from(bb.see_ge(*m, 0))).sum()
}

impl WithBackend for Run<'_> {
    type Output = ();
    fn run<B: Backend>(self, b: B) {
        if !allowed(B::NAME) {
            return;
        }
        let (c, w) = (self.0, self.1);
        let mut g = c.benchmark_group(format!("see/{}", B::NAME));
        g.throughput(Throughput::Elements(w.len() as u64));
        g.bench_function("see_ge_bitboard", |bn| {
            bn.iter(|| b.vectorize(|| ge_bitboard(b, black_box(w))))
        });
        g.bench_function("see_ge_byteboard", |bn| {
            bn.iter(|| b.vectorize(|| ge_byteboard(black_box(w))))
        });
        g.bench_function("see_bitboard", |bn| {
            bn.iter(|| {
                b.vectorize(|| {
                    black_box(w)
                        .iter()
                        .map(|(p, _, m)| p.see_with(b, *m, &SEE_VALUES))
                        .sum::<i32>()
                })
            })
        });
        g.bench_function("see_byteboard", |bn| {
            bn.iter(|| {
                b.vectorize(|| {
                    black_box(w)
                        .iter()
                        .map(|(_, bb, m)| bb.see(*m))
                        .sum::<i32>()
                })
            })
        });
        g.finish();
    }
}

fn bench(c: &mut Criterion) {
    let w = workload();
    for backend in bb_simd::test_backends() {
        backend.run(Run(c, &w));
    }
}

/// The interleaved rounds on the best backend (see the module documentation).
struct Rounds<'a>(&'a [Case], usize);

impl WithBackend for Rounds<'_> {
    type Output = ();
    fn run<B: Backend>(self, b: B) {
        let (w, reps) = (self.0, self.1);
        let batch = |f: &dyn Fn() -> u32| {
            let t = Instant::now();
            let mut s = 0;
            for _ in 0..2000 {
                s += f();
            }
            black_box(s);
            t.elapsed() / (2000 * w.len() as u32)
        };
        // The first step alone: the attackers of the target, all of them, both colours (the
        // bitboard form's leaper tables and two slider lookups against two table reads).
        let start_bitboard = || {
            b.vectorize(|| {
                black_box(w)
                    .iter()
                    .map(|(p, _, m)| {
                        let (to, occ) = (m.to(), p.occupied() ^ m.from().bit());
                        let t = to.index();
                        let diag = p.kind(Piece::Bishop) | p.kind(Piece::Queen);
                        let orth = p.kind(Piece::Rook) | p.kind(Piece::Queen);
                        let a = (PAWN[1][t] & p.pieces(Color::White, Piece::Pawn).0)
                            | (PAWN[0][t] & p.pieces(Color::Black, Piece::Pawn).0)
                            | (KNIGHT[t] & p.kind(Piece::Knight).0)
                            | (KING[t] & p.kind(Piece::King).0)
                            | (bishop_attacks_with(b, to, occ) & diag).0
                            | (rook_attacks_with(b, to, occ) & orth).0;
                        a.count_ones()
                    })
                    .sum::<u32>()
            })
        };
        let start_byteboard = || {
            black_box(w)
                .iter()
                .map(|(_, bb, m)| {
                    (bb.attackers(Color::White, m.to()) | bb.attackers(Color::Black, m.to()))
                        .count_ones()
                })
                .sum::<u32>()
        };
        let (mut bit, mut byte, mut ratio) = (Vec::new(), Vec::new(), Vec::new());
        let (mut sbit, mut sbyte) = (Vec::new(), Vec::new());
        for _ in 0..reps {
            let x = batch(&|| b.vectorize(|| ge_bitboard(b, black_box(w))));
            let y = batch(&|| b.vectorize(|| ge_byteboard(black_box(w))));
            ratio.push(y.as_secs_f64() / x.as_secs_f64());
            bit.push(x);
            byte.push(y);
            sbit.push(batch(&start_bitboard));
            sbyte.push(batch(&|| b.vectorize(start_byteboard)));
        }
        let med = |mut v: Vec<Duration>| {
            v.sort();
            v[v.len() / 2]
        };
        ratio.sort_by(f64::total_cmp);
        println!(
            "see_ge on {} captures, {} ({reps} interleaved rounds): bitboard {:?}/call, byteboard \
             {:?}/call, byteboard/bitboard median {:.3} (lowest {:.3}, highest {:.3}); the \
             attackers of the target alone: bitboard {:?}/call, byteboard table read {:?}/call",
            w.len(),
            B::NAME,
            med(bit),
            med(byte),
            ratio[ratio.len() / 2],
            ratio[0],
            ratio[ratio.len() - 1],
            med(sbit),
            med(sbyte),
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1));
    targets = bench
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    let w = workload();
    let reps = std::env::var("BB_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&r| r >= 1)
        .unwrap_or(11);
    let quick = !std::env::args().any(|a| a == "--bench");
    bb_simd::best_backend().run(Rounds(&w, if quick { 1 } else { reps }));
}
