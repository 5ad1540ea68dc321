//! Shared helpers for the criterion suites: [`Suite`], the [`Register`] through which the
//! kernels suite (`kernels.rs`) feeds every case of `bb bench`'s registry
//! ([`bb_cli::bench::register_all`]) to criterion, two benchmarks per backend,
//! `<kernel>/<variant>/<backend>/throughput` and `.../latency`, timed with the same loops as
//! `bb bench` ([`bb_cli::bench::throughput`], [`bb_cli::bench::latency`]) compiled inside
//! `backend.vectorize(..)`; and the peers' helpers of the other suites.
//!
//! Each suite includes this file with `mod common;` (it is not a library, so that a plain
//! `cargo build --workspace` does not compile criterion and its dependencies). A new kernel
//! needs nothing here: its line in `register_all` puts it in the kernels suite.
#![allow(dead_code)] // each suite uses a different part of this module

use bb_cli::bench::{Case, Register, latency, throughput};
use bb_simd::{AnyBackend, Backend, Isa, WithBackend};
use criterion::{Criterion, Throughput};
use std::cell::Cell;
use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

/// Inputs per workload in the criterion suites (the same as `bb bench`).
pub const SAMPLES: usize = bb_cli::bench::Settings::DEFAULT.samples;

/// Criterion settings that keep a full `cargo bench` within a few minutes on 2 cores: 1 s
/// warm-up, 2 s measurement, 30 samples.
pub fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30)
}

/// The backends this CPU runs (only `BB_BACKEND`'s when set), printing the others as skipped.
pub fn backends() -> Vec<AnyBackend> {
    let only = bb_simd::forced();
    Isa::ALL
        .into_iter()
        .filter(|&isa| only.is_none_or(|o| o == isa))
        .filter_map(|isa| match AnyBackend::new(isa) {
            Ok(b) => Some(b),
            Err(e) => {
                eprintln!("skipped: {isa} ({e})");
                None
            }
        })
        .collect()
}

/// A [`Register`] that turns each case into criterion benchmarks on every backend.
pub struct Suite<'c> {
    c: &'c mut Criterion,
    backends: Vec<AnyBackend>,
    samples: usize,
}

impl<'c> Suite<'c> {
    /// A suite over [`backends`] with [`SAMPLES`] inputs per workload.
    pub fn new(c: &'c mut Criterion) -> Self {
        Suite {
            c,
            backends: backends(),
            samples: SAMPLES,
        }
    }
}

impl Register for Suite<'_> {
    fn samples(&self) -> usize {
        self.samples
    }

    fn add<C: Case>(&mut self, inputs: Arc<[C::Input]>) {
        for &b in &self.backends {
            b.run(BenchCase::<C> {
                c: self.c,
                inputs: &inputs,
            });
        }
    }
}

struct BenchCase<'a, C: Case> {
    c: &'a mut Criterion,
    inputs: &'a [C::Input],
}

impl<C: Case> WithBackend for BenchCase<'_, C> {
    type Output = ();
    fn run<B: Backend>(self, b: B) {
        if !C::supported::<B>() {
            return;
        }
        let inputs = self.inputs;
        // Never time a wrong kernel. Checked when criterion first runs the case, so that a run
        // filtered to a few kernels (or `--list`) does not check all the others.
        let checked = Cell::new(false);
        let check = || {
            if checked.replace(true) {
                return;
            }
            for x in inputs {
                assert_eq!(
                    C::run(b, x),
                    C::reference(x),
                    "{}/{} on {}: {x:?}",
                    C::KERNEL,
                    C::VARIANT,
                    B::NAME
                );
            }
        };
        let mut g = self
            .c
            .benchmark_group(format!("{}/{}", C::KERNEL, C::VARIANT));
        g.throughput(Throughput::Elements(inputs.len() as u64));
        // `#[inline(always)]`: see bb-cli's harness (an out-of-line closure turns every bb-simd
        // operation into a call).
        g.bench_function(format!("{}/throughput", B::NAME), |t| {
            check();
            t.iter(|| {
                b.vectorize(
                    #[inline(always)]
                    || throughput::<C, B>(b, black_box(inputs)),
                )
            })
        });
        g.bench_function(format!("{}/latency", B::NAME), |t| {
            check();
            t.iter(|| {
                b.vectorize(
                    #[inline(always)]
                    || latency::<C, B>(b, black_box(inputs), black_box(0)),
                )
            })
        });
        g.finish();
    }
}

/// cozy-chess perft with bulk counting at the last ply (cozy-chess has no perft of its own): the
/// peer of the perft and byteboard suites.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u8) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut next = board.clone();
            next.play_unchecked(mv);
            nodes += cozy_perft(&next, depth - 1);
        }
        false
    });
    nodes
}
