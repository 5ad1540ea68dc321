//! Running the registry over the backends, and printing the result as a table or JSON lines.

use super::harness::{Measured, Outcome, Registry, Settings};
use crate::json;
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
    /// Check and timings.
    pub m: Measured,
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
/// [`backends`](super::harness::backends)), calling `progress` before each measurement with a
/// short description and the step number out of the total.
pub fn run(
    registry: &Registry,
    backends: &[(Isa, Result<AnyBackend, String>)],
    settings: &Settings,
    progress: &mut dyn FnMut(usize, usize, &str),
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
    let total = registry.entries().len() * tokens.len();
    let mut step = 0;
    for e in registry.entries() {
        for &b in &tokens {
            step += 1;
            progress(
                step,
                total,
                &format!("{}/{} on {}", e.kernel(), e.variant(), b.label()),
            );
            match e.measure(b, settings) {
                Outcome::Unsupported => {
                    report
                        .unsupported
                        .push((e.kernel(), e.variant(), b.label()))
                }
                Outcome::Measured(m) => report.rows.push(Row {
                    kernel: e.kernel(),
                    variant: e.variant(),
                    backend: b.label(),
                    isa: b.isa(),
                    m,
                }),
            }
        }
    }
    report
}

impl Report {
    /// Whether every row agreed with its reference.
    pub fn all_checked(&self) -> bool {
        self.rows.iter().all(|r| r.m.checked)
    }

    /// The Scalar backend's default variant of `kernel`: (throughput ns, latency ns).
    fn scalar_baseline(&self, kernel: &str) -> Option<(f64, f64)> {
        self.rows
            .iter()
            .find(|r| r.kernel == kernel && r.isa == Isa::Scalar && r.m.default)
            .map(|r| (r.m.throughput_ns, r.m.latency_ns))
    }

    /// JSON lines: one object per row and mode.
    pub fn json_lines(&self) -> String {
        let mut out = String::new();
        for r in &self.rows {
            for (mode, ns) in [
                ("throughput", r.m.throughput_ns),
                ("latency", r.m.latency_ns),
            ] {
                let _ = writeln!(
                    out,
                    "{{\"kernel\":{},\"variant\":{},\"backend\":{},\"mode\":\"{mode}\",\"ns\":{},\"checked\":{},\"default\":{}}}",
                    json::string(r.kernel),
                    json::string(r.variant),
                    json::string(r.backend),
                    json::number((ns * 1000.0).round() / 1000.0),
                    r.m.checked,
                    r.m.default,
                );
            }
        }
        out
    }

    /// The table: kernel, variant, backend, ns/call in both modes, speed-up over the Scalar
    /// backend's default variant of the same kernel, default marker; then the skips and the
    /// mismatches.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let w_k = self
            .rows
            .iter()
            .map(|r| r.kernel.len())
            .chain([6])
            .max()
            .unwrap_or(6);
        let w_v = self
            .rows
            .iter()
            .map(|r| r.variant.len())
            .chain([7])
            .max()
            .unwrap_or(7);
        let _ = writeln!(
            out,
            "{:w_k$}  {:w_v$}  {:13}  {:>9}  {:>9}  {:>8}  {:>8}  {:7}  check",
            "kernel", "variant", "backend", "thru ns", "lat ns", "thru x", "lat x", "default"
        );
        let mut last_kernel = "";
        for r in &self.rows {
            if !last_kernel.is_empty() && r.kernel != last_kernel {
                out.push('\n');
            }
            last_kernel = r.kernel;
            let (xt, xl) = match self.scalar_baseline(r.kernel) {
                Some((t, l)) => (
                    format!("{:.2}x", t / r.m.throughput_ns),
                    format!("{:.2}x", l / r.m.latency_ns),
                ),
                None => ("-".into(), "-".into()),
            };
            let _ = writeln!(
                out,
                "{:w_k$}  {:w_v$}  {:13}  {:>9.2}  {:>9.2}  {:>8}  {:>8}  {:7}  {}",
                r.kernel,
                r.variant,
                r.backend,
                r.m.throughput_ns,
                r.m.latency_ns,
                xt,
                xl,
                if r.m.default { "*" } else { "" },
                if r.m.checked { "ok" } else { "MISMATCH" },
            );
        }
        let _ = writeln!(
            out,
            "\nns: nanoseconds per call, median of repetitions. thru: independent calls; lat: each input\n\
             depends on the previous result. x: speed-up over the scalar backend's default variant of\n\
             the same kernel (higher is faster). *: the backend's default variant."
        );
        // Unsupported variants, grouped per variant.
        let mut groups: Vec<(&str, &str, Vec<&str>)> = Vec::new();
        for &(k, v, b) in &self.unsupported {
            match groups.iter_mut().find(|g| g.0 == k && g.1 == v) {
                Some(g) => g.2.push(b),
                None => groups.push((k, v, vec![b])),
            }
        }
        for (k, v, bs) in groups {
            let _ = writeln!(out, "not native, skipped: {k}/{v} on {}", bs.join(", "));
        }
        for (isa, why) in &self.skipped_backends {
            if why != "not selected" || self.skipped_backends.len() < Isa::ALL.len() {
                let _ = writeln!(out, "skipped backend {isa}: {why}");
            }
        }
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
}
