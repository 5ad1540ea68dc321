//! The JSON that `bb` prints with `--json`, one type per format, written and read with
//! `serde_json`: [`BenchLine`] (`bb bench --json`, one object per line) and [`BackendsReport`]
//! (`bb backends --json`, one object). Scripts and tests read the output back with the same types.
//!
//! Members appear in the order of the fields. Times are numbers rounded to the picosecond, written
//! without a fraction when they are whole (`12`, `12.5`) and as `null` when there is no time.

use serde::{Deserialize, Serialize};

/// Which loop timed a [`BenchLine`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Independent calls back to back (`"throughput"`).
    Throughput,
    /// Each call waits for the previous result (`"latency"`).
    Latency,
}

/// One line of `bb bench --json`: one variant on one backend in one mode.
///
/// Lines written before the spread and the workload size were reported (no `min`, `max`,
/// `inputs`) are still read: the missing times are NaN and `inputs` is 0. Unknown members are
/// ignored.
///
/// ```
/// use bb_cli::json::{BenchLine, Mode};
///
/// let line = r#"{"kernel":"flip","variant":"kindergarten","backend":"avx2","mode":"latency","ns":3.25,"min":3,"max":3.5,"inputs":4096,"checked":true,"default":false}"#;
/// let row = BenchLine::parse(line)?;
/// assert_eq!((row.kernel.as_str(), row.mode, row.ns), ("flip", Mode::Latency, 3.25));
/// assert_eq!(row.to_json(), line);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchLine {
    /// Kernel name.
    pub kernel: String,
    /// Variant name.
    pub variant: String,
    /// Backend label (`avx2`, ...).
    pub backend: String,
    /// Which loop timed it.
    pub mode: Mode,
    /// Nanoseconds per call, median of the repetitions.
    #[serde(with = "time")]
    pub ns: f64,
    /// Fastest repetition, nanoseconds per call.
    #[serde(with = "time", default = "no_time")]
    pub min: f64,
    /// Slowest repetition, nanoseconds per call.
    #[serde(with = "time", default = "no_time")]
    pub max: f64,
    /// Inputs in the kernel's workload.
    #[serde(default)]
    pub inputs: usize,
    /// Every input agreed with the reference.
    pub checked: bool,
    /// The variant is the backend's default.
    pub default: bool,
}

impl BenchLine {
    /// Reads one line of `bb bench --json`.
    pub fn parse(line: &str) -> Result<BenchLine, serde_json::Error> {
        serde_json::from_str(line)
    }

    /// The line as `bb bench --json` prints it (no newline).
    pub fn to_json(&self) -> String {
        to_json(self)
    }
}

/// `bb backends --json`: what the CPU offers, every backend, and which one dispatch picks.
///
/// ```
/// use bb_cli::backends::Info;
///
/// let report = Info::detect().report();
/// let back = bb_cli::json::BackendsReport::parse(&report.to_json())?;
/// assert_eq!(back, report);
/// assert!(report.backends.iter().any(|b| b.name == "scalar" && b.available));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackendsReport {
    /// CPU vendor (`Intel`, `Amd`, `Arm`, ...).
    pub vendor: String,
    /// x86 display family; 0 elsewhere.
    pub family: u32,
    /// x86 display model; 0 elsewhere.
    pub model: u32,
    /// Marketing name, or `"unknown"`.
    pub model_name: String,
    /// Detected features, by name.
    pub features: Vec<String>,
    /// PEXT/PDEP are fast on this CPU.
    pub fast_pext: bool,
    /// Every backend, in the library's order.
    pub backends: Vec<BackendStatus>,
    /// The best backend for this CPU's features.
    pub best: String,
    /// What `BB_BACKEND` asks for, if set.
    pub bb_backend: Option<String>,
    /// Why `BB_BACKEND` cannot be honoured, if it cannot.
    pub bb_backend_error: Option<String>,
    /// The backend dispatch uses.
    pub dispatch: Option<String>,
}

impl BackendsReport {
    /// Reads the output of `bb backends --json`.
    pub fn parse(text: &str) -> Result<BackendsReport, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// The report as `bb backends --json` prints it (one line, no newline).
    pub fn to_json(&self) -> String {
        to_json(self)
    }
}

/// One backend in a [`BackendsReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackendStatus {
    /// Backend name.
    pub name: String,
    /// It runs here.
    pub available: bool,
    /// The CPU features it needs that this CPU lacks.
    pub missing: Vec<String>,
    /// Why it does not run here, if it does not.
    pub reason: Option<String>,
}

/// Compact JSON for the types above, which always serialize (string keys, no fallible
/// `Serialize` impls), so an error cannot happen and would print nothing.
fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

fn no_time() -> f64 {
    f64::NAN
}

/// A time in nanoseconds: whole numbers without a fraction, no time (not finite) as `null`.
mod time {
    use serde::{Deserialize, Deserializer, Serializer};

    /// Whole numbers below 2^53 are exact as integers (and fit an i64).
    const EXACT: f64 = 9_007_199_254_740_992.0;

    pub(super) fn serialize<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
        if !x.is_finite() {
            s.serialize_none()
        } else if x.fract() == 0.0 && x.abs() < EXACT {
            s.serialize_i64(*x as i64)
        } else {
            s.serialize_f64(*x)
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::NAN))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(ns: f64) -> BenchLine {
        BenchLine {
            kernel: "k\"\\\n\u{1}".into(),
            variant: "v".into(),
            backend: "scalar".into(),
            mode: Mode::Throughput,
            ns,
            min: 0.5,
            max: f64::INFINITY,
            inputs: 7,
            checked: false,
            default: true,
        }
    }

    #[test]
    fn layout_and_escapes() {
        assert_eq!(
            line(2.0).to_json(),
            r#"{"kernel":"k\"\\\n\u0001","variant":"v","backend":"scalar","mode":"throughput","ns":2,"min":0.5,"max":null,"inputs":7,"checked":false,"default":true}"#
        );
        assert!(line(1.125).to_json().contains(r#""ns":1.125,"#));
    }

    #[test]
    fn reads_back_and_accepts_older_lines() {
        let back = BenchLine::parse(&line(12.375).to_json()).unwrap();
        assert_eq!(back.kernel, "k\"\\\n\u{1}");
        assert_eq!((back.ns, back.min, back.inputs), (12.375, 0.5, 7));
        assert!(back.max.is_nan());
        let old = r#"{"kernel":"popcount","variant":"native","backend":"avx2","mode":"latency","ns":1.5,"checked":true,"default":true}"#;
        let old = BenchLine::parse(old).unwrap();
        assert_eq!((old.mode, old.ns, old.inputs), (Mode::Latency, 1.5, 0));
        assert!(old.min.is_nan() && old.max.is_nan());
        assert!(BenchLine::parse(r#"{"kernel":"k"}"#).is_err());
        assert!(BenchLine::parse(&line(1.0).to_json().replace("throughput", "fast")).is_err());
    }
}
