//! Which lanes run on this machine: the host's backends (from bb-simd's backend table) and
//! the plan of every lane.

use super::*;

/// Backends of this build, from the least to the most capable, each with `Err(reason)` when the
/// CPU lacks it: bb-simd's backend table and detection, so the lanes follow the tokens.
pub(crate) fn host_backends() -> Vec<(&'static str, Result<(), String>)> {
    let cpu = bb_simd::detect();
    bb_simd::Isa::ALL
        .into_iter()
        .filter(|isa| isa.compiled())
        .map(|isa| {
            let missing: Vec<String> = isa.missing(&cpu).map(|f| f.to_string()).collect();
            let ok = if missing.is_empty() {
                Ok(())
            } else {
                Err(format!("CPU lacks {}", missing.join(", ")))
            };
            (isa.name(), ok)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Lanes

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Target {
    Host,
    Aarch64,
    /// wasm32-wasip1 without `simd128`: the scalar token only.
    Wasm,
    /// wasm32-wasip1 with `-C target-feature=+simd128`: the `Wasm128` token.
    WasmSimd128,
}

impl Target {
    /// A short name for file names (`host`, `aarch64`, `wasm`, `wasm-simd128`).
    pub(crate) fn slug(self) -> &'static str {
        match self {
            Target::Host => "host",
            Target::Aarch64 => "aarch64",
            Target::Wasm => "wasm",
            Target::WasmSimd128 => "wasm-simd128",
        }
    }

    /// How the build of this target is named in the output.
    pub(crate) fn label(self) -> String {
        match self {
            Target::Host => "host".into(),
            Target::Aarch64 => tools::AARCH64.into(),
            Target::Wasm => format!("{} (no simd128)", tools::WASM),
            Target::WasmSimd128 => format!("{} +simd128", tools::WASM),
        }
    }
}

/// A lane that runs the prebuilt test binaries.
#[derive(Debug, Clone)]
pub(crate) struct TestLane {
    pub(crate) target: Target,
    /// Emulator command put before each binary (empty: run natively).
    pub(crate) wrapper: Vec<String>,
    pub(crate) env: Vec<(String, String)>,
    pub(crate) forced: Option<&'static str>,
    pub(crate) expect: Option<&'static str>,
    pub(crate) extra_args: Vec<String>,
    pub(crate) timeout: Duration,
}

#[derive(Debug, Clone)]
pub(crate) enum Plan {
    Tests(TestLane),
    Miri {
        runs: Vec<Vec<String>>,
        env: Vec<(String, String)>,
        timeout: Duration,
    },
    Skip(String),
}

#[derive(Debug, Clone)]
pub(crate) struct Lane {
    pub(crate) name: String,
    pub(crate) how: String,
    pub(crate) plan: Plan,
}

pub(crate) fn env_of(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

pub(crate) fn scale_env(scale: f64) -> Vec<(String, String)> {
    // BB_TEST_SCALE is the contract; PROPTEST_CASES only reaches proptest tests that use the default
    // config. Neither skips a kernel.
    let cases = ((256.0 * scale).round() as u64).max(4);
    vec![
        ("BB_TEST_SCALE".into(), format!("{scale}")),
        ("PROPTEST_CASES".into(), cases.to_string()),
    ]
}

pub(crate) fn plan_lanes(o: &Opts, meta: &Meta) -> Vec<Lane> {
    let t = |default: u64| o.timeout.unwrap_or(Duration::from_secs(default));
    let (native_scale, emu_scale, sde_scale) = if o.quick {
        (0.25, 0.03, 0.02)
    } else {
        (1.0, 0.1, 0.05)
    };
    let host_x86 = cfg!(target_arch = "x86_64");
    let host_arm = cfg!(target_arch = "aarch64");
    let mut lanes = Vec::new();

    // native/<backend>, BB_BACKEND forced
    let backends = host_backends();
    let best = backends
        .iter()
        .rev()
        .find(|b| b.1.is_ok())
        .map_or("scalar", |b| b.0);
    for (b, ok) in &backends {
        let name = format!("native/{b}");
        let how = format!("BB_BACKEND={b}");
        let plan = match ok {
            Ok(()) => {
                let mut env = scale_env(native_scale);
                env.extend(env_of(&[
                    ("BB_BACKEND", b),
                    ("BB_EXPECT_ISA", b),
                    ("BB_REQUIRE", b),
                ]));
                Plan::Tests(TestLane {
                    target: Target::Host,
                    wrapper: vec![],
                    env,
                    forced: Some(b),
                    expect: Some(b),
                    extra_args: vec![],
                    timeout: t(600),
                })
            }
            Err(why) => Plan::Skip(why.clone()),
        };
        lanes.push(Lane { name, how, plan });
    }
    // The dispatch lanes of x86 CPUs test only the backend dispatch picks: every lower backend is
    // the same machine code that its own forced lane (or a smaller emulated CPU) runs.
    let mut env = scale_env(native_scale);
    env.extend(env_of(&[
        ("BB_EXPECT_ISA", best),
        ("BB_TEST_BACKENDS", "best"),
    ]));
    lanes.push(Lane {
        name: "native/dispatch".into(),
        how: format!("no forcing, BB_EXPECT_ISA={best}"),
        plan: Plan::Tests(TestLane {
            target: Target::Host,
            wrapper: vec![],
            env,
            forced: None,
            expect: Some(best),
            extra_args: vec![],
            timeout: t(600),
        }),
    });

    // qemu-x86/<cpu>
    let qemu_x86 = tools::which("qemu-x86_64");
    for (cpu, expect) in [
        ("qemu64", "sse2"),
        ("Nehalem", "ssse3"),
        ("Haswell", "avx2"),
    ] {
        let name = format!("qemu-x86/{cpu}");
        let how = format!("qemu-x86_64 -cpu {cpu}, BB_EXPECT_ISA={expect}");
        let plan = if !host_x86 {
            Plan::Skip("host is not x86_64".into())
        } else if let Some(q) = &qemu_x86 {
            let mut env = scale_env(emu_scale);
            env.extend(env_of(&[
                ("BB_EXPECT_ISA", expect),
                ("BB_TEST_BACKENDS", "best"),
            ]));
            Plan::Tests(TestLane {
                target: Target::Host,
                wrapper: vec![q.display().to_string(), "-cpu".into(), cpu.into()],
                env,
                forced: None,
                expect: Some(expect),
                extra_args: vec![],
                timeout: t(900),
            })
        } else {
            Plan::Skip("qemu-x86_64 not installed (apt-get install qemu-user, or --install)".into())
        };
        lanes.push(Lane { name, how, plan });
    }

    // aarch64/neon and aarch64/dispatch
    let arm_missing = if host_arm {
        Some("host is aarch64: Neon runs natively (native/neon)".to_string())
    } else {
        tools::aarch64_missing()
    };
    let qemu_arm = tools::which("qemu-aarch64").map(|p| p.display().to_string());
    for forced in [true, false] {
        let name = if forced {
            "aarch64/neon"
        } else {
            "aarch64/dispatch"
        };
        let how = if forced {
            "qemu-aarch64, BB_BACKEND=neon".to_string()
        } else {
            "qemu-aarch64, BB_EXPECT_ISA=neon".to_string()
        };
        let plan = match (&arm_missing, &qemu_arm) {
            (None, Some(q)) => {
                let mut env = scale_env(emu_scale);
                env.push(("BB_EXPECT_ISA".into(), "neon".into()));
                env.extend(tools::qemu_aarch64_env());
                if forced {
                    env.extend(env_of(&[("BB_BACKEND", "neon"), ("BB_REQUIRE", "neon")]));
                }
                let mut wrapper = vec![q.clone()];
                wrapper.extend(tools::qemu_aarch64_args());
                Plan::Tests(TestLane {
                    target: Target::Aarch64,
                    wrapper,
                    env,
                    forced: forced.then_some("neon"),
                    expect: Some("neon"),
                    extra_args: vec![],
                    timeout: t(900),
                })
            }
            (Some(why), _) => Plan::Skip(why.clone()),
            (None, None) => Plan::Skip("qemu-aarch64 not installed".into()),
        };
        lanes.push(Lane {
            name: name.into(),
            how,
            plan,
        });
    }

    // wasm/wasm128 and wasm/scalar: wasm32-wasip1 binaries, built with and without simd128, under
    // Node's WASI. Dispatch is a compile-time choice there, so each build has one expected token.
    let wasm_missing = tools::wasm_missing();
    let runner = workspace_root().join("xtask/wasi-run.mjs");
    for (target, name, expect, flags) in [
        (Target::WasmSimd128, "wasm/wasm128", "wasm128", "+simd128"),
        (Target::Wasm, "wasm/scalar", "scalar", "no simd128"),
    ] {
        let how = format!("node wasi-run.mjs, {flags}, BB_EXPECT_ISA={expect}");
        let plan = match (&wasm_missing, tools::find_node()) {
            (None, Some(node)) => {
                // V8 compiles the module to machine code: native counts take under a minute
                let mut env = scale_env(native_scale);
                env.extend(env_of(&[("BB_EXPECT_ISA", expect), ("BB_REQUIRE", expect)]));
                Plan::Tests(TestLane {
                    target,
                    wrapper: vec![node.display().to_string(), runner.display().to_string()],
                    env,
                    forced: None,
                    expect: Some(expect),
                    extra_args: vec![],
                    timeout: t(900),
                })
            }
            (Some(why), _) => Plan::Skip(why.clone()),
            (None, None) => Plan::Skip("node not installed".into()),
        };
        lanes.push(Lane {
            name: name.into(),
            how,
            plan,
        });
    }

    // sde/<cpu>
    let has_avx512 = backends.iter().any(|(b, ok)| *b == "avx512" && ok.is_ok());
    match (host_x86, tools::find_sde()) {
        (true, Some(sde)) => {
            for (cpu, expect) in [
                ("icl", "avx512vbmi"),
                ("spr", "avx512vbmi"),
                ("hsw", "avx2"),
                ("nhm", "ssse3"),
                ("p4p", "sse2"),
            ] {
                let mut env = scale_env(sde_scale);
                env.extend(env_of(&[
                    ("BB_EXPECT_ISA", expect),
                    ("BB_TEST_BACKENDS", "best"),
                ]));
                lanes.push(Lane {
                    name: format!("sde/{cpu}"),
                    how: format!("sde64 -{cpu} --, BB_EXPECT_ISA={expect}"),
                    plan: Plan::Tests(TestLane {
                        target: Target::Host,
                        wrapper: vec![sde.display().to_string(), format!("-{cpu}"), "--".into()],
                        env,
                        forced: None,
                        expect: Some(expect),
                        extra_args: vec![],
                        timeout: t(1800),
                    }),
                });
            }
        }
        (host, _) => {
            let why = if !host {
                "host is not x86_64".to_string()
            } else if has_avx512 {
                "sde64 not installed; AVX-512 verified natively".to_string()
            } else {
                "sde64 not installed (PATH or SDE_PATH); AVX-512 not verified on this machine"
                    .to_string()
            };
            lanes.push(Lane {
                name: "sde".into(),
                how: "Intel SDE".into(),
                plan: Plan::Skip(why),
            });
        }
    }

    // miri/scalar: bb-simd (where all the `unsafe` is) in full; bb-core, which forbids `unsafe`, only
    // its unit tests (its integration suite uses fixed proptest counts far too large for Miri, and
    // runs on every native and emulated lane anyway).
    let mut miri_runs: Vec<Vec<String>> = Vec::new();
    if meta.packages.contains_key("bb-core") {
        miri_runs.push(["-p", "bb-core", "--lib"].map(String::from).to_vec());
    }
    if meta.packages.contains_key("bb-simd") {
        miri_runs.push(
            ["-p", "bb-simd", "--lib", "--tests"]
                .map(String::from)
                .to_vec(),
        );
    }
    let how = format!(
        "cargo +nightly miri test {}, BB_BACKEND=scalar",
        miri_runs
            .iter()
            .map(|r| r.join(" "))
            .collect::<Vec<_>>()
            .join("; ")
    );
    let plan = if o.quick {
        Plan::Skip("--quick".into())
    } else if miri_runs.is_empty() {
        Plan::Skip("neither bb-core nor bb-simd in the workspace yet".into())
    } else {
        let mut env = scale_env(0.002);
        env.extend(env_of(&[
            ("BB_BACKEND", "scalar"),
            ("BB_EXPECT_ISA", "scalar"),
            ("BB_REQUIRE", "scalar"),
        ]));
        Plan::Miri {
            runs: miri_runs,
            env,
            timeout: t(1200),
        }
    };
    lanes.push(Lane {
        name: "miri/scalar".into(),
        how,
        plan,
    });

    if o.deep {
        let mut env = scale_env(1.0);
        env.push(("BB_EXPECT_ISA".into(), best.into()));
        lanes.push(Lane {
            name: "native/deep".into(),
            how: format!("--ignored, BB_EXPECT_ISA={best}"),
            plan: Plan::Tests(TestLane {
                target: Target::Host,
                wrapper: vec![],
                env,
                forced: None,
                expect: Some(best),
                extra_args: vec!["--ignored".into()],
                timeout: t(3600),
            }),
        });
    }
    lanes
}

/// The lane that already runs everything a forced lane would: the dispatch lane (no
/// `BB_BACKEND`) of the same target and emulator whose dispatch picks the forced backend. That
/// lane runs every backend's kernel tests, and its whole programs run on the backend dispatch
/// picks, the one the forced lane would force; running both doubles the time and proves nothing
/// more. Only lanes that will run count as covering.
pub(crate) fn covering_lane<'a>(lane: &Lane, lanes: &'a [Lane]) -> Option<&'a str> {
    let Plan::Tests(forced) = &lane.plan else {
        return None;
    };
    let backend = forced.forced?;
    lanes.iter().find_map(|other| match &other.plan {
        Plan::Tests(d)
            if d.forced.is_none()
                && d.expect == Some(backend)
                && d.target == forced.target
                && d.wrapper == forced.wrapper
                && d.extra_args == forced.extra_args =>
        {
            Some(other.name.as_str())
        }
        _ => None,
    })
}
