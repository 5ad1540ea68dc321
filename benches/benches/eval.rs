//! Pattern evaluation features: every `bb_reversi::eval` variant on every backend, the full
//! computation (`eval_set`) and the update after a move (`eval_update`), throughput and latency,
//! on positions and moves from seeded random games.
//! `cargo bench -p bb-benches --bench eval [-- FILTER]`.

#![forbid(unsafe_code)]

mod common;

use bb_reversi::Board;
use bb_reversi::eval::{FeatureSet, FeatureUpdate, Mover, UpdateInput, reference};
use criterion::{Criterion, criterion_group, criterion_main};
use std::sync::Arc;

fn set_workload(n: usize) -> Arc<[(u64, u64)]> {
    let mut v = Vec::with_capacity(n);
    bb_reversi::workload::random_positions(0x0e7a_0001, |b| {
        v.push((b.p, b.o));
        v.len() < n
    });
    v.into()
}

/// Every legal move of the random positions, with the mover's digit from the parity as in a
/// search (Edax's model).
fn update_workload(n: usize) -> Arc<[UpdateInput]> {
    let mut v = Vec::with_capacity(n);
    bb_reversi::workload::samples(0x0e7a_0002, |s| {
        let board = Board { p: s.p, o: s.o };
        let mover = Mover::for_empties((!(s.p | s.o)).count_ones());
        let (p, o) = match mover {
            Mover::Zero => (s.p, s.o),
            Mover::One => (s.o, s.p),
        };
        v.push(UpdateInput {
            features: reference::features(p, o),
            sq: s.sq,
            flipped: board.flip(s.sq),
            mover,
            p,
            o,
        });
        v.len() < n
    });
    v.into()
}

fn benches(c: &mut Criterion) {
    let mut suite = common::Suite::new(c);
    bb_cli::bench::kernel::register::<FeatureSet, false>(&mut suite, set_workload(common::SAMPLES));
    bb_cli::bench::kernel::register::<FeatureUpdate, false>(
        &mut suite,
        update_workload(common::SAMPLES),
    );
}

criterion_group!(name = eval; config = common::config(); targets = benches);
criterion_main!(eval);
