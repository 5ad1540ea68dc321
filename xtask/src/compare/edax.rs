//! `compare edax`: Edax's kernels (flip, mobility, last-flip count, stability, and the pattern
//! evaluation's features set, features update and weighted sum) next to `bb bench`'s, on bb's
//! workloads and timing loops.
//!
//! The harness `xtask/compare/edax_kernels.c` compiles Edax's whole program (`src/all.c` of the
//! user's tree) into itself and prints rows in the shape of `bb bench --json`, with `"engine":
//! "edax"` and the build's label in `"march"`. It is built once per x86-64 level with the flags
//! of Edax's gcc Makefile, so each build uses the kernels Edax itself picks for that level. For
//! every level and kernel, bb's paired backends and the builds run alternately, 11 rounds or
//! more; each (bb row, Edax row) pair of the same kernel and mode becomes a [`Cell`].

use super::{Arch, Cell, Ctx, Opts, alternate, build_once, output, peer_src, runnable};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The harness, in the repository.
const HARNESS: &str = include_str!("../../compare/edax_kernels.c");

/// The kernels, in table order.
pub(crate) const KERNELS: [&str; 7] = [
    "flip",
    "mobility",
    "last_flip_count",
    "stability",
    "eval_set",
    "eval_update",
    "eval_sum",
];

/// Flags of Edax's gcc Makefile (`make build COMP=gcc`, optimised, all.c as one translation
/// unit). `-std=gnu99` instead of `-std=c99 -pedantic`: the harness uses `__int128` and asm.
const COMMON_FLAGS: [&str; 10] = [
    "-std=gnu99",
    "-D_GNU_SOURCE=1",
    "-DUNICODE",
    "-Ofast",
    "-fwhole-program",
    "-DNDEBUG",
    "-DUSE_GAS_X64",
    "-w",
    "-pipe",
    "-m64",
];

/// One build of the harness.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Build {
    /// File name suffix.
    pub(crate) name: &'static str,
    pub(crate) arch: Arch,
    /// The label of its rows and table (`x86-64-v4 COUNT_LAST_FLIP_AVX512`).
    pub(crate) label: &'static str,
    /// Flags after [`COMMON_FLAGS`].
    pub(crate) flags: &'static [&'static str],
    /// The kernels it is run for (empty: all).
    pub(crate) only: &'static [&'static str],
    /// CPU features beyond its level's.
    pub(crate) extra_needs: &'static [&'static str],
}

impl Build {
    fn runs(&self, kernel: &str) -> bool {
        self.only.is_empty() || self.only.contains(&kernel)
    }

    /// The `backend` label of its rows (the harness's `EDAX_BENCH_BACKEND`).
    fn backend_label(&self) -> &'static str {
        match self.arch {
            Arch::V4 => "avx512",
            Arch::V3 => "avx2",
            Arch::Base => "sse2",
        }
    }
}

/// The builds for `arches`, and with `extra` Edax's non-default x86-64-v4 choices.
pub(crate) fn builds(arches: &[Arch], extra: bool) -> Vec<Build> {
    let mut v = Vec::new();
    for &arch in arches {
        let (name, label, flags): (_, _, &'static [&'static str]) = match arch {
            Arch::V4 => (
                "v4",
                "x86-64-v4",
                &[
                    "-march=x86-64-v4",
                    "-mprefer-vector-width=256",
                    "-DPOPCOUNT",
                ],
            ),
            Arch::V3 => ("v3", "x86-64-v3", &["-march=x86-64-v3", "-DPOPCOUNT"]),
            // Edax's x86-64 build: no POPCNT.
            Arch::Base => ("x86-64", "x86-64", &["-mtune=generic"]),
        };
        v.push(Build {
            name,
            arch,
            label,
            flags,
            only: &[],
            extra_needs: &[],
        });
    }
    if extra && arches.contains(&Arch::V4) {
        v.push(Build {
            name: "v4-lf512",
            arch: Arch::V4,
            label: "x86-64-v4 COUNT_LAST_FLIP_AVX512",
            flags: &[
                "-march=x86-64-v4",
                "-mprefer-vector-width=256",
                "-DPOPCOUNT",
                "-DCOUNT_LAST_FLIP=COUNT_LAST_FLIP_AVX512",
            ],
            only: &["last_flip_count"],
            extra_needs: &[],
        });
        v.push(Build {
            name: "v4-512",
            arch: Arch::V4,
            label: "x86-64-v4 AVX512_PREFER512",
            flags: &[
                "-march=x86-64-v4",
                "-DPOPCOUNT",
                "-DAVX512_PREFER512",
                "-DCOUNT_LAST_FLIP=COUNT_LAST_FLIP_AVX512",
            ],
            only: &["flip", "last_flip_count", "eval_set", "eval_update"],
            extra_needs: &[],
        });
        v.push(Build {
            name: "v4-gfni",
            arch: Arch::V4,
            label: "x86-64-v4 -mgfni MOVE_GENERATOR_AVXGFNI",
            flags: &[
                "-march=x86-64-v4",
                "-mprefer-vector-width=256",
                "-mgfni",
                "-DPOPCOUNT",
                "-DMOVE_GENERATOR=MOVE_GENERATOR_AVXGFNI",
            ],
            only: &["flip"],
            extra_needs: &["gfni"],
        });
    }
    v
}

