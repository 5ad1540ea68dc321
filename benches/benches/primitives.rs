//! bb-simd's SIMD primitives (vector popcount, byte dot product): every variant on every
//! backend, throughput and latency. `cargo bench -p bb-benches --bench primitives [-- FILTER]`.

#![forbid(unsafe_code)]

mod common;

use criterion::{Criterion, criterion_group, criterion_main};

fn benches(c: &mut Criterion) {
    let mut suite = common::Suite::new(c);
    bb_cli::bench::popcount::register(&mut suite);
    bb_cli::bench::dot_u8i8::register(&mut suite);
}

criterion_group!(name = primitives; config = common::config(); targets = benches);
criterion_main!(primitives);
