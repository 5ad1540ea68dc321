//! The solver's public calls: the exact score, a window, win/draw/loss, every move.

use super::*;
use crate::game::BoardExt as _;

impl Solver {
    /// Solves `board` exactly, on the best backend, reusing the table of earlier calls. From
    /// 12 empties this is a few null-window searches converging from a guess (see the
    /// [module documentation](crate::solver)); [`Solution::nodes`] counts them all.
    ///
    /// # Errors
    /// [`SolveError::Interrupted`] when a limit stopped the search,
    /// [`SolveError::InvalidBoard`] when a square holds a disc of both sides.
    pub fn solve(&mut self, board: Board, limits: &Limits<'_>) -> Result<Solution, SolveError> {
        self.solve_on(bb_simd::best_backend(), board, limits)
    }

    /// [`Solver::solve`] on a given backend (tests use this to cover every backend).
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_on(
        &mut self,
        backend: bb_simd::AnyBackend,
        board: Board,
        limits: &Limits<'_>,
    ) -> Result<Solution, SolveError> {
        self.start(board, limits)?;
        let (score, nodes) = self.exact(board, limits, backend)?;
        let pv = self.pv_of(board, score, backend);
        Ok(Solution {
            score,
            best: pv.first().copied(),
            pv,
            nodes,
            time: self.elapsed(),
        })
    }

    /// Searches `board` with the window (`alpha`, `beta`) (both excluded): the exact score
    /// when it lies strictly inside, otherwise a bound proving it is at most `alpha` or at
    /// least `beta` (fail-soft: the bound is often tighter than the window's end). This is the
    /// call an engine makes from its own alpha-beta search once few squares are empty; see
    /// [`Bound`] for the exact guarantees.
    ///
    /// ```
    /// use bb_reversi::Board;
    /// use bb_reversi::solver::{Bound, Limits, Solver};
    /// // FFO #1, 14 empties, X to move: the exact score is 18.
    /// let board: Board = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--"
    ///     .parse()
    ///     .unwrap();
    /// let mut solver = Solver::new(16);
    /// let lim = Limits::default();
    /// // Does X win by more than 10? Yes: the score is at least some v >= 12.
    /// let r = solver.solve_window(board, 10, 12, &lim).unwrap();
    /// assert!(matches!(r.bound, Bound::Lower(v) if v >= 12));
    /// // Inside the window the score is exact, with its principal variation.
    /// let r = solver.solve_window(board, 0, 64, &lim).unwrap();
    /// assert_eq!(r.bound, Bound::Exact(18));
    /// assert_eq!(r.pv[0].to_string(), "g8");
    /// ```
    ///
    /// # Errors
    /// As [`Solver::solve`], and [`SolveError::EmptyWindow`] when `alpha >= beta`.
    pub fn solve_window(
        &mut self,
        board: Board,
        alpha: i32,
        beta: i32,
        limits: &Limits<'_>,
    ) -> Result<WindowSolution, SolveError> {
        if alpha >= beta {
            return Err(SolveError::EmptyWindow { alpha, beta });
        }
        self.start(board, limits)?;
        let backend = bb_simd::best_backend();
        // Scores lie in -64..=64: a window reaching past them searches as if it ended there.
        let (a, b) = (alpha.clamp(-64, 63), beta.clamp(-63, 64));
        let (v, nodes) = self.run(board, a, b, limits, backend)?;
        let bound = Bound::from_search(v, a, b);
        let (best, pv) = self.proof_line(board, bound, backend);
        Ok(WindowSolution {
            bound,
            best,
            pv,
            nodes,
            time: self.elapsed(),
        })
    }

