//! `cargo xtask compare`: bb against the peers it claims to beat, each peer built from a source tree
//! the user gives (or, for chess perft, a crate), both sides run alternately on the same inputs, one
//! ratio table per comparison.
//!
//! Every comparison is a module that measures [`Cell`]s: one case (kernel and mode, position,
//! depth...) timed for bb and for the peer in every round. This module parses the command line,
//! runs the chosen comparisons and prints, writes as JSON lines or draws their cells ([`table`]).

mod edax;
mod egaroucid;
mod ffo;
mod movegen;
mod perft;
mod rows;
mod svg;
mod table;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

pub(crate) use table::Cell;

pub const USAGE: &str = "\
usage: cargo xtask compare [COMPARISON...] [options]

Builds each peer from the source tree given for it, builds bb in release, runs bb and the peer
alternately on the same inputs and prints, per comparison, bb's time / the peer's time: the median
of the per-round ratios and their range (below 1: bb is faster). Peer builds go to
target/compare/; a build this CPU cannot run is skipped with a note.

comparisons (default: perft, and edax, egaroucid and movegen, those whose tree is given; ffo
only when named):
  edax       Edax's kernels (flip, mobility, last-flip count, stability; the pattern
             evaluation's features set, update after a move and weighted sum, eval_set,
             eval_update and eval_sum, the sum with a file of random weights both read) against
             `bb bench`'s, on bb's workloads and timing loops (harness:
             xtask/compare/edax_kernels.c, which compiles Edax's src/all.c from the given
             tree). Edax is built with its Makefile's gcc flags for x86-64-v4 (paired with bb's
             avx512vbmi and avx512 backends), x86-64-v3 (avx2) and x86-64 (ssse3, sse2,
             scalar); every result is checked.
             Peer: git clone https://github.com/okuhara/edax-reversi-AVX
  egaroucid  Othello perft from the start position (a pass is a ply; Egaroucid's `-perft D 1`,
             bb's convention A), one thread each, node counts compared; times are each
             program's own report. Egaroucid for Console is built with its documented flags
             (clang++ -O2 -std=c++20, plus -include algorithm) for x86-64-v4 (-DHAS_AVX512;
             bb avx512vbmi or avx512), x86-64-v3 (avx2) and x86-64 (-DHAS_NO_AVX2; bb sse2).
             Peer: git clone https://github.com/Nyanyan/Egaroucid
  ffo        exact endgame solving of an OBF file (--obf FILE, default data/fforum-20-39.obf):
             `bb solve FILE --threads 1` against Edax's own program (all.c, its Makefile's
             flags per level, as for edax) `-solve FILE -n 1 -l 60 -book-usage off` with a
             weight file of zeros (-eval-file), each program's own total time, every score of
             both checked against the file. Needs --edax DIR. About a minute a round each.
  movegen    bb's rook, bishop and queen against every slider algorithm of Chess_Movegen
             (except HyperCube and Rotated Bitboards, whose state is per position), on the
             samples and timing loops of `bb bench` (harness: xtask/compare/movegen/harness.cpp,
             which includes the peer's headers from the given tree; every algorithm is checked
             against a ray-walking reference first). Built with the peer's Makefile flags for
             -march=native (paired with bb's best backend here) and -march=x86-64-v3 (bb avx2);
             a build this CPU cannot run is skipped. Cells: bb's default (*) and fastest variant
             against the peer's fastest algorithm, per piece and mode.
             Peer: git clone https://github.com/Gigantua/Chess_Movegen (needs clang++ 16 or
             later; g++ 12 rejects two of its headers)
  perft      bulk chess perft, start position perft(6) and Kiwipete perft(5), single thread,
             bb against the Rust crates cozy-chess, shakmaty and chess (benches/Cargo.toml's
             versions, no tree needed): `cargo bench -p bb-benches --bench perft -- --json`,
             which runs the four engines interleaved (the order reversed every other round),
             built once by default (x86-64) and once with RUSTFLAGS=\"-C target-cpu=native\"
             (into target/compare/perft-native). Every count is checked against the published
             one. After the table, bb's speed-up over cozy-chess (cozy-chess time / bb time,
             the inverse of the ratio) against its goal: 2.6x default, 2.0x native. 11 rounds
             take about 3 minutes a build on a loaded 2-core Zen 3, besides compiling (fat LTO:
             10-15 minutes the first time); --quick: perft(4) and perft(3).