/// The compiler command line of a build (after the compiler's name).
pub(crate) fn compile_args(b: &Build, src: &Path, harness: &Path, out: &Path) -> Vec<String> {
    let mut a: Vec<String> = COMMON_FLAGS.iter().map(|s| s.to_string()).collect();
    a.push(format!("-I{}", src.display()));
    a.extend(b.flags.iter().map(|s| s.to_string()));
    a.push(format!("-DEDAX_BENCH_BACKEND=\"{}\"", b.backend_label()));
    a.push(format!("-DEDAX_BENCH_MARCH=\"{}\"", b.label));
    a.push(harness.display().to_string());
    a.push("-o".into());
    a.push(out.display().to_string());
    a.extend(["-lm", "-lrt", "-lpthread"].map(String::from));
    a
}

/// The compiler command line of Edax itself (its all.c, its `main`) for a build's level.
pub(crate) fn program_args(b: &Build, src: &Path, out: &Path) -> Vec<String> {
    let mut a: Vec<String> = COMMON_FLAGS.iter().map(|s| s.to_string()).collect();
    a.extend(b.flags.iter().map(|s| s.to_string()));
    a.push(src.join("all.c").display().to_string());
    a.push("-o".into());
    a.push(out.display().to_string());
    a.extend(["-lm", "-lrt", "-lpthread"].map(String::from));
    a
}

pub(crate) use super::rows::Row;

/// The timed rows of a program's stdout (other lines skipped); an error for a row whose check
/// failed.
pub(crate) fn rows(stdout: &str, who: &str) -> Result<Vec<Row>, String> {
    let mut v = Vec::new();
    for line in stdout.lines().filter(|l| l.starts_with('{')) {
        let r: Row = serde_json::from_str(line).map_err(|e| format!("{who}: {e}: {line}"))?;
        let r = super::rows::checked(r, who)?;
        if r.ns.is_some() {
            v.push(r);
        }
    }
    Ok(v)
}

/// One `bb bench` run of bb's side of a round: its backends and filter, and the rows it keeps.
struct BbRun {
    backends: Vec<&'static str>,
    /// `--filter` text.
    filter: String,
    /// Keep only rows of this kernel (and variant).
    kernel: &'static str,
    variant: Option<String>,
}

