//! EPD (Extended Position Description) lines: the first four FEN fields, then operations
//! `opcode operand ...;` such as `bm Nf3;`, `id "WAC.001";` or `D1 20;`, kept in order.
//!
//! Reading is lenient where test suites are: the last `;` may be missing, a `;` may touch the
//! next opcode (`;D1 20 ;D2 400`), and two numbers after the four fields are read as FEN's
//! half-move clock and full-move number (the perft suites write whole FENs). Otherwise the
//! clocks come from the `hmvc` and `fmvn` operations, or are 0 and 1.
//!
//! ```
//! use bb_chess::epd::Epd;
//! let line = r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#;
//! let epd: Epd = line.parse().unwrap();
//! assert_eq!(epd.id(), Some("WAC.001"));
//! let best = epd.best_moves().unwrap();
//! assert_eq!(epd.position().san(best[0]), "Qg6");
//! assert_eq!(epd.to_string(), line);
//! ```

use crate::{FenError, Move, Position, SanError};
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// One operand of an operation: a bare word (a move, a number) or a quoted string.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Operand {
    /// A word without spaces, `;` or `"`.
    Word(String),
    /// A string written between double quotes (held without them).
    Quoted(String),
}

impl Operand {
    /// The text (without quotes).
    ///
    /// ```
    /// use bb_chess::epd::Operand;
    /// assert_eq!(Operand::Quoted("a b".into()).as_str(), "a b");
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        match self {
            Operand::Word(s) | Operand::Quoted(s) => s,
        }
    }
}

/// An operation: an opcode and its operands.
///
/// ```
/// use bb_chess::epd::Epd;
/// let epd: Epd = "4k3/8/8/8/8/8/8/4K3 w - - acd 12; pv Kd2 Kd7;".parse().unwrap();
/// let pv = epd.operation("pv").unwrap();
/// assert_eq!(pv.opcode(), "pv");
/// assert_eq!(pv.operands().len(), 2);
/// assert_eq!(epd.unsigned("acd"), Some(12));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Operation {
    opcode: String,
    operands: Vec<Operand>,
}

impl Operation {
    /// An operation from its parts (for writing EPD).
    ///
    /// ```
    /// use bb_chess::epd::{Operand, Operation};
    /// let op = Operation::new("id", vec![Operand::Quoted("x".into())]);
    /// assert_eq!(op.to_string(), "id \"x\";");
    /// ```
    #[must_use]
    pub fn new(opcode: &str, operands: Vec<Operand>) -> Operation {
        Operation {
            opcode: opcode.to_string(),
            operands,
        }
    }

    /// The opcode (`bm`, `id`, `D1`, ...).
    #[must_use]
    pub fn opcode(&self) -> &str {
        &self.opcode
    }

    /// The operands, in order.
    #[must_use]
    pub fn operands(&self) -> &[Operand] {
        &self.operands
    }
}

impl fmt::Display for Operation {
    /// `opcode operand ...;`, quoting the quoted operands again.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.opcode)?;
        for o in &self.operands {
            match o {
                Operand::Word(s) => write!(f, " {s}")?,
                Operand::Quoted(s) => write!(f, " \"{s}\"")?,
            }
        }
        f.write_str(";")
    }
}

/// An EPD record: a position and its operations.
///
/// ```
/// use bb_chess::epd::Epd;
/// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66").unwrap();
/// assert_eq!(epd.perft_counts().collect::<Vec<_>>(), [(1, 15), (2, 66)]);
/// for (depth, nodes) in epd.perft_counts() {
///     assert_eq!(epd.position().perft(depth), nodes);
/// }
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Epd {
    position: Position,
    operations: Vec<Operation>,
    /// Whether the clocks were written as FEN's fields 5 and 6 (written back the same way).
    clock_fields: bool,
}

/// What is wrong with an EPD line.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum EpdErrorKind {
    /// Fewer than the four position fields.
    MissingFields,
    /// The position fields do not make a valid position (the FEN error names the field).
    Fen(FenError),
    /// An opcode that does not start with a letter or holds characters other than letters,
    /// digits and `_`.
    BadOpcode,
    /// A quoted operand without its closing `"`.
    UnterminatedString,
    /// A quoted operand where an opcode is expected.
    OperandWithoutOpcode,
    /// `hmvc` or `fmvn` without a number below 65536 as its operand.
    BadClock,
}

