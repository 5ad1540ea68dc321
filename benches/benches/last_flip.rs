//! Reversi last_flip: every `bb_reversi` variant on every backend, throughput and latency, on
//! positions from seeded random games.
//! `cargo bench -p bb-benches --bench last_flip [-- FILTER]`.

#![forbid(unsafe_code)]

mod common;

use criterion::{Criterion, criterion_group, criterion_main};

fn benches(c: &mut Criterion) {
    bb_cli::bench::last_flip_count::register(&mut common::Suite::new(c));
}

criterion_group!(name = last_flip; config = common::config(); targets = benches);
criterion_main!(last_flip);
