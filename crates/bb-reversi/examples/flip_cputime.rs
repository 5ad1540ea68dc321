//! Flip timings in *CPU time of this thread* (Linux `/proc/thread-self/stat`), for noisy shared
//! machines where wall-clock benchmarks measure the neighbours. Same loops as `bb bench`
//! (throughput: independent calls summed; latency: next input depends on the previous result).
//!
//! `cargo run --release -p bb-reversi --example flip_cputime [FILTER[,FILTER...]] [SECONDS_PER_CELL]`
//! (`BB_BACKEND=avx2` restricts the backends; `BB_FLIP_SAMPLES` sets the workload, default 2^20;
//! `BB_FLIP_SORTED=1` sorts the samples by square, which shows what the per-square jump tables
//! cost once their indirect branch is predicted).

use bb_core::Square;
use bb_reversi::flip::{FlipVariant, FlipVisitor, default_name, for_each_variant};
use bb_reversi::workload;
use bb_simd::Backend;
use std::hint::black_box;

fn cpu_ticks() -> u64 {
    let s = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let rest = s.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    // fields after the command: state is [0]; utime is field 14 overall -> [11], stime [12]
    f.get(11).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0)
        + f.get(12).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0)
}

/// Passes between two reads of the CPU-time counter.
const BATCH: u64 = 64;

struct Bench<'a, B> {
    b: B,
    inputs: &'a [(Square, u64, u64)],
    filter: &'a str,
    secs: f64,
}

impl<B: Backend> Bench<'_, B> {
    fn time(&self, mut pass: impl FnMut() -> u64) -> f64 {
        let ticks = (self.secs * 100.0) as u64;
        let mut best = f64::INFINITY;
        for _ in 0..3 {
            let t0 = cpu_ticks();
            let mut n = 0u64;
            // Reading /proc costs microseconds, as much as a pass over 4096 samples: read it
            // once per batch of passes, or it adds about 1 ns to every call (it did in the
            // fourth session's table A).
            while cpu_ticks() - t0 < ticks {
                for _ in 0..BATCH {
                    black_box(pass());
                }
                n += BATCH;
            }
            let dt = (cpu_ticks() - t0) as f64 / 100.0;
            best = best.min(dt * 1e9 / (n as f64 * self.inputs.len() as f64));
        }
        best
    }
}

impl<B: Backend> FlipVisitor for Bench<'_, B> {
    fn visit<V: FlipVariant>(&mut self, _: V) {
        if !V::supported::<B>() || !self.filter.split(',').any(|f| V::NAME.contains(f)) {
            return;
        }
        let (b, inputs) = (self.b, self.inputs);
        let thru = self.time(|| {
            b.vectorize(
                #[inline(always)]
                || {
                    let mut acc = 0u64;
                    for &(sq, p, o) in inputs {
                        acc = acc.wrapping_add(V::flip(b, sq, p, o));
                    }
                    acc
                },
            )
        });
        let zero = black_box(0u64);
        let lat = self.time(|| {
            b.vectorize(
                #[inline(always)]
                || {
                    let mut prev = 0u64;
                    for &(sq, p, o) in inputs {
                        let z = prev & zero;
                        prev = V::flip(b, sq, p ^ z, o ^ z);
                    }
                    prev
                },
            )
        });
        let star = if default_name(B::ISA) == V::NAME {
            "*"
        } else {
            ""
        };
        println!(
            "{:<20} {:<11} {thru:6.2} {lat:6.2} {star}",
            V::NAME,
            B::NAME
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let filter = args.get(1).cloned().unwrap_or_default();
    let secs: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0.2);
    let n: usize = std::env::var("BB_FLIP_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1 << 20);
    let mut inputs = Vec::with_capacity(n);
    workload::samples(0x0f11_9002, |s| {
        inputs.push((s.sq, s.p, s.o));
        inputs.len() < n
    });
    if std::env::var("BB_FLIP_SORTED").is_ok_and(|v| v == "1") {
        inputs.sort_by_key(|&(sq, _, _)| sq.index());
    }
    println!("variant              backend     thru ns  lat ns  (CPU time, min of 3; * default)");
    for backend in bb_simd::test_backends() {
        bb_simd::dispatch!(backend, |b| {
            for_each_variant(&mut Bench {
                b,
                inputs: &inputs,
                filter: &filter,
                secs,
            });
        });
    }
}
