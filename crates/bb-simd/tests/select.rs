//! Backend selection on the feature sets of real CPUs, and run-time dispatch.

use bb_simd::Feature::*;
use bb_simd::{CpuFeatures, Feature, Isa, Vendor, select};

const CORE2: &[Feature] = &[Sse2, Ssse3];
const NEHALEM: &[Feature] = &[Sse2, Ssse3, Sse41, Sse42, Popcnt];
const SANDY_BRIDGE: &[Feature] = &[Sse2, Ssse3, Sse41, Sse42, Popcnt, Avx];
const HASWELL: &[Feature] = &[
    Sse2, Ssse3, Sse41, Sse42, Popcnt, Avx, Avx2, Bmi1, Bmi2, Lzcnt, Movbe, Fma,
];
const SKYLAKE_X: &[Feature] = &[
    Sse2, Ssse3, Sse41, Sse42, Popcnt, Avx, Avx2, Bmi1, Bmi2, Lzcnt, Movbe, Fma, Avx512f, Avx512cd,
    Avx512bw, Avx512dq, Avx512vl,
];
const ICE_LAKE: &[Feature] = &[
    Sse2,
    Ssse3,
    Sse41,
    Sse42,
    Popcnt,
    Avx,
    Avx2,
    Bmi1,
    Bmi2,
    Lzcnt,
    Movbe,
    Fma,
    Avx512f,
    Avx512cd,
    Avx512bw,
    Avx512dq,
    Avx512vl,
    Avx512vbmi,
    Avx512vbmi2,
    Gfni,
    Avx512bitalg,
    Avx512vpopcntdq,
    Avx512vnni,
];
/// Cannon Lake: AVX-512 VBMI but none of VBMI2/GFNI/BITALG/VPOPCNTDQ.
const CANNON_LAKE: &[Feature] = &[
    Sse2, Ssse3, Sse41, Sse42, Popcnt, Avx, Avx2, Bmi1, Bmi2, Lzcnt, Movbe, Fma, Avx512f, Avx512cd,
    Avx512bw, Avx512dq, Avx512vl, Avx512vbmi,
];
/// Knights Landing: AVX-512 F/CD but no BW/DQ/VL.
const KNL: &[Feature] = &[
    Sse2, Ssse3, Sse41, Sse42, Popcnt, Avx, Avx2, Bmi1, Bmi2, Lzcnt, Movbe, Fma, Avx512f, Avx512cd,
];
const ZEN: &[Feature] = &[
    Sse2, Ssse3, Sse41, Sse42, Popcnt, Avx, Avx2, Bmi1, Bmi2, Lzcnt, Movbe, Fma,
];
const ZEN4: &[Feature] = ICE_LAKE;
const QEMU64: &[Feature] = &[Sse2];

fn cpu(v: Vendor, fam: u32, model: u32, f: &[Feature]) -> CpuFeatures {
    CpuFeatures::new(v, fam, model, f)
}

#[test]
fn selection_on_real_cpus() {
    use Vendor::*;
    let table: &[(&str, CpuFeatures, Isa, bool)] = &[
        (
            "Core 2 (Merom)",
            cpu(Intel, 6, 0x0f, CORE2),
            Isa::Ssse3,
            false,
        ),
        ("Nehalem", cpu(Intel, 6, 0x1a, NEHALEM), Isa::Ssse3, false),
        (
            "Sandy Bridge",
            cpu(Intel, 6, 0x2a, SANDY_BRIDGE),
            Isa::Ssse3,
            false,
        ),
        ("Haswell", cpu(Intel, 6, 0x3c, HASWELL), Isa::Avx2, true),
        (
            "Skylake-X",
            cpu(Intel, 6, 0x55, SKYLAKE_X),
            Isa::Avx512,
            true,
        ),
        (
            "Cannon Lake",
            cpu(Intel, 6, 0x66, CANNON_LAKE),
            Isa::Avx512,
            true,
        ),
        ("Knights Landing", cpu(Intel, 6, 0x57, KNL), Isa::Avx2, true),
        (
            "Ice Lake",
            cpu(Intel, 6, 0x7e, ICE_LAKE),
            Isa::Avx512Vbmi,
            true,
        ),
        ("Zen 1", cpu(Amd, 0x17, 0x01, ZEN), Isa::Avx2, false),
        ("Zen 2", cpu(Amd, 0x17, 0x31, ZEN), Isa::Avx2, false),
        ("Zen 3", cpu(Amd, 0x19, 0x21, ZEN), Isa::Avx2, true),
        ("Zen 4", cpu(Amd, 0x19, 0x61, ZEN4), Isa::Avx512Vbmi, true),
        ("QEMU qemu64", cpu(Amd, 0xf, 0x6b, QEMU64), Isa::Sse2, false),
        ("Apple M1", cpu(Arm, 0, 0, &[Neon]), Isa::Neon, false),
        (
            "wasm32 built with simd128",
            cpu(Other, 0, 0, &[Simd128]),
            Isa::Wasm128,
            false,
        ),
        ("nothing", cpu(Other, 0, 0, &[]), Isa::Scalar, false),
    ];
    for (name, c, want, fast) in table {
        assert_eq!(select(c), *want, "{name}");
        assert_eq!(c.fast_pext(), *fast, "{name} fast_pext");
        assert!(want.supported_by(c), "{name}");
    }
}

