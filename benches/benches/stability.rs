//! Reversi stability: every `bb_reversi` variant on every backend, throughput and latency, on
//! positions from seeded random games.
//! `cargo bench -p bb-benches --bench stability [-- FILTER]`.

#![forbid(unsafe_code)]

mod common;

use criterion::{Criterion, criterion_group, criterion_main};

fn benches(c: &mut Criterion) {
    bb_cli::bench::stability::register(&mut common::Suite::new(c));
    bb_cli::bench::full_lines::register(&mut common::Suite::new(c));
}

criterion_group!(name = stability; config = common::config(); targets = benches);
criterion_main!(stability);
