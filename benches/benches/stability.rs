//! Reversi stability: every `bb_reversi` variant on every backend, throughput and latency, on
//! positions from seeded random games.
//! `cargo bench -p bb-benches --bench stability [-- FILTER]`.

use criterion::{Criterion, criterion_group, criterion_main};

fn benches(c: &mut Criterion) {
    bb_cli::bench::stability::register(&mut bb_benches::Suite::new(c));
    bb_cli::bench::full_lines::register(&mut bb_benches::Suite::new(c));
}

criterion_group!(name = stability; config = bb_benches::config(); targets = benches);
criterion_main!(stability);
