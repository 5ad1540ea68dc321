//! `bb perft chess [--fen FEN] [--divide] [--threads N] DEPTH`: chess perft with bulk counting at
//! the last ply, printing nodes, time and Mnps (and Stockfish-style `go perft` lines with
//! `--divide`).

use bb_chess::{Position, perft};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: bb perft chess [--fen FEN] [--divide] [--threads N] DEPTH";

struct Args {
    fen: Option<String>,
    divide: bool,
    threads: usize,
    depth: u32,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        fen: None,
        divide: false,
        threads: 1,
        depth: 0,
    };
    let mut depth = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--fen" => a.fen = Some(it.next().ok_or("--fen needs a FEN (quote it)")?.clone()),
            "--divide" => a.divide = true,
            "--threads" => {
                let n = it.next().ok_or("--threads needs a number")?;
                a.threads = n
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
    a.depth = depth.ok_or("missing DEPTH")?;
    Ok(a)
}

/// Runs the command on the arguments after `perft chess`.
pub fn run(args: &[String]) -> ExitCode {
    let a = match parse(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("bb perft chess: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let pos = match a.fen.as_deref() {
        None => Position::startpos(),
        Some(f) => match Position::from_fen(f) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("bb perft chess: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let start = Instant::now();
    let nodes = if a.divide && a.depth > 0 {
        let rows = perft::divide_threads(&pos, a.depth, a.threads);
        for (m, n) in &rows {
            println!("{}: {n}", m.to_uci(&pos));
        }
        let total = rows.iter().map(|r| r.1).sum();
        println!("\nNodes searched: {total}");
        total
    } else {
        perft::perft_threads(&pos, a.depth, a.threads)
    };
    let secs = start.elapsed().as_secs_f64();
    println!(
        "nodes {nodes} time {:.3} s {:.1} Mnps (depth {}, {} thread{}, backend {})",
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6,
        a.depth,
        a.threads,
        if a.threads == 1 { "" } else { "s" },
        bb_simd::best_backend().label()
    );
    ExitCode::SUCCESS
}
