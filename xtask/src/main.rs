//! `cargo xtask`: workspace automation for bb.
//!
//! `cargo xtask test-all-isas [--install] [--quick] [--deep] [--lanes P,..] [--timeout SECS]` builds the
//! workspace's test binaries once per target and runs them in lanes, one per instruction set and way
//! of running (native with a forced backend, under QEMU, under Intel SDE, under Miri), then prints one
//! row per lane. See `docs/testing.md`.
//!
//! `cargo xtask perft [--quick] [--threads N]` runs the deep perft suites and the FFO #20-#39
//! solve through the release `bb` command (module [`perft`]).

#![forbid(unsafe_code)]

mod json;
mod perft;
mod run;
mod tools;

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use json::Value;
use run::Counts;

/// The env vars of the test contract (docs/architecture.md); lanes set them explicitly.
const CONTRACT_VARS: [&str; 5] = [
    "BB_BACKEND",
    "BB_EXPECT_ISA",
    "BB_REQUIRE",
    "BB_TEST_SCALE",
    "BB_TEST_RUNNER",
];

const USAGE: &str = "\
usage: cargo xtask test-all-isas [options]

Builds the workspace test binaries once per target and runs them in lanes:
  native/<backend>    every backend this CPU has, BB_BACKEND forced
  native/dispatch     no forcing; BB_EXPECT_ISA = the best backend this CPU has
  qemu-x86/<cpu>      x86_64 binaries under qemu-x86_64 -cpu qemu64|Nehalem|Haswell, dispatched,
                      BB_EXPECT_ISA = sse2|ssse3|avx2
  aarch64/neon        cross-built for aarch64-unknown-linux-gnu, under qemu-aarch64, BB_BACKEND=neon
  aarch64/dispatch    the same binaries dispatched, BB_EXPECT_ISA=neon
  sde/<cpu>           under Intel SDE (sde64 on PATH or SDE_PATH): icl spr hsw nhm p4p
  miri/scalar         cargo +nightly miri test: bb-simd lib+tests, bb-core lib; BB_BACKEND=scalar
  native/deep         (--deep) the #[ignore]d tests (deep perft, long solves), dispatched

options:
  --install        as root: apt-get install what is missing (qemu-user, gcc-aarch64-linux-gnu,
                   libc6-dev-arm64-cross), rustup target add aarch64-unknown-linux-gnu (or Debian's
                   rustc-web + libstd-rust-web-dev:arm64), rustup +nightly component add miri
  --quick          smaller BB_TEST_SCALE everywhere and no Miri lane
  --deep           also run the #[ignore]d tests natively (lane native/deep)
  --lanes P,...    only the lanes matching these names or prefixes (e.g. native,qemu-x86/Haswell)
  --timeout SECS   per test binary (default: native 600, QEMU 900, SDE 1800; Miri 1200 in all)

environment:
  BB_REQUIRE=P,... lanes (names, prefixes like qemu-x86, or backend names like avx512) whose skip is
                   a failure; a required lane that is not run fails the whole run
  SDE_PATH         sde64, or the directory that holds it
Exit status is non-zero when any lane fails.";

/// Command-line options.
#[derive(Debug, Default)]
struct Opts {
    install: bool,
    quick: bool,
    deep: bool,
    lanes: Vec<String>,
    timeout: Option<Duration>,
}

fn parse_opts(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or(format!("{name} needs a value"))
        };
        match flag {
            "--install" => o.install = true,
            "--quick" => o.quick = true,
            "--deep" => o.deep = true,
            "--lanes" => o.lanes = split_list(&value("--lanes")?),
            "--timeout" => {
                let v = value("--timeout")?;
                let secs: u64 = v.parse().map_err(|_| format!("bad --timeout {v}"))?;
                o.timeout = Some(Duration::from_secs(secs));
            }
            "-h" | "--help" => return Err(String::new()),
            _ => return Err(format!("unknown option {a}")),
        }
    }
    Ok(o)
}

