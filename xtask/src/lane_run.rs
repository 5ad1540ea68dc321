//! Running one lane's test binaries (natively, under QEMU or SDE, or under Miri) into a row.

use super::*;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Res {
    Pass,
    Fail(String),
    Skip(String),
    /// Not run: the named lane runs a superset of its tests (see `covering_lane`).
    Covered(String),
}

#[derive(Debug, Clone)]
pub(crate) struct Row {
    pub(crate) name: String,
    pub(crate) how: String,
    pub(crate) picked: String,
    pub(crate) counts: Option<Counts>,
    pub(crate) time: Duration,
    pub(crate) res: Res,
}

/// The backend `bb backends` says dispatch picks: the `"dispatch"` field of its `--json` line, else
/// its text report (`dispatch picks X`, or the row marked `<- dispatch`), else the first backend
/// named on a line that mentions dispatch.
pub(crate) fn parse_dispatch(output: &str) -> Option<&'static str> {
    let known = |w: &str| w.parse::<bb_simd::Isa>().ok().map(bb_simd::Isa::name);
    for line in output.lines() {
        if let Some(d) = json::dispatch_of(line.trim()) {
            return known(&d);
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

pub(crate) fn lane_command(wrapper: &[String], exe: &Path) -> Command {
    match wrapper.split_first() {
        Some((prog, rest)) => {
            let mut c = Command::new(prog);
            c.args(rest).arg(exe);
            c
        }
        None => Command::new(exe),
    }
}

pub(crate) fn apply_env(c: &mut Command, env: &[(String, String)]) {
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

pub(crate) fn log_dir(meta: &Meta, lane: &str) -> PathBuf {
    meta.target_dir
        .join("xtask/test-all-isas")
        .join(lane.replace('/', "_"))
}

pub(crate) fn run_tests(lane: &Lane, tl: &TestLane, built: &Built, meta: &Meta) -> Row {
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
    let emulated = !tl.wrapper.is_empty();
    for (i, bin) in built.bins.iter().enumerate() {
        if emulated && emulated_skips(meta, bin) {
            continue;
        }
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

pub(crate) fn run_miri(
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
