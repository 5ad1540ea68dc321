//! OBF / FFO problem lines: 64 board characters (`X`, `O`, `-`, a1 first; `x`, `o`, `.`, `*`
//! also accepted), whitespace, the side to move (`X` or `O`), then optionally `;` and
//! `MOVE:score;` entries (`G8:+18; H1:+12;`), best first, and optionally a comment: `%` and
//! the rest of the line, whose text is the problem's id (`% FFO #40`). Lines that are empty or
//! start with `%` or `#` are skipped by [`parse_file`]. Errors name the line and column (both
//! 1-based); no input panics.
//!
//! The score list must be consistent with the position: each listed move legal there (a pass
//! only when the side to move has no move and the game is not over), listed once, and no
//! score above the first one (the line's best). A line that breaks one of these is an error
//! ([`ObfErrorKind::Occupied`], [`IllegalMove`](ObfErrorKind::IllegalMove),
//! [`DuplicateMove`](ObfErrorKind::DuplicateMove), [`AboveBest`](ObfErrorKind::AboveBest)),
//! not a problem whose scores a solver would then disagree with.
//!
//! ```
//! use bb_reversi::obf::Problem;
//! let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";
//! let p: Problem = line.parse().unwrap();
//! assert!(p.black_to_move);
//! assert_eq!(p.best_score(), Some(18));
//! assert_eq!(p.to_string(), line);
//! let q: Problem = format!("{line} % FFO #1").parse().unwrap();
//! assert_eq!(q.id.as_deref(), Some("FFO #1"));
//! ```

use crate::Board;
use crate::game::{Move, square_from_chars};
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// One problem: the position (player to move = [`Board::p`]), whose colour that is, the
/// listed exact scores of its moves (from the mover's point of view) and its id.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Problem {
    /// The position, player to move first.
    pub board: Board,
    /// Whether the player to move is black (`X`).
    pub black_to_move: bool,
    /// Listed moves and their exact scores, in file order.
    pub scores: Vec<(Move, i32)>,
    /// The text of the line's `%` comment, trimmed (`None` without a comment or when it is
    /// blank): the problem's name or number in its collection.
    pub id: Option<String>,
}

impl Problem {
    /// The best listed score: the first entry's (the parser rejects a later entry above it).
    #[must_use]
    pub fn best_score(&self) -> Option<i32> {
        self.scores.iter().map(|x| x.1).max()
    }

