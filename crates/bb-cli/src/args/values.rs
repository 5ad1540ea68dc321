//! The value parsers of `bb`'s options: each reads one option's text into its type or refuses it
//! with a message naming the option, the value and what is accepted.

use super::max_threads;
use bb_simd::Isa;
use std::path::PathBuf;
use std::time::Duration;

/// A value an option's parser refuses: the whole message, which names the option, the value and
/// what is accepted ([`one_line`](super::one_line) prints it as it is).
#[derive(Debug)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

/// The value as the message quotes it: as typed, in quotes when it is empty or has spaces.
pub(crate) fn shown(s: &str) -> String {
    if s.is_empty() || s.contains(char::is_whitespace) {
        format!("{s:?}")
    } else {
        s.to_owned()
    }
}

/// A whole number in `min..=max` for the option `name`; `what` names the unit and the bounds
/// for the message. Values beyond `u64` are reported as above the maximum, not as "not a number".
pub(crate) fn whole(s: &str, name: &str, min: u64, max: u64, what: &str) -> Result<u64, Refused> {
    let refuse = |why: String| Err(Refused(format!("{why}; {name} is {what}")));
    let digits = s.strip_prefix('+').unwrap_or(s);
    if s.is_empty() {
        return refuse(format!("{name} is empty"));
    }
    if let Some(rest) = s.strip_prefix('-')
        && !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_digit() || b == b'.')
    {
        return refuse(format!("{name} {s} is negative"));
    }
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return refuse(format!("{name} {} is not a whole number", shown(s)));
    }
    match digits.parse::<u64>() {
        Ok(n) if n > max => refuse(format!("{name} {s} is above the maximum {max}")),
        Err(_) => refuse(format!("{name} {s} is above the maximum {max}")),
        Ok(n) if n < min => refuse(format!("{name} {s} is below the minimum {min}")),
        Ok(n) => Ok(n),
    }
}

pub(crate) fn threads(s: &str) -> Result<usize, Refused> {
    let max = max_threads();
    let what = format!(
        "a whole number from 1 to {max} (4 x the {} CPUs here)",
        max / 4
    );
    let n = whole(s, "--threads", 1, max as u64, &what)?;
    // `n <= max`, which is a usize.
    Ok(usize::try_from(n).unwrap_or(max))
}

pub(crate) fn any_u64(s: &str) -> Result<u64, Refused> {
    whole(
        s,
        "--seed",
        0,
        u64::MAX,
        &format!("a whole number from 0 to {}", u64::MAX),
    )
}

pub(crate) fn count(s: &str) -> Result<u64, Refused> {
    whole(
        s,
        "--games/--positions",
        1,
        1 << 40,
        "a whole number from 1 to 2^40",
    )
}

pub(crate) fn empties(s: &str) -> Result<u32, Refused> {
    let e = whole(
        s,
        "empties",
        0,
        60,
        "a whole number of empty squares from 0 to 60",
    )?;
    Ok(u32::try_from(e).unwrap_or(60))
}

pub(crate) fn depth<const MAX: u32>(s: &str) -> Result<u32, Refused> {
    let what = format!("a whole number of plies from 0 to {MAX}");
    let d = whole(s, "depth", 0, u64::from(MAX), &what)?;
    Ok(u32::try_from(d).unwrap_or(MAX))
}

pub(crate) fn max_leaves(s: &str) -> Result<u64, Refused> {
    whole(
        s,
        "--max-nodes",
        1,
        u64::MAX,
        &format!("a whole number of leaves from 1 to {}", u64::MAX),
    )
}

pub(crate) fn max_solve_nodes(s: &str) -> Result<u64, Refused> {
    whole(
        s,
        "--max-nodes",
        1,
        u64::MAX,
        &format!("a whole number of nodes from 1 to {}", u64::MAX),
    )
}

pub(crate) fn expect(s: &str) -> Result<u64, Refused> {
    whole(
        s,
        "--expect",
        0,
        u64::MAX,
        &format!("a whole number of leaves from 0 to {}", u64::MAX),
    )
}

pub(crate) fn eval_from(s: &str) -> Result<u32, Refused> {
    let n = whole(
        s,
        "--eval-from",
        8,
        60,
        "a whole number of empty squares from 8 to 60",
    )?;
    Ok(u32::try_from(n).unwrap_or(60))
}

pub(crate) fn eval_depth(s: &str) -> Result<u32, Refused> {
    let n = whole(
        s,
        "--eval-depth",
        0,
        3,
        "a whole number of plies from 0 to 3",
    )?;
    Ok(u32::try_from(n).unwrap_or(3))
}

