//! `bb perft chess`: chess perft with bulk counting at the last ply, printing nodes, time and
//! leaves per second (and Stockfish-style `go perft` lines with `--divide`, each printed as soon as its root
//! move is counted).
//!
//! `--byteboard` counts on `bb_chess::byteboard::movegen::BytePosition` (the mailbox with
//! incrementally updated attack tables) instead of the bitboard `Position`. The tree is cut
//! into sub-trees one or two plies down (`bb_cli::perft::split`), shared among the threads.
//!
//! `--epd FILE` checks a perft suite: every line is `FEN ;D1 20 ;D2 400 ...`; each position is
//! counted to the deepest listed depth not above DEPTH and compared with the listed count. The
//! exit status is 1 when any count (or `--expect`) differs, 2 on bad arguments or input.

use crate::cmd;
use bb_chess::{MoveList, Position};
use bb_cli::args::PerftChessArgs;
use bb_cli::perft::chess::{count, parse_epd_line, split_plies};
use bb_cli::perft::split::Limits;
use bb_cli::progress::Progress;
use std::process::ExitCode;
use std::time::Instant;

/// Runs `bb perft chess`.
pub fn run(a: &PerftChessArgs) -> ExitCode {
    if let Some(file) = &a.epd {
        return run_epd(&file.display().to_string(), a.depth, a.threads, a.byteboard);
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
    let limits = Limits {
        max_nodes: a.limits.max_nodes,
        time: a.limits.time,
    };
    let progress = Progress::stderr();
    let start = Instant::now();
    let roots = MoveList::legal(&pos);
    let divide = a.divide && a.depth > 0;
    let mut on_root = |i: usize, n: u64| {
        if divide && let Some(&m) = roots.get(i) {
            progress.clear();
            println!("{}: {n}", m.to_uci(&pos));
        }
    };
    let label = format!("perft chess {}", a.depth);
    let out = match count(
        &pos,
        a.depth,
        split_plies(a.depth),
        a.threads,
        a.byteboard,
        limits,
        &progress,
        &label,
        &mut on_root,
    ) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("bb perft chess: {e}");
            return ExitCode::from(2);
        }
    };
    let secs = start.elapsed().as_secs_f64();
    if out.stopped() {
        return cmd::stopped(&out, secs);
    }
    let nodes = out.total;
    if divide {
        println!("\nNodes searched: {nodes}");
    }
    println!(
        "nodes {nodes} time {:.3} s {:.1} M leaves/s (depth {}, {} thread{}, backend {}{})",
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
    let progress = Progress::stderr();
    for (k, (line, (pos, depth, want))) in jobs.iter().enumerate() {
        let t = Instant::now();
        let label = format!("{k}/{} line {line} depth {depth}", jobs.len());
        let got = match count(
            pos,
            *depth,
            split_plies(*depth),
            threads,
            byteboard,
            Limits::default(),
            &progress,
            &label,
            &mut |_, _| {},
        ) {
            Ok(o) => o.total,
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
        "{} positions, {bad} mismatches, nodes {total} time {secs:.3} s {:.1} M leaves/s",
        jobs.len(),
        total as f64 / secs.max(1e-9) / 1e6
    );
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