/// An EPD parsing error: the byte column (1-based) where the faulty token starts, and why.
///
/// ```
/// use bb_chess::epd::{Epd, EpdErrorKind};
/// let err = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"open").unwrap_err();
/// assert_eq!(err.column, 38);
/// assert_eq!(err.kind, EpdErrorKind::UnterminatedString);
/// assert_eq!(err.to_string(), "EPD column 38: quoted operand without closing '\"'");
/// let err = Epd::parse("4k3/8/8/8/8/8/8/4K3 x - - bm Kd2;").unwrap_err();
/// assert_eq!(err.column, 21);
/// assert_eq!(err.to_string(), "EPD column 21: FEN side to move: expected 'w' or 'b'");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EpdError {
    /// 1-based byte column of the field, opcode or operand at fault.
    pub column: usize,
    /// The reason.
    pub kind: EpdErrorKind,
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EPD column {}: ", self.column)?;
        match &self.kind {
            EpdErrorKind::MissingFields => f.write_str("expected the four position fields"),
            EpdErrorKind::Fen(e) => write!(f, "{e}"),
            EpdErrorKind::BadOpcode => {
                f.write_str("an opcode is a letter followed by letters, digits or '_'")
            }
            EpdErrorKind::UnterminatedString => f.write_str("quoted operand without closing '\"'"),
            EpdErrorKind::OperandWithoutOpcode => f.write_str("quoted operand before any opcode"),
            EpdErrorKind::BadClock => {
                f.write_str("hmvc and fmvn take a decimal number below 65536")
            }
        }
    }
}

impl core::error::Error for EpdError {}

/// A token of the operations part, with its byte offset in the line.
enum Token<'a> {
    Word(&'a str),
    Quoted(&'a str),
    End,
}

fn is_opcode(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
}

fn parse_u16(s: &str) -> Option<u16> {
    if s.is_empty() || s.len() > 5 || !s.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Splits the text after the position fields into words, quoted strings and `;`.
fn tokens(line: &str, start: usize) -> Result<Vec<(usize, Token<'_>)>, EpdError> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = start;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b';' {
            out.push((i, Token::End));
            i += 1;
        } else if c == b'"' {
            let rest = &line[i + 1..];
            let Some(len) = rest.find('"') else {
                return Err(EpdError {
                    column: i + 1,
                    kind: EpdErrorKind::UnterminatedString,
                });
            };
            out.push((i, Token::Quoted(&rest[..len])));
            i += len + 2;
        } else {
            let len = line[i..]
                .find(|c: char| c.is_ascii_whitespace() || c == ';' || c == '"')
                .unwrap_or(line.len() - i);
            out.push((i, Token::Word(&line[i..i + len])));
            i += len;
        }
    }
    Ok(out)
}

impl Epd {
    /// An EPD record from a position and operations (for writing EPD).
    ///
    /// ```
    /// use bb_chess::Position;
    /// use bb_chess::epd::{Epd, Operand, Operation};
    /// let ops = vec![Operation::new("bm", vec![Operand::Word("e4".into())])];
    /// let epd = Epd::new(Position::startpos(), ops);
    /// assert_eq!(epd.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;");
    /// ```
    #[must_use]
    pub fn new(position: Position, operations: Vec<Operation>) -> Epd {
        Epd {
            position,
            operations,
            clock_fields: false,
        }
    }