fn split_list(s: &str) -> Vec<String> {
    s.split([',', ' '])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Whether a `BB_REQUIRE` / `--lanes` pattern names a lane: the lane itself, a prefix ending at a
/// `/` (`qemu-x86`), the backend or CPU after the last `/` (`avx512`, `neon`), or `all`.
fn pattern_matches(pattern: &str, lane: &str) -> bool {
    let p = pattern.trim().trim_end_matches('/');
    !p.is_empty()
        && (p == "all"
            || p == "*"
            || lane == p
            || lane.starts_with(&format!("{p}/"))
            || lane.rsplit('/').next() == Some(p))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("test-all-isas") => match parse_opts(&args[1..]) {
            Ok(o) => test_all_isas(&o),
            Err(e) => {
                if !e.is_empty() {
                    eprintln!("error: {e}\n");
                }
                eprintln!("{USAGE}");
                ExitCode::from(if e.is_empty() { 0 } else { 2 })
            }
        },
        Some("perft") => perft::run(&workspace_root(), &args[1..]),
        Some("help" | "-h" | "--help") => {
            println!("{USAGE}\n\n{}", perft::USAGE);
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("error: unknown xtask command {other}\n\n{USAGE}");
            ExitCode::from(2)
        }
        None => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Workspace

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .into()
}

fn cargo(root: &Path) -> Command {
    let mut c = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo")));
    c.current_dir(root);
    c
}

/// What `cargo metadata --no-deps` says about the workspace.
struct Meta {
    target_dir: PathBuf,
    /// package name -> manifest directory
    packages: BTreeMap<String, PathBuf>,
    /// the package that has the `bb` binary (bb-cli), if any yet
    bb_package: Option<String>,
}

fn metadata(root: &Path) -> Result<Meta, String> {
    let out = cargo(root)
        .args(["metadata", "--no-deps", "--format-version", "1"])
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!("cargo metadata failed: {}", out.status));
    }
    let v = json::parse(&String::from_utf8_lossy(&out.stdout))?;
    let target_dir = v
        .get("target_directory")
        .and_then(Value::as_str)
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let mut packages = BTreeMap::new();
    let mut bb_package = None;
    for p in v.get("packages").map(Value::items).unwrap_or_default() {
        let (Some(name), Some(manifest)) = (
            p.get("name").and_then(Value::as_str),
            p.get("manifest_path").and_then(Value::as_str),
        ) else {
            continue;
        };
        let dir = Path::new(manifest).parent().unwrap_or(root).to_path_buf();
        for t in p.get("targets").map(Value::items).unwrap_or_default() {
            let is_bin = t
                .get("kind")
                .is_some_and(|k| k.items().iter().any(|k| k.as_str() == Some("bin")));
            if is_bin && t.get("name").and_then(Value::as_str) == Some("bb") {
                bb_package = Some(name.to_string());
            }
        }
        packages.insert(name.to_string(), dir);
    }
    Ok(Meta {
        target_dir,
        packages,
        bb_package,
    })
}

// ---------------------------------------------------------------------------------------------
// CPU

