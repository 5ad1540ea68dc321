//! `cargo xtask fuzz [--time SECS | --runs N] [--sanitizer S] [--dev] [TARGET...] [-- LIBFUZZER ARGS]`:
//! runs every cargo-fuzz target of `fuzz/` (the `[[bin]]`s of `fuzz/Cargo.toml`) one after
//! another with the nightly toolchain and cargo-fuzz, then prints one row per target
//! (executions, exec/s, corpus, crashes) read from libFuzzer's output. A crash, timeout or
//! out-of-memory input fails the run and its artifact's path is printed. See `docs/testing.md`.

use std::fs::File;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use crate::tools::output_of;

pub const USAGE: &str = "\
usage: cargo xtask fuzz [options] [TARGET...] [-- LIBFUZZER_ARGS...]

Runs the cargo-fuzz targets of fuzz/ (every [[bin]] of fuzz/Cargo.toml, or the TARGETs named),
one after another, with `cargo +nightly fuzz run`: corpus fuzz/corpus/<target> (libFuzzer's
working corpus, not committed) plus the committed seeds fuzz/seeds/<target>; one row per target
(executions, exec/s, corpus size, crashes). Logs: target/xtask/fuzz/<target>.log.
options:
  --time SECS        fuzzing time per target (default 60)
  --runs N           executions per target, instead of a time
  --sanitizer S      address (default, as cargo-fuzz), none (several times faster; the libraries
                     forbid unsafe code outside bb-simd), or another cargo-fuzz sanitizer
  --dev              build the targets without optimization (cargo fuzz --dev): builds in about
                     a third of the time, runs several times slower; for short smoke passes
  -- ARGS            passed to libFuzzer after ours (e.g. -- -max_len=256 -jobs=2)
Needs the nightly toolchain (rustup toolchain install nightly --profile minimal) and cargo-fuzz
(cargo install cargo-fuzz). An input that takes over 10 s is a timeout.
Exit status: 1 when a target crashed, timed out or ran out of memory (the artifact's path is
printed; replay it with `cargo +nightly fuzz run <target> <artifact>`), 2 on a usage error or a
missing tool.";

/// How long each target runs.
#[derive(Debug, PartialEq, Eq)]
enum Budget {
    Time(u64),
    Runs(u64),
}

#[derive(Debug, PartialEq, Eq)]
struct Opts {
    budget: Budget,
    sanitizer: String,
    dev: bool,
    targets: Vec<String>,
    libfuzzer: Vec<String>,
}

fn positive(flag: &str, v: &str) -> Result<u64, String> {
    v.parse().ok().filter(|&n| n >= 1).ok_or(format!(
        "{flag}: {v:?} is not a whole number from 1 to {}",
        u64::MAX
    ))
}

fn parse(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        budget: Budget::Time(60),
        sanitizer: "address".into(),
        dev: false,
        targets: Vec::new(),
        libfuzzer: Vec::new(),
    };
    let (mut time, mut runs) = (None, None);
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
            "--time" => time = Some(positive("--time", &value("--time")?)?),
            "--runs" => runs = Some(positive("--runs", &value("--runs")?)?),
            "--sanitizer" | "-s" => o.sanitizer = value("--sanitizer")?,
            "--dev" => o.dev = true,
            "--" => {
                o.libfuzzer = it.by_ref().cloned().collect();
                break;
            }
            "-h" | "--help" => return Err(String::new()),
            f if f.starts_with('-') => return Err(format!("unknown option {a}")),
            _ => o.targets.push(a.clone()),
        }
    }
    o.budget = match (time, runs) {
        (Some(_), Some(_)) => return Err("give --time or --runs, not both".into()),
        (_, Some(n)) => Budget::Runs(n),
        (Some(t), None) => Budget::Time(t),
        (None, None) => o.budget,
    };
    Ok(o)
}

/// The names of the `[[bin]]` targets of a cargo-fuzz manifest, in file order.
fn bin_names(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
            continue;
        }
        if let Some((key, value)) = line.split_once('=')
            && in_bin
            && key.trim() == "name"
        {
            names.push(value.trim().trim_matches('"').to_string());
            in_bin = false;
        }
    }
    names
}

/// What libFuzzer reported for one target.
#[derive(Debug, Default, PartialEq)]
struct Summary {
    executions: Option<u64>,
    exec_per_sec: Option<u64>,
    /// Corpus units and size, as libFuzzer prints them (`1212/198Kb`).
    corpus: Option<String>,
    /// Crash, timeout, out-of-memory and leak inputs written (slow-unit reports are not failures).
    artifacts: Vec<String>,
}

