//! Pattern evaluation features: every `bb_reversi::eval` variant on every backend, the full
//! computation (`eval_set`) and the update after a move (`eval_update`), throughput and latency,
//! on positions and moves from seeded random games.
//! `cargo bench -p bb-benches --bench eval [-- FILTER]`.

#![forbid(unsafe_code)]

mod common;

use criterion::{Criterion, criterion_group, criterion_main};

fn benches(c: &mut Criterion) {
    bb_cli::bench::eval::register(&mut common::Suite::new(c));
}

criterion_group!(name = eval; config = common::config(); targets = benches);
criterion_main!(eval);