/// Backends of this build, from the least to the most capable, each with `Err(reason)` when the
/// CPU lacks it: bb-simd's backend table and detection, so the lanes follow the tokens.
fn host_backends() -> Vec<(&'static str, Result<(), String>)> {
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
enum Target {
    Host,
    Aarch64,
}

/// A lane that runs the prebuilt test binaries.
#[derive(Debug, Clone)]
struct TestLane {
    target: Target,
    /// Emulator command put before each binary (empty: run natively).
    wrapper: Vec<String>,
    env: Vec<(String, String)>,
    forced: Option<&'static str>,
    expect: Option<&'static str>,
    extra_args: Vec<String>,
    timeout: Duration,
}

#[derive(Debug, Clone)]
enum Plan {
    Tests(TestLane),
    Miri {
        runs: Vec<Vec<String>>,
        env: Vec<(String, String)>,
        timeout: Duration,
    },
    Skip(String),
}

#[derive(Debug, Clone)]
struct Lane {
    name: String,
    how: String,
    plan: Plan,
}

fn env_of(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn scale_env(scale: f64) -> Vec<(String, String)> {
    // BB_TEST_SCALE is the contract; PROPTEST_CASES only reaches proptest tests that use the default
    // config. Neither skips a kernel.
    let cases = ((256.0 * scale).round() as u64).max(4);
    vec![
        ("BB_TEST_SCALE".into(), format!("{scale}")),
        ("PROPTEST_CASES".into(), cases.to_string()),
    ]
}

fn plan_lanes(o: &Opts, meta: &Meta) -> Vec<Lane> {
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
    let mut env = scale_env(native_scale);
    env.push(("BB_EXPECT_ISA".into(), best.into()));
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
            env.push(("BB_EXPECT_ISA".into(), expect.into()));
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
                env.push(("BB_EXPECT_ISA".into(), expect.into()));
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

// ---------------------------------------------------------------------------------------------
// Building

/// One test executable from `cargo test --no-run`.
#[derive(Debug, Clone)]
struct TestBin {
    exe: PathBuf,
    /// e.g. `bb-core lib` or `bb-chess test perft`
    label: String,
    package: String,
    package_dir: PathBuf,
    /// The binary mentions `BB_EXPECT_ISA`, so some test in it checks dispatch.
    reads_expect: bool,
}

#[derive(Debug, Default)]
struct Built {
    bins: Vec<TestBin>,
    /// The `bb` command (bb-cli), when the workspace has it.
    bb: Option<PathBuf>,
}

fn contains_bytes(hay: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && hay.windows(needle.len()).any(|w| w == needle)
}

/// `cargo test --workspace --exclude xtask --no-run` for one target; returns the test executables.
fn build(root: &Path, meta: &Meta, target: Target) -> Result<Built, String> {
    let mut cmd = cargo(root);
    cmd.args([
        "test",
        "--workspace",
        "--no-run",
        "--message-format=json-render-diagnostics",
    ]);
    if meta.packages.contains_key("xtask") {
        cmd.args(["--exclude", "xtask"]);
    }
    let mut bb_cmd = meta.bb_package.as_ref().map(|p| {
        let mut c = cargo(root);
        c.args(["build", "--profile", "test", "-p", p, "--bin", "bb"])
            .arg("--message-format=json-render-diagnostics");
        c
    });
    for c in std::iter::once(&mut cmd).chain(bb_cmd.as_mut()) {
        if target == Target::Aarch64 {
            c.args(["--target", tools::AARCH64]);
            if std::env::var_os("CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER").is_none() {
                c.env(
                    "CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER",
                    "aarch64-linux-gnu-gcc",
                );
            }
            if let Ok(Some(rustc)) = tools::aarch64_rustc() {
                // Debian's rustc-web: only for this build, in its own target dir.
                c.env("RUSTC", rustc)
                    .env("CARGO_TARGET_DIR", meta.target_dir.join("xtask-rustc-web"));
                c.env_remove("RUSTDOC").env_remove("RUSTC_WRAPPER");
            }
        }
        c.stdin(Stdio::null()).stderr(Stdio::inherit());
    }
    let artifacts = |c: &mut Command| -> Result<Vec<Value>, String> {
        let out = c.output().map_err(|e| format!("cargo: {e}"))?;
        let mut v = Vec::new();
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            if let Ok(j) = json::parse(line)
                && j.get("reason").and_then(Value::as_str) == Some("compiler-artifact")
            {
                v.push(j);
            }
        }
        if out.status.success() {
            Ok(v)
        } else {
            Err(format!("build failed ({})", out.status))
        }
    };
    let mut built = Built::default();
    for a in artifacts(&mut cmd)? {
        let is_test = a
            .get("profile")
            .and_then(|p| p.get("test"))
            .and_then(Value::as_bool)
            == Some(true);
        let Some(exe) = a.get("executable").and_then(Value::as_str) else {
            continue;
        };
        let tgt_name = a
            .get("target")
            .and_then(|t| t.get("name"))
            .and_then(Value::as_str);
        if !is_test && tgt_name == Some("bb") {
            // bb-cli's integration tests made cargo build the `bb` binary already.
            built.bb = Some(exe.into());
        }
        if !is_test {
            continue;
        }
        let manifest = a
            .get("manifest_path")
            .and_then(Value::as_str)
            .map(PathBuf::from);
        let package_dir = manifest
            .as_deref()
            .and_then(Path::parent)
            .unwrap_or(root)
            .to_path_buf();
        let package = meta
            .packages
            .iter()
            .find(|(_, d)| **d == package_dir)
            .map_or_else(|| "?".to_string(), |(n, _)| n.clone());
        let tgt = a.get("target");
        let tname = tgt
            .and_then(|t| t.get("name"))
            .and_then(Value::as_str)
            .unwrap_or("?");
        let kind = tgt
            .and_then(|t| t.get("kind"))
            .and_then(|k| k.items().first())
            .and_then(Value::as_str)
            .unwrap_or("?");
        let label = if kind == "lib" {
            format!("{package} lib")
        } else {
            format!("{package} {kind} {tname}")
        };
        let reads_expect = std::fs::read(exe).is_ok_and(|b| contains_bytes(&b, b"BB_EXPECT_ISA"));
        built.bins.push(TestBin {
            exe: exe.into(),
            label,
            package,
            package_dir,
            reads_expect,
        });
    }
    built.bins.sort_by(|a, b| a.label.cmp(&b.label));
    built.bins.dedup_by(|a, b| a.exe == b.exe);
    if let Some(c) = bb_cmd.as_mut().filter(|_| built.bb.is_none()) {
        for a in artifacts(c)? {
            let is_bb = a
                .get("target")
                .and_then(|t| t.get("name"))
                .and_then(Value::as_str)
                == Some("bb");
            if let (true, Some(exe)) = (is_bb, a.get("executable").and_then(Value::as_str)) {
                built.bb = Some(exe.into());
            }
        }
    }
    Ok(built)
}

// ---------------------------------------------------------------------------------------------
// Running

#[derive(Debug, Clone, PartialEq)]
enum Res {
    Pass,
    Fail(String),
    Skip(String),
}

#[derive(Debug, Clone)]
struct Row {
    name: String,
    how: String,
    picked: String,
    counts: Option<Counts>,
    time: Duration,
    res: Res,
}

/// The backend `bb backends` says dispatch picks: the `"dispatch"` field of its `--json` line, else
/// its text report (`dispatch picks X`, or the row marked `<- dispatch`), else the first backend
/// named on a line that mentions dispatch.
fn parse_dispatch(output: &str) -> Option<&'static str> {
    let known = |w: &str| w.parse::<bb_simd::Isa>().ok().map(bb_simd::Isa::name);
    for line in output.lines() {
        if let Ok(v) = json::parse(line.trim())
            && let Some(d) = v.get("dispatch").and_then(Value::as_str)
        {
            return known(d);
        }
    }
    let words = |l: &str| -> Vec<String> {
        l.split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_ascii_lowercase)
            .collect()
    };
    for line in output.lines() {
        let l = line.trim().to_ascii_lowercase();
        if let Some(rest) = l.strip_prefix("dispatch picks ") {
            return words(rest).first().and_then(|w| known(w));
        }
        if l.contains("<- dispatch") {
            return words(&l).first().and_then(|w| known(w));
        }
    }
    for line in output.lines() {
        let l = line.to_ascii_lowercase();
        if (l.contains("dispatch") || l.contains("selected") || l.contains("picked"))
            && let Some(b) = words(&l).iter().find_map(|w| known(w))
        {
            return Some(b);
        }
    }
    None
}

