//! Reversi mobility: every `bb_reversi` variant on every backend, throughput and latency, on
//! positions from seeded random games.
//! `cargo bench -p bb-benches --bench mobility [-- FILTER]`.

#![forbid(unsafe_code)]

mod common;

use criterion::{Criterion, criterion_group, criterion_main};

fn benches(c: &mut Criterion) {
    bb_cli::bench::mobility::register(&mut common::Suite::new(c));
}

criterion_group!(name = mobility; config = common::config(); targets = benches);
criterion_main!(mobility);
