//! Reversi flip: every `bb_reversi::flip` variant on every backend, throughput and latency,
//! on a million (position, move) samples from seeded random games.
//! `cargo bench -p bb-benches --bench flip [-- FILTER]`.

#![forbid(unsafe_code)]

mod common;

use criterion::{Criterion, criterion_group, criterion_main};

fn benches(c: &mut Criterion) {
    bb_cli::bench::flip::register(&mut common::Suite::new(c));
}

criterion_group!(name = flip; config = common::config(); targets = benches);
criterion_main!(flip);