fn number_after<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let rest = &line[line.find(key)? + key.len()..];
    rest.split_whitespace().next()
}

/// Reads libFuzzer's output: the final stats (`-print_final_stats=1`), else the last status
/// line, and every artifact written.
fn summarize(log: &str) -> Summary {
    let mut s = Summary::default();
    let (mut status_execs, mut status_rate) = (None, None);
    for line in log.lines() {
        if let Some(v) = number_after(line, "stat::number_of_executed_units:") {
            s.executions = v.parse().ok();
        } else if let Some(v) = number_after(line, "stat::average_exec_per_sec:") {
            s.exec_per_sec = v.parse().ok();
        } else if let Some(path) = number_after(line, "Test unit written to ") {
            let name = Path::new(path).file_name().map(|n| n.to_string_lossy());
            if !name.is_some_and(|n| n.starts_with("slow-unit-")) {
                s.artifacts.push(path.to_string());
            }
        } else if let Some(n) = line.strip_prefix('#') {
            // "#123456\tNEW    cov: 881 ft: 3300 corp: 1126/86Kb lim: 305 exec/s: 34594 ..."
            if let Some(execs) = n.split_whitespace().next().and_then(|v| v.parse().ok()) {
                status_execs = Some(execs);
            }
            if let Some(v) = number_after(line, "exec/s:") {
                status_rate = v.parse().ok();
            }
            if let Some(v) = number_after(line, "corp:") {
                s.corpus = Some(v.to_string());
            }
        }
    }
    s.executions = s.executions.or(status_execs);
    s.exec_per_sec = s.exec_per_sec.or(status_rate);
    s
}

/// `cargo +nightly ...` from the repository root, through rustup's proxy (not `$CARGO`, which
/// is the toolchain that runs the xtask).
fn nightly_cargo(root: &Path) -> Command {
    let mut c = Command::new("cargo");
    c.arg("+nightly")
        .current_dir(root)
        .env_remove("RUSTUP_TOOLCHAIN");
    c
}

/// The nightly toolchain and cargo-fuzz, or how to install them.
fn check_tools(root: &Path) -> Result<String, String> {
    if output_of(nightly_cargo(root).arg("--version")).is_none() {
        return Err(
            "the nightly toolchain is not installed (cargo-fuzz needs it): \
             rustup toolchain install nightly --profile minimal"
                .into(),
        );
    }
    output_of(nightly_cargo(root).args(["fuzz", "--version"]))
        .map(|v| v.trim().to_string())
        .ok_or("cargo-fuzz is not installed: cargo install cargo-fuzz".into())
}

fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

struct Row {
    target: String,
    summary: Summary,
    time: Duration,
    /// Why the target failed, if it did.
    failure: Option<String>,
}

