//! Command-line parsing for `bb` (clap, derive): every command and option, its help text and
//! its bounds. Errors are rendered on one line by [`one_line`].
//!
//! ```
//! use bb_cli::args::{parse, Command, Perft};
//! let cli = parse(["perft", "othello", "--threads", "1", "6"]).unwrap();
//! assert!(matches!(cli.command, Command::Perft(Perft::Reversi(a)) if a.depth == 6));
//! assert!(parse(["bench", "--filter"]).is_err());
//! ```

use bb_reversi::perft::Convention;
use bb_simd::Isa;
use clap::builder::{PathBufValueParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;

const AFTER_HELP: &str = "\
Environment: BB_BACKEND=scalar|sse2|ssse3|avx2|avx512|avx512vbmi|neon forces the backend.
Exit status: 0 success, 1 a kernel, count or score disagreed with its reference, 2 a usage or
input error.";

/// bb: bitboard kernels for chess and reversi engines, checked and timed on every backend this
/// CPU has; chess and Othello perft; exact Othello endgame solving.
#[derive(Debug, Parser)]
#[command(name = "bb", version, after_help = AFTER_HELP, subcommand_required = true)]
pub struct Cli {
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// CPU vendor, model and features; every backend, available or not and why; which one
    /// dispatch picks and whether BB_BACKEND overrides it.
    Backends(BackendsArgs),
    /// Check every kernel variant against its reference on every backend this CPU has, then
    /// time it (throughput and latency, ns per call).
    ///
    /// The variants of a kernel are timed in interleaved rounds (each round times every variant
    /// once); each row gives the median of the rounds and their spread. Exit status 1 when a
    /// variant disagrees with its reference.
    Bench(BenchArgs),
    /// Perft: the number of leaves of the game tree a given number of plies deep.
    #[command(subcommand)]
    Perft(Perft),
    /// Solve every problem of an OBF file exactly (perfect play to the end of the game) and
    /// compare the scores with the file's.
    ///
    /// One line per problem: number (the problem's id when the line ends with a `% id`
    /// comment), empties, score, time, nodes, nodes/s and the principal variation. Exit status
    /// 1 when a score differs from the file's.
    Solve(SolveArgs),
    /// Train pattern weights for the evaluation (Edax's 46 patterns) and write them as an
    /// Edax weight file: positions from random and heuristic games, labelled by the exact
    /// solver up to --exact-empties and by a shallow search on the weights already trained
    /// above, fitted by least squares per stage of empties. Deterministic from --seed.
    ///
    /// One line per stage on stdout: empties, labels, positions, RMS residuals in discs
    /// (labels alone, previous stage's weights, fit on its own positions, fit on held-out
    /// positions), times. Progress on stderr when it is a terminal.
    TrainEval(TrainArgs),
}

/// Options of `bb backends`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Args)]
pub struct BackendsArgs {
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Options of `bb bench`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Args)]
pub struct BenchArgs {
    /// Fewer and shorter repetitions (a few seconds in all).
    #[arg(long)]
    pub quick: bool,
    /// Only kernels or variants whose name contains TEXT.
    #[arg(long, value_name = "TEXT", value_parser = non_empty)]
    pub filter: Option<String>,
    /// One JSON object per line and mode instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Only these backends (comma-separated, e.g. avx2,scalar; default: every available one,
    /// or BB_BACKEND's when set).
    #[arg(
        long = "backend",
        value_name = "LIST",
        value_delimiter = ',',
        value_parser = isa
    )]
    pub backends: Vec<Isa>,
    /// Time with the wall clock (default: the CPU time of the timing thread, which leaves out
    /// the time it waits for a core on a shared machine).
    #[arg(long)]
    pub wall: bool,
    /// Also draw the results as an SVG bar chart into FILE: for each kernel, one bar per
    /// variant and backend, throughput and latency.
    #[arg(long, value_name = "FILE", value_parser = PathBufValueParser::new().try_map(output_file))]
    pub svg: Option<PathBuf>,
    /// Write the samples the slider kernels (rook, bishop, queen) are timed on to FILE and exit
    /// without timing: one line per sample, the square (0 = a1 .. 63 = h8) and the occupancy
    /// in hexadecimal, for harnesses that time other slider code on the same inputs.
    #[arg(long, value_name = "FILE")]
    pub dump_sliders: Option<PathBuf>,
}