A peer tree is a checkout, its src/ folder, or a bare git clone (the parts of HEAD's src/ that
the build reads are extracted).
options:
  --edax DIR         Edax's tree
  --egaroucid DIR    Egaroucid's tree
  --movegen DIR      Chess_Movegen's tree
  --arch LIST        peer builds to make, a comma-separated subset of x86-64-v4,x86-64-v3,x86-64
                     (default: all three)
  --extra            edax: also Edax's non-default x86-64-v4 choices: the AVX-512 last-flip
                     count (COUNT_LAST_FLIP_AVX512), the 512-bit flip, last flip and features
                     (AVX512_PREFER512), the GFNI flip (MOVE_GENERATOR_AVXGFNI)
  --kernels LIST     edax: only these kernels, a comma-separated subset of flip, mobility,
                     last_flip_count, stability, eval_set, eval_update, eval_sum (default: all)
  --all-variants     edax: every bb variant of each backend (default: the backend's default)
  --all              movegen: also bb's default against every other algorithm
  --quick            edax: small workloads and short repetitions; perft: two plies less (a
                     smoke run, not a result)
  --depth D          egaroucid: perft depth (default 12: a few seconds per run)
  --obf FILE         ffo: the problems (default data/fforum-20-39.obf)
  --rounds N         alternated rounds (default and minimum 11)
  --json FILE        also write every cell as one JSON object per line
  --svg FILE         also draw every cell's ratio and range as an SVG chart
Environment: CC (default gcc) for Edax; CXX for Egaroucid (default clang++, clang++-16, then
g++) and Chess_Movegen (default clang++-16, then clang++).
Exit status is non-zero when a build, a run or a result check fails.";

/// The comparisons' names, as `run` dispatches them.
const COMPARISONS: [&str; 5] = ["edax", "egaroucid", "ffo", "movegen", "perft"];

/// The options every comparison sees.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Opts {
    pub(crate) rounds: usize,
    pub(crate) json: Option<PathBuf>,
    pub(crate) svg: Option<PathBuf>,
    pub(crate) comparisons: Vec<String>,
    pub(crate) edax: Option<PathBuf>,
    pub(crate) egaroucid: Option<PathBuf>,
    pub(crate) arches: Vec<Arch>,
    pub(crate) extra: bool,
    pub(crate) all_variants: bool,
    pub(crate) quick: bool,
    pub(crate) depth: u32,
    pub(crate) obf: Option<PathBuf>,
    pub(crate) movegen: Option<PathBuf>,
    pub(crate) all: bool,
    /// edax: the kernels to compare (empty: all).
    pub(crate) kernels: Vec<String>,
}

/// The x86-64 levels peers are built for, most capable first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Arch {
    V4,
    V3,
    Base,
}

impl Arch {
    pub(crate) const ALL: [Arch; 3] = [Arch::V4, Arch::V3, Arch::Base];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Arch::V4 => "x86-64-v4",
            Arch::V3 => "x86-64-v3",
            Arch::Base => "x86-64",
        }
    }

    /// The CPU features a build for this level executes (as bb-simd names them).
    pub(crate) fn requirements(self) -> &'static [&'static str] {
        match self {
            Arch::V4 => &[
                "avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl", "avx2", "bmi1", "bmi2",
                "fma", "lzcnt", "movbe", "popcnt",
            ],
            Arch::V3 => &["avx2", "bmi1", "bmi2", "fma", "lzcnt", "movbe", "popcnt"],
            Arch::Base => &[],
        }
    }

    /// bb's backends that a build for this level is compared with, most capable first.
    pub(crate) fn bb_backends(self) -> &'static [&'static str] {
        match self {
            Arch::V4 => &["avx512vbmi", "avx512"],
            Arch::V3 => &["avx2"],
            Arch::Base => &["ssse3", "sse2", "scalar"],
        }
    }

    /// The level whose build a bb backend is compared with.
    pub(crate) fn of_backend(backend: &str) -> Option<Arch> {
        Arch::ALL
            .into_iter()
            .find(|a| a.bb_backends().contains(&backend))
    }
}

