//! Times the reusable solver's calls against the exact solve, each side alternating with the
//! other round by round, and prints the medians and their ratios:
//!
//! - `moves`: [`Solver::solve_moves`] against [`Solver::solve`] on FFO #20-#29, each from a
//!   cleared table;
//! - `wld`: [`Solver::solve_wld`] against [`Solver::solve`] on FFO #20-#39, each from a
//!   cleared table;
//! - `pv`: solving move after move along each FFO #20-#29 principal variation with one
//!   solver (its table kept) against the same positions each on a cleared table (the first
//!   position of each line is not counted).
//!
//! ```sh
//! cargo run --release -p bb-reversi --example solver_goals -- moves 11
//! cargo run --release -p bb-reversi --example solver_goals -- wld 3
//! cargo run --release -p bb-reversi --example solver_goals -- pv 11
//! ```

use bb_reversi::Board;
use bb_reversi::game::BoardExt;
use bb_reversi::obf::parse_file;
use bb_reversi::solver::{Limits, Solver};
use std::time::{Duration, Instant};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Wall time of `f` on a cleared table (the clearing is not timed).
fn timed(solver: &mut Solver, clear: bool, f: impl FnOnce(&mut Solver)) -> Duration {
    if clear {
        solver.clear();
    }
    let t0 = Instant::now();
    f(solver);
    t0.elapsed()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let goal = args.next().unwrap_or_else(|| "moves".into());
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(11);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/fforum-20-39.obf");
    let text = std::fs::read_to_string(path).expect("data/fforum-20-39.obf");
    let boards: Vec<Board> = parse_file(&text)
        .expect("OBF")
        .iter()
        .map(|p| p.board)
        .collect();
    let lim = Limits::default();
    let mut solver = Solver::new(21);
    // Per round: (base, other) seconds summed over the set.
    let mut base = Vec::new();
    let mut other = Vec::new();
    let set: &[Board] = if goal == "wld" {
        &boards
    } else {
        &boards[..10]
    };
    // The principal-variation lines (positions after the root's first move onwards).
    let lines: Vec<Vec<Board>> = if goal == "pv" {
        set.iter()
            .map(|&b| {
                let pv = solver.solve(b, &lim).expect("solve").pv;
                let mut v = vec![b];
                for m in pv {
                    let next = v.last().and_then(|x| x.play_move(m)).expect("PV move");
                    if next.is_game_over() {
                        break;
                    }
                    v.push(next);
                }
                v
            })
            .collect()
    } else {
        Vec::new()
    };
    for round in 0..rounds {
        let (mut a, mut b) = (0.0, 0.0);
        for (k, &board) in set.iter().enumerate() {
            // Alternate which side runs first.
            let order = if (round + k) % 2 == 0 { [0, 1] } else { [1, 0] };
            for side in order {
                let t = match (goal.as_str(), side) {
                    ("pv", 0) => {
                        let mut t = Duration::ZERO;
                        for &p in &lines[k][1..] {
                            t += timed(&mut solver, true, |s| {
                                s.solve(p, &lim).expect("solve");
                            });
                        }
                        t
                    }
                    ("pv", _) => {
                        solver.clear();
                        solver.solve(lines[k][0], &lim).expect("solve");
                        let mut t = Duration::ZERO;
                        for &p in &lines[k][1..] {
                            t += timed(&mut solver, false, |s| {
                                s.solve(p, &lim).expect("solve");
                            });
                        }
                        t
                    }
                    (_, 0) => timed(&mut solver, true, |s| {
                        s.solve(board, &lim).expect("solve");
                    }),
                    ("wld", _) => timed(&mut solver, true, |s| {
                        s.solve_wld(board, &lim).expect("wld");
                    }),
                    _ => timed(&mut solver, true, |s| {
                        s.solve_moves(board, &lim).expect("moves");
                    }),
                };
                if side == 0 {
                    a += t.as_secs_f64();
                } else {
                    b += t.as_secs_f64();
                }
            }
        }
        eprintln!(
            "round {round}: base {a:.3} s, {goal} {b:.3} s, ratio {:.3}",
            b / a
        );
        base.push(a);
        other.push(b);
    }
    let ratios: Vec<f64> = base.iter().zip(&other).map(|(a, b)| b / a).collect();
    let (mb, mo) = (median(base), median(other));
    println!(
        "{goal}: {rounds} rounds, base median {mb:.3} s, {goal} median {mo:.3} s, ratio of medians {:.3}, median ratio {:.3}",
        mo / mb,
        median(ratios)
    );
}