impl BenchArgs {
    /// The `--backend` list without repeats, in the order given.
    #[must_use]
    pub fn backend_list(&self) -> Vec<Isa> {
        let mut v: Vec<Isa> = Vec::new();
        for &isa in &self.backends {
            if !v.contains(&isa) {
                v.push(isa);
            }
        }
        v
    }
}

/// `bb perft chess` and `bb perft reversi`.
#[derive(Debug, Subcommand)]
pub enum Perft {
    /// Chess perft (bulk counting at the last ply) from the start position, a FEN, or every
    /// position of an EPD perft suite, with the time and the speed.
    Chess(PerftChessArgs),
    /// Othello perft from the start position (bulk counting at the last ply), with the time
    /// and the speed. `bb perft othello` is the same command.
    #[command(visible_alias = "othello")]
    Reversi(PerftReversiArgs),
}

/// The limits shared by the perft commands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Args)]
pub struct PerftLimits {
    /// Stop after about N leaves: no sub-tree is started once N leaves are counted (the tree
    /// is cut into sub-trees a few plies below the root). The count is then partial, reported
    /// as stopped, and --expect is not checked.
    #[arg(long, allow_hyphen_values = true, value_name = "N", value_parser = max_leaves)]
    pub max_nodes: Option<u64>,
    /// Stop after about SECONDS (a decimal number, above 0 and at most 1e9): no sub-tree is started after that time.
    /// The count is then partial, reported as stopped, and --expect is not checked.
    #[arg(long, allow_hyphen_values = true, value_name = "SECONDS", value_parser = seconds)]
    pub time: Option<Duration>,
}

/// Options of `bb perft chess`.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct PerftChessArgs {
    /// Plies to search, 0..=10 (0 counts the position itself; 10 from the start position is
    /// 7e13 leaves, a day and a half on one core).
    #[arg(value_name = "DEPTH", allow_negative_numbers = true, value_parser = depth::<10>)]
    pub depth: u32,
    /// The position in FEN (quote it); default: the start position. Chess960 castling rights
    /// in X-FEN or Shredder-FEN are recognised.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Check every line of an EPD perft suite (`FEN ;D1 20 ;D2 400 ...`): each position is
    /// counted to the deepest listed depth not above DEPTH and compared with the listed count
    /// (exit status 1 on a mismatch).
    #[arg(long, value_name = "FILE", value_parser = PathBufValueParser::new().try_map(epd_file), conflicts_with_all = ["fen", "divide", "expect", "max_nodes", "time"])]
    pub epd: Option<PathBuf>,
    /// Count on the byteboard position (a mailbox with incrementally updated attack tables)
    /// instead of the bitboard one.
    #[arg(long, conflicts_with = "divide")]
    pub byteboard: bool,
    /// Print the count under each root move, in Stockfish's `go perft` format.
    #[arg(long)]
    pub divide: bool,
    /// Threads to share the sub-trees among, 1 to 4 x the CPU count.
    #[arg(long, allow_hyphen_values = true, value_name = "N", default_value = "1", value_parser = threads)]
    pub threads: usize,
    /// Compare the total with NODES; exit status 1 when it differs.
    #[arg(long, allow_hyphen_values = true, value_name = "NODES", value_parser = expect)]
    pub expect: Option<u64>,
    /// Node and time limits.
    #[command(flatten)]
    pub limits: PerftLimits,
}

/// Which leaves Othello perft counts (passes and finished games).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ConventionArg {
    /// A pass is a ply, and a game finished before DEPTH is a leaf (Edax, Egaroucid).
    #[default]
    A,
    /// A pass is a ply, and a game finished before DEPTH is not a leaf (OEIS A124004).
    B,
    /// Passes are not plies (a forced pass is played for free); a finished game is a leaf.
    C,
}

impl From<ConventionArg> for Convention {
    fn from(c: ConventionArg) -> Convention {
        match c {
            ConventionArg::A => Convention::A,
            ConventionArg::B => Convention::B,
            ConventionArg::C => Convention::C,
        }
    }
}