/// The cells of one level and kernel from the rounds of both sides: every bb row (its backend's
/// default only, unless `all_variants`) against every Edax row of the same kernel and mode whose
/// build is the bb backend's level.
pub(crate) fn pair(
    bb: &[Vec<Row>],
    edax: &[Vec<Row>],
    builds: &[Build],
    all_variants: bool,
) -> Result<Vec<Cell>, String> {
    let key = |r: &Row| (r.kernel.clone(), r.backend.clone(), r.variant.clone());
    let mut bb_keys: Vec<(String, String, String, String, bool)> = Vec::new();
    for r in bb.iter().flatten() {
        let k = (
            r.kernel.clone(),
            r.mode.clone(),
            r.backend.clone(),
            r.variant.clone(),
            r.default,
        );
        if (all_variants || r.default) && !bb_keys.contains(&k) {
            bb_keys.push(k);
        }
    }
    let mut edax_keys: Vec<(String, String, String, String)> = Vec::new();
    for r in edax.iter().flatten() {
        let k = (
            r.kernel.clone(),
            r.mode.clone(),
            r.march.clone(),
            r.variant.clone(),
        );
        if !edax_keys.contains(&k) {
            edax_keys.push(k);
        }
    }
    let times = |rounds: &[Vec<Row>], f: &dyn Fn(&Row) -> bool, what: &str| {
        rounds
            .iter()
            .enumerate()
            .map(|(i, round)| {
                round
                    .iter()
                    .find(|r| f(r))
                    .and_then(|r| r.ns)
                    .ok_or(format!("{what}: no time in round {}", i + 1))
            })
            .collect::<Result<Vec<f64>, String>>()
    };
    let mut cells = Vec::new();
    for (kernel, mode, backend, variant, default) in &bb_keys {
        let Some(arch) = Arch::of_backend(backend) else {
            continue;
        };
        for (ek, em, march, ev) in &edax_keys {
            let Some(build) = builds.iter().find(|b| b.label == march) else {
                continue;
            };
            if ek != kernel || em != mode || build.arch != arch {
                continue;
            }
            let bb_times = times(
                bb,
                &|r| {
                    r.mode == *mode && key(r) == (kernel.clone(), backend.clone(), variant.clone())
                },
                &format!("bb {kernel} {variant} on {backend}"),
            )?;
            let peer_times = times(
                edax,
                &|r| {
                    r.mode == *mode && r.kernel == *kernel && r.march == *march && r.variant == *ev
                },
                &format!("edax {kernel} {ev} ({march})"),
            )?;
            let star = if *default && all_variants { "*" } else { "" };
            cells.push(Cell {
                comparison: "edax".into(),
                build: march.clone(),
                case: format!("{kernel} {mode}"),
                bb: format!("{backend} {variant}{star}"),
                peer: ev.clone(),
                unit: "ns".into(),
                bb_times,
                peer_times,
            });
        }
    }
    Ok(cells)
}

/// Orders cells by build (levels, then their extra builds), kernel, mode (throughput first),
/// bb backend (most capable first) and variant.
fn sort(cells: &mut [Cell], builds: &[Build]) {
    let rank = |c: &Cell| {
        let build = builds
            .iter()
            .position(|b| b.label == c.build)
            .unwrap_or(usize::MAX);
        let (kernel, mode) = c.case.split_once(' ').unwrap_or((&c.case, ""));
        let kernel = KERNELS.iter().position(|k| *k == kernel).unwrap_or(9);
        let backend = c.bb.split(' ').next().unwrap_or("");
        let backend = Arch::ALL
            .iter()
            .flat_map(|a| a.bb_backends())
            .position(|b| *b == backend)
            .unwrap_or(99);
        (build, kernel, mode != "throughput", backend, c.bb.clone())
    };
    cells.sort_by_key(rank);
}

