//! `bb perft chess [--fen FEN | --epd FILE] [--byteboard] [--divide] [--threads N]
//! [--expect NODES] DEPTH`: chess perft with bulk counting at the last ply, printing nodes, time
//! and Mnps (and Stockfish-style `go perft` lines with `--divide`).
//!
//! `--byteboard` counts on `bb_chess::byteboard::movegen::BytePosition` (the mailbox with
//! incrementally updated attack tables) instead of the bitboard `Position`; with threads the
//! root moves are shared among them.
//!
//! `--epd FILE` checks a perft suite: every line is `FEN ;D1 20 ;D2 400 ...`; each position is
//! counted to the deepest listed depth not above DEPTH and compared with the listed count. The
//! exit status is 1 when any count (or `--expect`) differs, 2 on bad arguments or input.

use crate::cmd;
use bb_chess::{Position, perft};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Instant;

const USAGE: &str = "usage: bb perft chess [--fen FEN | --epd FILE] [--byteboard] [--divide] [--threads N] [--expect NODES] DEPTH";

/// `bb perft chess --help`.
pub const HELP: &str = "\
bb perft chess: the number of leaves of the legal move tree DEPTH plies deep (bulk counting at
the last ply), with the time and the speed.

usage: bb perft chess [--fen FEN | --epd FILE] [--byteboard] [--divide] [--threads N]
                      [--expect NODES] DEPTH

  DEPTH           plies to search, 0..=10 (0 counts the position itself)
  --fen FEN       the position (quote it); default: the start position. Chess960 castling
                  in X-FEN or Shredder-FEN is recognised
  --epd FILE      check every line of an EPD perft suite (FEN;D1 N;D2 N;...) for every depth
                  up to DEPTH; exit status 1 on a mismatch
  --byteboard     use the byteboard position (incrementally updated attack tables) instead of
                  the bitboard one
  --divide        the count under each root move, in Stockfish's `go perft` format
  --threads N     split the root moves over N threads (default 1)
  --expect NODES  compare the total with NODES; exit status 1 when it differs

BB_BACKEND=<name> forces a backend (see `bb backends`).
";

struct Args {
    fen: Option<String>,
    epd: Option<String>,
    expect: Option<u64>,
    byteboard: bool,
    divide: bool,
    threads: usize,
    depth: u32,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        fen: None,
        epd: None,
        expect: None,
        byteboard: false,
        divide: false,
        threads: 1,
        depth: 0,
    };
    let mut depth = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--fen" => a.fen = Some(cmd::value(&mut it, "--fen", "a FEN (quote it)")?.into()),
            "--epd" => a.epd = Some(cmd::value(&mut it, "--epd", "a file")?.into()),
            "--expect" => {
                a.expect = Some(cmd::number(
                    "--expect",
                    cmd::value(&mut it, "--expect", "a node count")?,
                )?);
            }
            "--divide" => a.divide = true,
            "--byteboard" => a.byteboard = true,
            "--threads" => a.threads = cmd::threads(&mut it)?,
            s if s.starts_with("--") => return Err(format!("unknown option {s:?}")),
            s => cmd::positional(&mut depth, s, |s| cmd::number("DEPTH", s))?,
        }
    }
    a.depth = depth.ok_or("missing DEPTH")?;
    // Depth 10 from the start is 7e13 leaves, about a day and a half on one core.
    if a.depth > 10 {
        return Err(format!(
            "DEPTH {} is beyond what finishes in days (at most 10)",
            a.depth
        ));
    }
    if a.epd.is_some() && (a.fen.is_some() || a.divide || a.expect.is_some()) {
        return Err("--epd does not combine with --fen, --divide or --expect".into());
    }
    if a.byteboard && a.divide {
        return Err("--divide is not available with --byteboard".into());
    }
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
    if let Some(file) = &a.epd {
        return run_epd(file, a.depth, a.threads, a.byteboard);
    }
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
        match count(&pos, a.depth, a.threads, a.byteboard) {
            Ok(n) => n,
            Err(e) => {
                eprintln!("bb perft chess: {e}");
                return ExitCode::from(2);
            }
        }
    };
    let secs = start.elapsed().as_secs_f64();
    println!(
        "nodes {nodes} time {:.3} s {:.1} Mnps (depth {}, {} thread{}, backend {}{})",
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6,
        a.depth,
        a.threads,
        if a.threads == 1 { "" } else { "s" },
        bb_simd::best_backend().label(),
        if a.byteboard { ", byteboard" } else { "" }
    );
    cmd::verdict(nodes, a.expect)
}

/// One line of a perft suite: the FEN and its `(depth, nodes)` counts.
#[derive(Debug, PartialEq)]
struct EpdLine {
    fen: String,
    counts: Vec<(u32, u64)>,
}

