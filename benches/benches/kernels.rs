//! Every kernel of `bb bench`'s registry ([`bb_cli::bench::register_all`]) on every backend,
//! throughput and latency, one criterion benchmark per `kernel/variant/backend/mode`, plus the
//! cases that exist only here ([`board_ops`]: reversi popcount and the board symmetries).
//!
//! A kernel added to the registry is benchmarked here with no other change.
//! `cargo bench -p bb-benches --bench kernels [-- FILTER]`, e.g. `-- ^flip/` or
//! `-- "mobility/.*/avx2"`; `BB_BACKEND=<name>` limits the run to one backend.

#![forbid(unsafe_code)]

#[path = "kernels/board_ops.rs"]
mod board_ops;
mod common;

use criterion::{Criterion, criterion_group, criterion_main};

fn benches(c: &mut Criterion) {
    let mut suite = common::Suite::new(c);
    bb_cli::bench::register_all(&mut suite);
    board_ops::register(&mut suite);
}

criterion_group!(name = kernels; config = common::config(); targets = benches);
criterion_main!(kernels);
