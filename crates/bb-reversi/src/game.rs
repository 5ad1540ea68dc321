//! The game layer: moves (including the pass), legal-move iteration, final score, a [`Game`]
//! with history and undo, and move-list parsing (`f5d6c3...`) with typed errors.
//!
//! Coordinates are `a1`..`h8` (either case); a pass is written `ps` (also accepted: `pass`,
//! `PS`, `--`). The side that moves first from [`Board::START`] is black (`X`).
//!
//! ```
//! use bb_reversi::game::{Game, Move};
//! let mut g: Game = "f5d6c3d3c4".parse().unwrap();
//! assert_eq!(g.len(), 5);
//! assert!(!g.black_to_move());
//! assert_eq!(g.undo(), Some(Move::Play("c4".parse().unwrap())));
//! assert_eq!(g.to_string(), "f5d6c3d3");
//! ```

use crate::{Board, BoardError};
use bb_core::Square;
use core::fmt;

/// A move: a disc on a square, or a pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// Put a disc on this square.
    Play(Square),
    /// Pass (only legal when the side to move has no move and the game is not over).
    Pass,
}

impl fmt::Display for Move {
    /// `a1`..`h8`, or `ps` for a pass.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(sq) => write!(f, "{sq}"),
            Move::Pass => f.write_str("ps"),
        }
    }
}

/// Why a move string did not parse.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ParseMoveError {
    /// The text is not a coordinate (`a1`..`h8`) nor a pass (`ps`, `pass`, `--`).
    Invalid,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a move: expected a1..h8, ps or pass")
    }
}

impl core::error::Error for ParseMoveError {}

/// Parses the two characters of a coordinate (file letter in either case, rank digit).
pub(crate) fn square_from_chars(f: u8, r: u8) -> Option<Square> {
    let f = f.to_ascii_lowercase();
    if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&r) {
        return None;
    }
    Square::new((r - b'1') * 8 + (f - b'a'))
}

impl core::str::FromStr for Move {
    type Err = ParseMoveError;

    /// ```
    /// use bb_reversi::game::Move;
    /// assert_eq!("E6".parse::<Move>().unwrap().to_string(), "e6");
    /// assert_eq!("pass".parse::<Move>(), Ok(Move::Pass));
    /// assert!("i9".parse::<Move>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let b = s.as_bytes();
        if s.eq_ignore_ascii_case("ps") || s.eq_ignore_ascii_case("pass") || s == "--" {
            return Ok(Move::Pass);
        }
        match b {
            [f, r] => square_from_chars(*f, *r)
                .map(Move::Play)
                .ok_or(ParseMoveError::Invalid),
            _ => Err(ParseMoveError::Invalid),
        }
    }
}

/// Iterator over the squares of a bitboard, a1 first (bb-core's LS1B iterator).
///
/// ```
/// use bb_reversi::{Board, game::{Squares, BoardExt}};
/// let v: Vec<String> = Board::START.legal_moves().map(|s| s.to_string()).collect();
/// assert_eq!(v, ["d3", "c4", "f5", "e6"]);
/// ```
pub type Squares = bb_core::BitboardIter;

/// Game-level additions to [`Board`] (kept in this module so `board.rs` stays minimal).
pub trait BoardExt: Sized {
    /// The legal moves of the player to move, as squares.
    fn legal_moves(self) -> Squares;
    /// Plays a [`Move`]; `None` when it is illegal (a pass is legal only when the player has
    /// no move and the opponent has one).
    fn play_move(self, m: Move) -> Option<Self>;
    /// Number of empty squares.
    fn empties(self) -> u32;
    /// Disc difference (player to move minus opponent), ignoring empties.
    fn disc_diff(self) -> i32;
    /// Final score of a finished game for the player to move: the disc difference with the
    /// empty squares given to the winner (none on a draw).
    ///
    /// ```
    /// use bb_reversi::{Board, game::BoardExt};
    /// let b = Board { p: 0xff, o: 0xff00 }; // 8 v 8, 48 empties: draw
    /// assert_eq!(b.final_score(), 0);
    /// let b = Board { p: 0x1ff, o: 0xfe00 };
    /// assert_eq!(b.final_score(), 2 + 48); // 9 v 7, the winner gets the 48 empties
    /// assert_eq!(b.pass().final_score(), -50);
    /// ```
    fn final_score(self) -> i32;
}

