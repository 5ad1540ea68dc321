//! `compare egaroucid`: Othello perft from the start position, `bb perft reversi` against
//! Egaroucid for Console's `-perft DEPTH 1`.
//!
//! Both count leaves with a pass as a ply and a finished game as a leaf (bb's convention A,
//! Egaroucid's mode 1), on one thread, with bulk counting at the last ply. Each program reports
//! its own time around the count (so process start and Egaroucid's table set-up are left out);
//! the node counts of every run must agree.

use super::{Arch, Cell, Ctx, Opts, alternate, build_once, output, peer_src, runnable};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Egaroucid's build flags per level: its documented command line (`-O2 -pthread -std=c++20`,
/// `-march=native -mtune=native` replaced by the level) and its own switches for the level.
/// `-include algorithm`: one of its headers uses `std::clamp` without including it, which
/// libstdc++ 12 does not forgive.
pub(crate) fn flags(arch: Arch) -> Vec<&'static str> {
    let mut f = vec!["-O2", "-pthread", "-std=c++20", "-include", "algorithm"];
    f.extend_from_slice(match arch {
        Arch::V4 => &["-march=x86-64-v4", "-DHAS_AVX512"][..],
        Arch::V3 => &["-march=x86-64-v3"],
        Arch::Base => &["-march=x86-64", "-DHAS_NO_AVX2"],
    });
    f
}

/// bb's backends for a level's whole-program runs, preferred first: the x86-64 build has no
/// SSSE3, so its pair is `sse2`.
pub(crate) fn perft_backends(arch: Arch) -> &'static [&'static str] {
    match arch {
        Arch::V4 => &["avx512vbmi", "avx512"],
        Arch::V3 => &["avx2"],
        Arch::Base => &["sse2", "scalar"],
    }
}

/// The C++ compiler: `CXX`, else clang++ (Egaroucid's documentation finds it faster), else g++.
fn compiler() -> String {
    if let Ok(cxx) = std::env::var("CXX") {
        return cxx;
    }
    ["clang++", "clang++-16", "g++"]
        .into_iter()
        .find(|c| crate::tools::which(c).is_some())
        .unwrap_or("g++")
        .to_string()
}

/// `(leaves, seconds)` from Egaroucid's `perft mode 1 depth D N leaves found in T ms`.
pub(crate) fn parse_egaroucid(out: &str) -> Option<(u64, f64)> {
    let line = out.lines().find(|l| l.starts_with("perft mode"))?;
    let w: Vec<&str> = line.split_whitespace().collect();
    let i = w.iter().position(|x| *x == "leaves")?;
    let nodes = w.get(i.checked_sub(1)?)?.parse().ok()?;
    let ms: f64 = w
        .get(w.iter().position(|x| *x == "in")? + 1)?
        .parse()
        .ok()?;
    Some((nodes, ms / 1000.0))
}

/// `(leaves, seconds)` from bb's `nodes N time T s ...`.
pub(crate) fn parse_bb(out: &str) -> Option<(u64, f64)> {
    let line = out.lines().find(|l| l.starts_with("nodes "))?;
    let w: Vec<&str> = line.split_whitespace().collect();
    let nodes = w.get(1)?.parse().ok()?;
    let secs = w.get(3)?.parse().ok()?;
    (w.get(2) == Some(&"time")).then_some((nodes, secs))
}

