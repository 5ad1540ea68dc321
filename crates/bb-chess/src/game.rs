//! [`Game`]: a position with the history that repetition needs, undo, and the outcome of the
//! game including repetition draws.
//!
//! Two positions are the same for repetition when FIDE says so (Laws 9.2.3): the same side to
//! move, the same pieces on the same squares, the same castling rights and the same en-passant
//! capture possibility. The position's Zobrist key ([`Position::key`]) holds all of these, except
//! that it counts an en-passant square as capturable when a pawn attacks it even if the
//! capture is illegal (the pawn is pinned, or the capture uncovers a check along the rank).
//! `Game` removes that square from the key it compares, so that a position right after a double
//! push whose en-passant capture is illegal repeats with the same position without the
//! square, as FIDE counts it. Comparing keys means two different positions with equal 64-bit
//! keys would count as one; the chance in a game is negligible.
//!
//! Repetition only looks back to the last capture or pawn move (the halfmove clock), since
//! no position before it can come back, and only at every second ply (the same side to move).
//!
//! ```
//! use bb_chess::{Draw, Game, Move, Outcome};
//!
//! let mut game = Game::startpos();
//! for uci in ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(2) {
//!     game.play_uci(uci)?;
//! }
//! // The start position stands for the third time: a draw can be claimed.
//! assert_eq!(game.repetitions(), 3);
//! assert!(game.is_threefold_repetition());
//! assert_eq!(game.outcome(), None); // not automatic before the fifth time
//! assert_eq!(game.outcome_with_claims(), Some(Outcome::Draw(Draw::ThreefoldRepetition)));
//! # Ok::<(), bb_chess::UciError>(())
//! ```

use crate::position::zobrist;
use crate::{Color, Draw, IllegalMove, Move, MoveKind, Outcome, Piece, Position, UciError};
use alloc::vec::Vec;
use bb_core::attacks;

/// A game: the start position, the moves played, and every position since, for undo and for
/// repetition.
///
/// [`Game::play`] trusts the caller that the move is legal, as [`Position::play`] does;
/// [`Game::try_play`] and [`Game::play_uci`] check it.
///
/// ```
/// use bb_chess::{Game, Move, Position};
/// // What a UCI engine does with "position startpos moves e2e4 e7e5".
/// let mut game = Game::new(Position::startpos());
/// for uci in "e2e4 e7e5".split_whitespace() {
///     game.play_uci(uci).unwrap();
/// }
/// assert_eq!(game.moves().len(), 2);
/// assert_eq!(game.position().fullmove_number(), 2);
/// // In the search, a position that repeats one of the game is scored as a draw.
/// assert!(!game.is_repetition(2));
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    current: Position,
    /// The repetition key of `current` (see [`repetition_key`]).
    current_key: u64,
    /// `positions[i]` is the position before `moves[i]`; `keys[i]` its repetition key.
    positions: Vec<Position>,
    keys: Vec<u64>,
    moves: Vec<Move>,
}

/// `pos.key()`, without the en-passant square when the key holds it but no legal move
/// captures en passant (see the module documentation).
fn repetition_key(pos: &Position) -> u64 {
    let key = pos.key();
    let Some(ep) = pos.ep_square() else {
        return key;
    };
    let us = pos.side_to_move();
    // The key holds the square exactly when a pawn of the side to move attacks it.
    let attackers = attacks::PAWN[us.opponent().index()][ep.index()];
    if attackers & pos.pieces(us, Piece::Pawn).0 == 0 {
        return key;
    }
    let legal = pos.legal_moves();
    if legal.iter().any(|m| m.kind() == MoveKind::EnPassant) {
        key
    } else {
        key ^ zobrist::EP_FILE[ep.file().index()]
    }
}