#[test]
fn missing_features_are_named() {
    let c = cpu(Vendor::Intel, 6, 0x3c, HASWELL);
    let missing: Vec<Feature> = Isa::Avx512.missing(&c).collect();
    assert_eq!(missing, [Avx512f, Avx512cd, Avx512bw, Avx512dq, Avx512vl]);
    assert_eq!(Isa::Avx2.missing(&c).count(), 0);
    let no_movbe = c.without(Movbe);
    assert_eq!(select(&no_movbe), Isa::Ssse3);
}

#[test]
fn isa_names_round_trip() {
    for isa in Isa::ALL {
        assert_eq!(isa.name().parse::<Isa>(), Ok(isa));
        assert_eq!(isa.to_string(), isa.name());
    }
    assert_eq!(" AVX2 ".parse::<Isa>(), Ok(Isa::Avx2));
    assert!("avx3".parse::<Isa>().is_err());
}

#[test]
fn detection_is_consistent() {
    let c = bb_simd::detect();
    let best = bb_simd::best();
    let avail: Vec<Isa> = bb_simd::available().collect();
    assert!(avail.contains(&Isa::Scalar));
    assert!(avail.contains(&best), "best {best} not in {avail:?}");
    if std::env::var("BB_BACKEND").map_or(true, |v| v.trim().is_empty()) {
        assert_eq!(best, select(&c), "no override: best is select(detect())");
    }
    assert_eq!(bb_simd::best_backend().isa(), best);
    #[cfg(target_arch = "x86_64")]
    {
        assert!(c.has(Sse2));
        assert!(avail.contains(&Isa::Sse2));
        assert_eq!(
            bb_simd::Avx2::try_new().is_some(),
            Isa::Avx2.supported_by(&c) && c.fast_pext()
        );
    }
    #[cfg(target_arch = "aarch64")]
    assert_eq!(best, Isa::Neon);
    // a compile-time choice on wasm: the build's target features are the "CPU"
    #[cfg(target_arch = "wasm32")]
    if std::env::var("BB_BACKEND").map_or(true, |v| v.trim().is_empty()) {
        let want = if cfg!(target_feature = "simd128") {
            Isa::Wasm128
        } else {
            Isa::Scalar
        };
        assert_eq!(best, want);
        assert_eq!(c.has(Simd128), cfg!(target_feature = "simd128"));
    }
    eprintln!("cpu: {c:?}\nbest: {best}\navailable: {avail:?}");
}

/// QEMU lanes set `BB_EXPECT_ISA` to the backend the emulated CPU must get.
#[test]
fn dispatch_picks_expected() {
    // Without BB_EXPECT_ISA the choice must still follow from the detected features: the forced
    // backend if BB_BACKEND names one, else the pure selection function, never an unavailable one.
    let want = match std::env::var("BB_EXPECT_ISA") {
        Ok(want) => want.parse().expect("BB_EXPECT_ISA names a backend"),
        Err(_) => bb_simd::forced().unwrap_or_else(|| select(&bb_simd::detect())),
    };
    assert!(
        bb_simd::available().any(|isa| isa == want),
        "{want} is not available"
    );
    assert_eq!(bb_simd::best(), want, "cpu: {:?}", bb_simd::detect());
    assert_eq!(bb_simd::dispatch!(|b| bb_simd::Backend::isa(b)), want);
    assert_eq!(bb_simd::AnyBackend::best().isa(), want);
}

/// Child process for `bad_backend_env_falls_back_to_detection`: dispatches once.
#[test]
#[ignore = "run by bad_backend_env_falls_back_to_detection in a child process"]
fn child_best() {
    let via_dispatch = bb_simd::dispatch!(|b| bb_simd::Backend::isa(b));
    println!("best = {} dispatch = {via_dispatch}", bb_simd::best());
    // The refusal stays available to programs that prefer it.
    let refused = bb_simd::try_best_backend().is_err();
    println!("refused = {refused}");
}

/// This test binary again, under `BB_TEST_RUNNER` (a lane's emulator) when set, so the child sees
/// the same CPU.
fn this_binary() -> std::process::Command {
    let exe = std::env::current_exe().unwrap();
    let runner = std::env::var("BB_TEST_RUNNER").unwrap_or_default();
    let mut words = runner.split_whitespace();
    match words.next() {
        Some(program) => {
            let mut c = std::process::Command::new(program);
            c.args(words).arg(exe);
            c
        }
        None => std::process::Command::new(exe),
    }
}