    /// Parses one line; errors carry `line` as their line number.
    ///
    /// # Errors
    /// [`ObfError`] naming the column (1-based, in characters) and what is wrong.
    pub fn parse_line(s: &str, line: usize) -> Result<Problem, ObfError> {
        let err = |col: usize, kind| ObfError {
            line,
            column: col + 1,
            kind,
        };
        let b = s.as_bytes();
        let mut p = 0u64;
        let mut o = 0u64;
        // Board: 64 characters (ASCII expected; byte index = column for ASCII lines).
        for i in 0..64 {
            let Some(&c) = b.get(i) else {
                return Err(err(i, ObfErrorKind::ShortBoard(i)));
            };
            match c {
                b'X' | b'x' | b'*' => p |= 1 << i,
                b'O' | b'o' | b'0' => o |= 1 << i,
                b'-' | b'.' => {}
                _ => return Err(err(i, ObfErrorKind::BadBoardChar(char_at(s, i)))),
            }
        }
        let mut i = 64;
        if !b.get(i).is_some_and(u8::is_ascii_whitespace) {
            return Err(err(i, ObfErrorKind::ExpectedSpace));
        }
        while b.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        let black = match b.get(i) {
            Some(b'X' | b'x' | b'*') => true,
            Some(b'O' | b'o' | b'0') => false,
            _ => return Err(err(i, ObfErrorKind::BadSide)),
        };
        i += 1;
        let board = if black {
            Board { p, o }
        } else {
            Board { p: o, o: p }
        };
        let mut scores = Vec::new();
        let mut id = None;
        let skip_ws = |i: &mut usize| {
            while b.get(*i).is_some_and(u8::is_ascii_whitespace) {
                *i += 1;
            }
        };
        // `%` starts at an ASCII byte, so `s[i + 1..]` is on a character boundary.
        let comment = |i: usize| {
            let text = s.get(i + 1..).unwrap_or("").trim();
            (!text.is_empty()).then(|| text.to_string())
        };
        skip_ws(&mut i);
        if b.get(i) == Some(&b'%') {
            id = comment(i);
        } else if i < b.len() {
            if b[i] != b';' {
                return Err(err(i, ObfErrorKind::ExpectedSemicolon));
            }
            i += 1;
            loop {
                skip_ws(&mut i);
                if i >= b.len() {
                    break;
                }
                if b[i] == b'%' {
                    id = comment(i);
                    break;
                }
                let start = i;
                let mv = match (b.get(i), b.get(i + 1)) {
                    (Some(&f), Some(&r))
                        if f.eq_ignore_ascii_case(&b'p') && r.eq_ignore_ascii_case(&b's') =>
                    {
                        Move::Pass
                    }
                    (Some(&b'-'), Some(&b'-')) => Move::Pass,
                    (Some(&f), Some(&r)) => match square_from_chars(f, r) {
                        Some(sq) => Move::Play(sq),
                        None => return Err(err(start, ObfErrorKind::BadMove)),
                    },
                    _ => return Err(err(start, ObfErrorKind::BadMove)),
                };
                i += 2;
                if b.get(i) != Some(&b':') {
                    return Err(err(i, ObfErrorKind::ExpectedColon));
                }
                i += 1;
                let num_start = i;
                let neg = match b.get(i) {
                    Some(b'+') => {
                        i += 1;
                        false
                    }
                    Some(b'-') => {
                        i += 1;
                        true
                    }
                    _ => false,
                };
                let digits = i;
                let mut v: i32 = 0;
                while let Some(&d) = b.get(i).filter(|d| d.is_ascii_digit()) {
                    v = v * 10 + i32::from(d - b'0');
                    if v > 64 {
                        return Err(err(num_start, ObfErrorKind::BadScore));
                    }
                    i += 1;
                }
                if i == digits {
                    return Err(err(num_start, ObfErrorKind::BadScore));
                }
                let score = if neg { -v } else { v };
                check_entry(board, &scores, mv, score).map_err(|k| err(start, k))?;
                scores.push((mv, score));
                skip_ws(&mut i);
                match b.get(i) {
                    Some(b';') => i += 1,
                    None => break,
                    _ => return Err(err(i, ObfErrorKind::ExpectedSemicolon)),
                }
            }
        }
        Ok(Problem {
            board,
            black_to_move: black,
            scores,
            id,
        })
    }
}

/// Whether `mv` with `score` may follow the entries `listed` for `board`: legal, not listed yet,
/// not above the first (best) score.
fn check_entry(
    board: Board,
    listed: &[(Move, i32)],
    mv: Move,
    score: i32,
) -> Result<(), ObfErrorKind> {
    let moves = board.moves();
    let legal = match mv {
        Move::Play(sq) => {
            if (board.p | board.o) & sq.bit() != 0 {
                return Err(ObfErrorKind::Occupied);
            }
            moves & sq.bit() != 0
        }
        Move::Pass => moves == 0 && board.pass().moves() != 0,
    };
    if !legal {
        return Err(ObfErrorKind::IllegalMove(mv));
    }
    if let Some(&(_, first)) = listed.iter().find(|e| e.0 == mv) {
        return Err(ObfErrorKind::DuplicateMove { mv, first });
    }
    match listed.first() {
        Some(&(_, best)) if score > best => Err(ObfErrorKind::AboveBest { score, best }),
        _ => Ok(()),
    }
}

/// The character starting at byte `i` (or U+FFFD inside a multi-byte character).
fn char_at(s: &str, i: usize) -> char {
    s.get(i..)
        .and_then(|t| t.chars().next())
        .unwrap_or('\u{fffd}')
}

impl core::str::FromStr for Problem {
    type Err = ObfError;
    fn from_str(s: &str) -> Result<Problem, ObfError> {
        Problem::parse_line(s.trim_end_matches(['\r', '\n']), 1)
    }
}