impl Game {
    /// A game that starts from `start` (whose history is unknown: repetition counts only the
    /// positions from `start` on).
    ///
    /// ```
    /// use bb_chess::{Game, Position};
    /// let start = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// let game = Game::new(start);
    /// assert_eq!(game.start(), &start);
    /// assert_eq!(game.position(), &start);
    /// ```
    #[must_use]
    pub fn new(start: Position) -> Game {
        Game {
            current: start,
            current_key: repetition_key(&start),
            positions: Vec::new(),
            keys: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// A game from the standard starting position.
    #[must_use]
    pub fn startpos() -> Game {
        Game::new(Position::startpos())
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        self.positions.first().unwrap_or(&self.current)
    }

    /// The side to move in the current position.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.current.side_to_move()
    }

    /// The moves played, first to last.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `mv`, which must be legal in the current position (from
    /// [`Position::legal_moves`], a checked parse, or a checked hash move): an illegal move
    /// gives an unspecified but memory-safe position, as with [`Position::play`]. Use
    /// [`Game::try_play`] for a move of unknown origin.
    ///
    /// ```
    /// use bb_chess::Game;
    /// let mut game = Game::startpos();
    /// let mv = game.position().legal_moves()[0];
    /// game.play(mv);
    /// assert_eq!(game.moves(), &[mv]);
    /// ```
    pub fn play(&mut self, mv: Move) {
        let next = self.current.play(mv);
        self.positions.push(self.current);
        self.keys.push(self.current_key);
        self.moves.push(mv);
        self.current_key = repetition_key(&next);
        self.current = next;
    }

    /// Plays `mv` if it is legal in the current position; otherwise changes nothing.
    ///
    /// # Errors
    /// [`IllegalMove`] when [`Position::is_legal`] refuses `mv` (any 16-bit value is checked
    /// without generating the move list).
    ///
    /// ```
    /// use bb_chess::{Game, Move, MoveKind, Square};
    /// let mut game = Game::startpos();
    /// assert!(game.try_play(Move::new(Square::E2, Square::E5, MoveKind::Normal)).is_err());
    /// assert!(game.try_play(Move::new(Square::E2, Square::E4, MoveKind::Normal)).is_ok());
    /// assert_eq!(game.moves().len(), 1);
    /// ```
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.current.is_legal(mv) {
            self.play(mv);
            Ok(())
        } else {
            Err(IllegalMove(mv))
        }
    }

    /// Parses a UCI move (either castling convention, see [`Move::parse_uci`]) in the current
    /// position and plays it.
    ///
    /// # Errors
    /// [`UciError`] when the text is not a move or the move is not legal; nothing is played.
    ///
    /// ```
    /// use bb_chess::Game;
    /// let mut game = Game::startpos();
    /// assert!(game.play_uci("e2e4").is_ok());
    /// assert!(game.play_uci("e2e4").is_err()); // no white pawn there, and black moves
    /// ```
    pub fn play_uci(&mut self, uci: &str) -> Result<Move, UciError> {
        let mv = Move::parse_uci(&self.current, uci)?;
        self.play(mv);
        Ok(mv)
    }

