//! What the solver returns: exact scores, bounds from a window, win/draw/loss, every move's
//! score.

use crate::game::Move;
use alloc::vec::Vec;

/// The result of an exact solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Exact final disc difference for the player to move (empties to the winner).
    pub score: i32,
    /// A best move (`None` when the game is over; `Some(Move::Pass)` when the player must pass).
    pub best: Option<Move>,
    /// A principal variation, passes included, to the end of the game.
    pub pv: Vec<Move>,
    /// Nodes searched (the PV reconstruction is not counted).
    pub nodes: u64,
    /// Wall time (zero without the `std` feature).
    pub time: core::time::Duration,
}

/// What a windowed search proved about the exact score `s` of a position (final disc
/// difference for the player to move).
///
/// The search is fail-soft: for a window (`alpha`, `beta`), a score strictly inside the
/// window comes back [`Bound::Exact`]; otherwise the bound is at or beyond the window's end
/// it failed on, and often tighter than that end. A bound that pins the score to -64 or 64
/// is reported as exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// `s == v`.
    Exact(i32),
    /// `s >= v`, with `v >= beta` (the search failed high).
    Lower(i32),
    /// `s <= v`, with `v <= alpha` (the search failed low).
    Upper(i32),
}

impl Bound {
    /// Classifies a fail-soft value `v` of a search with window (`alpha`, `beta`).
    pub(super) fn from_search(v: i32, alpha: i32, beta: i32) -> Bound {
        if v <= alpha && v > -64 {
            Bound::Upper(v)
        } else if v >= beta && v < 64 {
            Bound::Lower(v)
        } else {
            Bound::Exact(v)
        }
    }

    /// The value of the bound (the score itself when exact).
    #[must_use]
    pub fn value(self) -> i32 {
        match self {
            Bound::Exact(v) | Bound::Lower(v) | Bound::Upper(v) => v,
        }
    }

    /// The exact score, when known.
    #[must_use]
    pub fn exact(self) -> Option<i32> {
        match self {
            Bound::Exact(v) => Some(v),
            _ => None,
        }
    }

    /// Whether an exact score `s` agrees with the bound.
    #[must_use]
    pub fn admits(self, s: i32) -> bool {
        match self {
            Bound::Exact(v) => s == v,
            Bound::Lower(v) => s >= v,
            Bound::Upper(v) => s <= v,
        }
    }

    /// The game's outcome for the player to move, when the bound decides it.
    #[must_use]
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            Bound::Exact(v) => Some(Outcome::of_score(v)),
            Bound::Lower(v) if v > 0 => Some(Outcome::Win),
            Bound::Upper(v) if v < 0 => Some(Outcome::Loss),
            _ => None,
        }
    }
}

/// The result of [`Solver::solve_window`](super::Solver::solve_window).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowSolution {
    /// What the search proved about the score.
    pub bound: Bound,
    /// A move reaching the bound: a best move when exact, a move scoring at least the bound
    /// when [`Bound::Lower`]; `None` when [`Bound::Upper`] (no move is better than the bound,
    /// none is singled out) or when the game is over. `Some(Move::Pass)` when the player must
    /// pass.
    pub best: Option<Move>,
    /// The principal variation as far as the search proved it: to the end of the game when
    /// exact, the move of `best` alone when a lower bound, empty when an upper bound.
    pub pv: Vec<Move>,
    /// Nodes searched (the PV reconstruction is not counted).
    pub nodes: u64,
    /// Wall time (zero without the `std` feature).
    pub time: core::time::Duration,
}

/// A game's result for the player to move under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// The player to move loses.
    Loss,
    /// Neither side wins.
    Draw,
    /// The player to move wins.
    Win,
}

impl Outcome {
    /// The outcome of an exact score.
    #[must_use]
    pub fn of_score(score: i32) -> Outcome {
        match score {
            ..0 => Outcome::Loss,
            0 => Outcome::Draw,
            _ => Outcome::Win,
        }
    }
}

/// The result of [`Solver::solve_wld`](super::Solver::solve_wld).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WldSolution {
    /// Win, draw or loss for the player to move.
    pub outcome: Outcome,
    /// What the search proved about the score: [`Bound::Lower`] of at least 2 for a win,
    /// [`Bound::Exact`]`(0)` for a draw, [`Bound::Upper`] of at most -2 for a loss (or exact
    /// when the score is known anyway).
    pub bound: Bound,
    /// A move keeping the outcome (a winning move when winning, a drawing move when drawing);
    /// `None` when losing or when the game is over.
    pub best: Option<Move>,
    /// The principal variation as far as proved: to the end of the game for a draw, the
    /// move of `best` for a win, empty for a loss.
    pub pv: Vec<Move>,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time (zero without the `std` feature).
    pub time: core::time::Duration,
}

/// One legal move and its exact score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveScore {
    /// The move (`Move::Pass` when the player must pass).
    pub mv: Move,
    /// Exact final disc difference for the player to move after playing `mv` under perfect
    /// play.
    pub score: i32,
    /// A principal variation starting with `mv`, to the end of the game.
    pub pv: Vec<Move>,
}

/// The result of [`Solver::solve_moves`](super::Solver::solve_moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesSolution {
    /// The board's exact score: the best move's, or the final score when the game is over.
    pub score: i32,
    /// Every legal move with its exact score, best first (a pass alone when the player must
    /// pass; empty when the game is over).
    pub moves: Vec<MoveScore>,
    /// Nodes searched (the PV reconstructions are not counted).
    pub nodes: u64,
    /// Wall time (zero without the `std` feature).
    pub time: core::time::Duration,
}

impl MovesSolution {
    /// The board's exact solution: the best move, its score and principal variation.
    #[must_use]
    pub fn solution(&self) -> Solution {
        let first = self.moves.first();
        Solution {
            score: self.score,
            best: first.map(|m| m.mv),
            pv: first.map(|m| m.pv.clone()).unwrap_or_default(),
            nodes: self.nodes,
            time: self.time,
        }
    }
}
