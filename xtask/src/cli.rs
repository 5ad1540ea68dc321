//! The command line: usage text, options and lane-name patterns.

use super::*;

pub(crate) const USAGE: &str = "\
usage: cargo xtask test-all-isas [options]

Builds the workspace test binaries once per target and runs them in lanes:
  native/<backend>    every backend this CPU has, BB_BACKEND forced
  native/dispatch     no forcing; BB_EXPECT_ISA = the best backend this CPU has
  qemu-x86/<cpu>      x86_64 binaries under qemu-x86_64 -cpu qemu64|Nehalem|Haswell, dispatched,
                      BB_EXPECT_ISA = sse2|ssse3|avx2
  aarch64/neon        cross-built for aarch64-unknown-linux-gnu, under qemu-aarch64, BB_BACKEND=neon
  aarch64/dispatch    the same binaries dispatched, BB_EXPECT_ISA=neon
  A forced lane is covered (not run) by a dispatch lane of the same binaries that picks its
  backend: that lane runs every backend and its programs on that one.
  wasm/wasm128        built for wasm32-wasip1 with +simd128, under Node (xtask/wasi-run.mjs),
                      BB_EXPECT_ISA=wasm128
  wasm/scalar         built for wasm32-wasip1 without simd128, under Node, BB_EXPECT_ISA=scalar
  sde/<cpu>           under Intel SDE (sde64 on PATH or SDE_PATH): icl spr hsw nhm p4p
  miri/scalar         cargo +nightly miri test: bb-simd lib+tests, bb-core lib; BB_BACKEND=scalar
  native/deep         (--deep) the #[ignore]d tests (deep perft, long solves), dispatched

options:
  --install        as root: apt-get install what is missing (qemu-user, gcc-aarch64-linux-gnu,
                   libc6-dev-arm64-cross, nodejs), rustup target add aarch64-unknown-linux-gnu (or
                   Debian's rustc-web + libstd-rust-web-dev:arm64) and wasm32-wasip1, rustup
                   +nightly component add miri
  --quick          smaller BB_TEST_SCALE everywhere and no Miri lane
  --deep           also run the #[ignore]d tests natively (lane native/deep)
  --lanes P,...    only the lanes matching these names or prefixes (e.g. native,qemu-x86/Haswell)
  --timeout SECS   per test binary (default: native 600, QEMU and wasm 900, SDE 1800; Miri 1200
                   in all)

environment:
  BB_REQUIRE=P,... lanes (names, prefixes like qemu-x86, or backend names like avx512) whose skip is
                   a failure; a required lane that is not run fails the whole run
  SDE_PATH         sde64, or the directory that holds it
Exit status is non-zero when any lane fails.";

/// Command-line options.
#[derive(Debug, Default)]
pub(crate) struct Opts {
    pub(crate) install: bool,
    pub(crate) quick: bool,
    pub(crate) deep: bool,
    pub(crate) lanes: Vec<String>,
    pub(crate) timeout: Option<Duration>,
}

pub(crate) fn parse_opts(args: &[String]) -> Result<Opts, String> {
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

pub(crate) fn split_list(s: &str) -> Vec<String> {
    s.split([',', ' '])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Whether a `BB_REQUIRE` / `--lanes` pattern names a lane: the lane itself, a prefix ending at a
/// `/` (`qemu-x86`), the backend or CPU after the last `/` (`avx512`, `neon`), or `all`.
pub(crate) fn pattern_matches(pattern: &str, lane: &str) -> bool {
    let p = pattern.trim().trim_end_matches('/');
    !p.is_empty()
        && (p == "all"
            || p == "*"
            || lane == p
            || lane.starts_with(&format!("{p}/"))
            || lane.rsplit('/').next() == Some(p))
}
