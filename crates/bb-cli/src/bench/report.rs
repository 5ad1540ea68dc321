//! Running the registry over the backends, and printing the result as a table or JSON lines.

use super::harness::{Measured, Passes, Registry, Round, Settings};
use crate::json::{BenchLine, Mode};
use bb_simd::{AnyBackend, Isa};
use std::fmt::Write as _;

/// One variant on one backend, checked and timed.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Kernel name.
    pub kernel: &'static str,
    /// Variant name.
    pub variant: &'static str,
    /// Backend label (`avx2`, ...).
    pub backend: &'static str,
    /// Backend ISA.
    pub isa: Isa,
    /// Inputs in the kernel's workload.
    pub inputs: usize,
    /// Check and timings.
    pub m: Measured,
}

impl Row {
    /// The row as its two JSON lines, throughput then latency.
    pub fn json(&self) -> [BenchLine; 2] {
        let round = |x: f64| (x * 1000.0).round() / 1000.0;
        let line = |mode, ns, (min, max): (f64, f64)| BenchLine {
            kernel: self.kernel.to_owned(),
            variant: self.variant.to_owned(),
            backend: self.backend.to_owned(),
            mode,
            ns: round(ns),
            min: round(min),
            max: round(max),
            inputs: self.inputs,
            checked: self.m.checked,
            default: self.m.default,
        };
        [
            line(
                Mode::Throughput,
                self.m.throughput_ns,
                self.m.throughput_range,
            ),
            line(Mode::Latency, self.m.latency_ns, self.m.latency_range),
        ]
    }
}

/// Everything `bb bench` measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// One row per variant and backend, in registry order then backend order.
    pub rows: Vec<Row>,
    /// Backends not run, with the reason.
    pub skipped_backends: Vec<(Isa, String)>,
    /// `(kernel, variant, backend)` triples skipped because the variant is not native there.
    pub unsupported: Vec<(&'static str, &'static str, &'static str)>,
}

/// Checks and times every entry of `registry` on every backend of `backends` (as returned by
/// [`backends`](super::harness::backends)), calling `progress` before each step with the step
/// number, the total and a short description. See [`run_streaming`].
pub fn run(
    registry: &Registry,
    backends: &[(Isa, Result<AnyBackend, String>)],
    settings: &Settings,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Report {
    run_streaming(registry, backends, settings, progress, &mut |_| {})
}

/// [`run`], calling `on_kernel` with each kernel's rows as soon as that kernel is measured.
///
/// A kernel's variants are timed interleaved: every round times one repetition of every
/// (variant, backend) pair of the kernel, and `settings.reps` rounds give each row its median
/// and its range. Drift of the machine during the run then spreads over all the variants instead
/// of favouring the ones timed first, and the range shows how much there was.
pub fn run_streaming(
    registry: &Registry,
    backends: &[(Isa, Result<AnyBackend, String>)],
    settings: &Settings,
    progress: &mut dyn FnMut(usize, usize, &str),
    on_kernel: &mut dyn FnMut(&[Row]),
) -> Report {
    let mut report = Report::default();
    let tokens: Vec<AnyBackend> = backends
        .iter()
        .filter_map(|(_, r)| r.as_ref().ok().copied())
        .collect();
    for (isa, r) in backends {
        if let Err(why) = r {
            report.skipped_backends.push((*isa, why.clone()));
        }
    }
    let entries = registry.entries();
    let reps = settings.reps.max(1);
    let total = entries.len() * tokens.len() * (1 + reps);
    let mut step = 0;
    let mut start = 0;
    while start < entries.len() {
        let kernel = entries[start].kernel();
        let end = start
            + entries[start..]
                .iter()
                .take_while(|e| e.kernel() == kernel)
                .count();
        // Check every (variant, backend) pair of the kernel.
        let mut cases = Vec::new();
        for e in &entries[start..end] {
            for &b in &tokens {
                step += 1;
                progress(
                    step,
                    total,
                    &format!("check {}/{} on {}", e.kernel(), e.variant(), b.label()),
                );
                match e.check(b) {
                    None => report
                        .unsupported
                        .push((e.kernel(), e.variant(), b.label())),
                    Some(c) => cases.push((e, b, c, Passes::default(), Vec::with_capacity(reps))),
                }
            }
        }
        // Time them in interleaved rounds.
        for round in 0..reps {
            for (e, b, _, passes, rounds) in cases.iter_mut() {
                step += 1;
                progress(
                    step,
                    total,
                    &format!(
                        "round {}/{reps}: {}/{} on {}",
                        round + 1,
                        e.kernel(),
                        e.variant(),
                        b.label()
                    ),
                );
                rounds.push(e.time_round(*b, settings, passes));
            }
            // Unsupported pairs never get a round; keep the step count honest.
        }
        step = step.max(end * tokens.len() * (1 + reps));
        let first = report.rows.len();
        for (e, b, c, _, rounds) in cases {
            let rounds: &[Round] = &rounds;
            report.rows.push(Row {
                kernel: e.kernel(),
                variant: e.variant(),
                backend: b.label(),
                isa: b.isa(),
                inputs: e.inputs(),
                m: Measured::from_rounds(c, rounds),
            });
        }
        on_kernel(&report.rows[first..]);
        start = end;
    }
    report
}

impl Report {
    /// Whether every row agreed with its reference.
    pub fn all_checked(&self) -> bool {
        self.rows.iter().all(|r| r.m.checked)
    }

    /// JSON lines: one [`BenchLine`] per row and mode, times rounded to the picosecond.
    pub fn json_lines(&self) -> String {
        let mut out = String::new();
        for line in self.rows.iter().flat_map(Row::json) {
            out.push_str(&line.to_json());
            out.push('\n');
        }
        out
    }

    /// The whole table at once: [`LEGEND`], the header and every kernel's block
    /// ([`Columns`]), then the mismatches.
    pub fn table(&self) -> String {
        let cols = Columns::of(self.rows.iter().map(|r| (r.kernel, r.variant)));
        let mut out = format!("{LEGEND}\n{}", cols.header());
        let mut start = 0;
        while start < self.rows.len() {
            let k = self.rows[start].kernel;
            let n = self.rows[start..]
                .iter()
                .take_while(|r| r.kernel == k)
                .count();
            out.push('\n');
            out.push_str(&cols.block(&self.rows[start..start + n]));
            start += n;
        }
        out.push_str(&self.mismatches());
        out
    }

    /// One line per row whose check failed.
    pub fn mismatches(&self) -> String {
        let mut out = String::new();
        for r in self.rows.iter().filter(|r| !r.m.checked) {
            let _ = writeln!(
                out,
                "MISMATCH {}/{} on {}: {}",
                r.kernel,
                r.variant,
                r.backend,
                r.m.mismatch.as_deref().unwrap_or("?")
            );
        }
        out
    }

    /// What was not timed, for stderr: backends this CPU or build lacks (not those left out by
    /// `--backend`), and one line counting the variants not native on a backend.
    pub fn skipped(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .skipped_backends
            .iter()
            .filter(|(_, why)| why != "not selected")
            .map(|(isa, why)| format!("skipped backend {isa}: {why}"))
            .collect();
        if !self.unsupported.is_empty() {
            out.push(format!(
                "not timed: {} variant x backend pairs whose variant is not native on the backend \
                 (their results are tested by `cargo test`)",
                self.unsupported.len()
            ));
        }
        out
    }
}

/// What the columns mean.
pub const LEGEND: &str = "\
ns: nanoseconds per call, median of the rounds (each round times every variant of a kernel once,
interleaved). thru: independent calls; lat: each input depends on the previous result. spread:
(slowest - fastest round) / median. x: speed-up over the scalar backend's default variant of the
same kernel (higher is faster). *: the backend's default variant.";

