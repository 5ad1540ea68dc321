//! Finding and (with `--install`, as root) installing the tools the lanes need.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The cross target of the aarch64 lanes.
pub const AARCH64: &str = "aarch64-unknown-linux-gnu";
/// Sysroot prefix of Debian's arm64 cross libc (`libc6-dev-arm64-cross`), passed as `qemu-aarch64 -L`.
pub const AARCH64_SYSROOT: &str = "/usr/aarch64-linux-gnu";
/// The target of the wasm lanes (WASI preview 1, which Node's `node:wasi` runs).
pub const WASM: &str = "wasm32-wasip1";
/// Debian's `rustc-web`, the fallback compiler when rustup cannot fetch the aarch64 standard library.
const DEBIAN_RUSTC: &str = "/usr/bin/rustc";

/// Finds an executable by name on `PATH` (or returns the path itself when it contains a slash).
pub fn which(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        let p = PathBuf::from(name);
        return is_executable(&p).then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| is_executable(p))
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    p.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Runs a command quietly and returns its stdout when it succeeded.
pub fn output_of(cmd: &mut Command) -> Option<String> {
    let out = cmd
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Whether we run as root (installing needs it).
pub fn is_root() -> bool {
    output_of(Command::new("id").arg("-u")).is_some_and(|s| s.trim() == "0")
}

/// Runs a command with inherited output, echoing it first.
fn loud(cmd: &mut Command) -> bool {
    let shown: Vec<String> = std::iter::once(cmd.get_program())
        .chain(cmd.get_args())
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    println!("+ {}", shown.join(" "));
    cmd.stdin(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// `rustc --print sysroot` of the compiler cargo would use (`rustc` may be `None` for the default).
fn has_std_for(rustc: Option<&Path>, target: &str) -> bool {
    let prog = rustc.map_or_else(|| PathBuf::from("rustc"), Path::to_path_buf);
    let Some(sysroot) = output_of(Command::new(prog).args(["--print", "sysroot"])) else {
        return false;
    };
    Path::new(sysroot.trim())
        .join("lib/rustlib")
        .join(target)
        .join("lib")
        .is_dir()
}

/// Which compiler builds the aarch64 binaries: `Ok(None)` for the default (rustup) one, `Ok(Some)`
/// for Debian's `rustc-web`, `Err` with the reason when neither has the aarch64 std.
pub fn aarch64_rustc() -> Result<Option<PathBuf>, String> {
    // XTASK_AARCH64_RUSTC=/usr/bin/rustc forces the fallback (to test it where rustup works).
    if let Some(p) = std::env::var_os("XTASK_AARCH64_RUSTC").filter(|p| !p.is_empty()) {
        let p = PathBuf::from(p);
        return if has_std_for(Some(&p), AARCH64) {
            Ok(Some(p))
        } else {
            Err(format!(
                "XTASK_AARCH64_RUSTC={} has no {AARCH64} std",
                p.display()
            ))
        };
    }
    if has_std_for(None, AARCH64) {
        return Ok(None);
    }
    let debian = PathBuf::from(DEBIAN_RUSTC);
    if is_executable(&debian) && has_std_for(Some(&debian), AARCH64) {
        return Ok(Some(debian));
    }
    Err(format!(
        "no {AARCH64} standard library (rustup target add {AARCH64}, or --install as root)"
    ))
}

/// What the aarch64 lanes still lack, as a reason to skip, or `None` when all is there.
pub fn aarch64_missing() -> Option<String> {
    let mut missing = Vec::new();
    if which("qemu-aarch64").is_none() {
        missing.push("qemu-aarch64 (qemu-user)".to_string());
    }
    if which("aarch64-linux-gnu-gcc").is_none() {
        missing.push("aarch64-linux-gnu-gcc (gcc-aarch64-linux-gnu)".to_string());
    }
    if !Path::new(AARCH64_SYSROOT).join("lib/crt1.o").exists() {
        missing.push(format!(
            "{AARCH64_SYSROOT}/lib/crt1.o (libc6-dev-arm64-cross)"
        ));
    }
    if let Err(e) = aarch64_rustc() {
        missing.push(e);
    }
    (!missing.is_empty()).then(|| format!("missing {}; run with --install", missing.join(", ")))
}

/// Node.js (`node`, or Debian's older `nodejs` name), which runs the wasm lanes' binaries.
pub fn find_node() -> Option<PathBuf> {
    which("node").or_else(|| which("nodejs"))
}

/// Node's major version (`v20.11.1` -> 20).
fn node_major(node: &Path) -> Option<u32> {
    let v = output_of(Command::new(node).arg("--version"))?;
    v.trim()
        .trim_start_matches('v')
        .split('.')
        .next()?
        .parse()
        .ok()
}

/// What the wasm lanes still lack, as a reason to skip, or `None` when all is there.
pub fn wasm_missing() -> Option<String> {
    let mut missing = Vec::new();
    match find_node() {
        None => missing.push("node (Debian's nodejs)".to_string()),
        // `node:wasi` with `version: "preview1"` exists from Node 20 on
        Some(n) => match node_major(&n) {
            Some(v) if v >= 20 => {}
            v => missing.push(format!(
                "Node 20 or later for node:wasi ({} is {})",
                n.display(),
                v.map_or("of unknown version".to_string(), |v| format!("version {v}"))
            )),
        },
    }
    if !has_std_for(None, WASM) {
        missing.push(format!(
            "the {WASM} standard library (rustup target add {WASM})"
        ));
    }
    (!missing.is_empty()).then(|| format!("missing {}; run with --install", missing.join(", ")))
}

/// Arguments for `qemu-aarch64` before the program.
pub fn qemu_aarch64_args() -> Vec<String> {
    let mut args = vec!["-L".to_string(), AARCH64_SYSROOT.to_string()];
    // With the arm64 libc from multiarch also installed (e.g. pulled in by libstd-rust-web-dev:arm64),
    // the guest's loader can pick up /usr/lib/aarch64-linux-gnu through the host's ld.so.cache and mix
    // two libcs, which hangs test binaries at start. Pin the cross libc.
    if Path::new("/usr/lib/aarch64-linux-gnu/libc.so.6").exists() {
        args.push("-E".into());
        args.push(format!("LD_LIBRARY_PATH={AARCH64_SYSROOT}/lib"));
    }
    args
}

/// Environment for the aarch64 lanes, so that a test that starts another aarch64 program (a CLI test
/// running `bb`) finds its loader and libc when the kernel hands that program to qemu-aarch64
/// through binfmt_misc.
pub fn qemu_aarch64_env() -> Vec<(String, String)> {
    let mut env = vec![("QEMU_LD_PREFIX".to_string(), AARCH64_SYSROOT.to_string())];
    if Path::new("/usr/lib/aarch64-linux-gnu/libc.so.6").exists() {
        env.push((
            "QEMU_SET_ENV".into(),
            format!("LD_LIBRARY_PATH={AARCH64_SYSROOT}/lib"),
        ));
    }
    env
}

const BINFMT: &str = "/proc/sys/fs/binfmt_misc";

/// Whether the kernel runs aarch64 ELF files through qemu-aarch64 (binfmt_misc), which tests that
/// spawn aarch64 programs need.
pub fn aarch64_binfmt_ready() -> bool {
    let Ok(dir) = std::fs::read_dir(BINFMT) else {
        return false;
    };
    dir.flatten().any(|e| {
        std::fs::read_to_string(e.path()).is_ok_and(|s| {
            s.starts_with("enabled") && (s.contains("qemu-aarch64") || s.contains("aarch64-binfmt"))
        })
    })
}

/// Registers qemu-aarch64 with binfmt_misc (as root), from Debian's qemu-user-binfmt description,
/// mounting binfmt_misc first when it is not mounted.
fn register_aarch64_binfmt() -> Result<(), String> {
    let desc = std::fs::read_to_string("/usr/share/binfmts/qemu-aarch64")
        .map_err(|e| format!("/usr/share/binfmts/qemu-aarch64: {e}"))?;
    let field = |k: &str| {
        desc.lines()
            .find_map(|l| l.strip_prefix(k)?.strip_prefix(' ').map(str::trim))
            .ok_or(format!("no {k} in /usr/share/binfmts/qemu-aarch64"))
    };
    let (interp, magic, mask) = (field("interpreter")?, field("magic")?, field("mask")?);
    let offset = field("offset").unwrap_or("0");
    let mut flags = String::new();
    if field("preserve") == Ok("yes") {
        flags.push('P');
    }
    if field("credentials") == Ok("yes") {
        flags.push('C');
    }
    if field("fix_binary") == Ok("yes") {
        flags.push('F');
    }
    let register = Path::new(BINFMT).join("register");
    if !register.exists() {
        let _ = loud(Command::new("mount").args(["-t", "binfmt_misc", "binfmt_misc", BINFMT]));
    }
    let line = format!(":qemu-aarch64:M:{offset}:{magic}:{mask}:{interp}:{flags}");
    println!("+ echo '{line}' > {}", register.display());
    std::fs::write(&register, line).map_err(|e| format!("{}: {e}", register.display()))
}

fn dpkg_installed(pkg: &str) -> bool {
    output_of(Command::new("dpkg-query").args(["-W", "-f", "${Status}", pkg]))
        .is_some_and(|s| s.contains("install ok installed"))
}

/// `--install`: installs what the lanes need and is missing. Needs root for apt; never reinstalls
/// what is present. Failures are reported and leave the lanes to skip with a reason.
pub fn install(want_aarch64: bool, want_miri: bool, want_wasm: bool) {
    println!("==> --install: checking tools");
    let root = is_root();
    let mut apt: Vec<&str> = Vec::new();
    if which("qemu-x86_64").is_none() || which("qemu-aarch64").is_none() {
        apt.push("qemu-user");
    }
    if want_wasm && find_node().is_none() {
        apt.push("nodejs");
    }
    if want_aarch64 {
        if which("aarch64-linux-gnu-gcc").is_none() {
            apt.push("gcc-aarch64-linux-gnu");
        }
        if !Path::new(AARCH64_SYSROOT).join("lib/crt1.o").exists() {
            apt.push("libc6-dev-arm64-cross");
        }
    }
    let have_apt = which("apt-get").is_some();
    if !apt.is_empty() {
        if !root || !have_apt {
            println!(
                "    cannot install {} (needs root and apt-get); the lanes that need them will skip",
                apt.join(" ")
            );
        } else {
            let _ = loud(Command::new("apt-get").args(["update", "-q"]));
            let ok = loud(
                Command::new("apt-get")
                    .args(["install", "-y", "-q", "--no-install-recommends"])
                    .args(&apt)
                    .env("DEBIAN_FRONTEND", "noninteractive"),
            );
            if !ok {
                println!("    apt-get install {} failed", apt.join(" "));
            }
        }
    } else {
        println!("    the apt packages the lanes need are present");
    }

    if want_aarch64 && aarch64_rustc().is_err() {
        let forced_fallback =
            std::env::var_os("XTASK_AARCH64_RUSTC").is_some_and(|p| !p.is_empty());
        let rustup_ok = !forced_fallback
            && which("rustup").is_some()
            && loud(Command::new("rustup").args(["target", "add", AARCH64]))
            && has_std_for(None, AARCH64);
        if !rustup_ok {
            println!("    rustup could not add {AARCH64}; trying Debian's rustc-web");
            if root && have_apt {
                let _ = loud(Command::new("dpkg").args(["--add-architecture", "arm64"]));
                // The arm64 package lists are new after --add-architecture: update again.
                let _ = loud(Command::new("apt-get").args(["update", "-q"]));
                let mut pkgs = vec!["libstd-rust-web-dev:arm64"];
                if !dpkg_installed("rustc-web") {
                    pkgs.insert(0, "rustc-web");
                }
                let ok = loud(
                    Command::new("apt-get")
                        .args(["install", "-y", "-q", "--no-install-recommends"])
                        .args(&pkgs)
                        .env("DEBIAN_FRONTEND", "noninteractive"),
                );
                if !ok {
                    println!("    apt-get install {} failed", pkgs.join(" "));
                }
            } else {
                println!("    not root: cannot install rustc-web");
            }
        }
        match aarch64_rustc() {
            Ok(None) => println!("    aarch64 std: rustup target {AARCH64}"),
            Ok(Some(p)) => println!("    aarch64 std: Debian rustc-web ({})", p.display()),
            Err(e) => println!("    aarch64 std still missing: {e}"),
        }
    } else if want_aarch64 {
        println!("    aarch64 std present");
    }

    if want_aarch64 && !aarch64_binfmt_ready() {
        if !root {
            println!("    not root: cannot register qemu-aarch64 with binfmt_misc");
        } else if let Err(e) = register_aarch64_binfmt() {
            println!("    could not register qemu-aarch64 with binfmt_misc: {e}");
        } else if aarch64_binfmt_ready() {
            println!("    qemu-aarch64 registered with binfmt_misc");
        }
    }

    if want_wasm && !has_std_for(None, WASM) {
        if which("rustup").is_some() && loud(Command::new("rustup").args(["target", "add", WASM])) {
            println!("    {WASM} std: rustup target {WASM}");
        } else {
            println!("    rustup could not add {WASM}; the wasm lanes will skip");
        }
    }

    if want_miri {
        let _ = ensure_miri(true);
    }
}

/// Whether `cargo +nightly miri` works; tries `rustup component add` when `try_install`.
pub fn ensure_miri(try_install: bool) -> Result<(), String> {
    let works = || {
        output_of(
            Command::new("cargo")
                .args(["+nightly", "miri", "--version"])
                .env_remove("RUSTUP_TOOLCHAIN"),
        )
        .is_some()
    };
    if works() {
        return Ok(());
    }
    if which("rustup").is_none() {
        return Err("miri not installed and no rustup".into());
    }
    let nightly = output_of(Command::new("rustup").args(["toolchain", "list"]))
        .is_some_and(|s| s.lines().any(|l| l.starts_with("nightly")));
    if !nightly {
        return Err("no nightly toolchain (rustup toolchain install nightly -c miri)".into());
    }
    if try_install
        && loud(
            Command::new("rustup")
                .args(["+nightly", "component", "add", "miri", "rust-src"])
                .env_remove("RUSTUP_TOOLCHAIN"),
        )
        && works()
    {
        return Ok(());
    }
    Err("miri component not installed and `rustup +nightly component add miri` failed".into())
}

/// Intel SDE: `SDE_PATH` (the sde64 binary or its directory), else `sde64` on `PATH`.
pub fn find_sde() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("SDE_PATH").filter(|p| !p.is_empty()) {
        let p = PathBuf::from(p);
        let exe = if p.is_dir() { p.join("sde64") } else { p };
        if is_executable(&exe) {
            return Some(exe);
        }
    }
    which("sde64")
}
