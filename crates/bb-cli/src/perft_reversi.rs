//! `bb perft reversi [--convention a|b|c] [--threads N] [--expect NODES] DEPTH`: Othello perft
//! from the start position with bulk counting at the last ply (conventions in
//! `bb_reversi::perft`), printing nodes, time and Mnps; exit status 1 when `--expect` differs.

use crate::cmd;
use bb_reversi::Board;
use bb_reversi::perft::{self, Convention};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str =
    "usage: bb perft reversi [--convention a|b|c] [--threads N] [--expect NODES] DEPTH";

/// `bb perft reversi --help`.
pub const HELP: &str = "\
bb perft reversi: the number of leaves of the Othello game tree DEPTH plies below the start
position (bulk counting at the last ply), with the time and the speed.

usage: bb perft reversi [--convention a|b|c] [--threads N] [--expect NODES] DEPTH

  DEPTH              plies to search, 0..=18
  --convention a|b|c which leaves count (default a):
                     a  a pass is a ply, a finished game is a leaf (Edax, Egaroucid)
                     b  a pass is a ply, a game finished before DEPTH is not a leaf
                        (OEIS A124004)
                     c  passes are not plies
  --threads N        split the tree a few plies down over N threads (default 1)
  --expect NODES     compare the total with NODES; exit status 1 when it differs

BB_BACKEND=<name> forces a backend (see `bb backends`).
";

type Parsed = (Convention, usize, u32, Option<u64>);

fn parse(args: &[String]) -> Result<Parsed, String> {
    let (mut cv, mut threads, mut depth, mut expect) = (Convention::A, 1, None, None);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--convention" => {
                let c = cmd::value(&mut it, "--convention", "a, b or c")?;
                cv = c
                    .parse()
                    .map_err(|()| format!("--convention: {c:?} is not a, b or c"))?;
            }
            "--expect" => {
                expect = Some(cmd::number(
                    "--expect",
                    cmd::value(&mut it, "--expect", "a node count")?,
                )?);
            }
            "--threads" => threads = cmd::threads(&mut it)?,
            s if s.starts_with("--") => return Err(format!("unknown option {s:?}")),
            s => cmd::positional(&mut depth, s, |s| cmd::number("DEPTH", s))?,
        }
    }
    let depth = depth.ok_or("missing DEPTH")?;
    // Depth 18 is about 3e15 leaves, a month on one core at a billion a second.
    if depth > 18 {
        return Err(format!(
            "DEPTH {depth} is beyond what finishes in weeks (at most 18)"
        ));
    }
    Ok((cv, threads, depth, expect))
}

/// Runs the command on the arguments after `perft reversi`.
pub fn run(args: &[String]) -> ExitCode {
    let (cv, threads, depth, expect) = match parse(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("bb perft reversi: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let nodes = perft::perft_threads(Board::START, depth, cv, threads);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "nodes {nodes} time {secs:.3} s {:.1} Mnps (depth {depth}, convention {cv:?}, {threads} thread{}, backend {})",
        nodes as f64 / secs.max(1e-9) / 1e6,
        if threads == 1 { "" } else { "s" },
        bb_simd::best_backend().label()
    );
    cmd::verdict(nodes, expect)
}
