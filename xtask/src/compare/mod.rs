//! `cargo xtask compare`: bb against the peers it claims to beat, each peer built from a source tree
//! the user gives, both sides run alternately on the same inputs, one ratio table per comparison.
//!
//! Every comparison is a module that measures [`Cell`]s: one case (kernel and mode, position,
//! depth...) timed for bb and for the peer in every round. This module parses the command line,
//! runs the chosen comparisons and prints, writes as JSON lines or draws their cells ([`table`]).

mod movegen;
mod table;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub(crate) use table::Cell;

pub const USAGE: &str = "\
usage: cargo xtask compare [COMPARISON...] [options]

Builds each peer from the source tree given for it, builds bb in release, runs bb and the peer
alternately on the same inputs and prints, per comparison, bb's time / the peer's time: the median
of the per-round ratios and their range (below 1: bb is faster).
comparisons (default: every one whose peer tree is given):
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
options:
  --movegen DIR  Chess_Movegen's checkout or bare clone (HEAD is extracted)
  --all          movegen: also bb's default against every other algorithm
  --rounds N     alternated rounds (default and minimum 11)
  --json FILE    also write every cell as one JSON object per line
Environment: CXX (default clang++-16, then clang++) for Chess_Movegen.
Exit status is non-zero when a build, a run or a result check fails.";

/// The options every comparison sees.
#[derive(Debug, Clone)]
pub(crate) struct Opts {
    pub(crate) rounds: usize,
    pub(crate) json: Option<PathBuf>,
    pub(crate) comparisons: Vec<String>,
    pub(crate) movegen: Option<PathBuf>,
    pub(crate) all: bool,
}

fn parse(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        rounds: 11,
        json: None,
        comparisons: Vec::new(),
        movegen: None,
        all: false,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--rounds" => {
                let n = it.next().ok_or("--rounds needs a number")?;
                o.rounds = n
                    .parse()
                    .ok()
                    .filter(|&n| n >= 11)
                    .ok_or(format!("--rounds: {n:?} is not a number of at least 11"))?;
            }
            "--json" => o.json = Some(it.next().ok_or("--json needs a file")?.into()),
            "--movegen" => o.movegen = Some(it.next().ok_or("--movegen needs a folder")?.into()),
            "--all" => o.all = true,
            "-h" | "--help" => return Err(String::new()),
            s if !s.starts_with('-') => o.comparisons.push(s.to_string()),
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    if o.comparisons.is_empty() && o.movegen.is_some() {
        o.comparisons.push("movegen".into());
    }
    Ok(o)
}

/// Runs `cargo xtask compare ARGS`.
pub fn run(root: &Path, args: &[String]) -> ExitCode {
    let o = match parse(args) {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("error: {e}\n");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(if e.is_empty() { 0 } else { 2 });
        }
    };
    if o.comparisons.is_empty() {
        eprintln!("error: no peer tree given (--movegen DIR)\n\n{USAGE}");
        return ExitCode::from(2);
    }
    let target = super::metadata(root).map_or_else(|_| root.join("target"), |m| m.target_dir);
    eprintln!("# cargo build --release -p bb-cli");
    let built = super::cargo(root)
        .args(["build", "--release", "-p", "bb-cli"])
        .status();
    if !built.is_ok_and(|s| s.success()) {
        eprintln!("error: building bb failed");
        return ExitCode::FAILURE;
    }
    let (dir, bb) = (target.join("compare"), target.join("release").join("bb"));
    let mut cells: Vec<Cell> = Vec::new();
    let mut failed = false;
    for name in &o.comparisons {
        let result = match name.as_str() {
            "movegen" => match &o.movegen {
                Some(tree) => movegen::run(root, &bb, &dir.join("movegen"), tree, &o),
                None => Err("needs --movegen DIR".into()),
            },
            unknown => {
                eprintln!("error: unknown comparison {unknown:?}\n\n{USAGE}");
                return ExitCode::from(2);
            }
        };
        match result {
            Ok(c) => {
                table::print(&c);
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
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
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
}
