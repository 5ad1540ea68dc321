//! Building the workspace's test binaries once per target.

use super::*;

/// One test executable from `cargo test --no-run`.
#[derive(Debug, Clone)]
pub(crate) struct TestBin {
    pub(crate) exe: PathBuf,
    /// e.g. `bb-core lib` or `bb-chess test perft`
    pub(crate) label: String,
    pub(crate) package: String,
    pub(crate) package_dir: PathBuf,
    /// The binary mentions `BB_EXPECT_ISA`, so some test in it checks dispatch.
    pub(crate) reads_expect: bool,
}

#[derive(Debug, Default)]
pub(crate) struct Built {
    pub(crate) bins: Vec<TestBin>,
    /// The `bb` command (bb-cli), when the workspace has it.
    pub(crate) bb: Option<PathBuf>,
}

/// Whether `needle` occurs in `hay`. The lanes scan every test binary (about 1 GB for the host's
/// with line tables), and a naive window comparison in the unoptimized xtask took a minute.
pub(crate) fn contains_bytes(hay: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && memchr::memmem::find(hay, needle).is_some()
}

/// `cargo test --workspace --exclude xtask --no-run` for one target (the library crates only for
/// a target other than the host's); returns the test executables. Cargo's messages go to `log`
/// when given (a build running beside the lanes), else to stderr.
pub(crate) fn build(
    root: &Path,
    meta: &Meta,
    target: Target,
    log: Option<&Path>,
) -> Result<Built, String> {
    let log_file = match log {
        Some(path) => {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            Some(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
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
    // Cross-built binaries run only under an emulator or a runtime, where the lanes run the
    // library crates' suites (see `emulated_skips`): building bb-cli's would add minutes.
    let libraries_only = target != Target::Host;
    if libraries_only && let Some(p) = &meta.bb_package {
        cmd.args(["--exclude", p]);
    }
    let mut bb_cmd = meta
        .bb_package
        .as_ref()
        .filter(|_| !libraries_only)
        .map(|p| {
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
        if let Target::Wasm | Target::WasmSimd128 = target {
            c.args(["--target", tools::WASM]);
            // The two wasm builds differ only in RUSTFLAGS: separate target dirs keep each
            // from invalidating the other's artifacts.
            let (dir, flag) = if target == Target::WasmSimd128 {
                ("xtask-wasm-simd128", " -C target-feature=+simd128")
            } else {
                ("xtask-wasm", "")
            };
            let flags = std::env::var("RUSTFLAGS").unwrap_or_default() + flag;
            c.env("CARGO_TARGET_DIR", meta.target_dir.join(dir))
                .env("RUSTFLAGS", flags.trim());
        }
        let stderr = match &log_file {
            Some(f) => f.try_clone().map_or_else(|_| Stdio::null(), Stdio::from),
            None => Stdio::inherit(),
        };
        c.stdin(Stdio::null()).stderr(stderr);
    }
    let artifacts = |c: &mut Command| -> Result<Vec<json::Artifact>, String> {
        let out = c.output().map_err(|e| format!("cargo: {e}"))?;
        let v = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(json::Artifact::from_line)
            .collect();
        if out.status.success() {
            Ok(v)
        } else {
            Err(format!("build failed ({})", out.status))
        }
    };
    let mut built = Built::default();
    for a in artifacts(&mut cmd)? {
        let Some(exe) = a.executable else {
            continue;
        };
        if !a.profile.test && a.target.name == "bb" {
            // bb-cli's integration tests made cargo build the `bb` binary already.
            built.bb = Some(exe);
            continue;
        }
        if !a.profile.test {
            continue;
        }
        let package_dir = a
            .manifest_path
            .as_deref()
            .and_then(Path::parent)
            .unwrap_or(root)
            .to_path_buf();
        let package = meta
            .packages
            .iter()
            .find(|(_, d)| **d == package_dir)
            .map_or_else(|| "?".to_string(), |(n, _)| n.clone());
        let kind = a.target.kind.first().map_or("?", String::as_str);
        let label = if kind == "lib" {
            format!("{package} lib")
        } else {
            format!("{package} {kind} {}", a.target.name)
        };
        let reads_expect = std::fs::read(&exe).is_ok_and(|b| contains_bytes(&b, b"BB_EXPECT_ISA"));
        built.bins.push(TestBin {
            exe,
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
            if a.target.name == "bb"
                && let Some(exe) = a.executable
            {
                built.bb = Some(exe);
            }
        }
    }
    Ok(built)
}

/// Whether a lane under an emulator or a runtime leaves `bin` out: bb-cli's suites test the command
/// line (arguments, file formats, output, child processes) on top of the libraries, whose own
/// suites check every kernel, variant and whole program on the emulated CPU; those suites run on
/// every native lane and in `cargo test`. Under QEMU they cost as much as all the libraries'.
pub(crate) fn emulated_skips(meta: &Meta, bin: &TestBin) -> bool {
    meta.bb_package.as_deref() == Some(bin.package.as_str())
}