#[test]
#[cfg_attr(miri, ignore = "Miri cannot spawn the child process")]
#[cfg_attr(
    target_family = "wasm",
    ignore = "wasm32-wasip1 has no child processes"
)]
fn bad_backend_env_falls_back_to_detection() {
    // A backend this build does not contain is unavailable whatever CPU (or emulator) runs the
    // child; "garbage" names none. Neither may stop a program: one stderr line, then detection.
    let missing = Isa::ALL
        .into_iter()
        .find(|&i| !i.compiled())
        .expect("some ISA is foreign");
    let natural = {
        let pick = select(&bb_simd::detect());
        if bb_simd::available().any(|i| i == pick) {
            pick
        } else {
            bb_simd::available().last().unwrap()
        }
    };
    let cases = [
        ("garbage", Some("BB_BACKEND=\"garbage\"")),
        (missing.name(), Some("cannot run here")),
        ("", None),
        ("  ", None),
    ];
    for (value, reported) in cases {
        let out = this_binary()
            .args([
                "--exact",
                "child_best",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("BB_BACKEND", value)
            .env_remove("BB_EXPECT_ISA")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let err = String::from_utf8_lossy(&out.stderr);
        if !stdout.contains("running 1 test") {
            // e.g. an emulator that cannot re-execute this binary
            eprintln!("skipped: BB_BACKEND={value:?} (child process did not run: {err})");
            continue;
        }
        assert!(out.status.success(), "BB_BACKEND={value:?}: {err}");
        assert!(!err.contains("panicked"), "BB_BACKEND={value:?}: {err}");
        assert!(
            stdout.contains(&format!("best = {natural} dispatch = {natural}")),
            "BB_BACKEND={value:?}: {stdout}"
        );
        assert!(
            stdout.contains(&format!("refused = {}", reported.is_some())),
            "BB_BACKEND={value:?}: {stdout}"
        );
        let lines: Vec<&str> = err.lines().filter(|l| l.contains("BB_BACKEND")).collect();
        match reported {
            Some(what) => {
                assert_eq!(lines.len(), 1, "BB_BACKEND={value:?}: {err}");
                assert!(lines[0].contains(what), "BB_BACKEND={value:?}: {err}");
                assert!(
                    lines[0].contains(natural.name()),
                    "BB_BACKEND={value:?}: {err}"
                );
            }
            None => assert!(lines.is_empty(), "BB_BACKEND={value:?}: {err}"),
        }
    }
}

/// Child process for `test_backends_env_restricts`: the backends the suites would test.
#[test]
#[ignore = "run by test_backends_env_restricts in a child process"]
fn child_test_backends() {
    let names: Vec<&str> = bb_simd::test_backends()
        .iter()
        .map(|b| b.isa().name())
        .collect();
    println!("tested = {}", names.join(","));
}

#[test]
#[cfg_attr(miri, ignore = "Miri cannot spawn the child process")]
#[cfg_attr(
    target_family = "wasm",
    ignore = "wasm32-wasip1 has no child processes"
)]
fn test_backends_env_restricts() {
    let run = |value: &str| {
        let out = this_binary()
            .args([
                "--exact",
                "child_test_backends",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("BB_TEST_BACKENDS", value)
            .env_remove("BB_BACKEND")
            .env_remove("BB_REQUIRE")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let tested = stdout
            .lines()
            // libtest's `test child_test_backends ... ` may precede it on the same line
            .find_map(|l| l.split_once("tested = ").map(|(_, names)| names))
            .map(|l| {
                let mut v: Vec<String> = l.split(',').map(str::to_string).collect();
                v.dedup(); // the two AVX2 forms
                v
            });
        (
            stdout.contains("running 1 test"),
            out.status.success(),
            tested,
        )
    };
    let available: Vec<String> = bb_simd::available().map(|i| i.name().to_string()).collect();
    let pick = select(&bb_simd::detect());
    let best = if available.iter().any(|n| n == pick.name()) {
        pick.name().to_string()
    } else {
        available.last().unwrap().clone()
    };
    let (ran, ok, tested) = run("best");
    if !ran {
        eprintln!("skipped: the child process did not run under this runner");
        return;
    }
    assert!(ok);
    assert_eq!(tested, Some(vec![best]));
    let (_, ok, tested) = run("all");
    assert!(ok);
    assert_eq!(tested, Some(available.clone()));
    let (_, ok, tested) = run("");
    assert!(ok);
    assert_eq!(tested, Some(available));
    let (_, ok, _) = run("bogus");
    assert!(!ok, "an unknown BB_TEST_BACKENDS must fail the run");
}
