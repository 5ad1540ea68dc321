//! Cost of the dispatch patterns for one primitive (`popcount_sum` of 8 bitboards, the
//! backend's default popcount), per call, in throughput and latency modes:
//!
//! - `once`: `dispatch!` once around the whole loop; the kernel inlines into it (recommended).
//! - `token_per_call`: the caller holds the `AnyBackend` and matches on it per call.
//! - `dispatch_per_call`: `primitives::popcount::popcount_sum_dispatch` per call (cached `best()`, match,
//!   `vectorize`).
//! - `multiversion`: `popcount_sum_multiversion` (below) per call (the `multiversion`
//!   crate: an indirect call through a cached function pointer, body auto-vectorized).
//! - `fn_pointer`: a `OnceLock<fn(&[u64]) -> u64>` chosen once, each target function making
//!   its token with `try_new` (a cached feature test) because a safe `#[target_feature]`
//!   function cannot be coerced to a safe `fn` pointer.
//!
//! `cargo bench -p bb-benches --bench dispatch`.

#![forbid(unsafe_code)]

mod common;

use bb_simd::primitives::popcount::{popcount_sum, popcount_sum_dispatch};
use bb_simd::{AnyBackend, Backend, Isa, Scalar, WithBackend};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::OnceLock;

type Input = [u64; 8];

/// The `multiversion` crate's pattern: the body is compiled for several targets and the best
/// one for the running CPU is chosen at run time (a cached function pointer; static dispatch
/// when the build already targets the features). Kept here, not in bb-simd, so that the
/// library does not pay for the proc-macro in its build.
#[multiversion::multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq",
    "x86_64+avx2+popcnt",
    "x86_64+popcnt",
    "aarch64+neon",
))]
fn popcount_sum_multiversion(boards: &[u64]) -> u64 {
    boards.iter().map(|x| u64::from(x.count_ones())).sum()
}

#[derive(Clone, Copy)]
struct One<'a>(&'a Input);

impl WithBackend for One<'_> {
    type Output = u64;
    #[inline(always)]
    fn run<B: Backend>(self, b: B) -> u64 {
        popcount_sum(b, self.0)
    }
}

#[inline(always)]
fn via<B: Backend>(b: B, x: &[u64]) -> u64 {
    b.vectorize(|| popcount_sum(b, x))
}

fn scalar_fn(x: &[u64]) -> u64 {
    via(Scalar, x)
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::via;
    use bb_simd::{Avx2, Avx512, Avx512Vbmi, Sse2, Ssse3};
    macro_rules! token_fn {
        ($name:ident, $T:ident) => {
            pub fn $name(x: &[u64]) -> u64 {
                match $T::try_new() {
                    Some(b) => via(b, x),
                    None => unreachable!(concat!(stringify!($T), " was detected")),
                }
            }
        };
    }
    token_fn!(sse2, Sse2);
    token_fn!(ssse3, Ssse3);
    token_fn!(avx2, Avx2);
    token_fn!(avx512, Avx512);
    token_fn!(avx512vbmi, Avx512Vbmi);
}

fn cached_fn() -> fn(&[u64]) -> u64 {
    static F: OnceLock<fn(&[u64]) -> u64> = OnceLock::new();
    *F.get_or_init(|| match bb_simd::best() {
        #[cfg(target_arch = "x86_64")]
        Isa::Sse2 => x86::sse2,
        #[cfg(target_arch = "x86_64")]
        Isa::Ssse3 => x86::ssse3,
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => x86::avx2,
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => x86::avx512,
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512Vbmi => x86::avx512vbmi,
        _ => scalar_fn,
    })
}

fn workload() -> Vec<Input> {
    let mut rng = bb_core::rng::Rng::new(0x0b0b_0003);
    (0..common::SAMPLES)
        .map(|_| std::array::from_fn(|_| rng.any_density()))
        .collect()
}

/// Times `per_call` over the workload in both modes.
macro_rules! pattern {
    ($g:expr, $w:expr, $name:literal, |$x:ident| $call:expr) => {{
        let w: &[Input] = $w;
        $g.bench_function(concat!($name, "/throughput"), |t| {
            t.iter(|| {
                let mut acc = 0u64;
                for $x in black_box(w) {
                    acc = acc.wrapping_add($call);
                }
                acc
            })
        });
        $g.bench_function(concat!($name, "/latency"), |t| {
            t.iter(|| {
                let (zero, mut prev) = (black_box(0u64), 0u64);
                for x in black_box(w) {
                    let y = x.map(|v| v ^ (prev & zero));
                    let $x = &y;
                    prev = $call;
                }
                prev
            })
        });
    }};
}

fn benches(c: &mut Criterion) {
    let w = workload();
    let best = bb_simd::best_backend();
    // Never time a wrong pattern.
    for x in &w {
        let want = bb_simd::primitives::popcount::popcount_sum_reference(x);
        assert_eq!(popcount_sum_multiversion(x), want);
        assert_eq!(popcount_sum_dispatch(x), want);
    }
    eprintln!("dispatch patterns on {}", best.label());
    let mut g = c.benchmark_group(format!("dispatch/popcount_sum8/{}", best.label()));
    g.throughput(Throughput::Elements(w.len() as u64));
    // Dispatch once: the whole loop is monomorphized and compiled inside `vectorize`.
    g.bench_function("once/throughput", |t| {
        t.iter(|| {
            let w = black_box(&w[..]);
            bb_simd::dispatch!(|b| {
                let mut acc = 0u64;
                for x in w {
                    acc = acc.wrapping_add(popcount_sum(b, x));
                }
                acc
            })
        })
    });
    g.bench_function("once/latency", |t| {
        t.iter(|| {
            let (w, zero) = (black_box(&w[..]), black_box(0u64));
            bb_simd::dispatch!(|b| {
                let mut prev = 0u64;
                for x in w {
                    let y = x.map(|v| v ^ (prev & zero));
                    prev = popcount_sum(b, &y);
                }
                prev
            })
        })
    });
    pattern!(g, &w, "token_per_call", |x| best.run(One(x)));
    pattern!(g, &w, "dispatch_per_call", |x| popcount_sum_dispatch(x));
    pattern!(g, &w, "multiversion", |x| popcount_sum_multiversion(x));
    let f = cached_fn();
    pattern!(g, &w, "fn_pointer", |x| black_box(f)(x));
    g.finish();
    // Keep AnyBackend's Isa in the report for the record.
    assert_eq!(AnyBackend::best().isa(), bb_simd::best());
}

criterion_group!(name = dispatch; config = common::config(); targets = benches);
criterion_main!(dispatch);
