//! `cargo xtask`: workspace automation for bb.
//!
//! `cargo xtask test-all-isas [--install] [--quick] [--deep] [--lanes P,..] [--timeout SECS]` builds the
//! workspace's test binaries once per target and runs them in lanes, one per instruction set and way
//! of running (native with a forced backend, under QEMU, under Intel SDE, under Miri), then prints one
//! row per lane. See `docs/testing.md`.
//!
//! `cargo xtask perft [--quick] [--threads N]` runs the deep perft suites and the FFO #20-#39
//! solve through the release `bb` command (module [`perft`]).
//!
//! `cargo xtask fuzz [--time SECS | --runs N] [TARGET...]` runs every cargo-fuzz target of `fuzz/`
//! with the nightly toolchain and prints a row per target (module [`fuzz`]).
//!
//! `cargo xtask compare [edax|egaroucid|ffo|movegen|perft] [--edax DIR] [--rounds N] ...`
//! builds the peers from given source trees (the chess perft peers are crates) and prints bb / peer
//! time ratios from alternated rounds (module [`compare`]).

#![forbid(unsafe_code)]

mod build_tests;
mod cli;
mod compare;
mod fuzz;
mod json;
mod lane_run;
mod lanes;
mod perft;
mod report;
mod run;
mod tools;

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use run::Counts;

use build_tests::*;
use cli::*;
use lane_run::*;
use lanes::*;
use report::*;