fn lane_command(wrapper: &[String], exe: &Path) -> Command {
    match wrapper.split_first() {
        Some((prog, rest)) => {
            let mut c = Command::new(prog);
            c.args(rest).arg(exe);
            c
        }
        None => Command::new(exe),
    }
}

fn apply_env(c: &mut Command, env: &[(String, String)]) {
    for v in CONTRACT_VARS {
        c.env_remove(v);
    }
    c.env("PROPTEST_DISABLE_FAILURE_PERSISTENCE", "1");
    if std::env::var_os("RUST_BACKTRACE").is_none() {
        c.env("RUST_BACKTRACE", "1");
    }
    for (k, v) in env {
        c.env(k, v);
    }
}

fn log_dir(meta: &Meta, lane: &str) -> PathBuf {
    meta.target_dir
        .join("xtask/test-all-isas")
        .join(lane.replace('/', "_"))
}

fn run_tests(lane: &Lane, tl: &TestLane, built: &Built, meta: &Meta) -> Row {
    let start = Instant::now();
    let logs = log_dir(meta, &lane.name);
    let _ = std::fs::remove_dir_all(&logs);
    let mut counts = Counts::default();
    let mut problems: Vec<String> = Vec::new();
    let mut expect_checked = false;
    if built.bins.is_empty() {
        problems.push("no test binaries built".into());
    }
    if tl.target == Target::Aarch64 && !tools::aarch64_binfmt_ready() {
        println!(
            "    note: qemu-aarch64 is not registered with binfmt_misc: tests that start another \
             aarch64 program (e.g. the `bb` CLI tests) will fail (--install as root registers it)"
        );
    }
    for (i, bin) in built.bins.iter().enumerate() {
        let mut c = lane_command(&tl.wrapper, &bin.exe);
        c.args(&tl.extra_args).current_dir(&bin.package_dir);
        c.env("CARGO_MANIFEST_DIR", &bin.package_dir)
            .env("CARGO_PKG_NAME", &bin.package);
        apply_env(&mut c, &tl.env);
        if !tl.wrapper.is_empty() {
            // A test that starts a program of the build (itself, `bb`) must start it through this
            // runner, or the child runs natively and escapes the emulated CPU.
            c.env("BB_TEST_RUNNER", tl.wrapper.join(" "));
        }
        let log = logs.join(format!("{i:02}-{}.log", bin.label.replace([' ', '/'], "_")));
        let o = run::run_logged(&mut c, &log, tl.timeout);
        let cts = run::parse_libtest(&o.output);
        counts.add(cts);
        let ok = o.success();
        if ok && bin.reads_expect {
            expect_checked = true;
        }
        println!(
            "    {:<40} {:>5} passed {:>3} failed  {:>6.1}s  {}",
            bin.label,
            cts.passed,
            cts.failed,
            o.elapsed.as_secs_f64(),
            if ok {
                "ok".to_string()
            } else {
                format!("FAILED: {}", o.describe(tl.timeout))
            }
        );
        if !ok {
            let failing = run::failing_tests(&o.output);
            let what = if failing.is_empty() {
                format!("{}: {}", bin.label, o.describe(tl.timeout))
            } else {
                format!("{}: {}", bin.label, failing.join(", "))
            };
            problems.push(what);
            println!("      --- last lines of {} ---", log.display());
            for l in run::tail(&o.output, 30).lines() {
                println!("      | {l}");
            }
        }
    }

    // Which backend did dispatch pick?
    let mut picked = String::from("?");
    let mut from_bb = false;
    if let Some(bb) = &built.bb {
        // `bb backends --json` (one JSON line with "dispatch"), else the text report.
        let limit = Duration::from_secs(300);
        let mut last = None;
        for args in [&["backends", "--json"][..], &["backends"][..]] {
            let mut c = lane_command(&tl.wrapper, bb);
            c.args(args).current_dir(&meta.target_dir);
            apply_env(&mut c, &tl.env);
            let o = run::run_logged(&mut c, &logs.join("bb-backends.log"), limit);
            let found = o.success().then(|| parse_dispatch(&o.output)).flatten();
            last = Some(o);
            if found.is_some() {
                break;
            }
        }
        let o = last.expect("ran at least once");
        match (o.success(), parse_dispatch(&o.output)) {
            (true, Some(b)) => {
                picked = b.to_string();
                from_bb = true;
                if let Some(e) = tl.expect.filter(|e| *e != b) {
                    problems.push(format!(
                        "`bb backends` says dispatch picked {b}, expected {e}"
                    ));
                }
            }
            (true, None) => {
                println!("    note: `bb backends` printed no line naming the dispatched backend")
            }
            (false, _) => problems.push(format!("`bb backends` failed: {}", o.describe(limit))),
        }
    }
    if !from_bb {
        picked = match (tl.expect, tl.forced) {
            (Some(e), _) if expect_checked => format!("{e} (asserted)"),
            (_, Some(f)) => format!("{f} (forced)"),
            (Some(e), None) => {
                problems.push(format!(
                    "dispatch not verified: no bb-cli and no passing test binary reads BB_EXPECT_ISA (wanted {e})"
                ));
                "?".into()
            }
            (None, None) => "?".into(),
        };
    }
    let res = if problems.is_empty() {
        Res::Pass
    } else {
        Res::Fail(problems.join("; "))
    };
    Row {
        name: lane.name.clone(),
        how: lane.how.clone(),
        picked,
        counts: Some(counts),
        time: start.elapsed(),
        res,
    }
}

