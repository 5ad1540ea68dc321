//! `bb perft reversi [--convention a|b|c] [--threads N] [--expect NODES] DEPTH`: Othello perft
//! from the start position with bulk counting at the last ply (conventions in
//! `bb_reversi::perft`), printing nodes, time and Mnps; exit status 1 when `--expect` differs.

use bb_reversi::Board;
use bb_reversi::perft::{self, Convention};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str =
    "usage: bb perft reversi [--convention a|b|c] [--threads N] [--expect NODES] DEPTH";

type Parsed = (Convention, usize, u32, Option<u64>);

fn parse(args: &[String]) -> Result<Parsed, String> {
    let (mut cv, mut threads, mut depth, mut expect) = (Convention::A, 1, None, None);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--convention" => {
                let c = it.next().ok_or("--convention needs a, b or c")?;
                cv = c
                    .parse()
                    .map_err(|()| format!("--convention: {c:?} is not a, b or c"))?;
            }
            "--expect" => {
                let n = it.next().ok_or("--expect needs a node count")?;
                expect = Some(
                    n.parse()
                        .map_err(|_| format!("--expect: {n:?} is not a number"))?,
                );
            }
            "--threads" => {
                let n = it.next().ok_or("--threads needs a number")?;
                threads = n
                    .parse()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or(format!("--threads: {n:?} is not a positive number"))?;
            }
            s if s.starts_with("--") => return Err(format!("unknown option {s:?}")),
            s => {
                if depth.is_some() {
                    return Err(format!("unexpected argument {s:?}"));
                }
                depth = Some(
                    s.parse()
                        .map_err(|_| format!("DEPTH: {s:?} is not a number"))?,
                );
            }
        }
    }
    Ok((cv, threads, depth.ok_or("missing DEPTH")?, expect))
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
    crate::perft_check::verdict(nodes, expect)
}