/// Parses `FEN ;D1 20 ;D2 400 ...` (blank lines and `#` comments give `None`).
fn parse_epd_line(line: &str) -> Result<Option<EpdLine>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let mut parts = line.split(';');
    let fen = parts.next().unwrap_or("").trim().to_string();
    let mut counts = Vec::new();
    for field in parts.map(str::trim).filter(|f| !f.is_empty()) {
        let (d, n) = field
            .strip_prefix('D')
            .and_then(|r| r.split_once(char::is_whitespace))
            .ok_or(format!("{field:?} is not \"D<depth> <nodes>\""))?;
        let d: u32 = d.parse().map_err(|_| format!("{field:?}: bad depth"))?;
        let n: u64 = n
            .trim()
            .parse()
            .map_err(|_| format!("{field:?}: bad node count"))?;
        counts.push((d, n));
    }
    Ok(Some(EpdLine { fen, counts }))
}

/// Perft of `pos` on the bitboard `Position` or, with `byteboard`, on the byteboard position.
fn count(pos: &Position, depth: u32, threads: usize, byteboard: bool) -> Result<u64, String> {
    if !byteboard {
        return Ok(perft::perft_threads(pos, depth, threads));
    }
    use bb_chess::byteboard::movegen::{self, BytePosition};
    let bp = BytePosition::from_position(pos).map_err(|e| e.to_string())?;
    if threads <= 1 || depth < 2 {
        return Ok(bb_simd::dispatch!(|b| movegen::perft(b, &bp, depth)));
    }
    let mut list = bb_chess::MoveList::new();
    bb_simd::dispatch!(|b| bp.legal_moves(b, &mut list));
    let moves: Vec<_> = list.iter().copied().collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let total = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|sc| {
        for _ in 0..threads {
            sc.spawn(|| {
                while let Some(&mv) = moves.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let mut child = bp;
                    let n = bb_simd::dispatch!(|b| {
                        child.play(b, mv);
                        movegen::perft(b, &child, depth - 1)
                    });
                    total.fetch_add(n, Ordering::Relaxed);
                }
            });
        }
    });
    Ok(total.into_inner())
}

fn run_epd(file: &str, max_depth: u32, threads: usize, byteboard: bool) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("bb perft chess: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut jobs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let parsed = parse_epd_line(line).and_then(|l| match l {
            None => Ok(None),
            Some(l) => {
                let pos = Position::from_fen(&l.fen).map_err(|e| e.to_string())?;
                let want = l.counts.iter().filter(|c| c.0 <= max_depth).max();
                Ok(want.map(|&(d, n)| (pos, d, n)))
            }
        });
        match parsed {
            Ok(Some(job)) => jobs.push((i + 1, job)),
            Ok(None) => {}
            Err(e) => {
                eprintln!("bb perft chess: {file}:{}: {e}", i + 1);
                return ExitCode::from(2);
            }
        }
    }
    if jobs.is_empty() {
        eprintln!(
            "bb perft chess: {file}: nothing to check (no line with a `;D<depth> <nodes>` count \
             at depth <= {max_depth})"
        );
        return ExitCode::from(2);
    }
    println!(
        "# {file}: {} positions to depth <= {max_depth}, {threads} thread{}, backend {}",
        jobs.len(),
        if threads == 1 { "" } else { "s" },
        bb_simd::best_backend().label()
    );
    let start = Instant::now();
    let (mut total, mut bad) = (0u64, 0usize);
    for (line, (pos, depth, want)) in &jobs {
        let t = Instant::now();
        let got = match count(pos, *depth, threads, byteboard) {
            Ok(n) => n,
            Err(e) => {
                eprintln!("bb perft chess: {file}:{line}: {e}");
                return ExitCode::from(2);
            }
        };
        total += got;
        let verdict = if got == *want {
            "ok"
        } else {
            bad += 1;
            "MISMATCH"
        };
        println!(
            "line {line:4} depth {depth} nodes {got:>12} expected {want:>12} {:8.3} s {verdict}",
            t.elapsed().as_secs_f64()
        );
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} positions, {bad} mismatches, nodes {total} time {secs:.3} s {:.1} Mnps",
        jobs.len(),
        total as f64 / secs.max(1e-9) / 1e6
    );
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_lines_parse_or_fail_cleanly() {
        let l = parse_epd_line("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9")
            .unwrap()
            .unwrap();
        assert_eq!(l.counts, [(1, 3), (2, 9)]);
        assert_eq!(l.fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(parse_epd_line("   ").unwrap(), None);
        assert_eq!(parse_epd_line("# comment").unwrap(), None);
        for bad in [
            "fen ;X1 3",
            "fen ;D 3",
            "fen ;Dx 3",
            "fen ;D1 -3",
            "fen ;D1",
        ] {
            assert!(parse_epd_line(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn args_reject_bad_combinations() {
        let v = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert!(parse(&v("--epd f --divide 3")).is_err());
        assert!(parse(&v("--expect x 3")).is_err());
        assert!(parse(&v("--epd f 3")).is_ok());
        assert!(parse(&v("--byteboard --divide 3")).is_err());
        assert!(parse(&v("--byteboard --epd f 3")).unwrap().byteboard);
        assert_eq!(parse(&v("--expect 20 1")).unwrap().expect, Some(20));
    }
}
