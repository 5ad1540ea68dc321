//! Command-line parsing for `bb`: a hand-written parser with typed errors.

use bb_simd::Isa;
use std::fmt;

/// Usage text printed by `bb help`, `bb --help` and after usage errors.
pub const USAGE: &str = "\
bb: bitboard kernels for chess and reversi engines

Usage:
  bb backends [--json]
      CPU vendor, model and features; every backend with available or not and why;
      which one dispatch picks and whether BB_BACKEND overrides it.
  bb bench [--quick] [--filter TEXT] [--backend NAME[,NAME...]] [--wall] [--json]
      Check every registered kernel variant against its reference on every backend this
      CPU has, then time it (throughput and latency, ns per call: the median and spread of
      rounds that time the variants of a kernel interleaved).
      --quick        fewer, shorter repetitions (a few seconds)
      --filter TEXT  only kernels or variants whose name contains TEXT
      --backend LIST only these backends (comma-separated; default: all available,
                     or BB_BACKEND's when set)
      --wall         time with the wall clock (default: CPU time of the timing
                     thread, which ignores time spent waiting for a core)
      --json         one JSON object per line and mode instead of the table
  bb perft chess [--fen FEN | --epd FILE] [--byteboard] [--divide] [--threads N]
                 [--expect NODES] DEPTH
      Chess perft (bulk counting) from the start position or a FEN; --epd checks every
      position of a perft suite to the deepest listed depth not above DEPTH;
      --byteboard counts on the attack-table position.
  bb perft reversi [--convention a|b|c] [--threads N] [--expect NODES] DEPTH
      Othello perft from the start position.
  bb solve FILE.obf [--threads N] [--tt-bits B]
      Solves every problem of an OBF file exactly; checks the scores the file gives.
  bb help | --help | -h      this text
  bb --version | -V          the version

Environment: BB_BACKEND=scalar|sse2|ssse3|avx2|avx512|avx512vbmi|neon forces the backend.
Exit status: 0 success, 1 a kernel disagreed with its reference, 2 usage error.
";

/// A parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `bb backends`.
    Backends {
        /// `--json`.
        json: bool,
    },
    /// `bb bench`.
    Bench(BenchArgs),
    /// `bb help`, `--help`, `-h`.
    Help,
    /// `bb --version`, `-V`.
    Version,
}

/// Options of `bb bench`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BenchArgs {
    /// `--quick`: fewer and shorter repetitions.
    pub quick: bool,
    /// `--filter TEXT`: keep kernels or variants whose name contains the text.
    pub filter: Option<String>,
    /// `--json`: JSON lines instead of a table.
    pub json: bool,
    /// `--backend a,b`: only these backends (empty: all available).
    pub backends: Vec<Isa>,
    /// `--wall`: wall-clock time instead of thread CPU time.
    pub wall: bool,
}

/// What is wrong with a command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    /// No command given.
    MissingCommand,
    /// The first argument is not a command.
    UnknownCommand(String),
    /// An option the command does not know.
    UnknownOption {
        /// The command.
        command: &'static str,
        /// The option as given.
        option: String,
    },
    /// An option that needs a value came last.
    MissingValue {
        /// The option.
        option: &'static str,
    },
    /// A value that does not parse.
    InvalidValue {
        /// The option.
        option: &'static str,
        /// The value as given.
        value: String,
        /// Why it is invalid.
        reason: String,
    },
    /// A positional argument the command does not take.
    UnexpectedArgument {
        /// The command.
        command: &'static str,
        /// The argument.
        argument: String,
    },
    /// A command that `bb` runs through its own parser (`perft chess`, `perft reversi`,
    /// `solve`) was given without the words that select it.
    Usage {
        /// The command.
        command: &'static str,
        /// Its usage line.
        usage: &'static str,
    },
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::MissingCommand => write!(f, "no command given; try `bb bench` or `bb help`"),
            ArgError::UnknownCommand(c) => {
                write!(
                    f,
                    "unknown command {c:?}; expected backends, bench, perft, solve or help"
                )
            }
            ArgError::UnknownOption { command, option } => {
                write!(f, "`bb {command}` has no option {option:?}; see `bb help`")
            }
            ArgError::MissingValue { option } => write!(f, "option {option} needs a value"),
            ArgError::InvalidValue {
                option,
                value,
                reason,
            } => {
                write!(f, "invalid value {value:?} for {option}: {reason}")
            }
            ArgError::UnexpectedArgument { command, argument } => {
                write!(
                    f,
                    "`bb {command}` takes no argument {argument:?}; see `bb help`"
                )
            }
            ArgError::Usage { command, usage } => {
                write!(f, "`bb {command}` needs more: {usage}")
            }
        }
    }
}

impl std::error::Error for ArgError {}

