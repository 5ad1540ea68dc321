//! Reversi flip: every `bb_reversi::flip` variant on every backend, throughput and latency,
//! on a million (position, move) samples from seeded random games.
//! `cargo bench -p bb-benches --bench flip [-- FILTER]`.

use criterion::{Criterion, criterion_group, criterion_main};

fn benches(c: &mut Criterion) {
    bb_cli::bench::flip::register(&mut bb_benches::Suite::new(c));
}

criterion_group!(name = flip; config = bb_benches::config(); targets = benches);
criterion_main!(flip);
