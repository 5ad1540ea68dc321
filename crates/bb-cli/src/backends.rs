//! `bb backends`: what the CPU offers, which backends run here and which one dispatch picks.

use crate::json;
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

    /// One JSON object.
    pub fn json(&self) -> String {
        let c = &self.cpu;
        let list = |it: &mut dyn Iterator<Item = String>| it.collect::<Vec<_>>().join(",");
        let feats = list(&mut c.features().map(|f| json::string(f.name())));
        let backends = list(&mut self.backends.iter().map(|(isa, r)| {
            let missing = list(&mut isa.missing(c).map(|f| json::string(f.name())));
            format!(
                "{{\"name\":{},\"available\":{},\"missing\":[{}],\"reason\":{}}}",
                json::string(isa.name()),
                r.is_ok(),
                missing,
                r.as_ref().err().map_or("null".into(), |e| json::string(e))
            )
        }));
        let (forced, error) = match &self.forced {
            Forced::None => ("null".to_owned(), "null".to_owned()),
            Forced::Ok(isa) => (json::string(isa.name()), "null".to_owned()),
            Forced::Invalid(m) => (
                json::string(&std::env::var("BB_BACKEND").unwrap_or_default()),
                json::string(m),
            ),
        };
        format!(
            "{{\"vendor\":{},\"family\":{},\"model\":{},\"model_name\":{},\"features\":[{}],\"fast_pext\":{},\
             \"backends\":[{}],\"best\":{},\"bb_backend\":{},\"bb_backend_error\":{},\"dispatch\":{}}}",
            json::string(&format!("{:?}", c.vendor)),
            c.family,
            c.model,
            json::string(&self.model_name),
            feats,
            c.fast_pext(),
            backends,
            json::string(self.natural.name()),
            forced,
            error,
            self.dispatch()
                .map_or("null".into(), |i| json::string(i.name())),
        )
    }
}
