//! `bb solve FILE.obf`: solves every problem of an OBF file exactly and prints an Edax-like
//! table (number or OBF id, empties, score, time, nodes, nodes/s, PV); checks each score
//! against the file and exits with status 1 on a mismatch. A problem that reaches a limit is
//! reported as stopped and the next one starts. `--all-moves` solves every legal move
//! ([`Solver::solve_moves`]) and checks every score the file lists. The table is cleared
//! before each problem, so its node count does not depend on the problems before it.
//! `--eval FILE` orders the moves far from the leaves by an Edax weight file's evaluation.

use bb_cli::args::SolveArgs;
use bb_cli::progress::Progress;
use bb_reversi::Board;
use bb_reversi::eval::Evaluator;
use bb_reversi::game::{BoardExt, Move};
use bb_reversi::obf::{self, Problem};
use bb_reversi::solver::{EvalOrdering, Limits, Solution, SolveError, Solver};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// `MemAvailable` of /proc/meminfo in bytes (None where there is no such file).
fn mem_available() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// `m:ss.mmm`, right-aligned in the table's ten-character time column.
fn fmt_time(d: Duration) -> String {
    let s = d.as_secs_f64();
    format!("{:>10}", format!("{}:{:06.3}", (s / 60.0) as u64, s % 60.0))
}