/// Options of `bb perft reversi`.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct PerftReversiArgs {
    /// Plies to search, 0..=18 (18 is about 3e15 leaves, a month on one core).
    #[arg(value_name = "DEPTH", allow_negative_numbers = true, value_parser = depth::<18>)]
    pub depth: u32,
    /// Which leaves count: they differ from depth 9 on, where the first games end and the
    /// first passes happen.
    #[arg(long, value_name = "a|b|c", value_enum, default_value_t = ConventionArg::A, hide_default_value = true)]
    pub convention: ConventionArg,
    /// Threads to share the sub-trees among, 1 to 4 x the CPU count.
    #[arg(long, allow_hyphen_values = true, value_name = "N", default_value = "1", value_parser = threads)]
    pub threads: usize,
    /// Compare the total with NODES; exit status 1 when it differs.
    #[arg(long, allow_hyphen_values = true, value_name = "NODES", value_parser = expect)]
    pub expect: Option<u64>,
    /// Node and time limits.
    #[command(flatten)]
    pub limits: PerftLimits,
}

/// Options of `bb solve`.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct SolveArgs {
    /// The problems, one a line: 64 squares (X, O, -; a1, b1, ..., h8), whitespace, the side
    /// to move (X or O), then optionally `; MOVE:score;` per move, best first (the FFO test
    /// suite format), and a `% comment`, whose text is the problem's id. Empty lines and lines
    /// starting with % or # are skipped.
    #[arg(value_name = "FILE.obf", value_parser = PathBufValueParser::new().try_map(obf_file))]
    pub file: PathBuf,
    /// Search with N threads sharing one transposition table, 1 to 4 x the CPU count.
    #[arg(long, allow_hyphen_values = true, value_name = "N", default_value = "1", value_parser = threads)]
    pub threads: usize,
    /// A transposition table of 2^B entries of 24 bytes, 10..=30: 21 (the default) is 48 MiB,
    /// 24 is 384 MiB, 27 is 3 GiB, 30 is 24 GiB. A table larger than half the memory this
    /// machine has available is refused.
    #[arg(long, allow_hyphen_values = true, value_name = "B", default_value = "21", value_parser = tt_bits)]
    pub tt_bits: u32,
    /// Stop a problem after about N nodes (all threads together); it is reported as stopped
    /// (no score) and the next one starts.
    #[arg(long, allow_hyphen_values = true, value_name = "N", value_parser = max_solve_nodes)]
    pub max_nodes: Option<u64>,
    /// Stop a problem after SECONDS (a decimal number, above 0 and at most 1e9); it is reported as stopped (no score)
    /// and the next one starts.
    #[arg(long, allow_hyphen_values = true, value_name = "SECONDS", value_parser = seconds)]
    pub time: Option<Duration>,
    /// Also solve every legal move exactly (play it, solve the reply with a full window) and
    /// print each move's score, like an engine's hint. Every score the file lists is then
    /// checked, not only the best one. The limits apply to the whole problem.
    #[arg(long)]
    pub all_moves: bool,
    /// Order the moves far from the leaves by the pattern evaluation of an Edax weight file
    /// (eval.dat); the scores do not change, only the nodes searched. An all-zero file visits
    /// exactly the nodes of a solve without --eval.
    #[arg(long, value_name = "FILE", value_parser = PathBufValueParser::new().try_map(eval_file))]
    pub eval: Option<PathBuf>,
    /// With --eval: order by the evaluation at nodes with at least N empty squares (below, by
    /// mobility alone), 8 to 60 (default 14).
    #[arg(long, allow_hyphen_values = true, value_name = "N", value_parser = eval_from, requires = "eval")]
    pub eval_from: Option<u32>,
    /// With --eval: plies searched below each move for its evaluation, 0 to 3 (default 1).
    #[arg(long, allow_hyphen_values = true, value_name = "D", value_parser = eval_depth, requires = "eval")]
    pub eval_depth: Option<u32>,
}