    /// Parses one EPD line.
    ///
    /// # Errors
    ///
    /// An [`EpdError`] naming the column and the reason; no input panics.
    ///
    /// ```
    /// use bb_chess::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 b - - hmvc 7; fmvn 40; c0 \"a; b\";").unwrap();
    /// assert_eq!(epd.position().halfmove_clock(), 7);
    /// assert_eq!(epd.position().fullmove_number(), 40);
    /// assert_eq!(epd.string("c0"), Some("a; b"));
    /// ```
    pub fn parse(line: &str) -> Result<Epd, EpdError> {
        // The four position fields and where each starts.
        let mut fields = [(0usize, ""); 4];
        let mut n = 0;
        let mut i = 0;
        let b = line.as_bytes();
        while n < 4 {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            if i >= b.len() {
                return Err(EpdError {
                    column: i + 1,
                    kind: EpdErrorKind::MissingFields,
                });
            }
            let start = i;
            while i < b.len() && !b[i].is_ascii_whitespace() {
                i += 1;
            }
            fields[n] = (start, &line[start..i]);
            n += 1;
        }

        let mut operations: Vec<Operation> = Vec::new();
        let mut open = false;
        let mut clocks: [Option<u16>; 2] = [None; 2];
        let mut clock_fields = 0usize;
        let mut clock_at = i;
        let mut expect_clock_fields = true;
        for (at, tok) in tokens(line, i)? {
            match tok {
                Token::End => {
                    open = false;
                    expect_clock_fields = false;
                }
                Token::Word(w) if !open => {
                    if expect_clock_fields
                        && clock_fields < 2
                        && let Some(v) = parse_u16(w)
                    {
                        clocks[clock_fields] = Some(v);
                        clock_at = at;
                        clock_fields += 1;
                        continue;
                    }
                    expect_clock_fields = false;
                    if !is_opcode(w) {
                        return Err(EpdError {
                            column: at + 1,
                            kind: EpdErrorKind::BadOpcode,
                        });
                    }
                    operations.push(Operation::new(w, Vec::new()));
                    open = true;
                }
                Token::Word(w) => {
                    if let Some(op) = operations.last_mut() {
                        op.operands.push(Operand::Word(w.to_string()));
                    }
                }
                Token::Quoted(q) => {
                    let Some(op) = operations.last_mut().filter(|_| open) else {
                        return Err(EpdError {
                            column: at + 1,
                            kind: EpdErrorKind::OperandWithoutOpcode,
                        });
                    };
                    op.operands.push(Operand::Quoted(q.to_string()));
                }
            }
        }
        // Clock fields come in pairs, as in a FEN; a single number is an error of the opcode.
        if clock_fields == 1 {
            return Err(EpdError {
                column: clock_at + 1,
                kind: EpdErrorKind::BadOpcode,
            });
        }
        for (k, code) in ["hmvc", "fmvn"].into_iter().enumerate() {
            if let Some(op) = operations.iter().find(|o| o.opcode == code) {
                let v = op.operands.first().and_then(|o| match o {
                    Operand::Word(w) => parse_u16(w),
                    Operand::Quoted(_) => None,
                });
                match v {
                    Some(v) => clocks[k] = Some(v),
                    None => {
                        let column = line.find(code).map_or(i + 1, |c| c + 1);
                        return Err(EpdError {
                            column,
                            kind: EpdErrorKind::BadClock,
                        });
                    }
                }
            }
        }

        let fen = alloc::format!(
            "{} {} {} {} {} {}",
            fields[0].1,
            fields[1].1,
            fields[2].1,
            fields[3].1,
            clocks[0].unwrap_or(0),
            clocks[1].unwrap_or(1)
        );
        let position = Position::from_fen(&fen).map_err(|e| {
            use crate::FenField;
            let column = match e.field {
                FenField::SideToMove => fields[1].0,
                FenField::Castling => fields[2].0,
                FenField::EnPassant => fields[3].0,
                FenField::HalfmoveClock | FenField::FullmoveNumber => i,
                FenField::Fen | FenField::Placement => fields[0].0,
            } + 1;
            EpdError {
                column,
                kind: EpdErrorKind::Fen(e),
            }
        })?;
        Ok(Epd {
            position,
            operations,
            clock_fields: clock_fields == 2,
        })
    }

    /// The position (with the clocks described in the [module docs](self)).
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Every operation, in the order of the line.
    ///
    /// ```
    /// use bb_chess::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - id \"x\"; bm Kd2;").unwrap();
    /// let codes: Vec<&str> = epd.operations().iter().map(|o| o.opcode()).collect();
    /// assert_eq!(codes, ["id", "bm"]);
    /// ```
    #[must_use]
    pub fn operations(&self) -> &[Operation] {
        &self.operations
    }

    /// The first operation with this opcode.
    ///
    /// ```
    /// use bb_chess::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - am Kd2 Kf2;").unwrap();
    /// assert_eq!(epd.operation("am").unwrap().operands().len(), 2);
    /// assert!(epd.operation("bm").is_none());
    /// ```
    #[must_use]
    pub fn operation(&self, opcode: &str) -> Option<&Operation> {
        self.operations.iter().find(|o| o.opcode == opcode)
    }

    /// The first operand of the first operation with this opcode, as text.
    ///
    /// ```
    /// use bb_chess::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - c0 \"mate in 2\";").unwrap();
    /// assert_eq!(epd.string("c0"), Some("mate in 2"));
    /// ```
    #[must_use]
    pub fn string(&self, opcode: &str) -> Option<&str> {
        self.operation(opcode)
            .and_then(|o| o.operands.first())
            .map(Operand::as_str)
    }