fn run_miri(
    lane: &Lane,
    root: &Path,
    meta: &Meta,
    runs: &[Vec<String>],
    env: &[(String, String)],
    timeout: Duration,
) -> Row {
    let start = Instant::now();
    let mut row = Row {
        name: lane.name.clone(),
        how: lane.how.clone(),
        picked: "scalar (forced)".into(),
        counts: None,
        time: Duration::ZERO,
        res: Res::Pass,
    };
    if let Err(why) = tools::ensure_miri(true) {
        row.picked = "-".into();
        row.res = Res::Skip(why);
        return row;
    }
    let mut counts = Counts::default();
    let mut problems = Vec::new();
    for (i, args) in runs.iter().enumerate() {
        // One time limit for the whole lane.
        let left = timeout
            .saturating_sub(start.elapsed())
            .max(Duration::from_secs(1));
        let mut c = Command::new("cargo");
        c.current_dir(root)
            .args(["+nightly", "miri", "test"])
            .args(args);
        // The outer `cargo run` may pin the stable toolchain and compiler for its children.
        for v in [
            "RUSTUP_TOOLCHAIN",
            "RUSTC",
            "RUSTDOC",
            "CARGO",
            "RUSTC_WRAPPER",
        ] {
            c.env_remove(v);
        }
        let flags = std::env::var("MIRIFLAGS").unwrap_or_default();
        c.env(
            "MIRIFLAGS",
            format!("{flags} -Zmiri-disable-isolation").trim(),
        );
        apply_env(&mut c, env);
        let log = log_dir(meta, &lane.name).join(format!("{i:02}-miri.log"));
        let o = run::run_logged(&mut c, &log, left);
        let cts = run::parse_libtest(&o.output);
        counts.add(cts);
        let label = format!("miri {}", args.join(" "));
        println!(
            "    {:<40} {:>5} passed {:>3} failed  {:>6.1}s  {}",
            label,
            cts.passed,
            cts.failed,
            o.elapsed.as_secs_f64(),
            if o.success() {
                "ok".to_string()
            } else {
                format!("FAILED: {}", o.describe(timeout))
            }
        );
        if !o.success() {
            println!("      --- last lines of {} ---", log.display());
            for l in run::tail(&o.output, 40).lines() {
                println!("      | {l}");
            }
            let failing = run::failing_tests(&o.output);
            problems.push(if failing.is_empty() {
                format!("{label}: {}", o.describe(timeout))
            } else {
                format!("{label}: {}", failing.join(", "))
            });
        }
    }
    row.counts = Some(counts);
    row.time = start.elapsed();
    if !problems.is_empty() {
        row.res = Res::Fail(problems.join("; "));
    }
    row
}

