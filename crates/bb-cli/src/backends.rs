//! `bb backends`: what the CPU offers, which backends run here and which one dispatch picks.

use crate::json::{BackendStatus, BackendsReport};
use bb_simd::{AnyBackend, CpuFeatures, Feature, Isa};
use std::fmt::Write as _;

/// The CPU's marketing name (`model name` in /proc/cpuinfo, `sysctl machdep.cpu.brand_string`
/// elsewhere is not attempted), or `"unknown"`.
pub fn cpu_model_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name") || l.starts_with("Model"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_owned())
        })
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_owned())
}

/// The features `bb backends` lists (those some backend needs, plus FMA for information).
pub fn relevant_features() -> &'static [Feature] {
    &Feature::ALL
}

/// What `BB_BACKEND` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forced {
    /// Unset or empty.
    None,
    /// A backend this CPU runs.
    Ok(Isa),
    /// An unknown name or a backend this CPU lacks, with the message.
    Invalid(String),
}

/// Reads `BB_BACKEND` without panicking (through [`bb_simd::try_forced`]).
pub fn forced() -> Forced {
    match bb_simd::try_forced() {
        Ok(None) => Forced::None,
        Ok(Some(isa)) => Forced::Ok(isa),
        Err(e) => Forced::Invalid(e.to_string()),
    }
}

/// Everything `bb backends` reports.
#[derive(Clone, Debug)]
pub struct Info {
    /// Detected features.
    pub cpu: CpuFeatures,
    /// Marketing name.
    pub model_name: String,
    /// Per ISA: available, or the reason.
    pub backends: Vec<(Isa, Result<(), String>)>,
    /// What `select` picks from the features alone.
    pub natural: Isa,
    /// `BB_BACKEND`.
    pub forced: Forced,
}

impl Info {
    /// Detects everything.
    pub fn detect() -> Info {
        let cpu = bb_simd::detect();
        let backends = Isa::ALL
            .into_iter()
            .map(|isa| {
                (
                    isa,
                    AnyBackend::new(isa).map(drop).map_err(|e| e.to_string()),
                )
            })
            .collect();
        let natural = {
            let s = bb_simd::select(&cpu);
            if AnyBackend::new(s).is_ok() {
                s
            } else {
                bb_simd::available().last().unwrap_or(Isa::Scalar)
            }
        };
        Info {
            cpu,
            model_name: cpu_model_name(),
            backends,
            natural,
            forced: forced(),
        }
    }

    /// The backend `dispatch` uses: a `BB_BACKEND` that cannot be honoured is reported by the
    /// library and ignored, so dispatch then uses the CPU's best.
    pub fn dispatch(&self) -> Option<Isa> {
        match self.forced {
            Forced::None | Forced::Invalid(_) => Some(self.natural),
            Forced::Ok(isa) => Some(isa),
        }
    }

    /// The human-readable report.
    pub fn text(&self) -> String {
        let mut o = String::new();
        let c = &self.cpu;
        let _ = writeln!(
            o,
            "CPU:      {} ({:?}, family {:#x}, model {:#x})",
            self.model_name, c.vendor, c.family, c.model
        );
        let feats: Vec<&str> = c.features().map(Feature::name).collect();
        let _ = writeln!(
            o,
            "features: {}",
            if feats.is_empty() {
                "(none detected)".into()
            } else {
                feats.join(" ")
            }
        );
        let _ = writeln!(
            o,
            "PEXT/PDEP: {}",
            if !c.has(Feature::Bmi2) {
                "absent"
            } else if c.fast_pext() {
                "fast"
            } else {
                "present but microcoded (AMD before Zen 3): FAST_PEXT = false"
            }
        );
        let _ = writeln!(o, "\nbackends:");
        for (isa, r) in &self.backends {
            let mark = if Some(*isa) == self.dispatch() {
                "  <- dispatch"
            } else {
                ""
            };
            match r {
                Ok(()) => {
                    let _ = writeln!(o, "  {:11} available{mark}", isa.name());
                }
                Err(why) => {
                    let _ = writeln!(o, "  {:11} unavailable: {why}", isa.name());
                }
            }
        }
        let _ = writeln!(o);
        match &self.forced {
            Forced::None => {
                let _ = writeln!(
                    o,
                    "dispatch picks {} (best for this CPU; BB_BACKEND is not set)",
                    self.natural
                );
            }
            Forced::Ok(isa) => {
                let _ = writeln!(
                    o,
                    "dispatch picks {isa}: BB_BACKEND overrides the CPU's best, {}",
                    self.natural
                );
            }
            Forced::Invalid(msg) => {
                let _ = writeln!(
                    o,
                    "dispatch picks {}: {msg}, so a program built on bb reports it once and \
                     ignores it (the bb command refuses it)",
                    self.natural
                );
            }
        }
        o
    }

    /// The report `bb backends --json` prints.
    pub fn report(&self) -> BackendsReport {
        let c = &self.cpu;
        let names =
            |it: &mut dyn Iterator<Item = Feature>| it.map(|f| f.name().to_owned()).collect();
        let (bb_backend, bb_backend_error) = match &self.forced {
            Forced::None => (None, None),
            Forced::Ok(isa) => (Some(isa.name().to_owned()), None),
            Forced::Invalid(m) => (
                Some(std::env::var("BB_BACKEND").unwrap_or_default()),
                Some(m.clone()),
            ),
        };
        BackendsReport {
            vendor: format!("{:?}", c.vendor),
            family: c.family,
            model: c.model,
            model_name: self.model_name.clone(),
            features: names(&mut c.features()),
            fast_pext: c.fast_pext(),
            backends: self
                .backends
                .iter()
                .map(|(isa, r)| BackendStatus {
                    name: isa.name().to_owned(),
                    available: r.is_ok(),
                    missing: names(&mut isa.missing(c)),
                    reason: r.as_ref().err().cloned(),
                })
                .collect(),
            best: self.natural.name().to_owned(),
            bb_backend,
            bb_backend_error,
            dispatch: self.dispatch().map(|i| i.name().to_owned()),
        }
    }

    /// [`report`](Self::report) as one line of JSON.
    pub fn json(&self) -> String {
        self.report().to_json()
    }
}
