//! Reversi mobility: every `bb_reversi` variant on every backend, throughput and latency, on
//! positions from seeded random games; also the potential mobility and frontier helpers.
//! `cargo bench -p bb-benches --bench mobility [-- FILTER]`.

#![forbid(unsafe_code)]

mod common;

use criterion::{Criterion, criterion_group, criterion_main};

fn benches(c: &mut Criterion) {
    let mut suite = common::Suite::new(c);
    bb_cli::bench::mobility::register(&mut suite);
    bb_cli::bench::potential_mobility::register(&mut suite);
}

criterion_group!(name = mobility; config = common::config(); targets = benches);
criterion_main!(mobility);