pub fn run(root: &Path, target_dir: &Path, args: &[String]) -> ExitCode {
    let o = match crate::options(parse(args), USAGE) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let fuzz_dir = root.join("fuzz");
    let manifest = match std::fs::read_to_string(fuzz_dir.join("Cargo.toml")) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("xtask fuzz: {}: {e}", fuzz_dir.join("Cargo.toml").display());
            return ExitCode::from(2);
        }
    };
    let all = bin_names(&manifest);
    if let Some(bad) = o.targets.iter().find(|t| !all.contains(t)) {
        eprintln!(
            "xtask fuzz: no fuzz target {bad:?}; the targets are {}",
            all.join(", ")
        );
        return ExitCode::from(2);
    }
    let targets = if o.targets.is_empty() {
        all
    } else {
        o.targets.clone()
    };
    let version = match check_tools(root) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("xtask fuzz: {e}");
            return ExitCode::from(2);
        }
    };
    let logs = target_dir.join("xtask/fuzz");
    if let Err(e) = std::fs::create_dir_all(&logs) {
        eprintln!("xtask fuzz: {}: {e}", logs.display());
        return ExitCode::from(2);
    }

    let profile: &[&str] = if o.dev { &["--dev"] } else { &[] };
    println!(
        "=== {version}: cargo +nightly fuzz build -s {}{}",
        o.sanitizer,
        if o.dev { " --dev" } else { "" }
    );
    let built = nightly_cargo(root)
        .args(["fuzz", "build", "-s", &o.sanitizer])
        .args(profile)
        .status();
    if !built.is_ok_and(|s| s.success()) {
        eprintln!("xtask fuzz: building the fuzz targets failed");
        return ExitCode::FAILURE;
    }

    let mut rows = Vec::new();
    for t in &targets {
        rows.push(run_target(root, &logs, &o, t));
    }
    print_rows(&rows);
    if rows.iter().any(|r| r.failure.is_some()) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn run_target(root: &Path, logs: &Path, o: &Opts, target: &str) -> Row {
    let corpus = root.join("fuzz/corpus").join(target);
    let seeds = root.join("fuzz/seeds").join(target);
    let log_path = logs.join(format!("{target}.log"));
    let t0 = Instant::now();
    let fail = |why: String| Row {
        target: target.to_string(),
        summary: Summary::default(),
        time: t0.elapsed(),
        failure: Some(why),
    };
    if let Err(e) = std::fs::create_dir_all(&corpus) {
        return fail(format!("{}: {e}", corpus.display()));
    }
    let (log, log2) = match File::create(&log_path).and_then(|f| Ok((f.try_clone()?, f))) {
        Ok(f) => f,
        Err(e) => return fail(format!("{}: {e}", log_path.display())),
    };

    let mut cmd = nightly_cargo(root);
    cmd.args(["fuzz", "run", "-s", &o.sanitizer, target]);
    if o.dev {
        // `fuzz run` builds again first: without the same flag it would build the release targets.
        cmd.arg("--dev");
    }
    cmd.arg(&corpus);
    if seeds.is_dir() {
        cmd.arg(&seeds);
    }
    cmd.args(["--", "-print_final_stats=1", "-timeout=10"]);
    match o.budget {
        Budget::Time(s) => cmd.arg(format!("-max_total_time={s}")),
        Budget::Runs(n) => cmd.arg(format!("-runs={n}")),
    };
    cmd.args(&o.libfuzzer);
    println!(
        "=== {target}: {}  (log: {})",
        shown(&cmd, root),
        log_path.display()
    );
    let status = cmd.stdin(Stdio::null()).stdout(log).stderr(log2).status();
    let time = t0.elapsed();
    let text = std::fs::read_to_string(&log_path).unwrap_or_default();
    let mut summary = summarize(&text);
    // libFuzzer divides by whole seconds and says 0 under one second: use the wall time then
    // (which includes start-up, so it is a lower bound).
    if summary.exec_per_sec == Some(0)
        && let Some(n) = summary.executions
    {
        summary.exec_per_sec = Some((n as f64 / time.as_secs_f64().max(1e-3)) as u64);
    }
    let failure = match status {
        Err(e) => Some(format!("cargo +nightly fuzz run: {e}")),
        Ok(_) if !summary.artifacts.is_empty() => {
            Some(format!("{} failing input(s)", summary.artifacts.len()))
        }
        Ok(s) if !s.success() => Some(format!("exit {s}")),
        Ok(_) => None,
    };
    if failure.is_some() {
        // The panic message and the stack are just before the artifact line.
        let lines: Vec<&str> = text.lines().collect();
        println!("--- last lines of {}:", log_path.display());
        for l in &lines[lines.len().saturating_sub(40)..] {
            println!("    {l}");
        }
    }
    Row {
        target: target.to_string(),
        summary,
        time,
        failure,
    }
}

/// The command as one would type it from the repository root.
fn shown(cmd: &Command, root: &Path) -> String {
    let mut s = String::from("cargo");
    for a in cmd.get_args() {
        let a = Path::new(a);
        s.push(' ');
        s.push_str(&a.strip_prefix(root).unwrap_or(a).to_string_lossy());
    }
    s
}