/// Options of `bb train-eval`; every size defaults to the full run's (or the quick run's with
/// `--quick`).
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct TrainArgs {
    /// The weight file to write.
    #[arg(long, value_name = "FILE", default_value = "eval-trained.dat", value_parser = PathBufValueParser::new().try_map(weight_file))]
    pub out: PathBuf,
    /// The seed of every random choice: the same seed and sizes give the same file.
    #[arg(long, allow_hyphen_values = true, value_name = "N", default_value = "1", value_parser = any_u64)]
    pub seed: u64,
    /// A run of a few seconds (empties 8 to 16, a few hundred games), for tests and CI.
    #[arg(long)]
    pub quick: bool,
    /// Games to play for positions, half random, half by a mobility heuristic (full run:
    /// 200000).
    #[arg(long, allow_hyphen_values = true, value_name = "N", value_parser = count)]
    pub games: Option<u64>,
    /// At most N positions per number of empties are labelled and fitted (full run: 100000).
    #[arg(long, allow_hyphen_values = true, value_name = "N", value_parser = count)]
    pub positions: Option<u64>,
    /// Fewest empties trained; plies below take this stage's weights (full run: 10).
    #[arg(long, allow_hyphen_values = true, value_name = "E", value_parser = empties)]
    pub min_empties: Option<u32>,
    /// Most empties trained; plies above take this stage's weights (full run: 40).
    #[arg(long, allow_hyphen_values = true, value_name = "E", value_parser = empties)]
    pub max_empties: Option<u32>,
    /// Positions with at most E empties are labelled by the exact solver (full run: 14).
    #[arg(long, allow_hyphen_values = true, value_name = "E", value_parser = empties)]
    pub exact_empties: Option<u32>,
    /// The others by an alpha-beta search D empties deep on the trained stages (full run: 4).
    #[arg(long, allow_hyphen_values = true, value_name = "D", value_parser = empties)]
    pub depth: Option<u32>,
    /// Empties per stage, each stage one set of weights (full run: 2).
    #[arg(long, allow_hyphen_values = true, value_name = "E", value_parser = empties)]
    pub stage_width: Option<u32>,
    /// Threads that label positions, 1 to 4 x the CPU count.
    #[arg(long, allow_hyphen_values = true, value_name = "N", default_value = "1", value_parser = threads)]
    pub threads: usize,
}

/// Parses the arguments after the program name.
///
/// # Errors
/// clap's error, help and version requests included (their kind is
/// [`ErrorKind::DisplayHelp`](clap::error::ErrorKind::DisplayHelp) or
/// [`ErrorKind::DisplayVersion`](clap::error::ErrorKind::DisplayVersion)); [`one_line`] renders
/// the others.
pub fn parse<I, S>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = S>,
    S: Into<std::ffi::OsString> + Clone,
{
    Cli::try_parse_from(std::iter::once("bb".into()).chain(args.into_iter().map(Into::into)))
}

/// The largest `--threads`: four times the CPU count (more only time-slices the same cores,
/// and the solver's threads then mostly wait for each other).
#[must_use]
pub fn max_threads() -> usize {
    4 * std::thread::available_parallelism().map_or(1, usize::from)
}

mod one_line;
mod values;