/// Parses the arguments after the program name.
///
/// ```
/// use bb_cli::args::{parse, Command};
/// assert_eq!(parse(["backends", "--json"]), Ok(Command::Backends { json: true }));
/// assert!(parse(["bench", "--filter"]).is_err());
/// ```
pub fn parse<I, S>(args: I) -> Result<Command, ArgError>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut it = args.into_iter().map(Into::into);
    let Some(cmd) = it.next() else {
        return Err(ArgError::MissingCommand);
    };
    match cmd.as_str() {
        "help" | "--help" | "-h" => Ok(Command::Help),
        "--version" | "-V" => Ok(Command::Version),
        "backends" => {
            let mut json = false;
            for a in it {
                match a.as_str() {
                    "--json" => json = true,
                    "--help" | "-h" => return Ok(Command::Help),
                    _ => return Err(unexpected("backends", a)),
                }
            }
            Ok(Command::Backends { json })
        }
        "bench" => {
            let mut b = BenchArgs::default();
            while let Some(a) = it.next() {
                // Accept both `--opt value` and `--opt=value`.
                let (name, inline) = match a.split_once('=') {
                    Some((n, v)) if n.starts_with("--") => (n.to_owned(), Some(v.to_owned())),
                    _ => (a.clone(), None),
                };
                let mut value = |option: &'static str| {
                    inline
                        .clone()
                        .or_else(|| it.next())
                        .ok_or(ArgError::MissingValue { option })
                };
                match name.as_str() {
                    "--quick" if inline.is_none() => b.quick = true,
                    "--json" if inline.is_none() => b.json = true,
                    "--wall" if inline.is_none() => b.wall = true,
                    "--help" | "-h" => return Ok(Command::Help),
                    "--filter" => {
                        let v = value("--filter")?;
                        if v.is_empty() {
                            return Err(ArgError::InvalidValue {
                                option: "--filter",
                                value: v,
                                reason: "the text is empty".into(),
                            });
                        }
                        b.filter = Some(v);
                    }
                    "--backend" => {
                        let v = value("--backend")?;
                        for name in v.split(',') {
                            let isa = name.parse::<Isa>().map_err(|e| ArgError::InvalidValue {
                                option: "--backend",
                                value: name.to_owned(),
                                reason: e.to_string(),
                            })?;
                            if !b.backends.contains(&isa) {
                                b.backends.push(isa);
                            }
                        }
                    }
                    _ => return Err(unexpected("bench", a)),
                }
            }
            Ok(Command::Bench(b))
        }
        "perft" => Err(ArgError::Usage {
            command: "perft",
            usage: "bb perft chess [options] DEPTH, or bb perft reversi [options] DEPTH (see bb help)",
        }),
        "solve" => Err(ArgError::Usage {
            command: "solve",
            usage: "bb solve FILE.obf [--threads N] [--tt-bits B]",
        }),
        _ => Err(ArgError::UnknownCommand(cmd)),
    }
}

fn unexpected(command: &'static str, a: String) -> ArgError {
    if a.starts_with('-') {
        ArgError::UnknownOption { command, option: a }
    } else {
        ArgError::UnexpectedArgument {
            command,
            argument: a,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_options() {
        assert_eq!(parse(["backends"]), Ok(Command::Backends { json: false }));
        assert_eq!(parse(["--help"]), Ok(Command::Help));
        assert_eq!(parse(["-V"]), Ok(Command::Version));
        assert_eq!(parse(["bench"]), Ok(Command::Bench(BenchArgs::default())));
        assert_eq!(
            parse([
                "bench",
                "--quick",
                "--filter",
                "pop",
                "--json",
                "--backend=avx2,scalar,avx2",
                "--wall"
            ]),
            Ok(Command::Bench(BenchArgs {
                quick: true,
                filter: Some("pop".into()),
                json: true,
                backends: vec![Isa::Avx2, Isa::Scalar],
                wall: true,
            }))
        );
        assert_eq!(
            parse(["bench", "--filter=dot"]).map(|c| match c {
                Command::Bench(b) => b.filter,
                _ => None,
            }),
            Ok(Some("dot".into()))
        );
    }

    #[test]
    fn typed_errors() {
        let none: [&str; 0] = [];
        assert_eq!(parse(none), Err(ArgError::MissingCommand));
        assert_eq!(
            parse(["frob"]),
            Err(ArgError::UnknownCommand("frob".into()))
        );
        assert_eq!(
            parse(["bench", "--fast"]),
            Err(ArgError::UnknownOption {
                command: "bench",
                option: "--fast".into()
            })
        );
        assert_eq!(
            parse(["backends", "x"]),
            Err(ArgError::UnexpectedArgument {
                command: "backends",
                argument: "x".into()
            })
        );
        assert_eq!(
            parse(["bench", "--filter"]),
            Err(ArgError::MissingValue { option: "--filter" })
        );
        assert!(matches!(
            parse(["bench", "--filter="]),
            Err(ArgError::InvalidValue {
                option: "--filter",
                ..
            })
        ));
        assert!(matches!(
            parse(["bench", "--quick=1"]),
            Err(ArgError::UnknownOption {
                command: "bench",
                ..
            })
        ));
        let e = parse(["bench", "--backend", "avx3"]).unwrap_err();
        assert!(matches!(
            e,
            ArgError::InvalidValue {
                option: "--backend",
                ..
            }
        ));
        assert!(e.to_string().contains("avx3"), "{e}");
        let e = parse(["perft", "5"]).unwrap_err();
        assert!(matches!(
            e,
            ArgError::Usage {
                command: "perft",
                ..
            }
        ));
        assert!(e.to_string().contains("bb perft chess"), "{e}");
        assert!(matches!(
            parse(["solve"]),
            Err(ArgError::Usage {
                command: "solve",
                ..
            })
        ));
    }
}
