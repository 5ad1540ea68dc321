//! Reversi mobility: every `bb_reversi` variant on every backend, throughput and latency, on
//! positions from seeded random games.
//! `cargo bench -p bb-benches --bench mobility [-- FILTER]`.

use criterion::{Criterion, criterion_group, criterion_main};

fn benches(c: &mut Criterion) {
    bb_cli::bench::mobility::register(&mut bb_benches::Suite::new(c));
}

criterion_group!(name = mobility; config = bb_benches::config(); targets = benches);
criterion_main!(mobility);
