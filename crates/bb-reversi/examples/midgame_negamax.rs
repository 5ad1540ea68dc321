//! A small Othello engine's search, the way an engine author builds one on this crate: a
//! negamax alpha-beta with a simple evaluation (mobility and corners) in the midgame, which
//! hands over to the exact endgame solver ([`Solver::solve_window`]) once few squares are
//! empty. One [`Solver`] serves the whole game: its table keeps what earlier calls proved.
//!
//! ```sh
//! cargo run --release -p bb-reversi --example midgame_negamax
//! cargo run --release -p bb-reversi --example midgame_negamax -- 16 5   # solve at 16 empties, depth 5
//! ```
//!
//! It plays a game from a seeded random opening position with 24 empties against itself and
//! prints each move chosen, with the score and how it was found (evaluation or exact).

use bb_reversi::Board;
use bb_reversi::game::{BoardExt, Move};
use bb_reversi::solver::{Limits, Solver};
use std::time::Instant;

const CORNERS: u64 = 0x8100_0000_0000_0081;
/// Evaluations stay well inside ±1000; exact scores (±64) are scaled by 1000 to rank above them.
const EXACT: i32 = 1000;

/// Mobility and corners, for the player to move.
fn evaluate(b: Board) -> i32 {
    let (mine, theirs) = (b.moves(), b.pass().moves());
    let mobility = mine.count_ones() as i32 - theirs.count_ones() as i32;
    let corners = (b.p & CORNERS).count_ones() as i32 - (b.o & CORNERS).count_ones() as i32;
    4 * mobility + 25 * corners
}

struct Engine {
    solver: Solver,
    /// Empties at which the exact solver takes over.
    solve_at: u32,
    solved: u64,
}

impl Engine {
    /// Negamax alpha-beta (fail-soft) to `depth` plies, exact below `solve_at` empties.
    fn negamax(&mut self, b: Board, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        if b.empties() <= self.solve_at {
            return self.exact(b, alpha, beta);
        }
        if depth == 0 {
            return evaluate(b);
        }
        if b.moves() == 0 {
            if b.pass().moves() == 0 {
                return EXACT * b.final_score();
            }
            return -self.negamax(b.pass(), depth, -beta, -alpha);
        }
        let mut best = i32::MIN + 1;
        for sq in b.legal_moves() {
            let Some(child) = b.play(sq) else { continue };
            let v = -self.negamax(child, depth - 1, -beta, -alpha);
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The endgame: the solver's window is the caller's, in disc units. A bound outside the
    /// window is all alpha-beta needs (fail-soft, like the rest of the search).
    fn exact(&mut self, b: Board, alpha: i32, beta: i32) -> i32 {
        self.solved += 1;
        // Engine scores are EXACT x discs: the disc window strictly inside (alpha, beta).
        let lo = alpha.div_euclid(EXACT).clamp(-65, 64);
        let hi = beta
            .saturating_add(EXACT - 1)
            .div_euclid(EXACT)
            .clamp(-64, 65);
        let (lo, hi) = if lo < hi { (lo, hi) } else { (hi - 1, hi) };
        match self.solver.solve_window(b, lo, hi, &Limits::default()) {
            Ok(r) => EXACT * r.bound.value(),
            // Only a limit interrupts a solve, and none is set; the board comes from play.
            Err(e) => {
                eprintln!("solver: {e}");
                evaluate(b)
            }
        }
    }

    /// The best move at `depth` plies (root alpha-beta over the legal moves).
    fn choose(&mut self, b: Board, depth: u32) -> Option<(Move, i32)> {
        if b.moves() == 0 {
            if b.pass().moves() == 0 {
                return None;
            }
            return Some((
                Move::Pass,
                -self.negamax(b.pass(), depth, i32::MIN + 1, i32::MAX),
            ));
        }
        let mut best: Option<(Move, i32)> = None;
        let mut alpha = i32::MIN + 1;
        for sq in b.legal_moves() {
            let Some(child) = b.play(sq) else { continue };
            let v = -self.negamax(child, depth.saturating_sub(1), i32::MIN + 1, -alpha);
            if best.is_none_or(|x| v > x.1) {
                best = Some((Move::Play(sq), v));
                alpha = alpha.max(v);
            }
        }
        best
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let solve_at: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(14);
    let depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let mut start = Board::START;
    bb_reversi::workload::random_positions(2026, |b| {
        start = b;
        b.empties() > 24
    });
    let mut engine = Engine {
        solver: Solver::new(20),
        solve_at,
        solved: 0,
    };
    println!("{start}\nexact from {solve_at} empties, depth {depth}");
    let t0 = Instant::now();
    let mut b = start;
    while let Some((m, v)) = engine.choose(b, depth) {
        // A score found by the solver is exact: the root's window is open above the best so
        // far, and the first move's is open on both sides.
        let how = if v.abs() >= EXACT || b.empties() <= solve_at + 1 {
            format!("exact {:+}", v / EXACT)
        } else {
            format!("eval {v:+}")
        };
        println!("{:>2} empties: {m} ({how})", b.empties());
        let Some(next) = b.play_move(m) else { break };
        b = next;
    }
    println!(
        "final score {:+} for the side to move, {} solver calls, {:.2?}",
        b.final_score(),
        engine.solved,
        t0.elapsed()
    );
}