fn print_table(rows: &[Row]) {
    let header = [
        "lane",
        "how it ran",
        "dispatch picked",
        "passed",
        "failed",
        "time",
        "result",
    ];
    let cells: Vec<[String; 7]> = rows
        .iter()
        .map(|r| {
            let (p, f) = r.counts.map_or(("-".into(), "-".into()), |c| {
                (c.passed.to_string(), c.failed.to_string())
            });
            let res = match &r.res {
                Res::Pass => "ok".to_string(),
                Res::Fail(why) => format!("FAILED: {why}"),
                Res::Skip(why) => format!("skipped: {why}"),
            };
            let time = if r.time.is_zero() {
                "-".into()
            } else {
                format!("{:.0}s", r.time.as_secs_f64())
            };
            [
                r.name.clone(),
                r.how.clone(),
                r.picked.clone(),
                p,
                f,
                time,
                res,
            ]
        })
        .collect();
    let mut w = header.map(str::len);
    for c in &cells {
        for (i, s) in c.iter().enumerate().take(6) {
            w[i] = w[i].max(s.len());
        }
    }
    let line = |c: &[String]| {
        format!(
            "{:<w0$}  {:<w1$}  {:<w2$}  {:>w3$}  {:>w4$}  {:>w5$}  {}",
            c[0],
            c[1],
            c[2],
            c[3],
            c[4],
            c[5],
            c[6],
            w0 = w[0],
            w1 = w[1],
            w2 = w[2],
            w3 = w[3],
            w4 = w[4],
            w5 = w[5]
        )
    };
    println!();
    println!("{}", line(&header.map(str::to_owned)));
    println!("{}", "-".repeat(w.iter().sum::<usize>() + 12 + 6));
    for c in &cells {
        println!("{}", line(c));
    }
}