/// Column widths for a table of rows, so that rows can be printed kernel by kernel.
#[derive(Clone, Copy, Debug)]
pub struct Columns {
    kernel: usize,
    variant: usize,
}

impl Columns {
    /// Widths that fit every `(kernel, variant)` name.
    pub fn of<'a>(names: impl Iterator<Item = (&'a str, &'a str)>) -> Columns {
        let mut c = Columns {
            kernel: 6,
            variant: 7,
        };
        for (k, v) in names {
            c.kernel = c.kernel.max(k.len());
            c.variant = c.variant.max(v.len());
        }
        c
    }

    /// The column titles.
    pub fn header(&self) -> String {
        let (w_k, w_v) = (self.kernel, self.variant);
        format!(
            "{:w_k$}  {:w_v$}  {:13}  {:>9}  {:>6}  {:>9}  {:>6}  {:>8}  {:>8}  {:7}  check\n",
            "kernel",
            "variant",
            "backend",
            "thru ns",
            "spread",
            "lat ns",
            "spread",
            "thru x",
            "lat x",
            "default"
        )
    }

    /// One kernel's rows, after a line that names the kernel and its workload size.
    pub fn block(&self, rows: &[Row]) -> String {
        let (w_k, w_v) = (self.kernel, self.variant);
        let mut out = String::new();
        let Some(first) = rows.first() else {
            return out;
        };
        let _ = writeln!(out, "# {}: {} inputs", first.kernel, first.inputs);
        let base = rows
            .iter()
            .find(|r| r.isa == Isa::Scalar && r.m.default)
            .map(|r| (r.m.throughput_ns, r.m.latency_ns));
        let spread = |med: f64, (lo, hi): (f64, f64)| {
            if med > 0.0 {
                format!("{:.0}%", (hi - lo) / med * 100.0)
            } else {
                "-".into()
            }
        };
        for r in rows {
            let (xt, xl) = match base {
                Some((t, l)) => (
                    format!("{:.2}x", t / r.m.throughput_ns),
                    format!("{:.2}x", l / r.m.latency_ns),
                ),
                None => ("-".into(), "-".into()),
            };
            let _ = writeln!(
                out,
                "{:w_k$}  {:w_v$}  {:13}  {:>9.2}  {:>6}  {:>9.2}  {:>6}  {:>8}  {:>8}  {:7}  {}",
                r.kernel,
                r.variant,
                r.backend,
                r.m.throughput_ns,
                spread(r.m.throughput_ns, r.m.throughput_range),
                r.m.latency_ns,
                spread(r.m.latency_ns, r.m.latency_range),
                xt,
                xl,
                if r.m.default { "*" } else { "" },
                if r.m.checked { "ok" } else { "MISMATCH" },
            );
        }
        out
    }
}
