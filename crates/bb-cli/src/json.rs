//! Just enough JSON for `--json` output: string escaping, and a parser for the flat objects
//! `bb` prints (used by tests and by scripts that read the output back).

use std::fmt::Write as _;

/// `s` as a JSON string literal, quotes included.
///
/// ```
/// assert_eq!(bb_cli::json::string("a\"b\n"), r#""a\"b\n""#);
/// ```
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON number for `x` (`null` when not finite).
pub fn number(x: f64) -> String {
    if x.is_finite() {
        format!("{x}")
    } else {
        "null".to_owned()
    }
}

/// A value of a flat JSON object.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// Any number.
    Number(f64),
    /// A string (escapes decoded).
    String(String),
    /// An array of values (no nested objects).
    Array(Vec<Value>),
}

/// Why [`parse_flat_object`] rejected its input, and at which byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset of the problem.
    pub at: usize,
    /// What was expected there.
    pub expected: &'static str,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "invalid JSON at byte {}: expected {}",
            self.at, self.expected
        )
    }
}

impl std::error::Error for ParseError {}

/// Parses one JSON object whose values are null, booleans, numbers, strings or arrays of those,
/// returning its members in order.
///
/// ```
/// let obj = bb_cli::json::parse_flat_object(r#"{"ns":1.5,"checked":true}"#).unwrap();
/// assert_eq!(obj[0].0, "ns");
/// ```
pub fn parse_flat_object(s: &str) -> Result<Vec<(String, Value)>, ParseError> {
    let mut p = Parser {
        s: s.as_bytes(),
        i: 0,
    };
    p.ws();
    p.eat(b'{', "'{'")?;
    let mut out = Vec::new();
    p.ws();
    if p.peek() == Some(b'}') {
        p.i += 1;
    } else {
        loop {
            p.ws();
            let k = p.string()?;
            p.ws();
            p.eat(b':', "':'")?;
            p.ws();
            let v = p.value()?;
            out.push((k, v));
            p.ws();
            match p.peek() {
                Some(b',') => p.i += 1,
                Some(b'}') => {
                    p.i += 1;
                    break;
                }
                _ => return Err(p.err("',' or '}'")),
            }
        }
    }
    p.ws();
    if p.i != p.s.len() {
        return Err(p.err("end of input"));
    }
    Ok(out)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn err(&self, expected: &'static str) -> ParseError {
        ParseError {
            at: self.i,
            expected,
        }
    }
    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8, what: &'static str) -> Result<(), ParseError> {
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            Err(self.err(what))
        }
    }
    fn lit(&mut self, word: &str, v: Value) -> Result<Value, ParseError> {
        if self.s[self.i..].starts_with(word.as_bytes()) {
            self.i += word.len();
            Ok(v)
        } else {
            Err(self.err("a value"))
        }
    }
    fn value(&mut self) -> Result<Value, ParseError> {
        match self.peek() {
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b't') => self.lit("true", Value::Bool(true)),
            Some(b'f') => self.lit("false", Value::Bool(false)),
            Some(b'n') => self.lit("null", Value::Null),
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.peek() == Some(b']') {
                    self.i += 1;
                    return Ok(Value::Array(items));
                }
                loop {
                    self.ws();
                    items.push(self.value()?);
                    self.ws();
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Value::Array(items));
                        }
                        _ => return Err(self.err("',' or ']'")),
                    }
                }
            }
            Some(b'-' | b'0'..=b'9') => {
                let start = self.i;
                while matches!(
                    self.peek(),
                    Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                ) {
                    self.i += 1;
                }
                std::str::from_utf8(&self.s[start..self.i])
                    .ok()
                    .and_then(|t| t.parse().ok())
                    .map(Value::Number)
                    .ok_or(ParseError {
                        at: start,
                        expected: "a number",
                    })
            }
            _ => Err(self.err("a value")),
        }
    }
    fn string(&mut self) -> Result<String, ParseError> {
        self.eat(b'"', "a string")?;
        let mut out = Vec::new();
        loop {
            match self.peek() {
                None => return Err(self.err("closing '\"'")),
                Some(b'"') => {
                    self.i += 1;
                    return String::from_utf8(out).map_err(|_| self.err("UTF-8"));
                }
                Some(b'\\') => {
                    self.i += 1;
                    let c = self.peek().ok_or_else(|| self.err("an escape"))?;
                    self.i += 1;
                    match c {
                        b'"' | b'\\' | b'/' => out.push(c),
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'u' => {
                            let hex = self
                                .s
                                .get(self.i..self.i + 4)
                                .ok_or_else(|| self.err("4 hex digits"))?;
                            let code = std::str::from_utf8(hex)
                                .ok()
                                .and_then(|h| u32::from_str_radix(h, 16).ok())
                                .and_then(char::from_u32)
                                .ok_or_else(|| self.err("4 hex digits"))?;
                            self.i += 4;
                            let mut buf = [0; 4];
                            out.extend_from_slice(code.encode_utf8(&mut buf).as_bytes());
                        }
                        _ => return Err(self.err("a valid escape")),
                    }
                }
                Some(c) => {
                    out.push(c);
                    self.i += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let line = format!(
            "{{\"k\":{},\"n\":{},\"b\":false,\"z\":null,\"a\":[\"x\",1]}}",
            string("q\"\\\n\u{1}"),
            number(1.25)
        );
        let obj = parse_flat_object(&line).unwrap();
        assert_eq!(
            obj[0],
            ("k".to_owned(), Value::String("q\"\\\n\u{1}".to_owned()))
        );
        assert_eq!(obj[1].1, Value::Number(1.25));
        assert_eq!(obj[2].1, Value::Bool(false));
        assert_eq!(obj[3].1, Value::Null);
        assert_eq!(
            obj[4].1,
            Value::Array(vec![Value::String("x".into()), Value::Number(1.0)])
        );
        assert_eq!(parse_flat_object("{\"a\":1,}").unwrap_err().at, 7);
        assert!(parse_flat_object("{\"a\":1} x").is_err());
        assert!(parse_flat_object("{\"a\"1}").is_err());
        assert_eq!(number(f64::NAN), "null");
    }
}