/// Runs `bb solve`.
pub fn run(a: &SolveArgs) -> ExitCode {
    let (threads, bits) = (a.threads, a.tt_bits);
    let table = 24u64 << bits;
    if let Some(avail) = mem_available()
        && table > avail / 2
    {
        eprintln!(
            "bb solve: --tt-bits {bits}: the table needs {} MiB, more than half of the {} MiB \
             this machine has available",
            table >> 20,
            avail >> 20
        );
        return ExitCode::from(2);
    }
    let file = a.file.display();
    let text = match std::fs::read_to_string(&a.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("bb solve: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let evaluator = match &a.eval {
        None => None,
        Some(path) => match std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| Evaluator::from_bytes(&bytes).map_err(|e| e.to_string()))
        {
            Ok(e) => Some(Arc::new(e)),
            Err(e) => {
                eprintln!("bb solve: --eval {}: {e}", path.display());
                return ExitCode::from(2);
            }
        },
    };
    let mut ordering = EvalOrdering::default();
    if let Some(n) = a.eval_from {
        ordering.min_empties = n;
    }
    if let Some(d) = a.eval_depth {
        ordering.depth = d;
    }
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
    let names: Vec<String> = problems
        .iter()
        .enumerate()
        .map(|(i, p)| p.id.clone().unwrap_or_else(|| (i + 1).to_string()))
        .collect();
    let w = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(2)
        .max(2);
    let rule = format!(
        "{}-+---------+-------+------------+---------------+-------------+-------------------------",
        "-".repeat(w)
    );
    println!(
        "# backend {}, {threads} thread{}, table 2^{bits} entries{}",
        bb_simd::best_backend().label(),
        if threads == 1 { "" } else { "s" },
        match &a.eval {
            Some(path) => format!(
                ", moves ordered by {} from {} empties, {} plies",
                path.display(),
                ordering.min_empties,
                ordering.depth
            ),
            None => String::new(),
        }
    );
    println!(
        "{:>w$} | empties | score |    time    |     nodes     |   nodes/s   | PV",
        "#"
    );
    println!("{rule}");
    let mut solver = Solver::new(bits);
    solver.set_evaluator(evaluator);
    solver.set_eval_ordering(ordering);
    let (mut total_nodes, mut total_time, mut bad, mut stopped) = (0u64, Duration::ZERO, 0, 0);
    let progress = Progress::stderr();
    for (i, (p, name)) in problems.iter().zip(&names).enumerate() {
        let t0 = Instant::now();
        solver.clear();
        let label = format!(
            "problem {}/{} ({}{} empties)",
            i + 1,
            problems.len(),
            p.id.as_ref().map_or(String::new(), |id| format!("{id}, ")),
            p.board.empties()
        );
        let mut job = Job {
            solver: &mut solver,
            limits: Limits {
                threads,
                max_nodes: a.max_nodes.unwrap_or(u64::MAX),
                time: a.time,
                ..Limits::default()
            },
            progress: &progress,
            label: &label,
        };
        let (s, moves) = match job.problem(p.board, a.all_moves) {
            Ok(r) => r,
            Err(SolveError::InvalidBoard(_)) => {
                bad += 1;
                println!(
                    "{name:>w$} | {:>7} | INVALID: a square holds a disc of both sides",
                    p.board.empties()
                );
                continue;
            }
            Err(e) => {
                stopped += 1;
                total_nodes += e.nodes();
                total_time += t0.elapsed();
                println!(
                    "{name:>w$} | {:>7} | stopped after {} nodes and {} (limit reached)",
                    p.board.empties(),
                    e.nodes(),
                    fmt_time(t0.elapsed()).trim_start()
                );
                continue;
            }
        };
        total_nodes += s.nodes;
        total_time += s.time;
        let want = p.best_score();
        let best_ok = want.is_none_or(|w| w == s.score);
        let pv: Vec<String> = s.pv.iter().take(12).map(ToString::to_string).collect();
        println!(
            "{name:>w$} | {:>7} | {:>+5} | {} | {:>13} | {:>11.0} | {}{}",
            p.board.empties(),
            s.score,
            fmt_time(s.time),
            s.nodes,
            s.nodes as f64 / s.time.as_secs_f64().max(1e-9),
            pv.join(" "),
            if best_ok {
                String::new()
            } else {
                format!("   MISMATCH: expected {:+}", want.unwrap_or(0))
            }
        );
        let mut moves_ok = true;
        if let Some(moves) = &moves {
            let (line, ok) = moves_line(p, moves);
            moves_ok = ok;
            println!("{:>w$} | moves: {line}", "");
        }
        if !(best_ok && moves_ok) {
            bad += 1;
        }
    }
    println!("{rule}");
    println!(
        "{} problems, {} nodes in {} ({:.1} M nodes/s), {} mismatch{}{}",
        problems.len(),
        total_nodes,
        fmt_time(total_time).trim_start(),
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

/// Every legal move with its exact score, best first.
type MoveScores = Vec<(Move, i32)>;

/// One problem's solve: the solver, its limits and the progress line.
struct Job<'a, 'b> {
    solver: &'a mut Solver,
    limits: Limits<'b>,
    progress: &'a Progress,
    label: &'a str,
}

impl Job<'_, '_> {
    /// Solves `board`; with `all_moves`, every legal move's score as well (a pass when there
    /// is none but the game goes on), the board's solution being the best of them. The limits
    /// count the whole problem.
    fn problem(
        &mut self,
        board: Board,
        all_moves: bool,
    ) -> Result<(Solution, Option<MoveScores>), SolveError> {
        let (solver, limits) = (&mut *self.solver, &self.limits);
        if !all_moves {
            let s = self
                .progress
                .during(self.label, || solver.solve(board, limits))?;
            return Ok((s, None));
        }
        let all = self
            .progress
            .during(self.label, || solver.solve_moves(board, limits))?;
        let scores = all.moves.iter().map(|m| (m.mv, m.score)).collect();
        Ok((all.solution(), Some(scores)))
    }
}

/// The `moves:` line (every move's score, best first; a move whose score differs from the
/// file's is marked) and whether every score the file lists matched.
fn moves_line(p: &Problem, moves: &[(Move, i32)]) -> (String, bool) {
    let mut ok = true;
    let mut parts: Vec<String> = moves
        .iter()
        .map(|&(m, score)| {
            let listed = p.scores.iter().find(|x| x.0 == m).map(|x| x.1);
            match listed {
                Some(want) if want != score => {
                    ok = false;
                    format!("{m} {score:+} MISMATCH (file {want:+})")
                }
                _ => format!("{m} {score:+}"),
            }
        })
        .collect();
    for &(m, want) in &p.scores {
        if !moves.iter().any(|x| x.0 == m) {
            ok = false;
            parts.push(format!("{m} MISMATCH (file {want:+}, not a legal move)"));
        }
    }
    if parts.is_empty() {
        parts.push("none (the game is over)".into());
    }
    (parts.join(", "), ok)
}