    /// The first operand of the first operation with this opcode, as an unsigned number
    /// (`acd`, `acn`, `dm`, `D3`, ...); `None` when absent or not a number.
    ///
    /// ```
    /// use bb_chess::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - acd 20; dm 3;").unwrap();
    /// assert_eq!(epd.unsigned("dm"), Some(3));
    /// ```
    #[must_use]
    pub fn unsigned(&self, opcode: &str) -> Option<u64> {
        let s = self.string(opcode)?;
        if s.is_empty() || !s.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        s.parse().ok()
    }

    /// The `id` string.
    ///
    /// ```
    /// use bb_chess::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - id \"end.01\";").unwrap();
    /// assert_eq!(epd.id(), Some("end.01"));
    /// ```
    #[must_use]
    pub fn id(&self) -> Option<&str> {
        self.string("id")
    }

    /// The operands of the first operation with this opcode read as SAN moves of the position;
    /// an empty list when the opcode is absent.
    ///
    /// # Errors
    ///
    /// The [`SanError`] of the first operand that does not name a legal move.
    ///
    /// ```
    /// use bb_chess::epd::Epd;
    /// use bb_chess::SanError;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 Ke2; am Kf5;").unwrap();
    /// assert_eq!(epd.moves("bm").unwrap().len(), 2);
    /// assert_eq!(epd.moves("am"), Err(SanError::IllegalMove));
    /// assert_eq!(epd.moves("pv"), Ok(vec![]));
    /// ```
    pub fn moves(&self, opcode: &str) -> Result<Vec<Move>, SanError> {
        match self.operation(opcode) {
            None => Ok(Vec::new()),
            Some(op) => op
                .operands
                .iter()
                .map(|o| self.position.parse_san(o.as_str()))
                .collect(),
        }
    }

    /// The best moves (`bm`), resolved to moves.
    ///
    /// # Errors
    ///
    /// As [`Epd::moves`].
    ///
    /// ```
    /// use bb_chess::epd::Epd;
    /// let epd = Epd::parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#;").unwrap();
    /// let bm = epd.best_moves().unwrap();
    /// assert_eq!(epd.position().san(bm[0]), "Ra8#");
    /// ```
    pub fn best_moves(&self) -> Result<Vec<Move>, SanError> {
        self.moves("bm")
    }

    /// The moves to avoid (`am`), resolved to moves.
    ///
    /// # Errors
    ///
    /// As [`Epd::moves`].
    ///
    /// ```
    /// use bb_chess::epd::Epd;
    /// let epd = Epd::parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - am Ra7;").unwrap();
    /// assert_eq!(epd.avoid_moves().unwrap().len(), 1);
    /// ```
    pub fn avoid_moves(&self) -> Result<Vec<Move>, SanError> {
        self.moves("am")
    }

    /// The perft counts of the `D1`, `D2`, ... operations, as `(depth, nodes)` in line order
    /// (operations whose operand is not a number are skipped).
    ///
    /// ```
    /// use bb_chess::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - D1 5; D2 25;").unwrap();
    /// assert_eq!(epd.perft_counts().last(), Some((2, 25)));
    /// ```
    pub fn perft_counts(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.operations.iter().filter_map(|o| {
            let depth = o.opcode.strip_prefix('D')?;
            if depth.is_empty() || !depth.bytes().all(|c| c.is_ascii_digit()) {
                return None;
            }
            let nodes = o.operands.first()?.as_str();
            if nodes.is_empty() || !nodes.bytes().all(|c| c.is_ascii_digit()) {
                return None;
            }
            Some((depth.parse().ok()?, nodes.parse().ok()?))
        })
    }
}

impl core::str::FromStr for Epd {
    type Err = EpdError;
    fn from_str(s: &str) -> Result<Epd, EpdError> {
        Epd::parse(s)
    }
}

impl fmt::Display for Epd {
    /// The four position fields (and the two clock fields when the line had them), then each
    /// operation as ` opcode operand ...;`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = self.position.to_fen();
        let mut parts = fen.as_str().split(' ');
        let n = if self.clock_fields { 6 } else { 4 };
        for k in 0..n {
            if k > 0 {
                f.write_str(" ")?;
            }
            f.write_str(parts.next().unwrap_or(""))?;
        }
        for op in &self.operations {
            write!(f, " {op}")?;
        }
        Ok(())
    }
}