    /// Whether the player to move wins, draws or loses: a null-window search around 0, which
    /// visits far fewer nodes than the exact score.
    ///
    /// ```
    /// use bb_reversi::Board;
    /// use bb_reversi::solver::{Limits, Outcome, Solver};
    /// let board: Board = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--"
    ///     .parse()
    ///     .unwrap();
    /// let mut solver = Solver::new(16);
    /// let wld = solver.solve_wld(board, &Limits::default()).unwrap();
    /// assert_eq!(wld.outcome, Outcome::Win);
    /// // A winning move (the search proved it wins; it need not be the best one).
    /// let win = board.play_move(wld.best.unwrap()).unwrap();
    /// # use bb_reversi::game::BoardExt as _;
    /// assert_eq!(solver.solve_wld(win, &Limits::default()).unwrap().outcome, Outcome::Loss);
    /// ```
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_wld(
        &mut self,
        board: Board,
        limits: &Limits<'_>,
    ) -> Result<WldSolution, SolveError> {
        let w = self.solve_window(board, -1, 1, limits)?;
        // The window (-1, 1) holds only 0: every bound it returns decides the outcome.
        let outcome = w.bound.outcome().unwrap_or(Outcome::Draw);
        Ok(WldSolution {
            outcome,
            bound: w.bound,
            best: if outcome == Outcome::Loss {
                None
            } else {
                w.best
            },
            pv: w.pv,
            nodes: w.nodes,
            time: w.time,
        })
    }

    /// Every legal move's exact score, best first, with its principal variation. One table
    /// serves every move, and the moves are solved in the order that fills it best (the most
    /// promising first), so this costs far less than solving each move's position separately
    /// on a cleared table. The node and time limits count the whole call.
    ///
    /// ```
    /// use bb_reversi::obf::Problem;
    /// use bb_reversi::solver::{Limits, Solver};
    /// // FFO #1 with every move's score, as data/fforum-1-19.obf lists them.
    /// let p: Problem = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; \
    ///                   G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;"
    ///     .parse()
    ///     .unwrap();
    /// let mut solver = Solver::new(16);
    /// let all = solver.solve_moves(p.board, &Limits::default()).unwrap();
    /// assert_eq!(all.score, 18);
    /// assert_eq!(all.moves.len(), p.scores.len());
    /// for m in &all.moves {
    ///     let listed = p.scores.iter().find(|s| s.0 == m.mv).map(|s| s.1);
    ///     assert_eq!(listed, Some(m.score), "{}", m.mv);
    /// }
    /// ```
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_moves(
        &mut self,
        board: Board,
        limits: &Limits<'_>,
    ) -> Result<MovesSolution, SolveError> {
        self.start(board, limits)?;
        let backend = bb_simd::best_backend();
        let mut children: Vec<(Move, Board)> = if board.moves() != 0 {
            board
                .legal_moves()
                .filter_map(|s| Some((Move::Play(s), board.play(s)?)))
                .collect()
        } else if board.pass().moves() != 0 {
            alloc::vec![(Move::Pass, board.pass())]
        } else {
            Vec::new()
        };
        // Most promising first: fewest replies for the opponent (corners counted twice), so
        // the first solves fill the table with the positions the later ones meet.
        children.sort_by_key(|(_, c)| {
            let m = c.moves();
            m.count_ones() + (m & CORNERS).count_ones()
        });
        let mut nodes = 0u64;
        let mut moves = Vec::with_capacity(children.len());
        for (mv, child) in children {
            let lim = Limits {
                max_nodes: limits.max_nodes.saturating_sub(nodes),
                ..*limits
            };
            let (v, n) = self.exact(child, &lim, backend).map_err(|e| Interrupted {
                nodes: nodes + e.nodes,
            })?;
            nodes += n;
            let mut pv = alloc::vec![mv];
            pv.extend(self.pv_of(child, v, backend));
            moves.push(MoveScore { mv, score: -v, pv });
        }
        moves.sort_by_key(|m| core::cmp::Reverse(m.score));
        let score = moves
            .first()
            .map_or_else(|| board.final_score(), |m| m.score);
        Ok(MovesSolution {
            score,
            moves,
            nodes,
            time: self.elapsed(),
        })
    }

    /// The best move and principal variation as far as `bound` proves them.
    fn proof_line(
        &self,
        board: Board,
        bound: Bound,
        backend: bb_simd::AnyBackend,
    ) -> (Option<Move>, Vec<Move>) {
        match bound {
            Bound::Exact(v) => {
                let pv = self.pv_of(board, v, backend);
                (pv.first().copied(), pv)
            }
            Bound::Lower(v) => {
                let m = self.move_reaching(board, v, backend);
                (m, m.into_iter().collect())
            }
            Bound::Upper(_) => (None, Vec::new()),
        }
    }
}
