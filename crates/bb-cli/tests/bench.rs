//! The bench harness in `--quick` mode: every row agrees with its reference, a wrong kernel is
//! caught, and `--json` prints parseable lines.

mod cli_common;

use bb_cli::bench::{self, Case, Register, Registry, Settings};
use bb_cli::json::{BackendsReport, BenchLine, Mode};
use bb_simd::{Backend, Isa};
use cli_common::bb_command;
use std::sync::Arc;

#[test]
fn quick_run_checks_every_row() {
    // The bb-simd primitives only: the game kernels have their own test suites, and their
    // workloads are large.
    let mut registry = Registry::new(Settings::QUICK);
    bench::popcount::register(&mut registry);
    bench::dot_u8i8::register(&mut registry);
    let backends = bench::backends(&[]);
    let report = bench::run(&registry, &backends, &Settings::QUICK, &mut |_, _, _| {});
    let available = backends.iter().filter(|(_, r)| r.is_ok()).count();
    assert!(available >= 1);
    for kernel in ["popcount", "dot_u8i8"] {
        assert!(
            report.rows.iter().any(|r| r.kernel == kernel),
            "{kernel} missing"
        );
        // Exactly one default per kernel and backend.
        for (isa, r) in &backends {
            if r.is_ok() {
                let n = report
                    .rows
                    .iter()
                    .filter(|r| r.kernel == kernel && r.isa == *isa && r.m.default)
                    .count();
                assert_eq!(n, 1, "{kernel} on {isa}: {n} defaults");
            }
        }
    }
    for r in &report.rows {
        assert!(
            r.m.checked,
            "{}/{} on {}: {:?}",
            r.kernel, r.variant, r.backend, r.m.mismatch
        );
        assert!(r.m.throughput_ns > 0.0 && r.m.latency_ns > 0.0, "{r:?}");
    }
    assert!(report.all_checked());
    let table = report.table();
    assert!(
        table.contains("popcount") && table.contains("scalar"),
        "{table}"
    );
}

/// Deliberately wrong for inputs with bit 0 set.
#[derive(Clone, Copy, Default)]
struct Wrong;

impl Case for Wrong {
    type Input = u64;
    const KERNEL: &'static str = "test";
    const VARIANT: &'static str = "wrong";
    fn supported<B: Backend>() -> bool {
        B::ISA == Isa::Scalar
    }
    fn is_default<B: Backend>() -> bool {
        true
    }
    fn run<B: Backend>(b: B, x: &u64) -> u64 {
        u64::from(b.popcnt(*x)) + (x & 1)
    }
    fn reference(x: &u64) -> u64 {
        u64::from(x.count_ones())
    }
    fn chain(x: &u64, z: u64) -> u64 {
        x ^ z
    }
}

#[test]
fn mismatch_is_reported_and_unsupported_backends_skipped() {
    let mut r = Registry::new(Settings::QUICK);
    r.add::<Wrong>(Arc::from(vec![2u64, 4, 3, 8]));
    let report = bench::run(
        &r,
        &bench::backends(&[]),
        &Settings::QUICK,
        &mut |_, _, _| {},
    );
    assert_eq!(report.rows.len(), 1);
    assert!(!report.rows[0].m.checked);
    assert!(
        report.rows[0]
            .m
            .mismatch
            .as_deref()
            .unwrap()
            .contains("input #2")
    );
    assert!(!report.all_checked());
    assert!(report.table().contains("MISMATCH test/wrong on scalar"));
    let json = report.json_lines();
    assert!(json.contains("\"checked\":false"), "{json}");
    assert_eq!(report.unsupported.len(), bb_simd::available().count() - 1);
}