    /// Takes back the last move and returns it; `None` at the start position.
    ///
    /// ```
    /// use bb_chess::{Game, Position};
    /// let mut game = Game::startpos();
    /// let mv = game.play_uci("g1f3").unwrap();
    /// assert_eq!(game.undo(), Some(mv));
    /// assert_eq!(game.position(), &Position::startpos());
    /// assert_eq!(game.undo(), None);
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        if let (Some(pos), Some(key)) = (self.positions.pop(), self.keys.pop()) {
            self.current = pos;
            self.current_key = key;
        }
        Some(mv)
    }

    /// How many times the current position has occurred in the game, this time included
    /// (1 for a position not seen before).
    ///
    /// ```
    /// use bb_chess::Game;
    /// let mut game = Game::startpos();
    /// assert_eq!(game.repetitions(), 1);
    /// for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     game.play_uci(uci).unwrap();
    /// }
    /// assert_eq!(game.repetitions(), 2);
    /// ```
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let n = self.keys.len();
        // No position before the last capture or pawn move can come back.
        let reach = usize::from(self.current.halfmove_clock()).min(n);
        let earlier = self.keys.get(n - reach..).unwrap_or(&[]);
        // Walk back from two plies ago, every second ply: the same side to move.
        let same = earlier
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&k| k == self.current_key)
            .count();
        same + 1
    }

    /// Whether the current position has occurred at least `n` times, this time included.
    /// `is_repetition(2)` is what a search usually scores as a draw.
    ///
    /// ```
    /// use bb_chess::Game;
    /// let mut game = Game::startpos();
    /// for uci in ["b1c3", "b8c6", "c3b1", "c6b8"] {
    ///     game.play_uci(uci).unwrap();
    /// }
    /// assert!(game.is_repetition(2));
    /// assert!(!game.is_repetition(3));
    /// ```
    #[must_use]
    pub fn is_repetition(&self, n: usize) -> bool {
        self.repetitions() >= n
    }

    /// Whether the current position has occurred at least three times: a draw can be claimed
    /// (FIDE 9.2).
    ///
    /// ```
    /// use bb_chess::Game;
    /// let mut game = Game::startpos();
    /// for uci in ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(2) {
    ///     game.play_uci(uci).unwrap();
    /// }
    /// assert!(game.is_threefold_repetition());
    /// ```
    #[must_use]
    pub fn is_threefold_repetition(&self) -> bool {
        self.is_repetition(3)
    }

    /// Whether the current position has occurred at least five times: the game is drawn
    /// (FIDE 9.6.1).
    ///
    /// ```
    /// use bb_chess::Game;
    /// let mut game = Game::startpos();
    /// for uci in ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(4) {
    ///     game.play_uci(uci).unwrap();
    /// }
    /// assert!(game.is_fivefold_repetition());
    /// ```
    #[must_use]
    pub fn is_fivefold_repetition(&self) -> bool {
        self.is_repetition(5)
    }

    /// How the game has ended by the rules alone, without a claim: [`Position::outcome`]
    /// (checkmate, stalemate, insufficient material, seventy-five-move rule), then fivefold
    /// repetition; `None` while the game goes on.
    ///
    /// ```
    /// use bb_chess::{Color, Game, Outcome};
    /// let mut game = Game::startpos();
    /// for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
    ///     game.play_uci(uci).unwrap();
    /// }
    /// assert_eq!(game.outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.current.outcome().or_else(|| {
            self.is_fivefold_repetition()
                .then_some(Outcome::Draw(Draw::FivefoldRepetition))
        })
    }

    /// The draw the side to move can claim now, if the game is not over: threefold repetition
    /// first, then the fifty-move rule. Claims for a move about to be played (FIDE 9.2.1.1,
    /// 9.3.1) are left to the caller: play the move, then ask.
    ///
    /// ```
    /// use bb_chess::{Draw, Game, Position};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap();
    /// let mut game = Game::new(pos);
    /// assert_eq!(game.claimable_draw(), None);
    /// game.play_uci("a1a2").unwrap();
    /// assert_eq!(game.claimable_draw(), Some(Draw::FiftyMoves));
    /// assert!(game.can_claim_draw());
    /// ```
    #[must_use]
    pub fn claimable_draw(&self) -> Option<Draw> {
        if self.outcome().is_some() {
            None
        } else if self.is_threefold_repetition() {
            Some(Draw::ThreefoldRepetition)
        } else if self.current.halfmove_clock() >= 100 {
            Some(Draw::FiftyMoves)
        } else {
            None
        }
    }

    /// Whether the side to move can claim a draw now ([`Game::claimable_draw`]).
    #[must_use]
    pub fn can_claim_draw(&self) -> bool {
        self.claimable_draw().is_some()
    }

    /// [`Game::outcome`], or else the claimable draw: the end of the game when every draw is
    /// claimed as soon as it can be, as engines and match runners score games.
    ///
    /// ```
    /// use bb_chess::{Game, Outcome};
    /// // Self-play: stop at the end of the game, claims included.
    /// let mut game = Game::startpos();
    /// while game.outcome_with_claims().is_none() {
    ///     let moves = game.position().legal_moves();
    ///     let mv = moves[game.moves().len() % moves.len()]; // a real engine searches here
    ///     game.play(mv);
    /// }
    /// let outcome: Outcome = game.outcome_with_claims().unwrap();
    /// println!("{} after {} plies", outcome, game.moves().len());
    /// ```
    #[must_use]
    pub fn outcome_with_claims(&self) -> Option<Outcome> {
        self.outcome()
            .or_else(|| self.claimable_draw().map(Outcome::Draw))
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::startpos()
    }
}

impl From<Position> for Game {
    fn from(start: Position) -> Game {
        Game::new(start)
    }
}
