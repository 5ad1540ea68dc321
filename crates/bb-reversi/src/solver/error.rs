//! Why a solve gives no result: a limit stopped it, or its input is not a position.

/// The search stopped early (stop flag, node limit or time limit); no score is known.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Interrupted {
    /// Nodes searched before stopping.
    pub nodes: u64,
}

impl core::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "search interrupted after {} nodes", self.nodes)
    }
}

impl core::error::Error for Interrupted {}

/// Why a [`Solver`](super::Solver) call gives no result.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum SolveError {
    /// A limit of [`Limits`](super::Limits) stopped the search.
    Interrupted(Interrupted),
    /// The board is not a position ([`Board::validate`](crate::Board::validate)'s error: a
    /// square holds a disc of both sides).
    InvalidBoard(crate::BoardError),
    /// The window of [`Solver::solve_window`](super::Solver::solve_window) is empty
    /// (`alpha >= beta`).
    EmptyWindow {
        /// The lower end given.
        alpha: i32,
        /// The upper end given.
        beta: i32,
    },
}

impl SolveError {
    /// Nodes searched before the error (0 for an input rejected before any search).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        match self {
            SolveError::Interrupted(i) => i.nodes,
            _ => 0,
        }
    }
}

impl From<Interrupted> for SolveError {
    fn from(e: Interrupted) -> Self {
        SolveError::Interrupted(e)
    }
}

impl core::fmt::Display for SolveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SolveError::Interrupted(i) => i.fmt(f),
            SolveError::InvalidBoard(e) => write!(f, "invalid board: {e}"),
            SolveError::EmptyWindow { alpha, beta } => {
                write!(f, "empty search window: alpha {alpha} >= beta {beta}")
            }
        }
    }
}

impl core::error::Error for SolveError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            SolveError::Interrupted(i) => Some(i),
            SolveError::InvalidBoard(e) => Some(e),
            _ => None,
        }
    }
}
