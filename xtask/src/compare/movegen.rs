//! `cargo xtask compare movegen`: bb's sliders against every slider algorithm of
//! Gigantua/Chess_Movegen, on `bb bench`'s slider samples and timing loops.
//!
//! The harness (`xtask/compare/movegen/harness.cpp`, ours) includes the peer's headers from the
//! user's tree and is built with the peer's Makefile flags, once with `-march=native` and once
//! with `-march=x86-64-v3`. Each round runs `bb bench --json` for the rook, bishop and queen
//! kernels and both harness builds, alternately; both print `bb bench --json` lines, so one
//! parser reads them. The samples come from `bb bench --dump-sliders`, so the workload is bb's by
//! construction.

use super::{Cell, Opts, alternate};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The Makefile's flags (`-march` is added per build).
const PEER_FLAGS: &[&str] = &[
    "-O3",
    "-mllvm",
    "-inline-threshold=16000",
    "-fdeclspec",
    "-funroll-loops",
    "-std=c++20",
];

/// The pieces, in bb's kernel names.
const PIECES: [&str; 3] = ["queen", "rook", "bishop"];
const MODES: [&str; 2] = ["throughput", "latency"];

/// One harness build: its `-march`, its label, and the CPU features it executes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Build {
    pub(crate) march: &'static str,
    pub(crate) label: &'static str,
    needs: &'static [&'static str],
}

pub(crate) const BUILDS: [Build; 2] = [
    Build {
        march: "native",
        label: "native",
        needs: &[],
    },
    Build {
        march: "x86-64-v3",
        label: "x86-64-v3",
        needs: &["avx2", "bmi1", "bmi2", "fma", "lzcnt", "movbe", "popcnt"],
    },
];

impl Build {
    /// Why this CPU cannot run the build, if it cannot.
    pub(crate) fn skip_reason(&self, has: &dyn Fn(&str) -> bool) -> Option<String> {
        let missing: Vec<&str> = self.needs.iter().copied().filter(|f| !has(f)).collect();
        (!missing.is_empty()).then(|| format!("this CPU lacks {}", missing.join(", ")))
    }

    /// bb's backend compared with this build: `x86-64-v3` with avx2, `native` with the best
    /// backend this CPU runs (`best`).
    pub(crate) fn bb_backend<'a>(&self, best: &'a str) -> &'a str {
        if self.march == "x86-64-v3" {
            "avx2"
        } else {
            best
        }
    }
}

pub(crate) use super::rows::Row;

/// The rows of `text` (one JSON object per line) for the slider kernels; an unchecked row is an
/// error (the result disagreed with the reference).
pub(crate) fn parse_rows(text: &str) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let row: Row =
            serde_json::from_str(line).map_err(|e| format!("unreadable line {line:?}: {e}"))?;
        if !PIECES.contains(&row.kernel.as_str()) {
            continue; // `--filter rook` also matches `setwise_rook`
        }
        if row.ns.is_none() {
            return Err(format!("line without a time {line:?}"));
        }
        rows.push(super::rows::checked(row, "movegen")?);
    }
    Ok(rows)
}

/// One side's per-round times of `variant` for (`kernel`, `mode`, `backend`); `None` when a
/// round lacks it.
fn times(
    rounds: &[Vec<Row>],
    kernel: &str,
    mode: &str,
    backend: &str,
    variant: &str,
) -> Option<Vec<f64>> {
    rounds
        .iter()
        .map(|rows| {
            rows.iter()
                .find(|r| {
                    r.kernel == kernel
                        && r.mode == mode
                        && r.backend == backend
                        && r.variant == variant
                })
                .and_then(|r| r.ns)
        })
        .collect()
}

/// Every variant present in the first round for (`kernel`, `mode`, `backend`), with its
/// per-round times, in the order of the first round.
pub(crate) fn variants(
    rounds: &[Vec<Row>],
    kernel: &str,
    mode: &str,
    backend: &str,
) -> Vec<(String, Vec<f64>, bool)> {
    let Some(first) = rounds.first() else {
        return Vec::new();
    };
    first
        .iter()
        .filter(|r| r.kernel == kernel && r.mode == mode && r.backend == backend)
        .filter_map(|r| {
            times(rounds, kernel, mode, backend, &r.variant)
                .map(|t| (r.variant.clone(), t, r.default))
        })
        .collect()
}

/// The variant with the lowest median over the rounds, with its per-round times.
pub(crate) fn fastest(
    rounds: &[Vec<Row>],
    kernel: &str,
    mode: &str,
    backend: &str,
) -> Option<(String, Vec<f64>)> {
    variants(rounds, kernel, mode, backend)
        .into_iter()
        .map(|(v, t, _)| (super::table::median(&t), v, t))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, v, t)| (v, t))
}