pub use one_line::one_line;
use values::*;
pub use values::{MAX_SECONDS, Refused};

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;

    /// An input file that exists, and a directory.
    const OBF: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/fforum-1-19.obf");
    const DIR: &str = env!("CARGO_MANIFEST_DIR");

    fn err(args: &[&str]) -> (ErrorKind, String) {
        let e = parse(args).unwrap_err();
        (e.kind(), one_line(&e, args))
    }

    #[test]
    fn commands_and_options() {
        let cli = parse(["backends"]).unwrap();
        assert!(matches!(
            cli.command,
            Command::Backends(BackendsArgs { json: false })
        ));
        let Command::Bench(b) = parse([
            "bench",
            "--quick",
            "--filter",
            "pop",
            "--json",
            "--backend=avx2,scalar,avx2",
            "--wall",
        ])
        .unwrap()
        .command
        else {
            panic!("bench")
        };
        assert!(b.quick && b.json && b.wall);
        assert_eq!(b.filter.as_deref(), Some("pop"));
        assert_eq!(b.backend_list(), [Isa::Avx2, Isa::Scalar]);
        let Command::Perft(Perft::Chess(c)) = parse(["perft", "chess", "--expect", "20", "1"])
            .unwrap()
            .command
        else {
            panic!("perft chess")
        };
        assert_eq!((c.depth, c.expect, c.threads), (1, Some(20), 1));
        let Command::Perft(Perft::Reversi(r)) =
            parse(["perft", "reversi", "--convention", "c", "9"])
                .unwrap()
                .command
        else {
            panic!("perft reversi")
        };
        assert_eq!(Convention::from(r.convention), Convention::C);
        let Command::Solve(s) = parse(["solve", OBF, "--time", "1.5", "--all-moves"])
            .unwrap()
            .command
        else {
            panic!("solve")
        };
        assert_eq!(s.time, Some(Duration::from_millis(1500)));
        assert!(s.all_moves && s.tt_bits == 21 && s.max_nodes.is_none());
    }

    #[test]
    fn help_and_version_are_not_errors_of_usage() {
        for args in [
            &["--help"][..],
            &["help"],
            &["perft", "chess", "-h"],
            &["solve", "--help"],
        ] {
            assert_eq!(
                parse(args).unwrap_err().kind(),
                ErrorKind::DisplayHelp,
                "{args:?}"
            );
        }
        assert_eq!(parse(["-V"]).unwrap_err().kind(), ErrorKind::DisplayVersion);
    }

    #[test]
    fn errors_are_one_line_and_name_the_command() {
        for (args, kind, words) in [
            (
                &[][..],
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand,
                &["backends, bench, perft, solve, train-eval", "`bb --help`"][..],
            ),
            (
                &["frob"],
                ErrorKind::InvalidSubcommand,
                &["'frob'", "`bb --help`"],
            ),
            (
                &["perft", "othelo", "3"],
                ErrorKind::InvalidSubcommand,
                &["did you mean 'othello'?", "`bb perft --help`"],
            ),
            (
                &["bench", "--fast"],
                ErrorKind::UnknownArgument,
                &["--fast", "`bb bench --help`"],
            ),
            (
                &["bench", "--filter"],
                ErrorKind::InvalidValue,
                &["--filter"],
            ),
            (
                &["bench", "--filter="],
                ErrorKind::ValueValidation,
                &["empty"],
            ),
            (
                &["bench", "--quick=1"],
                ErrorKind::TooManyValues,
                &["--quick"],
            ),
            (
                &["bench", "--backend", "avx3"],
                ErrorKind::ValueValidation,
                &["avx3"],
            ),
            (&["backends", "x"], ErrorKind::UnknownArgument, &["'x'"]),
            (
                &["perft"],
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand,
                &["chess, reversi", "`bb perft --help`"],
            ),
            (
                &["perft", "chess"],
                ErrorKind::MissingRequiredArgument,
                &["needs <DEPTH> (plies to search, 0..=10)"],
            ),
            (
                &["perft", "chess", "11"],
                ErrorKind::ValueValidation,
                &["depth 11 is above the maximum 10", "from 0 to 10"],
            ),
            (
                &["perft", "chess", "--epd", OBF, "--divide", "3"],
                ErrorKind::ArgumentConflict,
                &["--epd"],
            ),
            (
                &["perft", "chess", "--byteboard", "--divide", "3"],
                ErrorKind::ArgumentConflict,
                &["--divide"],
            ),
            (
                &["perft", "reversi", "19"],
                ErrorKind::ValueValidation,
                &["depth 19 is above the maximum 18", "from 0 to 18"],
            ),
            (
                &["perft", "reversi", "--convention", "d", "3"],
                ErrorKind::InvalidValue,
                &["a, b, c", "`bb perft reversi --help`"],
            ),
            (
                &["perft", "reversi", "--threads", "0", "3"],
                ErrorKind::ValueValidation,
                &["--threads 0 is below the minimum 1", "from 1 to"],
            ),
            (
                &["solve"],
                ErrorKind::MissingRequiredArgument,
                &[
                    "needs <FILE.obf> (the problems, one a line)",
                    "`bb solve --help`",
                ],
            ),
            (
                &["solve", OBF, "--tt-bits", "31"],
                ErrorKind::ValueValidation,
                &["--tt-bits 31 is above the maximum 30", "from 10 to 30"],
            ),
            (
                &["solve", OBF, "--time", "0"],
                ErrorKind::ValueValidation,
                &["--time 0 is not positive", "above 0 and at most 1e9"],
            ),
            (&["solve", OBF, "g"], ErrorKind::UnknownArgument, &["'g'"]),
            (
                &["solve", "/nonexistent/f.obf"],
                ErrorKind::ValueValidation,
                &["/nonexistent/f.obf: no such file", "an OBF file"],
            ),
            (
                &["perft", "chess", "--epd", DIR, "3"],
                ErrorKind::ValueValidation,
                &["a directory, not a file", "an EPD perft suite"],
            ),
        ] {
            let (k, msg) = err(args);
            assert_eq!(k, kind, "{args:?}: {msg}");
            assert!(!msg.contains('\n'), "{args:?}: {msg}");
            for w in words {
                assert!(msg.contains(w), "{args:?}: {msg} lacks {w}");
            }
        }
    }

    #[test]
    fn the_command_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