fn print_rows(rows: &[Row]) {
    println!();
    println!(
        "{:<10} {:>14} {:>9} {:>14} {:>8} {:>7}  result",
        "target", "executions", "exec/s", "corpus", "crashes", "time"
    );
    let opt = |v: Option<u64>| v.map_or("-".into(), group);
    for r in rows {
        println!(
            "{:<10} {:>14} {:>9} {:>14} {:>8} {:>6.0}s  {}",
            r.target,
            opt(r.summary.executions),
            opt(r.summary.exec_per_sec),
            r.summary.corpus.as_deref().unwrap_or("-"),
            r.summary.artifacts.len(),
            r.time.as_secs_f64(),
            r.failure.as_deref().unwrap_or("ok"),
        );
    }
    for r in rows {
        for a in &r.summary.artifacts {
            println!(
                "{}: failing input {a}\n    replay: cargo +nightly fuzz run {} {a}\n    keep it: copy it into fuzz/seeds/{}/ (the stable corpus test runs every seed)",
                r.target, r.target, r.target
            );
        }
    }
    let total: u64 = rows.iter().filter_map(|r| r.summary.executions).sum();
    let failed = rows.iter().filter(|r| r.failure.is_some()).count();
    println!(
        "fuzz: {} targets, {failed} failed; {} executions",
        rows.len(),
        group(total)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn options() {
        let o = parse(&args("--time 5 san epd -- -max_len=64")).unwrap();
        assert_eq!(o.budget, Budget::Time(5));
        assert_eq!(o.targets, ["san", "epd"]);
        assert_eq!(o.libfuzzer, ["-max_len=64"]);
        assert_eq!(o.sanitizer, "address");
        let o = parse(&args("--runs=1000 --sanitizer none")).unwrap();
        assert_eq!(o.budget, Budget::Runs(1000));
        assert_eq!(o.sanitizer, "none");
        assert!(!o.dev);
        assert!(parse(&args("--dev --time 5")).unwrap().dev);
        assert_eq!(parse(&[]).unwrap().budget, Budget::Time(60));
        assert!(parse(&args("--time 5 --runs 9")).is_err());
        assert!(
            parse(&args("--time 0"))
                .unwrap_err()
                .contains("not a whole number")
        );
        assert!(
            parse(&args("--time"))
                .unwrap_err()
                .contains("needs a value")
        );
        assert!(
            parse(&args("--bogus"))
                .unwrap_err()
                .contains("unknown option")
        );
        assert_eq!(parse(&args("--help")).unwrap_err(), "");
    }

    #[test]
    fn targets_from_manifest() {
        let m = "[package]\nname = \"bb-fuzz\"\n\n[dependencies]\nname = \"x\"\n\n\
            [[bin]]\nname = \"fen_uci\"\npath = \"fuzz_targets/fen_uci.rs\"\n\n\
            [[bin]]\npath = \"fuzz_targets/obf.rs\"\nname = \"obf\"\n";
        assert_eq!(bin_names(m), ["fen_uci", "obf"]);
    }

    /// The repository's own manifest: every target file is listed, so a new one is run.
    #[test]
    fn every_target_file_is_a_bin() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
        let names = bin_names(&std::fs::read_to_string(root.join("Cargo.toml")).unwrap());
        let mut files: Vec<String> = std::fs::read_dir(root.join("fuzz_targets"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
            .collect();
        files.sort();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(sorted, files);
        assert!(names.len() >= 4, "{names:?}");
    }

    #[test]
    fn reads_libfuzzer_output() {
        let ok = "INFO: Seed: 1\n#4\tINITED cov: 392 ft: 502 corp: 3/188b exec/s: 0 rss: 28Mb\n\
            #518919\tREDUCE cov: 881 ft: 3300 corp: 1126/86Kb lim: 305 exec/s: 34594 rss: 31Mb L: 51/280\n\
            #519009\tDONE   cov: 881 ft: 3300 corp: 1127/86Kb lim: 305 exec/s: 32438 rss: 31Mb\n\
            Done 519009 runs in 16 second(s)\n\
            stat::number_of_executed_units: 519010\nstat::average_exec_per_sec:     32439\n";
        let s = summarize(ok);
        assert_eq!(s.executions, Some(519010));
        assert_eq!(s.exec_per_sec, Some(32439));
        assert_eq!(s.corpus.as_deref(), Some("1127/86Kb"));
        assert!(s.artifacts.is_empty());

        let crash = "#1024\tpulse  cov: 10 ft: 10 corp: 5/50b lim: 4 exec/s: 512 rss: 30Mb\n\
            thread '<unnamed>' panicked at fuzz/src/chess.rs:30:13:\nown FEN parses\n\
            ==77== ERROR: libFuzzer: deadly signal\n\
            artifact_prefix='/r/fuzz/artifacts/san/'; Test unit written to /r/fuzz/artifacts/san/crash-ab12\n\
            Base64: YQ==\n\
            slow unit: Test unit written to /r/fuzz/artifacts/san/slow-unit-cd34\n";
        let s = summarize(crash);
        assert_eq!(s.executions, Some(1024));
        assert_eq!(s.exec_per_sec, Some(512));
        assert_eq!(s.artifacts, ["/r/fuzz/artifacts/san/crash-ab12"]);
    }

    #[test]
    fn groups_digits() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1000), "1,000");
        assert_eq!(group(10_000_000), "10,000,000");
    }
}
