//! `bb perft chess`: chess perft with bulk counting at the last ply, printing nodes, time and
//! leaves per second (and Stockfish-style `go perft` lines with `--divide`, each printed as soon as its root
//! move is counted).
//!
//! `--byteboard` counts on `bb_chess::byteboard::movegen::BytePosition` (the mailbox with
//! incrementally updated attack tables) instead of the bitboard `Position`. The tree is cut
//! into sub-trees one or two plies down ([`crate::split`]), shared among the threads.
//!
//! `--epd FILE` checks a perft suite: every line is `FEN ;D1 20 ;D2 400 ...`; each position is
//! counted to the deepest listed depth not above DEPTH and compared with the listed count. The
//! exit status is 1 when any count (or `--expect`) differs, 2 on bad arguments or input.

use crate::cmd;
use crate::split::{self, Limits, Outcome};
use bb_chess::byteboard::movegen::{self, BytePosition};
use bb_chess::{MoveList, Position, perft};
use bb_cli::args::PerftChessArgs;
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

/// Plies below the root where the tree is cut into sub-trees: two from depth 6 on (a few
/// hundred sub-trees of at most a few seconds), else one.
fn split_plies(depth: u32) -> u32 {
    if depth >= 6 { 2 } else { 1 }
}

/// Perft of `pos` on the bitboard `Position` or, with `byteboard`, on the byteboard position,
/// cut into sub-trees `plies` (1 or 2) below the root ([`split::run`]); `on_root` hears each
/// root move's count in order.
#[allow(clippy::too_many_arguments)] // the split run's parameters, passed through
fn count(
    pos: &Position,
    depth: u32,
    plies: u32,
    threads: usize,
    byteboard: bool,
    limits: Limits,
    progress: &Progress,
    label: &str,
    on_root: &mut (dyn FnMut(usize, u64) + Send),
) -> Result<Outcome, String> {
    if depth == 0 {
        return Ok(Outcome {
            per_root: Vec::new(),
            total: 1,
            done: 0,
            jobs: 0,
        });
    }
    let roots = MoveList::legal(pos);
    let below = plies.clamp(1, 2).min(depth);
    if !byteboard {
        let mut jobs = Vec::new();
        for (i, &m) in roots.iter().enumerate() {
            let child = pos.play(m);
            if below == 2 {
                for &m2 in MoveList::legal(&child).iter() {
                    jobs.push((i, (child.play(m2), depth - 2)));
                }
            } else {
                jobs.push((i, (child, depth - 1)));
            }
        }
        return Ok(split::run(
            &jobs,
            roots.len(),
            threads,
            limits,
            progress,
            label,
            |(p, d), meter| bb_simd::dispatch!(|b| perft::perft_metered_with(b, p, *d, meter)),
            on_root,
        ));
    }
    let bp = BytePosition::from_position(pos).map_err(|e| e.to_string())?;
    let mut jobs = Vec::new();
    let roots = bb_simd::dispatch!(|b| {
        let mut list = MoveList::new();
        bp.legal_moves(b, &mut list);
        for (i, &m) in list.iter().enumerate() {
            let mut child = bp;
            child.play(b, m);
            if below == 2 {
                let mut list2 = MoveList::new();
                child.legal_moves(b, &mut list2);
                for &m2 in list2.iter() {
                    let mut grandchild = child;
                    grandchild.play(b, m2);
                    jobs.push((i, (grandchild, depth - 2)));
                }
            } else {
                jobs.push((i, (child, depth - 1)));
            }
        }
        list.len()
    });
    Ok(split::run(
        &jobs,
        roots,
        threads,
        limits,
        progress,
        label,
        |(p, d), meter| bb_simd::dispatch!(|b| movegen::perft_metered(b, p, *d, meter)),
        on_root,
    ))
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
    #[cfg_attr(target_family = "wasm", ignore = "wasm32-wasip1 has no threads")]
    fn split_counts_match_the_library() {
        // Perft suite position 3 (published counts), cut one and two plies down.
        let pos = Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap();
        let off = Progress::new(false);
        for (depth, plies, want) in [
            (1, 1, 14),
            (1, 2, 14),
            (2, 2, 191),
            (4, 1, 43_238),
            (4, 2, 43_238),
        ] {
            for (threads, byteboard) in [(1, false), (2, false), (2, true)] {
                let mut roots = Vec::new();
                let out = count(
                    &pos,
                    depth,
                    plies,
                    threads,
                    byteboard,
                    Limits::default(),
                    &off,
                    "t",
                    &mut |i, n| roots.push((i, n)),
                )
                .unwrap();
                assert_eq!(
                    out.total, want,
                    "depth {depth} threads {threads} {byteboard}"
                );
                assert_eq!(roots.len(), 14);
                assert_eq!(roots.iter().map(|r| r.1).sum::<u64>(), want);
                assert!(roots.iter().enumerate().all(|(i, r)| r.0 == i));
            }
        }
    }
}
