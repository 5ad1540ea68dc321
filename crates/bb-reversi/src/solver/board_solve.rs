//! [`Board::solve`]: one exact solve without keeping a [`Solver`].

use super::*;

impl Board {
    /// The exact result of perfect play from here, on the best backend, one thread, with a
    /// fresh 2^20-entry (24 MiB) transposition table. For several problems, windows, limits
    /// or threads, keep a [`Solver`] instead.
    ///
    /// ```
    /// use bb_reversi::Board;
    /// // FFO #1, 14 empties, X to move: g8 wins by 18.
    /// let board: Board = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--"
    ///     .parse()
    ///     .unwrap();
    /// let sol = board.solve().unwrap();
    /// assert_eq!(sol.score, 18);
    /// assert_eq!(sol.best.unwrap().to_string(), "g8");
    /// ```
    ///
    /// # Errors
    /// [`SolveError::InvalidBoard`] when a square holds a disc of both sides (no limit can
    /// interrupt this solve).
    pub fn solve(self) -> Result<Solution, SolveError> {
        Solver::new(20).solve(self, &Limits::default())
    }
}