/// Runs the comparison.
pub(crate) fn run(ctx: &Ctx, o: &Opts) -> Result<Vec<Cell>, String> {
    let given = o.edax.as_ref().ok_or("needs --edax DIR")?;
    let work = ctx.dir.join("edax");
    std::fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    let (src, origin) = peer_src(given, "all.c", &[], &work)?;
    eprintln!("# edax: {origin}");
    let harness = work.join("edax_kernels.c");
    if std::fs::read_to_string(&harness).ok().as_deref() != Some(HARNESS) {
        std::fs::write(&harness, HARNESS).map_err(|e| format!("{}: {e}", harness.display()))?;
    }

    let cc = std::env::var("CC").unwrap_or_else(|_| "gcc".into());
    let mut built: Vec<(Build, PathBuf)> = Vec::new();
    for b in builds(&o.arches, o.extra) {
        let needs: Vec<&str> = b
            .arch
            .requirements()
            .iter()
            .chain(b.extra_needs)
            .copied()
            .collect();
        if let Err(why) = runnable(&needs, &super::cpu_has) {
            eprintln!("# skipped {}: {why}", b.label);
            continue;
        }
        let exe = work.join(format!("edax-kernels-{}", b.name));
        let args = compile_args(&b, &src, &harness, &exe);
        let fresh = build_once(&cc, &args, &exe, &[&src, &harness])
            .map_err(|e| format!("building {}: {e}", b.label))?;
        let verb = if fresh { "built" } else { "reused" };
        eprintln!("# {verb} {}: {cc} {}", b.label, args.join(" "));
        built.push((b, exe));
    }
    if built.is_empty() {
        return Err("no Edax build runs on this CPU".into());
    }
    let all_builds: Vec<Build> = built.iter().map(|(b, _)| b.clone()).collect();

    let here = super::bb_backends_here();
    let mut cells = Vec::new();
    for arch in o.arches.iter().copied() {
        let runs_here: Vec<&(Build, PathBuf)> =
            built.iter().filter(|(b, _)| b.arch == arch).collect();
        let backends: Vec<&'static str> = arch
            .bb_backends()
            .iter()
            .copied()
            .filter(|b| here.contains(b))
            .collect();
        if runs_here.is_empty() || backends.is_empty() {
            continue;
        }
        let flip_defaults = if o.all_variants {
            BTreeMap::new()
        } else {
            default_variants(&ctx.bb, &backends, "flip")?
        };
        for kernel in KERNELS {
            if !o.kernels.is_empty() && !o.kernels.iter().any(|k| k == kernel) {
                continue;
            }
            let peers: Vec<&(Build, PathBuf)> = runs_here
                .iter()
                .copied()
                .filter(|(b, _)| b.runs(kernel))
                .collect();
            if peers.is_empty() {
                continue;
            }
            // The flip workload is large (about a second per variant), so only the defaults
            // are timed unless every variant is asked for; the other kernels time all.
            let bb_runs: Vec<BbRun> = if kernel == "flip" && !o.all_variants {
                backends
                    .iter()
                    .filter_map(|b| {
                        flip_defaults.get(*b).map(|v| BbRun {
                            backends: vec![b],
                            filter: v.clone(),
                            kernel,
                            variant: Some(v.clone()),
                        })
                    })
                    .collect()
            } else {
                vec![BbRun {
                    backends: backends.clone(),
                    filter: kernel.into(),
                    kernel,
                    variant: None,
                }]
            };
            eprintln!(
                "# {kernel}: bb on {} against Edax {}, {} rounds",
                backends.join(","),
                peers
                    .iter()
                    .map(|(b, _)| b.label)
                    .collect::<Vec<_>>()
                    .join(", "),
                o.rounds
            );
            let (bb_rounds, edax_rounds) = alternate(
                o.rounds,
                || {
                    let mut v = Vec::new();
                    for r in &bb_runs {
                        v.extend(bb_rows(&ctx.bb, r, o.quick)?);
                    }
                    Ok(v)
                },
                || {
                    let mut v = Vec::new();
                    for (_, exe) in &peers {
                        let mut cmd = Command::new(exe);
                        cmd.args(["--only", kernel]);
                        if o.quick {
                            cmd.arg("--quick");
                        }
                        v.extend(rows(&output(&mut cmd)?, "edax")?);
                    }
                    Ok(v)
                },
            )?;
            cells.extend(pair(&bb_rounds, &edax_rounds, &all_builds, o.all_variants)?);
        }
    }
    sort(&mut cells, &all_builds);
    Ok(cells)
}

/// `bb bench --json` for one [`BbRun`]: its kernel's (and variant's) rows.
fn bb_rows(bb: &Path, r: &BbRun, quick: bool) -> Result<Vec<Row>, String> {
    let mut cmd = Command::new(bb);
    cmd.args(["bench", "--json", "--filter", &r.filter, "--backend"])
        .arg(r.backends.join(","));
    if quick {
        cmd.arg("--quick");
    }
    Ok(rows(&output(&mut cmd)?, "bb")?
        .into_iter()
        .filter(|row| row.kernel == r.kernel)
        .filter(|row| r.variant.as_ref().is_none_or(|v| *v == row.variant))
        .collect())
}