impl std::str::FromStr for Arch {
    type Err = String;
    fn from_str(s: &str) -> Result<Arch, String> {
        Arch::ALL.into_iter().find(|a| a.name() == s).ok_or(format!(
            "unknown arch {s:?} (x86-64-v4, x86-64-v3 or x86-64)"
        ))
    }
}

fn parse(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        rounds: 11,
        json: None,
        svg: None,
        comparisons: Vec::new(),
        edax: None,
        egaroucid: None,
        arches: Arch::ALL.to_vec(),
        extra: false,
        all_variants: false,
        quick: false,
        depth: 12,
        obf: None,
        movegen: None,
        all: false,
        kernels: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |what: &str| it.next().ok_or(format!("{a} needs {what}"));
        match a.as_str() {
            "--rounds" => {
                let n = value("a number")?;
                o.rounds = n
                    .parse()
                    .ok()
                    .filter(|&n| n >= 11)
                    .ok_or(format!("--rounds: {n:?} is not a number of at least 11"))?;
            }
            "--depth" => {
                let n = value("a number")?;
                o.depth = n
                    .parse()
                    .ok()
                    .filter(|&n| (1..=16).contains(&n))
                    .ok_or(format!("--depth: {n:?} is not a depth from 1 to 16"))?;
            }
            "--json" => o.json = Some(value("a file")?.into()),
            "--svg" => o.svg = Some(value("a file")?.into()),
            "--edax" => o.edax = Some(value("a folder")?.into()),
            "--obf" => o.obf = Some(value("a file")?.into()),
            "--egaroucid" => o.egaroucid = Some(value("a folder")?.into()),
            "--movegen" => o.movegen = Some(value("a folder")?.into()),
            "--all" => o.all = true,
            "--arch" => {
                let list = value("a list")?;
                let mut arches = list
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<Vec<Arch>, String>>()?;
                arches.sort();
                arches.dedup();
                o.arches = arches;
            }
            "--kernels" => {
                let list = value("a list")?;
                for k in list.split(',') {
                    if !edax::KERNELS.contains(&k) {
                        return Err(format!(
                            "--kernels: unknown kernel {k:?} ({})",
                            edax::KERNELS.join(", ")
                        ));
                    }
                    o.kernels.push(k.to_string());
                }
            }
            "--extra" => o.extra = true,
            "--all-variants" => o.all_variants = true,
            "--quick" => o.quick = true,
            "-h" | "--help" => return Err(String::new()),
            s if !s.starts_with('-') => o.comparisons.push(s.to_string()),
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    if o.comparisons.is_empty() {
        if o.edax.is_some() {
            o.comparisons.push("edax".into());
        }
        if o.egaroucid.is_some() {
            o.comparisons.push("egaroucid".into());
        }
        if o.movegen.is_some() {
            o.comparisons.push("movegen".into());
        }
        o.comparisons.push("perft".into());
    }
    Ok(o)
}

/// What every comparison needs besides the options: where to build, and the release `bb`.
pub(crate) struct Ctx {
    /// The workspace.
    pub(crate) root: PathBuf,
    /// `target/compare`: peer builds and extracted trees.
    pub(crate) dir: PathBuf,
    /// The release `bb` command.
    pub(crate) bb: PathBuf,
}

/// Runs `cargo xtask compare ARGS`.
pub fn run(root: &Path, args: &[String]) -> ExitCode {
    let o = match crate::options(parse(args), USAGE) {
        Ok(o) => o,
        Err(code) => return code,
    };
    if let Some(unknown) = o
        .comparisons
        .iter()
        .find(|c| !COMPARISONS.contains(&c.as_str()))
    {
        eprintln!("error: unknown comparison {unknown:?}\n\n{USAGE}");
        return ExitCode::from(2);
    }
    let target = super::metadata(root).map_or_else(|_| root.join("target"), |m| m.target_dir);
    // The perft comparison builds its own bench; the others run the release `bb`.
    if o.comparisons.iter().any(|c| c != "perft") {
        eprintln!("# cargo build --release -p bb-cli");
        let built = super::cargo(root)
            .args(["build", "--release", "-p", "bb-cli"])
            .status();
        if !built.is_ok_and(|s| s.success()) {
            eprintln!("error: building bb failed");
            return ExitCode::FAILURE;
        }
    }
    let ctx = Ctx {
        root: root.to_path_buf(),
        dir: target.join("compare"),
        bb: target.join("release").join("bb"),
    };
    eprintln!(
        "# cpu: {}; rounds: {}",
        cpu_name().unwrap_or_else(|| "unknown".into()),
        o.rounds
    );
    let mut cells: Vec<Cell> = Vec::new();
    let mut failed = false;
    for name in &o.comparisons {
        let result = match name.as_str() {
            "edax" => edax::run(&ctx, &o),
            "egaroucid" => egaroucid::run(&ctx, &o),
            "ffo" => ffo::run(&ctx, &o),
            "movegen" => match &o.movegen {
                Some(tree) => movegen::run(root, &ctx.bb, &ctx.dir.join("movegen"), tree, &o),
                None => Err("needs --movegen DIR".into()),
            },
            "perft" => perft::run(root, &target, &ctx.dir, &o),
            unknown => {
                eprintln!("error: unknown comparison {unknown:?}\n\n{USAGE}");
                return ExitCode::from(2);
            }
        };
        match result {
            Ok(c) => {
                table::print(&c);
                let goals = perft::goal_lines(&c);
                if !goals.is_empty() {
                    println!(
                        "\nbb's speed-up over cozy-chess (cozy-chess time / bb time, median of the rounds, range)"
                    );
                    for line in goals {
                        println!("{line}");
                    }
                }
                cells.extend(c);
            }
            Err(e) => {
                eprintln!("error: {name}: {e}");
                failed = true;
            }
        }
    }
    if let Some(Err(e)) = o.json.as_ref().map(|path| table::write_json(path, &cells)) {
        eprintln!("error: {e}");
        failed = true;
    }
    if let Some(path) = &o.svg {
        let title = format!(
            "cargo xtask compare {} | {} | {} rounds",
            o.comparisons.join(" "),
            cpu_name().unwrap_or_else(|| "unknown CPU".into()),
            o.rounds
        );
        if let Err(e) = std::fs::write(path, svg::chart(&cells, &title)) {
            eprintln!("error: {}: {e}", path.display());
            failed = true;
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The CPU's model name, family and model, from `/proc/cpuinfo` (a virtual machine's model name
/// is often only the vendor's brand; the family and model tell the core).
pub(crate) fn cpu_name() -> Option<String> {
    let info = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    let field = |name: &str| {
        info.lines()
            .find(|l| l.split(':').next().map(str::trim) == Some(name))
            .and_then(|l| l.split_once(':'))
            .map(|(_, v)| v.trim().to_string())
    };
    let name = field("model name")?;
    Some(match (field("cpu family"), field("model")) {
        (Some(f), Some(m)) => format!("{name} (family {f}, model {m})"),
        _ => name,
    })
}

/// Whether this CPU has the feature `name` (bb-simd's name: `avx2`, `avx512vbmi`, `gfni`...).
pub(crate) fn cpu_has(name: &str) -> bool {
    let cpu = bb_simd::detect();
    bb_simd::Feature::ALL
        .into_iter()
        .any(|f| f.name() == name && cpu.has(f))
}

/// The features of `needs` this CPU lacks, or `Ok` when it has them all.
pub(crate) fn runnable(needs: &[&str], has: &dyn Fn(&str) -> bool) -> Result<(), String> {
    let missing: Vec<&str> = needs.iter().copied().filter(|f| !has(f)).collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!("this CPU lacks {}", missing.join(", ")))
    }
}

/// bb's backends this build and CPU run.
pub(crate) fn bb_backends_here() -> Vec<&'static str> {
    crate::lanes::host_backends()
        .into_iter()
        .filter(|(_, ok)| ok.is_ok())
        .map(|(name, _)| name)
        .collect()
}

/// The folder of a peer's tree that holds `marker` (a file of the peer's `src/`): `given` when it
/// is a checkout or its `src/`; for a bare git clone, HEAD's `parts` (paths under `src/`, all
/// of it when empty) extracted into `work`: only what the build reads, so a clone whose large
/// data files were left out still serves. Returns the `src/` folder and where it came from.
pub(crate) fn peer_src(
    given: &Path,
    marker: &str,
    parts: &[&str],
    work: &Path,
) -> Result<(PathBuf, String), String> {
    if given.join("src").join(marker).is_file() {
        return Ok((given.join("src"), format!("tree {}", given.display())));
    }
    if given.join(marker).is_file() {
        return Ok((given.to_path_buf(), format!("tree {}", given.display())));
    }
    let git = |args: &[&str]| {
        Command::new("git")
            .arg("--git-dir")
            .arg(given)
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let Some(commit) = git(&["rev-parse", "--verify", "-q", "HEAD"]) else {
        return Err(format!(
            "{} is neither a tree holding src/{marker} nor a git clone of one",
            given.display()
        ));
    };
    let out = work.join(format!("src-{}", &commit[..commit.len().min(12)]));
    if !out.join("src").join(marker).is_file() {
        let tar = work.join("src.tar");
        std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
        let tar_name = tar.to_string_lossy();
        let mut args = vec!["archive", "-o", &tar_name, "HEAD"];
        let paths: Vec<String> = parts.iter().map(|p| format!("src/{p}")).collect();
        if paths.is_empty() {
            args.push("src");
        }
        args.extend(paths.iter().map(String::as_str));
        git(&args).ok_or(format!("git archive of {} failed", given.display()))?;
        let ok = Command::new("tar")
            .arg("-xf")
            .arg(&tar)
            .arg("-C")
            .arg(&out)
            .status()
            .is_ok_and(|s| s.success());
        let _ = std::fs::remove_file(&tar);
        if !ok || !out.join("src").join(marker).is_file() {
            return Err(format!(
                "extracting {}'s HEAD gave no src/{marker}",
                given.display()
            ));
        }
    }
    let what = git(&["log", "-1", "--format=%h %cs %s", "HEAD"]).unwrap_or(commit);
    Ok((
        out.join("src"),
        format!("git {} at {what}", given.display()),
    ))
}

/// Builds `exe` by running `compiler args`, unless it was built by the same command line and is
/// newer than every file under `inputs` (peer builds take up to a minute each). Returns whether
/// it built.
pub(crate) fn build_once(
    compiler: &str,
    args: &[String],
    exe: &Path,
    inputs: &[&Path],
) -> Result<bool, String> {
    let stamp = PathBuf::from(format!("{}.cmd", exe.display()));
    let line = format!("{compiler} {}", args.join(" "));
    let built_at = std::fs::metadata(exe).and_then(|m| m.modified()).ok();
    let same_cmd = std::fs::read_to_string(&stamp).is_ok_and(|s| s == line);
    if let Some(t) = built_at.filter(|_| same_cmd)
        && inputs.iter().all(|p| newest(p).is_some_and(|n| n <= t))
    {
        return Ok(false);
    }
    let _ = std::fs::remove_file(&stamp);
    output(Command::new(compiler).args(args))?;
    std::fs::write(&stamp, line).map_err(|e| format!("{}: {e}", stamp.display()))?;
    Ok(true)
}

/// The newest modification time of `p` and everything under it.
fn newest(p: &Path) -> Option<std::time::SystemTime> {
    let meta = std::fs::metadata(p).ok()?;
    let mut t = meta.modified().ok()?;
    if meta.is_dir() {
        for entry in std::fs::read_dir(p).ok()?.flatten() {
            t = t.max(newest(&entry.path())?);
        }
    }
    Some(t)
}

/// Runs `cmd`, failing with its stderr's tail when it exits with an error; returns its stdout.
pub(crate) fn output(cmd: &mut Command) -> Result<String, String> {
    let what = format!("{:?}", cmd.get_program());
    let out = cmd.output().map_err(|e| format!("{what}: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!(
            "{what} {:?} failed ({}): {}",
            cmd.get_args().collect::<Vec<_>>(),
            out.status,
            crate::run::tail(&err, 5)
        ));
    }
    Ok(stdout)
}

/// Runs `bb` and `peer` alternately for `rounds` rounds, the first side alternating too, and
/// returns what each produced in each round, in order.
pub(crate) fn alternate<T, U>(
    rounds: usize,
    mut bb: impl FnMut() -> Result<T, String>,
    mut peer: impl FnMut() -> Result<U, String>,
) -> Result<(Vec<T>, Vec<U>), String> {
    let (mut a, mut b) = (Vec::with_capacity(rounds), Vec::with_capacity(rounds));
    for round in 0..rounds {
        if round % 2 == 0 {
            a.push(bb()?);
            b.push(peer()?);
        } else {
            b.push(peer()?);
            a.push(bb()?);
        }
    }
    Ok((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alternate_switches_the_first_side_every_round() {
        let log = std::cell::RefCell::new(String::new());
        let (a, b) = alternate(
            4,
            || {
                log.borrow_mut().push('b');
                Ok(1)
            },
            || {
                log.borrow_mut().push('p');
                Ok(2)
            },
        )
        .unwrap();
        assert_eq!(log.into_inner(), "bppbbppb");
        assert_eq!((a.len(), b.len()), (4, 4));
    }

    #[test]
    fn fewer_than_eleven_rounds_are_refused() {
        assert!(parse(&["--rounds".into(), "10".into()]).is_err());
        assert_eq!(parse(&["--rounds".into(), "13".into()]).unwrap().rounds, 13);
    }

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_comparisons_default_to_the_trees_given() {
        let o = parse(&args("--egaroucid /e --edax /d")).unwrap();
        assert_eq!(o.comparisons, ["edax", "egaroucid", "perft"]);
        assert_eq!(o.edax, Some(PathBuf::from("/d")));
        let o = parse(&args("egaroucid --edax /d --egaroucid /e")).unwrap();
        assert_eq!(o.comparisons, ["egaroucid"]);
        assert_eq!(parse(&[]).unwrap().comparisons, ["perft"]);
        let o = parse(&args("--movegen /m")).unwrap();
        assert_eq!(o.comparisons, ["movegen", "perft"]);
    }

    #[test]
    fn options_are_read_and_bad_ones_refused() {
        let o = parse(&args(
            "--edax /d --arch x86-64,x86-64-v3,x86-64 --extra --all-variants --quick --depth 12",
        ))
        .unwrap();
        assert_eq!(o.arches, [Arch::V3, Arch::Base]);
        assert!(o.extra && o.all_variants && o.quick);
        assert_eq!(o.depth, 12);
        assert_eq!(parse(&args("--edax /d")).unwrap().arches, Arch::ALL);
        assert!(parse(&args("--edax /d")).unwrap().kernels.is_empty());
        assert_eq!(
            parse(&args("--kernels eval_sum,flip")).unwrap().kernels,
            ["eval_sum", "flip"]
        );
        for bad in [
            "--arch x86-64-v5",
            "--kernels eval",
            "--kernels flip,",
            "--depth 0",
            "--depth 17",
            "--edax",
            "--json",
            "--fast",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_build_is_reused_until_its_command_or_an_input_changes() {
        let dir =
            std::env::temp_dir().join(format!("bb-compare-build-once-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src")).unwrap();
        let input = dir.join("src").join("a.c");
        std::fs::write(&input, "1").unwrap();
        let exe = dir.join("exe");
        // `touch EXE [X]` stands for a compiler: it creates the output.
        let args = |extra: &str| {
            let mut a = vec![exe.display().to_string()];
            a.extend((!extra.is_empty()).then(|| dir.join(extra).display().to_string()));
            a
        };
        let src = dir.join("src");
        assert!(build_once("touch", &args(""), &exe, &[&src]).unwrap());
        assert!(!build_once("touch", &args(""), &exe, &[&src]).unwrap());
        assert!(build_once("touch", &args("other"), &exe, &[&src]).unwrap());
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&input, "2").unwrap();
        assert!(build_once("touch", &args("other"), &exe, &[&src]).unwrap());
        assert!(!build_once("touch", &args("other"), &exe, &[&src]).unwrap());
        assert!(build_once("false", &args(""), &exe, &[&src]).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