/// Runs the comparison.
pub(crate) fn run(ctx: &Ctx, o: &Opts) -> Result<Vec<Cell>, String> {
    let given = o.egaroucid.as_ref().ok_or("needs --egaroucid DIR")?;
    let work = ctx.dir.join("egaroucid");
    std::fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    let (src, origin) = peer_src(
        given,
        "Egaroucid_for_Console.cpp",
        &["Egaroucid_for_Console.cpp", "engine", "console"],
        &work,
    )?;
    eprintln!("# egaroucid: {origin}");
    let cxx = compiler();
    let here = super::bb_backends_here();
    let mut cells = Vec::new();
    for arch in o.arches.iter().copied() {
        if let Err(why) = runnable(arch.requirements(), &super::cpu_has) {
            eprintln!("# skipped {}: {why}", arch.name());
            continue;
        }
        let Some(backend) = perft_backends(arch).iter().find(|b| here.contains(b)) else {
            eprintln!(
                "# skipped {}: bb has none of its backends here",
                arch.name()
            );
            continue;
        };
        let exe = build(&cxx, arch, &src, &work)?;
        eprintln!(
            "# perft {}: bb on {backend} against Egaroucid {}, {} rounds",
            o.depth,
            arch.name(),
            o.rounds
        );
        let depth = o.depth.to_string();
        let (bb, peer) = alternate(
            o.rounds,
            || {
                let out = output(
                    Command::new(&ctx.bb)
                        .args(["perft", "reversi", "--convention", "a", "--threads", "1"])
                        .arg(&depth)
                        .env("BB_BACKEND", backend),
                )?;
                parse_bb(&out).ok_or(format!("bb perft: unreadable output {out:?}"))
            },
            || {
                let out = output(Command::new(&exe).args(["-perft", &depth, "1"]))?;
                parse_egaroucid(&out).ok_or(format!("egaroucid -perft: unreadable output {out:?}"))
            },
        )?;
        if let Some((a, b)) = bb.iter().zip(&peer).find(|(a, b)| a.0 != b.0) {
            return Err(format!(
                "perft {}: bb counts {} leaves, Egaroucid {}",
                o.depth, a.0, b.0
            ));
        }
        cells.push(Cell {
            comparison: "egaroucid".into(),
            build: arch.name().into(),
            case: format!("perft {} ({} leaves)", o.depth, bb[0].0),
            bb: (*backend).into(),
            peer: "Egaroucid_for_Console -perft".into(),
            unit: "s".into(),
            bb_times: bb.iter().map(|x| x.1).collect(),
            peer_times: peer.iter().map(|x| x.1).collect(),
        });
    }
    if cells.is_empty() {
        return Err("no Egaroucid build runs on this CPU".into());
    }
    Ok(cells)
}

/// Builds Egaroucid for Console for `arch` into `work`.
fn build(cxx: &str, arch: Arch, src: &Path, work: &Path) -> Result<PathBuf, String> {
    let exe = work.join(format!("egaroucid-{}", arch.name()));
    let mut args: Vec<String> = flags(arch).into_iter().map(String::from).collect();
    args.push(src.join("Egaroucid_for_Console.cpp").display().to_string());
    args.extend(["-o".to_string(), exe.display().to_string()]);
    let fresh = build_once(cxx, &args, &exe, &[src])
        .map_err(|e| format!("building {}: {e}", arch.name()))?;
    let verb = if fresh { "built" } else { "reused" };
    eprintln!("# {verb} {}: {cxx} {}", arch.name(), flags(arch).join(" "));
    Ok(exe)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_outputs_give_leaves_and_seconds() {
        assert_eq!(
            parse_egaroucid("perft mode 1 depth 11 212258800 leaves found in 1534 ms\n"),
            Some((212_258_800, 1.534))
        );
        assert_eq!(
            parse_bb(
                "nodes 212258800 time 0.812 s 261.4 M leaves/s (depth 11, convention A, 1 thread, backend avx2)\n"
            ),
            Some((212_258_800, 0.812))
        );
        assert_eq!(parse_bb("perft stopped\n"), None);
        assert_eq!(parse_egaroucid("mode must be 1 or 2, got 3\n"), None);
    }

    #[test]
    fn flags_select_egaroucid_s_build_per_level() {
        assert!(flags(Arch::V4).contains(&"-DHAS_AVX512"));
        assert!(flags(Arch::Base).contains(&"-DHAS_NO_AVX2"));
        let v3 = flags(Arch::V3);
        assert!(v3.contains(&"-march=x86-64-v3"));
        assert!(!v3.iter().any(|f| f.starts_with("-DHAS_")));
    }
}