fn test_all_isas(o: &Opts) -> ExitCode {
    let t0 = Instant::now();
    let root = workspace_root();
    let required = split_list(&std::env::var("BB_REQUIRE").unwrap_or_default());

    let mut meta = match metadata(&root) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut all = plan_lanes(o, &meta);
    let selected =
        |name: &str| o.lanes.is_empty() || o.lanes.iter().any(|p| pattern_matches(p, name));

    if o.install {
        let want_arm = all
            .iter()
            .any(|l| l.name.starts_with("aarch64/") && selected(&l.name));
        let want_miri = all
            .iter()
            .any(|l| l.name.starts_with("miri/") && selected(&l.name));
        tools::install(want_arm, want_miri && !o.quick);
        // Re-plan: tools may have appeared.
        meta = match metadata(&root) {
            Ok(m) => m,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
        all = plan_lanes(o, &meta);
    }

    // Lanes not selected by --lanes vanish, unless BB_REQUIRE names them.
    let lanes: Vec<Lane> = all
        .into_iter()
        .filter_map(|mut l| {
            if selected(&l.name) {
                Some(l)
            } else if required.iter().any(|p| pattern_matches(p, &l.name)) {
                l.plan = Plan::Skip("not selected by --lanes".into());
                Some(l)
            } else {
                None
            }
        })
        .collect();

    println!(
        "==> test-all-isas: {} lanes ({})",
        lanes.len(),
        lanes
            .iter()
            .map(|l| l.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!(
        "    doctests are not run in these lanes (they run in `cargo test --workspace`, host only)"
    );

    // Build each needed target once.
    let mut builds: BTreeMap<Target, Result<Built, String>> = BTreeMap::new();
    for l in &lanes {
        if let Plan::Tests(tl) = &l.plan
            && let std::collections::btree_map::Entry::Vacant(slot) = builds.entry(tl.target)
        {
            let name = match tl.target {
                Target::Host => "host".to_string(),
                Target::Aarch64 => tools::AARCH64.to_string(),
            };
            println!("==> building test binaries for {name}");
            let tb = Instant::now();
            let b = build(&root, &meta, tl.target);
            match &b {
                Ok(b) => println!(
                    "    {} test binaries{} in {:.0}s",
                    b.bins.len(),
                    if b.bb.is_some() { " and `bb`" } else { "" },
                    tb.elapsed().as_secs_f64()
                ),
                Err(e) => println!("    {e}"),
            }
            slot.insert(b);
        }
    }

    let mut rows = Vec::new();
    for l in &lanes {
        let row = match &l.plan {
            Plan::Skip(why) => {
                println!("==> {}: skipped: {why}", l.name);
                Row {
                    name: l.name.clone(),
                    how: l.how.clone(),
                    picked: "-".into(),
                    counts: None,
                    time: Duration::ZERO,
                    res: Res::Skip(why.clone()),
                }
            }
            Plan::Tests(tl) => {
                println!("==> {}: {}", l.name, l.how);
                match &builds[&tl.target] {
                    Ok(b) => run_tests(l, tl, b, &meta),
                    Err(e) => Row {
                        name: l.name.clone(),
                        how: l.how.clone(),
                        picked: "-".into(),
                        counts: None,
                        time: Duration::ZERO,
                        res: Res::Fail(e.clone()),
                    },
                }
            }
            Plan::Miri { runs, env, timeout } => {
                println!("==> {}: {}", l.name, l.how);
                run_miri(l, &root, &meta, runs, env, *timeout)
            }
        };
        if let Res::Skip(why) = &row.res
            && row.time > Duration::ZERO
        {
            println!("    skipped: {why}");
        }
        rows.push(row);
    }

    // BB_REQUIRE: a required skip is a failure, and a pattern that names no lane is a mistake.
    for r in &mut rows {
        if let Res::Skip(why) = &r.res
            && let Some(p) = required.iter().find(|p| pattern_matches(p, &r.name))
        {
            r.res = Res::Fail(format!("required by BB_REQUIRE={p} but skipped: {why}"));
        }
    }
    for p in &required {
        if !rows.iter().any(|r| pattern_matches(p, &r.name)) {
            rows.push(Row {
                name: p.clone(),
                how: "BB_REQUIRE".into(),
                picked: "-".into(),
                counts: None,
                time: Duration::ZERO,
                res: Res::Fail("BB_REQUIRE names no lane".into()),
            });
        }
    }

    print_table(&rows);
    let n = |f: fn(&Res) -> bool| rows.iter().filter(|r| f(&r.res)).count();
    let (passed, failed, skipped) = (
        n(|r| *r == Res::Pass),
        n(|r| matches!(r, Res::Fail(_))),
        n(|r| matches!(r, Res::Skip(_))),
    );
    let mut total = Counts::default();
    for r in &rows {
        if let Some(c) = r.counts {
            total.add(c);
        }
    }
    println!();
    println!(
        "test-all-isas: {passed} lanes passed, {failed} failed, {skipped} skipped; {} tests passed, {} failed (summed over lanes) in {:.0}s",
        total.passed,
        total.failed,
        t0.elapsed().as_secs_f64()
    );
    println!(
        "logs: {}",
        meta.target_dir.join("xtask/test-all-isas").display()
    );
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns() {
        assert!(pattern_matches("qemu-x86", "qemu-x86/Haswell"));
        assert!(pattern_matches("native", "native/avx512"));
        assert!(pattern_matches("native/avx512", "native/avx512"));
        assert!(!pattern_matches("native/avx512", "native/avx512vbmi"));
        assert!(pattern_matches("avx512", "native/avx512"));
        assert!(pattern_matches("neon", "aarch64/neon"));
        assert!(pattern_matches("aarch64", "aarch64/dispatch"));
        assert!(!pattern_matches("aarch", "aarch64/neon"));
        assert!(pattern_matches("sde", "sde"));
        assert!(pattern_matches("all", "miri/scalar"));
        assert!(!pattern_matches("", "native/scalar"));
    }

    #[test]
    fn reads_dispatch_line() {
        let out = "backend     available\nscalar      yes\navx512      yes\navx512vbmi  yes\ndispatch: avx512vbmi\n";
        assert_eq!(parse_dispatch(out), Some("avx512vbmi"));
        assert_eq!(
            parse_dispatch("Dispatch picks Avx2 (BB_BACKEND unset)"),
            Some("avx2")
        );
        assert_eq!(parse_dispatch("scalar yes\nsse2 yes\n"), None);
        let json = "qemu-x86_64: warning: TCG doesn't support requested feature\n\
            {\"best\":\"avx2\",\"bb_backend\":\"sse2\",\"dispatch\":\"sse2\"}\n";
        assert_eq!(parse_dispatch(json), Some("sse2"));
        let text = "backends:\n  scalar      available\n  avx512      available  <- dispatch\n\
            \ndispatch picks avx512: BB_BACKEND overrides the CPU's best, avx512vbmi\n";
        assert_eq!(parse_dispatch(text), Some("avx512"));
    }

    #[test]
    fn options() {
        let o = parse_opts(&[
            "--install".into(),
            "--lanes=native,qemu-x86".into(),
            "--timeout".into(),
            "5".into(),
        ])
        .unwrap();
        assert!(o.install && !o.quick);
        assert_eq!(o.lanes, ["native", "qemu-x86"]);
        assert_eq!(o.timeout, Some(Duration::from_secs(5)));
        assert!(parse_opts(&["--bogus".into()]).is_err());
    }

    #[test]
    fn host_has_scalar() {
        assert_eq!(host_backends()[0], ("scalar", Ok(())));
    }
}