/// Each backend's default variant of `kernel`, from one quick `bb bench` run.
fn default_variants(
    bb: &Path,
    backends: &[&'static str],
    kernel: &'static str,
) -> Result<BTreeMap<String, String>, String> {
    let run = BbRun {
        backends: backends.to_vec(),
        filter: kernel.into(),
        kernel,
        variant: None,
    };
    Ok(defaults(&bb_rows(bb, &run, true)?))
}

/// backend -> default variant, from rows.
fn defaults(rows: &[Row]) -> BTreeMap<String, String> {
    rows.iter()
        .filter(|r| r.default)
        .map(|r| (r.backend.clone(), r.variant.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const BB: &str = r#"{"kernel":"flip","variant":"avx2_smart_clear","backend":"avx2","mode":"throughput","ns":2.5,"min":2.4,"max":2.6,"inputs":1048576,"checked":true,"default":true}
{"kernel":"flip","variant":"avx2_smart_clear","backend":"avx2","mode":"latency","ns":7.5,"min":7,"max":8,"inputs":1048576,"checked":true,"default":true}
{"kernel":"flip","variant":"kindergarten","backend":"avx2","mode":"throughput","ns":4,"min":4,"max":4,"inputs":1048576,"checked":true,"default":false}
{"kernel":"flip","variant":"sse2_bswap","backend":"sse2","mode":"throughput","ns":4.5,"min":4,"max":5,"inputs":1048576,"checked":true,"default":true}
"#;
    const EDAX: &str = r#"{"kernel":"flip","variant":"edax_avx_ppfill","backend":"avx2","mode":"throughput","ns":2.000,"checked":true,"default":false,"engine":"edax","march":"x86-64-v3","samples":1048576}
{"kernel":"flip","variant":"edax_avx_ppfill","backend":"avx2","mode":"latency","ns":10.000,"checked":true,"default":false,"engine":"edax","march":"x86-64-v3","samples":1048576}
{"kernel":"flip","variant":"edax_sse","backend":"sse2","mode":"throughput","ns":9.000,"checked":true,"default":false,"engine":"edax","march":"x86-64","samples":1048576}
"#;

    fn all_builds() -> Vec<Build> {
        builds(&Arch::ALL, true)
    }

    #[test]
    fn rows_of_both_programs_parse_and_other_lines_are_skipped() {
        let text = format!("# round=1\n{BB}\nnot json\n");
        let r = rows(&text, "bb").unwrap();
        assert_eq!(r.len(), 4);
        assert_eq!(r[0].ns, Some(2.5));
        assert!(r[0].default && !r[2].default);
        let e = rows(EDAX, "edax").unwrap();
        assert_eq!(e[2].march, "x86-64");
    }

    #[test]
    fn a_failed_check_is_an_error() {
        let bad = EDAX.replacen("\"checked\":true", "\"checked\":false", 1);
        let err = rows(&bad, "edax").unwrap_err();
        assert!(err.contains("disagrees"), "{err}");
        // A check-only row (no time) is still checked.
        let check_only = r#"{"kernel":"flip","variant":"edax_sse","backend":"sse2","checked":false,"engine":"edax","march":"x86-64","samples":1}"#;
        assert!(rows(check_only, "edax").is_err());
    }

    #[test]
    fn defaults_pair_with_the_build_of_their_level_round_by_round() {
        let bb1 = rows(BB, "bb").unwrap();
        let bb2: Vec<Row> = bb1
            .iter()
            .cloned()
            .map(|mut r| {
                r.ns = r.ns.map(|x| x * 2.0);
                r
            })
            .collect();
        let e = rows(EDAX, "edax").unwrap();
        let cells = pair(&[bb1, bb2], &[e.clone(), e], &all_builds(), false).unwrap();
        let names: Vec<(String, String, String, String)> = cells
            .iter()
            .map(|c| {
                (
                    c.build.clone(),
                    c.case.clone(),
                    c.bb.clone(),
                    c.peer.clone(),
                )
            })
            .collect();
        let t = |a: &str, b: &str, c: &str, d: &str| (a.into(), b.into(), c.into(), d.into());
        assert_eq!(
            names,
            [
                t(
                    "x86-64-v3",
                    "flip throughput",
                    "avx2 avx2_smart_clear",
                    "edax_avx_ppfill"
                ),
                t(
                    "x86-64-v3",
                    "flip latency",
                    "avx2 avx2_smart_clear",
                    "edax_avx_ppfill"
                ),
                t("x86-64", "flip throughput", "sse2 sse2_bswap", "edax_sse"),
            ]
        );
        assert_eq!(cells[0].bb_times, [2.5, 5.0]);
        assert_eq!(cells[0].peer_times, [2.0, 2.0]);
        assert_eq!(cells[0].summary().ratio, 1.875);
    }

    #[test]
    fn all_variants_adds_the_others_and_marks_the_default() {
        let bb = rows(BB, "bb").unwrap();
        let e = rows(EDAX, "edax").unwrap();
        let cells = pair(&[bb], &[e], &all_builds(), true).unwrap();
        let bbs: Vec<&str> = cells.iter().map(|c| c.bb.as_str()).collect();
        assert!(bbs.contains(&"avx2 avx2_smart_clear*"), "{bbs:?}");
        assert!(bbs.contains(&"avx2 kindergarten"), "{bbs:?}");
    }

    #[test]
    fn a_row_missing_from_a_round_is_an_error() {
        let bb = rows(BB, "bb").unwrap();
        let e = rows(EDAX, "edax").unwrap();
        let err = pair(&[bb.clone(), bb], &[e, Vec::new()], &all_builds(), false).unwrap_err();
        assert!(err.contains("round 2"), "{err}");
    }

    #[test]
    fn backends_pair_with_their_level() {
        assert_eq!(Arch::of_backend("avx512vbmi"), Some(Arch::V4));
        assert_eq!(Arch::of_backend("avx512"), Some(Arch::V4));
        assert_eq!(Arch::of_backend("avx2"), Some(Arch::V3));
        for b in ["ssse3", "sse2", "scalar"] {
            assert_eq!(Arch::of_backend(b), Some(Arch::Base));
        }
        assert_eq!(Arch::of_backend("neon"), None);
    }

    #[test]
    fn build_flags_follow_edax_s_makefile_per_level() {
        let b = builds(&[Arch::V3, Arch::Base], false);
        assert_eq!(b.len(), 2);
        let args = compile_args(&b[0], Path::new("/e/src"), Path::new("h.c"), Path::new("o"));
        for f in [
            "-Ofast",
            "-fwhole-program",
            "-march=x86-64-v3",
            "-DPOPCOUNT",
            "-I/e/src",
        ] {
            assert!(args.iter().any(|a| a == f), "{f} in {args:?}");
        }
        assert!(args.contains(&"-DEDAX_BENCH_BACKEND=\"avx2\"".to_string()));
        let base = compile_args(&b[1], Path::new("/e/src"), Path::new("h.c"), Path::new("o"));
        assert!(
            base.iter()
                .all(|a| !a.starts_with("-march") && a != "-DPOPCOUNT")
        );
        // --extra adds the v4 choices only when v4 is built.
        assert_eq!(builds(&[Arch::V3], true).len(), 1);
        let extra = builds(&Arch::ALL, true);
        assert_eq!(extra.len(), 6);
        assert!(
            extra
                .iter()
                .filter(|b| b.arch == Arch::V4)
                .all(|b| b.flags.contains(&"-march=x86-64-v4"))
        );
        let gfni = extra.iter().find(|b| b.name == "v4-gfni").unwrap();
        assert_eq!(
            (gfni.only, gfni.extra_needs),
            (&["flip"][..], &["gfni"][..])
        );
    }

    #[test]
    fn builds_the_cpu_cannot_run_are_named_with_what_it_lacks() {
        let zen3 = |f: &str| !f.starts_with("avx512") && f != "gfni";
        assert!(runnable(Arch::V3.requirements(), &zen3).is_ok());
        assert!(runnable(Arch::Base.requirements(), &|_| false).is_ok());
        let err = runnable(Arch::V4.requirements(), &zen3).unwrap_err();
        assert!(err.contains("avx512f") && err.contains("avx512vl"), "{err}");
    }

    #[test]
    fn defaults_are_read_per_backend() {
        let d = defaults(&rows(BB, "bb").unwrap());
        assert_eq!(d.get("avx2").map(String::as_str), Some("avx2_smart_clear"));
        assert_eq!(d.get("sse2").map(String::as_str), Some("sse2_bswap"));
    }
}