/// The backend's default variant, with its per-round times.
pub(crate) fn default_of(
    rounds: &[Vec<Row>],
    kernel: &str,
    mode: &str,
    backend: &str,
) -> Option<(String, Vec<f64>)> {
    variants(rounds, kernel, mode, backend)
        .into_iter()
        .find(|(_, _, d)| *d)
        .map(|(v, t, _)| (v, t))
}

/// The cells of one build: for each piece and mode, bb's default and bb's fastest variant on
/// `backend` against the peer's fastest algorithm; with `all`, also bb's default against every
/// algorithm.
pub(crate) fn cells(
    build: &str,
    backend: &str,
    bb: &[Vec<Row>],
    peer: &[Vec<Row>],
    all: bool,
) -> Vec<Cell> {
    let mut out = Vec::new();
    for piece in PIECES {
        for mode in MODES {
            let Some((their_best, their_times)) = fastest(peer, piece, mode, build) else {
                continue;
            };
            let cell = |bb_name: String, bb_times: Vec<f64>, peer_name: String, peer_times| Cell {
                comparison: "movegen".into(),
                build: build.into(),
                case: format!("{piece} {mode}"),
                bb: format!("{backend} {bb_name}"),
                peer: peer_name,
                unit: "ns".into(),
                bb_times,
                peer_times,
            };
            let default = default_of(bb, piece, mode, backend);
            if let Some((name, t)) = &default {
                out.push(cell(
                    format!("{name}*"),
                    t.clone(),
                    their_best.clone(),
                    their_times.clone(),
                ));
            }
            if let Some((name, t)) = fastest(bb, piece, mode, backend)
                && default.as_ref().is_none_or(|(d, _)| *d != name)
            {
                out.push(cell(name, t, their_best.clone(), their_times.clone()));
            }
            if all && let Some((name, t)) = &default {
                for (algo, their, _) in variants(peer, piece, mode, build) {
                    if algo != their_best {
                        out.push(cell(format!("{name}*"), t.clone(), algo, their));
                    }
                }
            }
        }
    }
    out
}

/// Whether this CPU has the feature `name` (bb-simd's name).
fn cpu_has(name: &str) -> bool {
    let cpu = bb_simd::detect();
    bb_simd::Feature::ALL
        .into_iter()
        .any(|f| f.name() == name && cpu.has(f))
}