impl BoardExt for Board {
    #[inline]
    fn legal_moves(self) -> Squares {
        bb_core::Bitboard(self.moves()).into_iter()
    }
    fn play_move(self, m: Move) -> Option<Board> {
        match m {
            Move::Play(sq) => self.play(sq),
            Move::Pass => (self.moves() == 0 && self.pass().moves() != 0).then_some(self.pass()),
        }
    }
    #[inline]
    fn empties(self) -> u32 {
        (!(self.p | self.o)).count_ones()
    }
    #[inline]
    fn disc_diff(self) -> i32 {
        self.p.count_ones() as i32 - self.o.count_ones() as i32
    }
    #[inline]
    fn final_score(self) -> i32 {
        final_score(self.p, self.o)
    }
}

/// [`BoardExt::final_score`] on raw bitboards.
#[inline(always)]
#[must_use]
pub const fn final_score(p: u64, o: u64) -> i32 {
    let np = p.count_ones() as i32;
    let no = o.count_ones() as i32;
    let e = 64 - np - no;
    let d = np - no;
    if d > 0 {
        d + e
    } else if d < 0 {
        d - e
    } else {
        0
    }
}

/// Maximum number of plies in a game: at most 60 moves, and a pass is always followed by a move.
pub const MAX_PLIES: usize = 128;

/// A game: a start position, the moves played and the current position, with undo. No
/// allocation (the history is a fixed array of [`MAX_PLIES`]).
#[derive(Clone, Debug)]
pub struct Game {
    start: Board,
    start_black: bool,
    boards: [Board; MAX_PLIES + 1],
    moves: [Move; MAX_PLIES],
    len: usize,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

/// Why a move was rejected by [`Game::play`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayError {
    /// The square is occupied or flips nothing.
    Illegal(Square),
    /// A pass while the player has a move.
    PassWithMoves,
    /// The game is over; no move (not even a pass) is possible.
    GameOver,
    /// The history is full (cannot happen in a legal game).
    TooLong,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(sq) => write!(f, "illegal move {sq}"),
            PlayError::PassWithMoves => f.write_str("pass while a move is available"),
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::TooLong => f.write_str("too many plies"),
        }
    }
}

impl core::error::Error for PlayError {}

impl Game {
    /// A game from the standard start position, black to move.
    #[must_use]
    pub fn new() -> Game {
        Game::from_valid(Board::START, true)
    }

    /// A game from `board`; `black_to_move` says which colour the player to move has.
    ///
    /// # Errors
    /// [`BoardError`] when `board` is not valid (a square with discs of both sides).
    ///
    /// ```
    /// use bb_reversi::{Board, game::Game};
    /// let g = Game::from_board(Board { p: 1, o: 2 }, true)?;
    /// assert_eq!(g.board().moves(), 4); // c1
    /// assert!(Game::from_board(Board { p: 3, o: 2 }, true).is_err());
    /// # Ok::<(), bb_reversi::BoardError>(())
    /// ```
    pub fn from_board(board: Board, black_to_move: bool) -> Result<Game, BoardError> {
        Ok(Game::from_valid(board.validate()?, black_to_move))
    }

    fn from_valid(board: Board, black_to_move: bool) -> Game {
        let mut boards = [Board::default(); MAX_PLIES + 1];
        boards[0] = board;
        Game {
            start: board,
            start_black: black_to_move,
            boards,
            moves: [Move::Pass; MAX_PLIES],
            len: 0,
        }
    }

    /// The current position (player to move first).
    #[must_use]
    pub fn board(&self) -> Board {
        self.boards[self.len]
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> Board {
        self.start
    }

    /// Whether black is to move in the current position.
    #[must_use]
    pub fn black_to_move(&self) -> bool {
        self.start_black ^ (self.len % 2 == 1)
    }

    /// Number of plies played (passes included).
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// No ply played yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The plies played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Neither side can move.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.board().is_game_over()
    }

    /// Black's and white's disc counts.
    #[must_use]
    pub fn discs(&self) -> (u32, u32) {
        let b = self.board();
        let (x, o) = (b.p.count_ones(), b.o.count_ones());
        if self.black_to_move() { (x, o) } else { (o, x) }
    }

    /// Final score from black's point of view (empties to the winner); `None` until the game
    /// is over.
    #[must_use]
    pub fn black_score(&self) -> Option<i32> {
        let b = self.board();
        b.is_game_over().then(|| {
            let s = b.final_score();
            if self.black_to_move() { s } else { -s }
        })
    }

