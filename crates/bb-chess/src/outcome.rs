//! How a game ends: [`Outcome`] and [`Draw`], and the end-of-game tests on [`Position`]
//! (checkmate, stalemate, insufficient material, the fifty- and seventy-five-move rules).
//!
//! The rules are FIDE's Laws of Chess, split the way FIDE splits them:
//!
//! - **Automatic** ends, reported by [`Position::outcome`]: checkmate, stalemate, a dead
//!   position by insufficient material ([`Position::is_insufficient_material`]), and the
//!   seventy-five-move rule (150 plies without a capture or a pawn move).
//! - **Claimable** draws, reported by [`Position::outcome_with_claims`] on top of those: the
//!   fifty-move rule (100 plies). A match runner or an engine's search usually treats them as
//!   draws at once.
//!
//! Checkmate ends the game at once, so a mate given on the 100th or 150th ply without capture
//! or pawn move is a checkmate, not a draw (FIDE 9.6.2; cozy-chess's `status()` orders them
//! the same way). Repetition needs the game's history: see [`crate::game::Game`].
//!
//! ```
//! use bb_chess::{Color, Draw, Outcome, Position};
//!
//! // Fool's mate.
//! let pos = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")?;
//! assert!(pos.is_checkmate());
//! assert_eq!(pos.outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
//!
//! // King and bishop against king: no sequence of moves mates.
//! let pos = Position::from_fen("8/8/4k3/8/8/2B5/8/4K3 w - - 0 1")?;
//! assert_eq!(pos.outcome(), Some(Outcome::Draw(Draw::InsufficientMaterial)));
//! # Ok::<(), bb_chess::FenError>(())
//! ```

use crate::{Color, Piece, Position};
use bb_core::Bitboard;
use core::fmt;

/// The end of a game: a checkmate or a draw with its reason.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// The side to move is checkmated; `winner` is the other side.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// A draw, and by which rule.
    Draw(Draw),
}

impl Outcome {
    /// The winner, or `None` for a draw.
    ///
    /// ```
    /// use bb_chess::{Color, Draw, Outcome};
    /// assert_eq!(Outcome::Checkmate { winner: Color::White }.winner(), Some(Color::White));
    /// assert_eq!(Outcome::Draw(Draw::Stalemate).winner(), None);
    /// ```
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// Whether the game is drawn.
    ///
    /// ```
    /// use bb_chess::{Draw, Outcome};
    /// assert!(Outcome::Draw(Draw::Stalemate).is_draw());
    /// ```
    #[must_use]
    pub const fn is_draw(self) -> bool {
        matches!(self, Outcome::Draw(_))
    }

    /// The result as PGN writes it: `1-0`, `0-1` or `1/2-1/2`.
    ///
    /// ```
    /// use bb_chess::{Color, Draw, Outcome};
    /// assert_eq!(Outcome::Checkmate { winner: Color::Black }.as_pgn(), "0-1");
    /// assert_eq!(Outcome::Draw(Draw::FiftyMoves).as_pgn(), "1/2-1/2");
    /// ```
    #[must_use]
    pub const fn as_pgn(self) -> &'static str {
        match self {
            Outcome::Checkmate {
                winner: Color::White,
            } => "1-0",
            Outcome::Checkmate {
                winner: Color::Black,
            } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    /// The PGN result followed by the reason, e.g. `1/2-1/2 (stalemate)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { .. } => write!(f, "{} (checkmate)", self.as_pgn()),
            Outcome::Draw(d) => write!(f, "{} ({d})", self.as_pgn()),
        }
    }
}

/// Why a game is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Draw {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever mate ([`Position::is_insufficient_material`]).
    InsufficientMaterial,
    /// 100 plies without a capture or a pawn move (claimable).
    FiftyMoves,
    /// 150 plies without a capture or a pawn move (automatic).
    SeventyFiveMoves,
    /// The position occurred for the third time (claimable).
    ThreefoldRepetition,
    /// The position occurred for the fifth time (automatic).
    FivefoldRepetition,
}