/// The peer's headers: `given` when it holds Main.cpp, else HEAD of the bare clone `given`
/// extracted under `work` (once per commit).
fn peer_tree(given: &Path, work: &Path) -> Result<PathBuf, String> {
    if given.join("Main.cpp").is_file() {
        return Ok(given.to_path_buf());
    }
    let head = Command::new("git")
        .arg("--git-dir")
        .arg(given)
        .args(["rev-parse", "--verify", "-q", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .ok_or(format!(
            "{}: neither a Chess_Movegen checkout (no Main.cpp) nor a git clone",
            given.display()
        ))?;
    let dir = work.join(format!("src-{head}"));
    if dir.join("Main.cpp").is_file() {
        return Ok(dir);
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let status = Command::new("sh")
        .arg("-c")
        .arg("git --git-dir \"$1\" archive HEAD | tar -x -C \"$2\"")
        .args(["sh".as_ref(), given.as_os_str(), dir.as_os_str()])
        .status()
        .map_err(|e| format!("git archive: {e}"))?;
    if !status.success() || !dir.join("Main.cpp").is_file() {
        let _ = std::fs::remove_dir_all(&dir);
        return Err(format!("extracting HEAD of {} failed", given.display()));
    }
    Ok(dir)
}

/// The C++ compiler: `CXX`, else the first of clang++-16 and clang++ that runs.
fn compiler() -> String {
    if let Ok(cxx) = std::env::var("CXX")
        && !cxx.is_empty()
    {
        return cxx;
    }
    ["clang++-16", "clang++"]
        .into_iter()
        .find(|c| {
            Command::new(c)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .unwrap_or("clang++")
        .to_string()
}

/// Builds the harness for `build` into `work`, unless the same compiler, flags, tree and harness
/// source built it already.
fn build_harness(root: &Path, tree: &Path, work: &Path, build: &Build) -> Result<PathBuf, String> {
    let source = root.join("xtask/compare/movegen/harness.cpp");
    let exe = work.join(format!("harness-{}", build.label));
    let cxx = compiler();
    let mut args: Vec<String> = PEER_FLAGS.iter().map(|s| s.to_string()).collect();
    args.push(format!("-march={}", build.march));
    args.push(format!("-I{}", tree.display()));
    args.extend([
        "-o".into(),
        exe.display().to_string(),
        source.display().to_string(),
    ]);
    let text = std::fs::read(&source).map_err(|e| format!("{}: {e}", source.display()))?;
    let stamp = format!("{cxx} {}\n{:x}\n", args.join(" "), fnv(&text));
    let stamp_file = exe.with_extension("stamp");
    if exe.is_file() && std::fs::read_to_string(&stamp_file).is_ok_and(|s| s == stamp) {
        return Ok(exe);
    }
    eprintln!("# {cxx} {}", args.join(" "));
    let status = Command::new(&cxx)
        .args(&args)
        .status()
        .map_err(|e| format!("{cxx}: {e} (set CXX to a clang++ 16 or later)"))?;
    if !status.success() {
        return Err(format!("{cxx} failed ({status})"));
    }
    std::fs::write(&stamp_file, stamp).map_err(|e| format!("{}: {e}", stamp_file.display()))?;
    Ok(exe)
}

/// FNV-1a: enough to notice that the harness source changed.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A command's standard output; its standard error too when it fails.
fn output(cmd: &mut Command) -> Result<String, String> {
    output_and_notes(cmd).map(|(out, _)| out)
}

/// A command's standard output and standard error.
fn output_and_notes(cmd: &mut Command) -> Result<(String, String), String> {
    let what = format!("{cmd:?}");
    let out = cmd.output().map_err(|e| format!("{what}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{what} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let stdout = String::from_utf8(out.stdout).map_err(|e| format!("{what}: {e}"))?;
    Ok((stdout, String::from_utf8_lossy(&out.stderr).into_owned()))
}

/// Runs the comparison: `tree` is Chess_Movegen's checkout or bare clone, `bb` the release `bb`,
/// `work` the folder for the extracted tree, the workload and the harness builds.
pub(crate) fn run(
    root: &Path,
    bb: &Path,
    work: &Path,
    tree: &Path,
    o: &Opts,
) -> Result<Vec<Cell>, String> {
    std::fs::create_dir_all(work).map_err(|e| format!("{}: {e}", work.display()))?;
    let tree = peer_tree(tree, work)?;
    let workload = work.join("sliders.txt");
    output(
        Command::new(bb)
            .args(["bench", "--dump-sliders"])
            .arg(&workload),
    )?;

    let best = bb_simd::best().name();
    let mut builds: Vec<(Build, PathBuf)> = Vec::new();
    for build in BUILDS {
        if let Some(why) = build.skip_reason(&cpu_has) {
            eprintln!("# skipped the {} build: {why}", build.label);
            continue;
        }
        match build_harness(root, &tree, work, &build) {
            Ok(exe) => builds.push((build, exe)),
            Err(e) => eprintln!("# skipped the {} build: {e}", build.label),
        }
    }
    if builds.is_empty() {
        return Err("no harness build succeeded".into());
    }
    eprintln!(
        "# left out: HyperCube and Rotated Bitboards (state per position, built by their Prepare)"
    );
    let mut backends: Vec<&str> = builds.iter().map(|(b, _)| b.bb_backend(best)).collect();
    backends.dedup();
    let backend_list = backends.join(",");

    let run_bb = || -> Result<Vec<Row>, String> {
        let mut rows = Vec::new();
        for piece in PIECES {
            let text = output(
                Command::new(bb)
                    .args([
                        "bench",
                        "--json",
                        "--filter",
                        piece,
                        "--backend",
                        &backend_list,
                    ])
                    .env_remove("BB_BACKEND"),
            )?;
            rows.extend(parse_rows(&text)?);
        }
        Ok(rows)
    };
    let mut first = true;
    let run_peer = || -> Result<Vec<Row>, String> {
        let mut rows = Vec::new();
        for (build, exe) in &builds {
            let (text, notes) =
                output_and_notes(Command::new(exe).arg(&workload).arg(build.label))?;
            if first {
                // The harness's skips, once per build.
                for note in notes.lines().filter(|l| l.starts_with("# ")) {
                    eprintln!("# {}: {}", build.label, &note[2..]);
                }
            }
            rows.extend(parse_rows(&text)?);
        }
        first = false;
        Ok(rows)
    };
    let mut round = 0;
    let (bb_rounds, peer_rounds) = alternate(
        o.rounds,
        || {
            round += 1;
            eprintln!("# round {round}/{}", o.rounds);
            run_bb()
        },
        run_peer,
    )?;
    let mut out = Vec::new();
    for (build, _) in &builds {
        out.extend(cells(
            build.label,
            build.bb_backend(best),
            &bb_rounds,
            &peer_rounds,
            o.all,
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(kernel: &str, variant: &str, backend: &str, mode: &str, ns: f64, default: bool) -> Row {
        Row {
            kernel: kernel.into(),
            variant: variant.into(),
            backend: backend.into(),
            mode: mode.into(),
            ns: Some(ns),
            checked: true,
            default,
            march: String::new(),
        }
    }

    #[test]
    fn harness_and_bb_lines_parse_and_other_kernels_are_dropped() {
        let text = concat!(
            r#"{"kernel":"queen","variant":"qbbengine","backend":"native","mode":"latency","ns":5.5,"min":5,"max":6,"inputs":4096,"checked":true,"default":false}"#,
            "\n",
            r#"{"kernel":"setwise_queen","variant":"kogge","backend":"avx2","mode":"latency","ns":9,"min":9,"max":9,"inputs":4096,"checked":true,"default":true}"#,
            "\n\n",
            r#"{"kernel":"rook","variant":"pext","backend":"avx2","mode":"throughput","ns":1.25,"checked":true,"default":true}"#,
        );
        let rows = parse_rows(text).unwrap();
        assert_eq!(
            rows,
            [
                row("queen", "qbbengine", "native", "latency", 5.5, false),
                row("rook", "pext", "avx2", "throughput", 1.25, true)
            ]
        );
    }

    #[test]
    fn a_mismatch_or_garbage_is_an_error() {
        let bad = r#"{"kernel":"bishop","variant":"x","backend":"avx2","mode":"latency","ns":1,"checked":false,"default":false}"#;
        assert!(parse_rows(bad).unwrap_err().contains("bishop/x on avx2"));
        assert!(parse_rows("MISMATCH queen").is_err());
    }

    #[test]
    fn the_fastest_is_the_lowest_median_not_the_lowest_round() {
        // a: 1, 9, 9 (median 9); b: 3, 3, 3 (median 3).
        let rounds: Vec<Vec<Row>> = [(1.0, 3.0), (9.0, 3.0), (9.0, 3.0)]
            .iter()
            .map(|&(a, b)| {
                vec![
                    row("queen", "a", "avx2", "throughput", a, true),
                    row("queen", "b", "avx2", "throughput", b, false),
                    row("queen", "c", "avx2", "latency", 0.1, false),
                ]
            })
            .collect();
        assert_eq!(
            fastest(&rounds, "queen", "throughput", "avx2"),
            Some(("b".into(), vec![3.0, 3.0, 3.0]))
        );
        assert_eq!(
            default_of(&rounds, "queen", "throughput", "avx2"),
            Some(("a".into(), vec![1.0, 9.0, 9.0]))
        );
        assert_eq!(fastest(&rounds, "queen", "throughput", "scalar"), None);
    }

    #[test]
    fn cells_pair_bb_default_and_best_with_the_peer_fastest() {
        let bb = vec![vec![
            row("queen", "pext", "avx2", "throughput", 2.0, true),
            row("queen", "hq", "avx2", "throughput", 1.0, false),
            row("queen", "pext", "avx512", "throughput", 0.5, true),
        ]];
        let peer = vec![vec![
            row("queen", "qbb", "x86-64-v3", "throughput", 4.0, false),
            row("queen", "leorik", "x86-64-v3", "throughput", 3.0, false),
            row("queen", "qbb", "native", "throughput", 0.1, false),
        ]];
        let c = cells("x86-64-v3", "avx2", &bb, &peer, false);
        let got: Vec<(&str, &str, &str, f64)> = c
            .iter()
            .map(|c| {
                (
                    c.case.as_str(),
                    c.bb.as_str(),
                    c.peer.as_str(),
                    c.summary().ratio,
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("queen throughput", "avx2 pext*", "leorik", 2.0 / 3.0),
                ("queen throughput", "avx2 hq", "leorik", 1.0 / 3.0)
            ]
        );
        let all = cells("x86-64-v3", "avx2", &bb, &peer, true);
        assert_eq!(all.len(), 3);
        assert_eq!(
            (all[2].bb.as_str(), all[2].peer.as_str()),
            ("avx2 pext*", "qbb")
        );
    }

    #[test]
    fn a_movegen_tree_selects_the_comparison() {
        let args: Vec<String> = ["--movegen", "cm", "--all"].map(String::from).to_vec();
        let o = super::super::parse(&args).unwrap();
        assert_eq!(o.comparisons, ["movegen", "perft"]);
        assert_eq!(o.movegen.as_deref(), Some(Path::new("cm")));
        assert!(o.all);
        assert!(super::super::parse(&["--movegen".to_string()]).is_err());
    }

    #[test]
    fn builds_are_skipped_for_missing_features_and_paired_with_backends() {
        let none = |_: &str| false;
        let every = |_: &str| true;
        let [native, v3] = BUILDS;
        assert_eq!(native.skip_reason(&none), None);
        assert!(v3.skip_reason(&none).unwrap().contains("avx2, bmi1, bmi2"));
        assert_eq!(v3.skip_reason(&every), None);
        assert_eq!(v3.bb_backend("avx512vbmi"), "avx2");
        assert_eq!(native.bb_backend("avx512vbmi"), "avx512vbmi");
    }
}