#[test]
fn filter_keeps_matching_kernels_and_variants() {
    let mut r = bench::registry(Settings::QUICK);
    r.retain_matching("sat16");
    assert_eq!(r.entries().len(), 1);
    assert_eq!(
        (r.entries()[0].kernel(), r.entries()[0].variant()),
        ("dot_u8i8", "sat16")
    );
    let mut r = bench::registry(Settings::QUICK);
    r.retain_matching("popcount");
    assert!(r.entries().len() >= 2 && r.entries().iter().all(|e| e.kernel() == "popcount"));
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn cli_json_lines_parse() {
    let out = bb_command()
        .args([
            "bench",
            "--quick",
            "--json",
            "--filter",
            "dot",
            "--backend",
            "scalar",
        ])
        .env_remove("BB_BACKEND")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}"); // exact + sat16, throughput + latency
    for line in lines {
        assert_eq!(
            keys(line),
            [
                "kernel", "variant", "backend", "mode", "ns", "min", "max", "inputs", "checked",
                "default"
            ],
            "{line}"
        );
        let row = BenchLine::parse(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert_eq!(
            (row.kernel.as_str(), row.backend.as_str()),
            ("dot_u8i8", "scalar")
        );
        assert!(matches!(row.mode, Mode::Throughput | Mode::Latency));
        // min <= median <= max, all positive; the workload size is stated.
        assert!(
            row.min > 0.0 && row.min <= row.ns && row.ns <= row.max,
            "{line}"
        );
        assert!(row.inputs >= 1, "{line}");
        assert!(row.checked);
        // Written back, the line is the same text: the format has one spelling.
        assert_eq!(row.to_json(), line);
    }
}

/// The member names of the JSON object `text`, in order (read by serde's generic map access, not
/// by the types under test).
fn keys(text: &str) -> Vec<String> {
    struct Keys(Vec<String>);
    impl<'de> serde::Deserialize<'de> for Keys {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Keys, D::Error> {
            struct V;
            impl<'de> serde::de::Visitor<'de> for V {
                type Value = Keys;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("an object")
                }
                fn visit_map<A: serde::de::MapAccess<'de>>(
                    self,
                    mut m: A,
                ) -> Result<Keys, A::Error> {
                    let mut keys = Vec::new();
                    while let Some(k) = m.next_key::<String>()? {
                        m.next_value::<serde::de::IgnoredAny>()?;
                        keys.push(k);
                    }
                    Ok(Keys(keys))
                }
            }
            d.deserialize_map(V)
        }
    }
    serde_json::from_str::<Keys>(text)
        .unwrap_or_else(|e| panic!("{e}: {text}"))
        .0
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn cli_usage_errors_exit_2() {
    for args in [
        &["bench", "--bogus"][..],
        &["perft"],
        &["frobnicate"],
        &["bench", "--filter", "no-such-kernel"],
    ] {
        let out = bb_command()
            .args(args)
            .env_remove("BB_BACKEND")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        // An emulator may print its own warnings first; bb's message is a line of its own.
        assert!(
            err.lines().any(|l| l.starts_with("bb: ")),
            "{args:?}: {err}"
        );
    }
    let out = bb_command()
        .args(["bench", "--quick"])
        .env("BB_BACKEND", "avx9")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("BB_BACKEND"));
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn cli_backends_json_parses() {
    let out = bb_command().args(["backends", "--json"]).output().unwrap();
    assert!(out.status.success());
    let s = String::from_utf8(out.stdout).unwrap();
    assert_eq!(s.lines().count(), 1, "{s}");
    assert_eq!(
        keys(&s),
        [
            "vendor",
            "family",
            "model",
            "model_name",
            "features",
            "fast_pext",
            "backends",
            "best",
            "bb_backend",
            "bb_backend_error",
            "dispatch"
        ]
    );
    // Each backend's object, by its spelling in the text.
    assert!(
        s.contains(r#"{"name":"scalar","available":true,"missing":[],"reason":null}"#),
        "{s}"
    );
    let report = BackendsReport::parse(&s).unwrap();
    assert_eq!(report.dispatch.as_deref(), Some(bb_simd::best().name()));
    assert_eq!(
        report
            .backends
            .iter()
            .map(|b| b.name.as_str())
            .collect::<Vec<_>>(),
        Isa::ALL.map(Isa::name)
    );
    for b in &report.backends {
        assert_eq!(b.available, b.reason.is_none(), "{s}");
    }
    assert_eq!(report.to_json(), s.trim_end());
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn cli_table_legend_first_workload_sizes_and_skips_on_stderr() {
    let out = bb_command()
        .args(["bench", "--quick", "--filter", "dot", "--backend", "scalar"])
        .env_remove("BB_BACKEND")
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let legend = stdout.find("ns: nanoseconds per call").expect("legend");
    let header = stdout.find("kernel ").expect("header");
    assert!(legend < header, "{stdout}");
    // Each kernel's block names its workload size (--quick: 1024 inputs).
    assert!(stdout.contains("# dot_u8i8: 1024 inputs"), "{stdout}");
    for row in stdout.lines().filter(|l| l.starts_with("dot_u8i8 ")) {
        assert!(row.contains('%'), "a spread column: {row}");
    }
    // What was not timed is reported on stderr, never in the table.
    assert!(
        !stdout.contains("skipped") && !stdout.contains("not timed"),
        "{stdout}"
    );
}

/// A row with the given timings (median, and the range of the rounds around it).
fn synthetic(
    kernel: &'static str,
    variant: &'static str,
    backend: &'static str,
    tp: f64,
    lat: f64,
) -> bench::Row {
    bench::Row {
        kernel,
        variant,
        backend,
        isa: Isa::Scalar,
        inputs: 1024,
        m: bench::Measured {
            checked: true,
            mismatch: None,
            throughput_ns: tp,
            latency_ns: lat,
            throughput_range: (tp * 0.9, tp * 1.1),
            latency_range: (lat * 0.95, lat * 1.05),
            default: variant == "a",
        },
    }
}

/// The `<g class="row">` elements of a chart, each as (kernel, variant, backend, throughput bar
/// width, latency bar width).
fn chart_rows(svg: &str) -> Vec<(String, String, String, f64, f64)> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}: {svg}"));
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("row"))
        .map(|g| {
            let bar = |class: &str| -> f64 {
                let bars: Vec<_> = g
                    .children()
                    .filter(|n| n.has_tag_name("rect") && n.attribute("class") == Some(class))
                    .collect();
                assert_eq!(bars.len(), 1, "one {class} bar per row");
                bars[0].attribute("width").unwrap().parse().unwrap()
            };
            let attr = |a: &str| g.attribute(a).unwrap().to_owned();
            (
                attr("data-kernel"),
                attr("data-variant"),
                attr("data-backend"),
                bar("throughput"),
                bar("latency"),
            )
        })
        .collect()
}

