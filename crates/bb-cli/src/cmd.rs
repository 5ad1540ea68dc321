//! Argument helpers shared by `bb perft chess`, `bb perft reversi` and `bb solve`, and the
//! `--expect NODES` verdict of the perft commands.

use std::process::ExitCode;

/// Prints the verdict of `--expect` and gives the exit status: 1 when `nodes` differs.
pub fn verdict(nodes: u64, expect: Option<u64>) -> ExitCode {
    match expect {
        Some(want) if want != nodes => {
            println!("MISMATCH: expected {want} nodes");
            ExitCode::from(1)
        }
        Some(_) => {
            println!("ok: matches the expected count");
            ExitCode::SUCCESS
        }
        None => ExitCode::SUCCESS,
    }
}

/// The value after option `flag`, or an error saying what it needs.
pub fn value<'a>(
    it: &mut impl Iterator<Item = &'a String>,
    flag: &str,
    needs: &str,
) -> Result<&'a str, String> {
    it.next()
        .map(String::as_str)
        .ok_or(format!("{flag} needs {needs}"))
}

/// `s` parsed as a number for `what` (an option or a positional name).
pub fn number<T: std::str::FromStr>(what: &str, s: &str) -> Result<T, String> {
    s.parse()
        .map_err(|_| format!("{what}: {s:?} is not a number"))
}

/// The value of `--threads`: 1 to four times the CPU count (more only time-slices the same
/// cores, and the solver's threads then mostly wait for each other).
pub fn threads<'a>(it: &mut impl Iterator<Item = &'a String>) -> Result<usize, String> {
    let n = value(it, "--threads", "a number")?;
    let max = 4 * std::thread::available_parallelism().map_or(1, usize::from);
    n.parse()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or(format!(
            "--threads: {n:?} is not in 1..={max} (4 x the {} CPUs here)",
            max / 4
        ))
}

/// Stores the single positional argument `s` in `slot`; a second one is an error.
pub fn positional<T>(
    slot: &mut Option<T>,
    s: &str,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<(), String> {
    if slot.is_some() {
        return Err(format!("unexpected argument {s:?}"));
    }
    *slot = Some(parse(s)?);
    Ok(())
}