/// The env vars of the test contract (docs/architecture.md); lanes set them explicitly.
const CONTRACT_VARS: [&str; 6] = [
    "BB_BACKEND",
    "BB_TEST_BACKENDS",
    "BB_EXPECT_ISA",
    "BB_REQUIRE",
    "BB_TEST_SCALE",
    "BB_TEST_RUNNER",
];

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
        Some("compare") => compare::run(&workspace_root(), &args[1..]),
        Some("fuzz") => {
            let root = workspace_root();
            let target_dir = metadata(&root).map_or_else(|_| root.join("target"), |m| m.target_dir);
            fuzz::run(&root, &target_dir, &args[1..])
        }
        Some("help" | "-h" | "--help") => {
            println!(
                "{USAGE}\n\n{}\n\n{}\n\n{}",
                perft::USAGE,
                fuzz::USAGE,
                compare::USAGE
            );
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

/// A subcommand's parsed options, or how it ends: `Err("")` (help) prints `usage` on stdout with
/// status 0, any other error prints it and the usage on stderr with status 2.
fn options<O>(parsed: Result<O, String>, usage: &str) -> Result<O, ExitCode> {
    match parsed {
        Ok(o) => Ok(o),
        Err(e) if e.is_empty() => {
            println!("{usage}");
            Err(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("error: {e}\n\n{usage}");
            Err(ExitCode::from(2))
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
    let v: json::Metadata = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("cargo metadata: unreadable output: {e}"))?;
    let target_dir = v.target_directory.unwrap_or_else(|| root.join("target"));
    let mut packages = BTreeMap::new();
    let mut bb_package = None;
    for p in v.packages {
        let dir = p.manifest_path.parent().unwrap_or(root).to_path_buf();
        let has_bb = p
            .targets
            .iter()
            .any(|t| t.name == "bb" && t.kind.iter().any(|k| k == "bin"));
        if has_bb {
            bb_package = Some(p.name.clone());
        }
        packages.insert(p.name, dir);
    }
    Ok(Meta {
        target_dir,
        packages,
        bb_package,
    })
}

/// Runs the lanes in order; `next_build` waits for the next background build (`None`: no more).
fn run_lanes(
    lanes: &[Lane],
    root: &Path,
    meta: &Meta,
    builds: &mut BTreeMap<Target, Result<Built, String>>,
    mut next_build: impl FnMut() -> Option<(Target, Result<Built, String>)>,
) -> Vec<Row> {
    let mut rows = Vec::new();
    for l in lanes {
        if let Some(by) = covering_lane(l, lanes) {
            println!("==> {}: covered by {by}", l.name);
            let picked = match &l.plan {
                Plan::Tests(tl) => tl.forced.unwrap_or("-"),
                _ => "-",
            };
            rows.push(Row {
                name: l.name.clone(),
                how: l.how.clone(),
                picked: picked.into(),
                counts: None,
                time: Duration::ZERO,
                res: Res::Covered(by.into()),
            });
            continue;
        }
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
                while !builds.contains_key(&tl.target) {
                    match next_build() {
                        Some((t, b)) => {
                            builds.insert(t, b);
                        }
                        None => {
                            builds.insert(tl.target, Err("the build did not finish".into()));
                        }
                    }
                }
                match &builds[&tl.target] {
                    Ok(b) => run_tests(l, tl, b, meta),
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
                run_miri(l, root, meta, runs, env, *timeout)
            }
        };
        if let Res::Skip(why) = &row.res
            && row.time > Duration::ZERO
        {
            println!("    skipped: {why}");
        }
        rows.push(row);
    }

    rows
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
        let want_wasm = all
            .iter()
            .any(|l| l.name.starts_with("wasm/") && selected(&l.name));
        tools::install(want_arm, want_miri && !o.quick, want_wasm);
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

    // Each needed target is built once. The host's binaries are built here first (the first lanes
    // need them, and `cargo test` has usually built them already); the other targets are built
    // one after another in the background, their cargo output in a log, while the lanes before
    // theirs run: those lanes leave part of the two cores idle (a test binary often ends on one
    // long test), and a lane waits only when its build has not finished.
    let mut targets: Vec<Target> = Vec::new();
    for l in &lanes {
        if let Plan::Tests(tl) = &l.plan
            && covering_lane(l, &lanes).is_none()
            && !targets.contains(&tl.target)
        {
            targets.push(tl.target);
        }
    }
    let build_log = |t: Target| {
        meta.target_dir
            .join("xtask/test-all-isas")
            .join(format!("build-{}.log", t.slug()))
    };
    let report_build = |t: Target, b: &Result<Built, String>, secs: f64, log: Option<&Path>| {
        let name = t.label();
        match b {
            Ok(b) => println!(
                "==> test binaries for {name}: {}{} built in {secs:.0}s{}",
                b.bins.len(),
                if b.bb.is_some() { " and `bb`" } else { "" },
                log.map_or(String::new(), |l| format!(" (log: {})", l.display()))
            ),
            Err(e) => {
                println!("==> test binaries for {name}: {e}");
                if let Some(text) = log.and_then(|l| std::fs::read_to_string(l).ok()) {
                    for l in run::tail(&text, 30).lines() {
                        println!("      | {l}");
                    }
                }
            }
        }
    };
    let mut builds: BTreeMap<Target, Result<Built, String>> = BTreeMap::new();
    let (sender, receiver) = std::sync::mpsc::channel::<(Target, Result<Built, String>, f64)>();
    let rows = std::thread::scope(|scope| {
        let background: Vec<Target> = targets
            .iter()
            .copied()
            .filter(|t| *t != Target::Host)
            .collect();
        if !background.is_empty() {
            println!(
                "==> building in the background: {}",
                background
                    .iter()
                    .map(|t| t.label())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let (root, meta) = (&root, &meta);
            scope.spawn(move || {
                for t in background {
                    let tb = Instant::now();
                    let b = build(root, meta, t, Some(&build_log(t)));
                    if sender.send((t, b, tb.elapsed().as_secs_f64())).is_err() {
                        break;
                    }
                }
            });
        } else {
            drop(sender);
        }
        if targets.contains(&Target::Host) {
            println!("==> building test binaries for {}", Target::Host.label());
            let tb = Instant::now();
            let b = build(&root, &meta, Target::Host, None);
            report_build(Target::Host, &b, tb.elapsed().as_secs_f64(), None);
            builds.insert(Target::Host, b);
        }
        run_lanes(&lanes, &root, &meta, &mut builds, || {
            match receiver.recv() {
                Ok((t, b, secs)) => {
                    report_build(t, &b, secs, Some(&build_log(t)));
                    Some((t, b))
                }
                Err(_) => None,
            }
        })
    });

    let mut rows = rows;
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
    let (passed, covered, failed, skipped) = (
        n(|r| *r == Res::Pass),
        n(|r| matches!(r, Res::Covered(_))),
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
        "test-all-isas: {passed} lanes passed, {covered} covered, {failed} failed, {skipped} skipped; {} tests passed, {} failed (summed over lanes) in {:.0}s",
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
    fn contains_bytes_finds_a_needle_anywhere_and_nothing_else() {
        let hay = b"..BB_EXPECT_ISA..BB_EXPECT";
        assert!(contains_bytes(hay, b"BB_EXPECT_ISA"));
        assert!(contains_bytes(hay, b".."));
        assert!(contains_bytes(hay, b"BB_EXPECT"));
        assert!(!contains_bytes(hay, b"BB_EXPECT_ISB"));
        assert!(!contains_bytes(b"BB_EXPECT_IS", b"BB_EXPECT_ISA"));
        assert!(!contains_bytes(hay, b""));
    }

    fn lane(
        name: &str,
        target: Target,
        wrapper: &[&str],
        forced: Option<&'static str>,
        expect: &'static str,
    ) -> Lane {
        Lane {
            name: name.into(),
            how: String::new(),
            plan: Plan::Tests(TestLane {
                target,
                wrapper: wrapper.iter().map(|w| w.to_string()).collect(),
                env: vec![],
                forced,
                expect: Some(expect),
                extra_args: vec![],
                timeout: Duration::from_secs(1),
            }),
        }
    }

    #[test]
    fn a_forced_lane_is_covered_only_by_a_dispatch_lane_picking_its_backend() {
        let lanes = [
            lane("native/sse2", Target::Host, &[], Some("sse2"), "sse2"),
            lane("native/avx2", Target::Host, &[], Some("avx2"), "avx2"),
            lane("native/dispatch", Target::Host, &[], None, "avx2"),
            lane(
                "qemu-x86/Haswell",
                Target::Host,
                &["qemu-x86_64"],
                None,
                "avx2",
            ),
            lane(
                "aarch64/neon",
                Target::Aarch64,
                &["qemu-aarch64"],
                Some("neon"),
                "neon",
            ),
            lane(
                "aarch64/dispatch",
                Target::Aarch64,
                &["qemu-aarch64"],
                None,
                "neon",
            ),
        ];
        let covered: Vec<_> = lanes.iter().map(|l| covering_lane(l, &lanes)).collect();
        assert_eq!(
            covered,
            [
                None,
                Some("native/dispatch"),
                None,
                None,
                Some("aarch64/dispatch"),
                None
            ]
        );
        // Without its dispatch lane (not selected), a forced lane runs.
        assert_eq!(covering_lane(&lanes[1], &lanes[..2]), None);
        // A dispatch lane under an emulator does not cover a native forced lane.
        assert_eq!(covering_lane(&lanes[1], &lanes[3..4]), None);
    }

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