#[test]
fn svg_chart_has_one_painted_bar_pair_per_row_inside_the_canvas() {
    let rows = vec![
        synthetic("flip", "a", "scalar", 2.0, 8.0),
        synthetic("flip", "b<&>", "avx2", 1.0, 4.0),
        synthetic("queen", "a", "scalar", 100.0, 50.0),
    ];
    let svg = bench::svg::chart(&rows, "test \"chart\" & <title>");
    let got = chart_rows(&svg);
    assert_eq!(got.len(), rows.len(), "{svg}");
    for (r, g) in rows.iter().zip(&got) {
        assert_eq!(
            (g.0.as_str(), g.1.as_str(), g.2.as_str()),
            (r.kernel, r.variant, r.backend)
        );
    }
    // Bars are proportional to the time within a kernel's panel (widths have two decimals),
    // each panel on its own scale.
    assert!((got[0].3 / got[1].3 - 2.0).abs() < 1e-3, "{got:?}");
    assert!((got[0].4 / got[0].3 - 4.0).abs() < 1e-3, "{got:?}");
    // The slowest bar of each panel spans most of the width, however fast the kernel.
    assert!(got[0].4 > 400.0 && got[2].3 > 400.0, "{got:?}");
    // Every bar is painted (a fill that is not the background's) and lies inside the canvas.
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let root = doc.root_element();
    let dim = |n: roxmltree::Node, a: &str| -> f64 { n.attribute(a).unwrap().parse().unwrap() };
    let (w, h) = (dim(root, "width"), dim(root, "height"));
    let bars: Vec<_> = doc
        .descendants()
        .filter(|n| matches!(n.attribute("class"), Some("throughput" | "latency")))
        .collect();
    assert_eq!(bars.len(), 2 * rows.len());
    for bar in bars {
        let fill = bar.attribute("fill").unwrap_or("none");
        assert!(
            !matches!(fill, "none" | "white" | "#fff" | "#ffffff"),
            "{fill}"
        );
        assert!(dim(bar, "x") >= 0.0 && dim(bar, "x") + dim(bar, "width") <= w);
        assert!(dim(bar, "y") >= 0.0 && dim(bar, "y") + dim(bar, "height") <= h);
    }
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 cannot start `bb`")]
fn cli_svg_of_a_quick_run_has_a_bar_pair_per_table_row() {
    let path = std::env::temp_dir().join(format!("bb-cli-bench-{}.svg", std::process::id()));
    let out = bb_command()
        .args(["bench", "--quick", "--filter", "popcount", "--svg"])
        .arg(&path)
        .env_remove("BB_BACKEND")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let table_rows = stdout
        .lines()
        .filter(|l| l.starts_with("popcount "))
        .count();
    let svg = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let got = chart_rows(&svg);
    assert!(table_rows >= 2, "{stdout}");
    assert_eq!(got.len(), table_rows, "{stdout}\n{svg}");
    assert!(
        got.iter()
            .all(|g| g.0 == "popcount" && g.3 > 0.0 && g.4 > 0.0),
        "{got:?}"
    );
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "runs the bb binary")]
fn cli_dump_sliders_writes_the_timed_samples() {
    let path = std::env::temp_dir().join(format!("bb-cli-sliders-{}.txt", std::process::id()));
    let out = bb_command()
        .args(["bench", "--quick", "--dump-sliders"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let read: Vec<(usize, u64)> = text
        .lines()
        .map(|l| {
            let (sq, occ) = l.split_once(' ').unwrap();
            let occ = u64::from_str_radix(occ.trim_start_matches("0x"), 16).unwrap();
            (sq.parse().unwrap(), occ)
        })
        .collect();
    let want: Vec<(usize, u64)> = bench::sliders::workload(Settings::QUICK.samples)
        .iter()
        .map(|&(sq, occ, _)| (sq.index(), occ))
        .collect();
    assert_eq!(read, want);
    assert!(
        read.iter().all(|&(sq, occ)| sq < 64
            && occ >> sq & 1 == 1
            && (16..=32).contains(&occ.count_ones()))
    );
}