impl Draw {
    /// Whether the draw ends the game by itself (FIDE), rather than on a player's claim.
    ///
    /// ```
    /// use bb_chess::Draw;
    /// assert!(Draw::FivefoldRepetition.is_automatic());
    /// assert!(!Draw::ThreefoldRepetition.is_automatic());
    /// ```
    #[must_use]
    pub const fn is_automatic(self) -> bool {
        !matches!(self, Draw::FiftyMoves | Draw::ThreefoldRepetition)
    }
}

impl fmt::Display for Draw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Draw::Stalemate => "stalemate",
            Draw::InsufficientMaterial => "insufficient material",
            Draw::FiftyMoves => "fifty-move rule",
            Draw::SeventyFiveMoves => "seventy-five-move rule",
            Draw::ThreefoldRepetition => "threefold repetition",
            Draw::FivefoldRepetition => "fivefold repetition",
        })
    }
}

/// Squares of the colour of a1.
const DARK_SQUARES: u64 = 0xaa55_aa55_aa55_aa55;

impl Position {
    /// Whether the side to move has a legal move (counted without building a list).
    fn has_legal_move(&self) -> bool {
        self.count_legal() != 0
    }

    /// Whether the side to move is checkmated.
    ///
    /// ```
    /// use bb_chess::Position;
    /// let pos = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    /// assert!(pos.is_checkmate());
    /// ```
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_move()
    }

    /// Whether the side to move has no legal move and is not in check.
    ///
    /// ```
    /// use bb_chess::Position;
    /// let pos = Position::from_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    /// assert!(pos.is_stalemate());
    /// ```
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && !self.has_legal_move()
    }

    /// Whether `color` can never mate, whatever both sides play, judging by the material
    /// alone (which pieces and which colour complex the bishops stand on, not where):
    ///
    /// - a pawn, rook or queen always suffices;
    /// - a knight suffices if `color` has anything else besides its king, or if the opponent
    ///   has a pawn, knight, bishop or rook (a piece that can block its own king's flight, so
    ///   that a lone knight mates, as in K+N against K+P);
    /// - bishops suffice if the bishops on the board (both sides') stand on both colours, or if
    ///   the opponent has a pawn or a knight;
    /// - a bare king never does.
    ///
    /// This is shakmaty's `has_insufficient_material` rule, which the tests use as the oracle.
    ///
    /// ```
    /// use bb_chess::{Color, Position};
    /// // K+N against K+P: the knight can mate (the pawn blocks its own king).
    /// let pos = Position::from_fen("7k/7p/8/8/8/8/3N4/4K3 w - - 0 1").unwrap();
    /// assert!(!pos.has_insufficient_material(Color::White));
    /// // K+N against K+Q: the queen cannot help, so the knight never mates.
    /// let pos = Position::from_fen("7k/7q/8/8/8/8/3N4/4K3 w - - 0 1").unwrap();
    /// assert!(pos.has_insufficient_material(Color::White));
    /// ```
    #[must_use]
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.color(color);
        let theirs = self.color(color.opponent());
        let heavy = self.kind(Piece::Pawn) | self.kind(Piece::Rook) | self.kind(Piece::Queen);
        if !(ours & heavy).is_empty() {
            return false;
        }
        if !(ours & self.kind(Piece::Knight)).is_empty() {
            // King and one knight, against a king with nothing but queens.
            let helpers = theirs & !(self.kind(Piece::King) | self.kind(Piece::Queen));
            return ours.count() == 2 && helpers.is_empty();
        }
        let bishops = self.kind(Piece::Bishop);
        if !(ours & bishops).is_empty() {
            let one_colour = (bishops & DARK_SQUARES).is_empty()
                || (bishops & !Bitboard(DARK_SQUARES)).is_empty();
            let helpers = theirs & (self.kind(Piece::Pawn) | self.kind(Piece::Knight));
            return one_colour && helpers.is_empty();
        }
        true
    }

    /// Whether neither side can ever mate ([`Position::has_insufficient_material`] for both):
    /// K against K, K+N against K, K and any bishops on one colour against K and any bishops on
    /// that colour. K+N+N against K is not (a mate exists, though it cannot be forced), nor
    /// is K+N against K+N.
    ///
    /// ```
    /// use bb_chess::Position;
    /// let same = Position::from_fen("4k3/8/3b4/8/8/2B5/8/4K3 w - - 0 1").unwrap();
    /// assert!(same.is_insufficient_material()); // c3 and d6: both dark squares
    /// let opposite = Position::from_fen("4k3/8/4b3/8/8/2B5/8/4K3 w - - 0 1").unwrap();
    /// assert!(!opposite.is_insufficient_material());
    /// ```
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }

    /// Whether the fifty-move rule lets the side to move claim a draw: at least 100 plies
    /// without a capture or a pawn move ([`Position::halfmove_clock`]), and the side to move
    /// not checkmated (a mate given on the 100th ply stands).
    ///
    /// ```
    /// use bb_chess::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 100 80").unwrap();
    /// assert!(pos.is_fifty_move_draw());
    /// ```
    #[must_use]
    pub fn is_fifty_move_draw(&self) -> bool {
        self.halfmove_clock() >= 100 && !self.is_checkmate()
    }

    /// Whether the seventy-five-move rule ends the game: at least 150 plies without a capture
    /// or a pawn move, and the side to move not checkmated.
    ///
    /// ```
    /// use bb_chess::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 150 110").unwrap();
    /// assert!(pos.is_seventy_five_move_draw());
    /// ```
    #[must_use]
    pub fn is_seventy_five_move_draw(&self) -> bool {
        self.halfmove_clock() >= 150 && !self.is_checkmate()
    }

    /// How the game ends in this position by the rules alone, without a claim and without
    /// history: checkmate, stalemate, insufficient material or the seventy-five-move rule, in
    /// that order of precedence; `None` while the game goes on.
    ///
    /// The cost is one bulk count of the legal moves (no list, no allocation) plus a few
    /// bitboard operations.
    ///
    /// ```
    /// use bb_chess::{Draw, Outcome, Position};
    /// // An engine loop: play until the game ends.
    /// let mut pos = Position::startpos();
    /// let outcome = loop {
    ///     if let Some(o) = pos.outcome_with_claims() {
    ///         break o;
    ///     }
    ///     let moves = pos.legal_moves();
    ///     pos = pos.play(moves[0]); // a real engine searches here
    /// };
    /// println!("{outcome}");
    /// # assert!(pos.outcome_with_claims().is_some());
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_move() {
            return Some(if self.in_check() {
                Outcome::Checkmate {
                    winner: self.side_to_move().opponent(),
                }
            } else {
                Outcome::Draw(Draw::Stalemate)
            });
        }
        if self.is_insufficient_material() {
            return Some(Outcome::Draw(Draw::InsufficientMaterial));
        }
        if self.halfmove_clock() >= 150 {
            return Some(Outcome::Draw(Draw::SeventyFiveMoves));
        }
        None
    }

    /// [`Position::outcome`], or a draw by the fifty-move rule when it can be claimed: the
    /// end of the game when every claimable draw is claimed, as engines and match runners
    /// score it.
    ///
    /// ```
    /// use bb_chess::{Draw, Outcome, Position};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 120 90").unwrap();
    /// assert_eq!(pos.outcome(), None);
    /// assert_eq!(pos.outcome_with_claims(), Some(Outcome::Draw(Draw::FiftyMoves)));
    /// ```
    #[must_use]
    pub fn outcome_with_claims(&self) -> Option<Outcome> {
        match self.outcome() {
            None if self.halfmove_clock() >= 100 => Some(Outcome::Draw(Draw::FiftyMoves)),
            o => o,
        }
    }
}