pub(crate) fn tt_bits(s: &str) -> Result<u32, Refused> {
    let b = whole(
        s,
        "--tt-bits",
        10,
        30,
        "a whole number from 10 to 30 (a table of 2^B entries of 24 bytes)",
    )?;
    Ok(u32::try_from(b).unwrap_or(30))
}

/// The largest `--time`, in seconds: about 31 years, far beyond any run, and small enough that
/// a deadline computed from it never overflows the clock.
pub const MAX_SECONDS: f64 = 1e9;

pub(crate) fn seconds(s: &str) -> Result<Duration, Refused> {
    let refuse = |why: String| {
        Err(Refused(format!(
            "{why}; --time is a decimal number of seconds above 0 and at most 1e9 (1.5, 0.25, 60)"
        )))
    };
    if s.is_empty() {
        return refuse("--time is empty".to_owned());
    }
    let Ok(x) = s.parse::<f64>() else {
        return refuse(format!("--time {} is not a number", shown(s)));
    };
    if x.is_nan() {
        refuse(format!("--time {s} is not a number"))
    } else if x > MAX_SECONDS {
        refuse(format!("--time {s} is above the maximum 1e9"))
    } else if x <= 0.0 {
        refuse(format!("--time {s} is not positive"))
    } else {
        // Below a nanosecond rounds to the smallest limit rather than to none.
        Ok(Duration::from_secs_f64(x).max(Duration::from_nanos(1)))
    }
}

pub(crate) fn non_empty(s: &str) -> Result<String, Refused> {
    if s.is_empty() {
        Err(Refused(
            "--filter is empty; it takes part of a kernel or variant name (popcount, avx2)"
                .to_owned(),
        ))
    } else {
        Ok(s.to_owned())
    }
}

pub(crate) fn isa(s: &str) -> Result<Isa, Refused> {
    s.parse::<Isa>()
        .map_err(|e| Refused(format!("--backend {}: {e}", shown(s))))
}

/// An input file that exists and is not a directory (reading it can still fail, reported by the
/// command with the file's name).
pub(crate) fn input_file(p: PathBuf, name: &str, what: &str) -> Result<PathBuf, Refused> {
    let refuse = |why: &str| {
        Err(Refused(format!(
            "{name} {}: {why}; {name} is {what}",
            p.display()
        )))
    };
    match std::fs::metadata(&p) {
        Ok(m) if m.is_dir() => refuse("a directory, not a file"),
        // A pipe (`cat f | bb solve /dev/stdin`) is read to its end like a file; a device such
        // as /dev/zero would be read without end.
        Ok(m) if m.is_file() || is_fifo(&m) => Ok(p),
        Ok(_) => refuse("a device, not a file"),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => refuse("no such file"),
        Err(e) => refuse(&e.to_string()),
    }
}

#[cfg(unix)]
pub(crate) fn is_fifo(m: &std::fs::Metadata) -> bool {
    std::os::unix::fs::FileTypeExt::is_fifo(&m.file_type())
}

#[cfg(not(unix))]
pub(crate) fn is_fifo(_: &std::fs::Metadata) -> bool {
    false
}

/// An output file: any path but a directory (creating it can still fail, reported by the
/// command with the path).
pub(crate) fn output_file(p: PathBuf) -> Result<PathBuf, Refused> {
    if p.is_dir() {
        Err(Refused(format!(
            "--svg {}: a directory, not a file; --svg is the path of the SVG file to write",
            p.display()
        )))
    } else {
        Ok(p)
    }
}

/// The weight file `bb train-eval` writes: any path but a directory.
pub(crate) fn weight_file(p: PathBuf) -> Result<PathBuf, Refused> {
    if p.is_dir() {
        Err(Refused(format!(
            "--out {}: a directory, not a file; --out is the path of the weight file to write",
            p.display()
        )))
    } else {
        Ok(p)
    }
}

pub(crate) fn epd_file(p: PathBuf) -> Result<PathBuf, Refused> {
    input_file(p, "--epd", "an EPD perft suite file (`FEN ;D1 20 ;D2 400`)")
}

pub(crate) fn eval_file(p: PathBuf) -> Result<PathBuf, Refused> {
    input_file(p, "--eval", "an Edax weight file (eval.dat)")
}

pub(crate) fn obf_file(p: PathBuf) -> Result<PathBuf, Refused> {
    input_file(p, "FILE.obf", "an OBF file of problems, one a line")
}