    /// Plays a move (or a pass).
    ///
    /// # Errors
    /// [`PlayError`] when the move is not legal here.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        let b = self.board();
        if self.len >= MAX_PLIES {
            return Err(PlayError::TooLong);
        }
        let next = match m {
            Move::Play(sq) => b.play(sq).ok_or(if b.is_game_over() {
                PlayError::GameOver
            } else {
                PlayError::Illegal(sq)
            })?,
            Move::Pass => {
                if b.moves() != 0 {
                    return Err(PlayError::PassWithMoves);
                }
                if b.pass().moves() == 0 {
                    return Err(PlayError::GameOver);
                }
                b.pass()
            }
        };
        self.moves[self.len] = m;
        self.len += 1;
        self.boards[self.len] = next;
        Ok(())
    }

    /// Plays a move, inserting the forced pass first when the player has no move but the
    /// opponent can play `m` (how move lists without passes are written).
    ///
    /// # Errors
    /// [`PlayError`] when the move is illegal for both sides.
    pub fn play_auto_pass(&mut self, m: Move) -> Result<(), PlayError> {
        let b = self.board();
        if let Move::Play(_) = m
            && b.moves() == 0
            && b.pass().moves() != 0
        {
            self.play(Move::Pass)?;
            if let Err(e) = self.play(m) {
                self.undo();
                return Err(e);
            }
            return Ok(());
        }
        self.play(m)
    }

    /// Takes back the last ply; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.moves[self.len])
    }

    /// Parses a move list (`f5d6c3`, spaces and commas allowed, `ps` for explicit passes; a
    /// forced pass may be omitted) and plays it from this game's current position.
    ///
    /// # Errors
    /// [`ParseMovesError`] with the byte offset of the offending move; the game is left with
    /// the moves before it played.
    pub fn play_str(&mut self, s: &str) -> Result<(), ParseMovesError> {
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c.is_ascii_whitespace() || c == b',' || c == b';' {
                i += 1;
                continue;
            }
            let rest = &b[i..];
            let (m, len) = if rest.len() >= 4 && rest[..4].eq_ignore_ascii_case(b"pass") {
                (Move::Pass, 4)
            } else if rest.len() >= 2
                && (rest[..2].eq_ignore_ascii_case(b"ps") || &rest[..2] == b"--")
            {
                (Move::Pass, 2)
            } else if rest.len() >= 2 {
                match square_from_chars(rest[0], rest[1]) {
                    Some(sq) => (Move::Play(sq), 2),
                    None => {
                        return Err(ParseMovesError {
                            offset: i,
                            kind: ParseMovesErrorKind::BadMove,
                        });
                    }
                }
            } else {
                return Err(ParseMovesError {
                    offset: i,
                    kind: ParseMovesErrorKind::BadMove,
                });
            };
            self.play_auto_pass(m).map_err(|e| ParseMovesError {
                offset: i,
                kind: ParseMovesErrorKind::Play(e),
            })?;
            i += len;
        }
        Ok(())
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.start == other.start
            && self.start_black == other.start_black
            && self.moves() == other.moves()
    }
}

impl Eq for Game {}

impl fmt::Display for Game {
    /// The move list, passes as `ps` (e.g. `f5d6c3`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for m in self.moves() {
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

/// What is wrong in a move list.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ParseMovesErrorKind {
    /// Not a coordinate nor a pass.
    BadMove,
    /// A well-formed move that is not legal in the position reached.
    Play(PlayError),
}

/// A move-list error and where it is (byte offset in the string).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ParseMovesError {
    /// Byte offset of the offending move.
    pub offset: usize,
    /// What is wrong.
    pub kind: ParseMovesErrorKind,
}

impl fmt::Display for ParseMovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ParseMovesErrorKind::BadMove => write!(f, "at offset {}: not a move", self.offset),
            ParseMovesErrorKind::Play(e) => write!(f, "at offset {}: {e}", self.offset),
        }
    }
}

impl core::error::Error for ParseMovesError {}

impl core::str::FromStr for Game {
    type Err = ParseMovesError;
    /// A game from the start position with this move list played.
    fn from_str(s: &str) -> Result<Game, ParseMovesError> {
        let mut g = Game::new();
        g.play_str(s)?;
        Ok(g)
    }
}
