//! `bb solve FILE.obf [--threads N] [--tt-bits B] [--max-nodes N] [--time S]`: solves every
//! problem of an OBF file exactly and prints an Edax-like table (number, empties, score, time,
//! nodes, nodes/s, PV); checks each score against the file and exits with status 1 on a
//! mismatch. A problem that reaches a limit is reported as stopped and the next one starts.

use crate::cmd;
use bb_reversi::game::BoardExt;
use bb_reversi::obf;
use bb_reversi::solver::{Limits, Solver};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

const USAGE: &str =
    "usage: bb solve FILE.obf [--threads N] [--tt-bits B] [--max-nodes N] [--time SECONDS]";

/// `bb solve --help`.
pub const HELP: &str = "\
bb solve: solves every problem of an OBF file exactly (perfect play to the end of the game)
and compares the score with the file's best score, one line per problem.

usage: bb solve FILE.obf [--threads N] [--tt-bits B] [--max-nodes N] [--time SECONDS]

  FILE.obf     one problem a line: 64 squares (X, O, -; a1, b1, ..., h8), the side to move,
               then `MOVE:score;` per move, best first (the FFO test suite format)
  --threads N  search with N threads sharing one transposition table (default 1)
  --tt-bits B  transposition table of 2^B entries, 24 bytes each, 10..=30 (default 21:
               48 MiB; 24 is 384 MiB, 30 is 24 GiB)
  --max-nodes N  stop a problem after about N nodes (all threads together)
  --time S       stop a problem after S seconds (a decimal number)

A problem stopped by a limit is reported as `stopped` (no score) and the next one starts.

Exit status 1 when a score differs from the file's. BB_BACKEND=<name> forces a backend.
";

struct Args {
    file: String,
    threads: usize,
    bits: u32,
    max_nodes: u64,
    time: Option<Duration>,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let (mut file, mut threads, mut bits) = (None, 1, 21);
    let (mut max_nodes, mut time) = (u64::MAX, None);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--threads" => threads = cmd::threads(&mut it)?,
            "--tt-bits" => {
                let n = cmd::value(&mut it, "--tt-bits", "a number")?;
                bits = n
                    .parse()
                    .ok()
                    .filter(|n| (10..=30).contains(n))
                    .ok_or(format!("--tt-bits: {n:?} is not in 10..=30"))?;
            }
            "--max-nodes" => {
                let n = cmd::value(&mut it, "--max-nodes", "a node count")?;
                max_nodes = cmd::number("--max-nodes", n)?;
            }
            "--time" => {
                let n = cmd::value(&mut it, "--time", "a number of seconds")?;
                let secs: f64 = cmd::number("--time", n)?;
                time = Some(
                    Duration::try_from_secs_f64(secs)
                        .ok()
                        .filter(|d| !d.is_zero())
                        .ok_or(format!("--time: {n:?} is not a positive number of seconds"))?,
                );
            }
            s if s.starts_with("--") => return Err(format!("unknown option {s:?}")),
            s => cmd::positional(&mut file, s, |s| Ok(s.to_string()))?,
        }
    }
    let table = 24u64 << bits;
    if let Some(avail) = mem_available()
        && table > avail / 2
    {
        return Err(format!(
            "--tt-bits {bits}: the table needs {} MiB, more than half of the {} MiB this machine \
             has available",
            table >> 20,
            avail >> 20
        ));
    }
    Ok(Args {
        file: file.ok_or("missing FILE")?,
        threads,
        bits,
        max_nodes,
        time,
    })
}

/// `MemAvailable` of /proc/meminfo in bytes (None where there is no such file).
fn mem_available() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

fn fmt_time(d: Duration) -> String {
    let s = d.as_secs_f64();
    format!("{}:{:06.3}", (s / 60.0) as u64, s % 60.0)
}

/// Runs the command on the arguments after `solve`.
pub fn run(args: &[String]) -> ExitCode {
    let Args {
        file,
        threads,
        bits,
        max_nodes,
        time,
    } = match parse(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("bb solve: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("bb solve: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let problems = match obf::parse_file(&text) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bb solve: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    if problems.is_empty() {
        eprintln!("bb solve: {file}: no problem in the file");
        return ExitCode::from(2);
    }
    println!(
        "# backend {}, {threads} thread{}, table 2^{bits} entries",
        bb_simd::best_backend().label(),
        if threads == 1 { "" } else { "s" }
    );
    println!(" # | empties | score |    time    |     nodes     |   nodes/s   | PV");
    println!(
        "---+---------+-------+------------+---------------+-------------+-------------------------"
    );
    let mut solver = Solver::new(bits);
    let (mut total_nodes, mut total_time, mut bad, mut stopped) = (0u64, Duration::ZERO, 0, 0);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        threads,
        max_nodes,
        stop: time.map(|_| &stop),
    };
    for (i, p) in problems.iter().enumerate() {
        stop.store(false, Ordering::Relaxed);
        let t0 = std::time::Instant::now();
        let res = match time {
            None => solver.solve(p.board, &limits),
            Some(t) => with_deadline(t, &stop, || solver.solve(p.board, &limits)),
        };
        let s = match res {
            Ok(s) => s,
            Err(e) => {
                stopped += 1;
                total_nodes += e.nodes;
                total_time += t0.elapsed();
                println!(
                    "{:>2} | {:>7} | stopped after {} nodes and {} (limit reached)",
                    i + 1,
                    p.board.empties(),
                    e.nodes,
                    fmt_time(t0.elapsed())
                );
                continue;
            }
        };
        total_nodes += s.nodes;
        total_time += s.time;
        let want = p.best_score();
        let ok = want.is_none_or(|w| w == s.score);
        if !ok {
            bad += 1;
        }
        let pv: Vec<String> = s.pv.iter().take(12).map(ToString::to_string).collect();
        println!(
            "{:>2} | {:>7} | {:>+5} | {} | {:>13} | {:>11.0} | {}{}",
            i + 1,
            p.board.empties(),
            s.score,
            fmt_time(s.time),
            s.nodes,
            s.nodes as f64 / s.time.as_secs_f64().max(1e-9),
            pv.join(" "),
            if ok {
                String::new()
            } else {
                format!("   MISMATCH: expected {:+}", want.unwrap_or(0))
            }
        );
    }
    println!(
        "---+---------+-------+------------+---------------+-------------+-------------------------"
    );
    println!(
        "{} problems, {} nodes in {} ({:.1} M nodes/s), {} mismatch{}{}",
        problems.len(),
        total_nodes,
        fmt_time(total_time),
        total_nodes as f64 / total_time.as_secs_f64().max(1e-9) / 1e6,
        bad,
        if bad == 1 { "" } else { "es" },
        if stopped > 0 {
            format!(", {stopped} stopped by a limit")
        } else {
            String::new()
        }
    );
    if bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Runs `f` with `stop` raised after `t` unless `f` returns first.
fn with_deadline<R>(t: Duration, stop: &AtomicBool, f: impl FnOnce() -> R) -> R {
    let (done, wait) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|s| {
        s.spawn(move || {
            if wait.recv_timeout(t).is_err() {
                stop.store(true, Ordering::Relaxed);
            }
        });
        let r = f();
        // The watcher ends on this message, or on the channel closing if it already fired.
        let _ = done.send(());
        r
    })
}
