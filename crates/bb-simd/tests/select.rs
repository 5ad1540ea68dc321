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

/// Child process for `unavailable_backend_fails_loudly`.
#[test]
#[ignore = "run by unavailable_backend_fails_loudly in a child process"]
fn child_best() {
    println!("best = {}", bb_simd::best());
}

#[test]
#[cfg_attr(miri, ignore = "Miri cannot spawn the child process")]
#[cfg_attr(
    target_family = "wasm",
    ignore = "wasm32-wasip1 has no child processes"
)]
fn unavailable_backend_fails_loudly() {
    // A backend this build does not contain: unavailable whatever CPU (or emulator) runs the
    // child process.
    let missing = Isa::ALL
        .into_iter()
        .find(|&i| !i.compiled())
        .expect("some ISA is foreign");
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "child_best",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("BB_BACKEND", missing.name())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    if !String::from_utf8_lossy(&out.stdout).contains("running 1 test") {
        // e.g. under qemu-user the child cannot re-execute this binary
        eprintln!("skipped: unavailable_backend_fails_loudly (child process did not run: {err})");
        return;
    }
    assert!(
        !out.status.success(),
        "BB_BACKEND={missing} must fail: {err}"
    );
    assert!(
        err.contains(&format!("BB_BACKEND={} cannot run here", missing.name())),
        "{err}"
    );
}