impl fmt::Display for Problem {
    /// The OBF line: board from black's point of view, side, the score list and the id as a
    /// comment.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (x, o) = if self.black_to_move {
            (self.board.p, self.board.o)
        } else {
            (self.board.o, self.board.p)
        };
        for i in 0..64 {
            let bit = 1u64 << i;
            f.write_str(if x & bit != 0 {
                "X"
            } else if o & bit != 0 {
                "O"
            } else {
                "-"
            })?;
        }
        f.write_str(if self.black_to_move { " X;" } else { " O;" })?;
        for (m, s) in &self.scores {
            let up = match m {
                Move::Pass => *b"PS",
                Move::Play(sq) => [b'A' + (sq.index() % 8) as u8, b'1' + (sq.index() / 8) as u8],
            };
            write!(f, " {}{}:{:+};", up[0] as char, up[1] as char, s)?;
        }
        if let Some(id) = &self.id {
            write!(f, " % {id}")?;
        }
        Ok(())
    }
}

/// What is wrong in an OBF line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ObfErrorKind {
    /// The line ends before 64 board characters; holds how many were read.
    ShortBoard(usize),
    /// A board character other than `X`, `O`, `-` (or `x`, `o`, `*`, `0`, `.`).
    BadBoardChar(char),
    /// Whitespace expected after the board.
    ExpectedSpace,
    /// The side to move is not `X` or `O`.
    BadSide,
    /// `;` expected.
    ExpectedSemicolon,
    /// Not a coordinate nor `PS`.
    BadMove,
    /// `:` expected after a move.
    ExpectedColon,
    /// Not an integer score in -64..=64.
    BadScore,
    /// The listed move's square is occupied.
    Occupied,
    /// The listed move is not legal in the position: an empty square that flips nothing, or a
    /// pass while the side to move has a move (or when the game is over).
    IllegalMove(Move),
    /// The move is listed a second time; `first` is the score its first entry gives.
    DuplicateMove {
        /// The move listed twice.
        mv: Move,
        /// The score of its first entry.
        first: i32,
    },
    /// A score above the line's first (best) score: the list contradicts itself.
    AboveBest {
        /// The offending entry's score.
        score: i32,
        /// The first entry's score.
        best: i32,
    },
}

/// An OBF error with its position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ObfError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (byte offset + 1).
    pub column: usize,
    /// What is wrong.
    pub kind: ObfErrorKind,
}

impl fmt::Display for ObfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match self.kind {
            ObfErrorKind::ShortBoard(n) => write!(f, "board has {n} characters, expected 64"),
            ObfErrorKind::BadBoardChar(c) => write!(f, "{c:?} is not a board character (X, O, -)"),
            ObfErrorKind::ExpectedSpace => f.write_str("expected whitespace after the board"),
            ObfErrorKind::BadSide => f.write_str("expected the side to move, X or O"),
            ObfErrorKind::ExpectedSemicolon => f.write_str("expected ';'"),
            ObfErrorKind::BadMove => f.write_str("expected a move (A1..H8 or PS)"),
            ObfErrorKind::ExpectedColon => f.write_str("expected ':' after the move"),
            ObfErrorKind::BadScore => f.write_str("expected a score in -64..=64"),
            ObfErrorKind::Occupied => f.write_str("the move's square is occupied"),
            ObfErrorKind::IllegalMove(m) => write!(f, "{m} is not a legal move in this position"),
            ObfErrorKind::DuplicateMove { mv, first } => {
                write!(f, "{mv} is listed twice (first with score {first:+})")
            }
            ObfErrorKind::AboveBest { score, best } => write!(
                f,
                "score {score:+} is above the first (best) score {best:+} of the line"
            ),
        }
    }
}

impl core::error::Error for ObfError {}

/// Parses a whole file: one problem a line; empty lines and lines starting with `%` or `#`
/// are skipped.
///
/// # Errors
/// The first [`ObfError`], with its line number.
pub fn parse_file(text: &str) -> Result<Vec<Problem>, ObfError> {
    let mut v = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let l = line.trim_end_matches('\r');
        if l.trim().is_empty() || l.starts_with('%') || l.starts_with('#') {
            continue;
        }
        v.push(Problem::parse_line(l, n + 1)?);
    }
    Ok(v)
}
