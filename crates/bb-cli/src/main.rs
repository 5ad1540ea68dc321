//! The `bb` command. See `bb help`.
#![forbid(unsafe_code)]

use bb_cli::args::{self, BenchArgs, Command};
use bb_cli::backends::{self, Forced, Info};
use bb_cli::bench::{self, Clock, Settings};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

// `print!` and `println!` for every module below: the std macros panic when stdout is a pipe
// the reader has closed (`bb bench | head -1`); these end the program quietly instead.
macro_rules! print {
    ($($t:tt)*) => {
        $crate::out(format_args!($($t)*))
    };
}
macro_rules! println {
    () => {
        $crate::out(format_args!("\n"))
    };
    ($($t:tt)*) => {
        $crate::out(format_args!("{}\n", format_args!($($t)*)))
    };
}

/// Writes to stdout; a closed pipe ends the program with status 0 (the reader has what it
/// wanted), any other write error with a one-line message and status 2.
fn out(args: std::fmt::Arguments<'_>) {
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("bb: writing the output: {e}");
            std::process::exit(2);
        }
        std::process::exit(0);
    }
}

mod cmd;
mod perft_chess;
mod perft_reversi;
mod solve;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    // The whole programs dispatch through `best_backend()`, which panics on a bad BB_BACKEND:
    // check it once here and report it as a usage error instead.
    if matches!(argv.first().map(String::as_str), Some("perft" | "solve"))
        && let Err(e) = bb_simd::try_best_backend()
    {
        eprintln!("bb: {e}");
        return ExitCode::from(2);
    }
    let help = argv.iter().any(|a| a == "--help" || a == "-h");
    let sub = (
        argv.first().map(String::as_str),
        argv.get(1).map(String::as_str),
    );
    if help {
        let text = match sub {
            (Some("perft"), Some("chess")) => Some(perft_chess::HELP),
            (Some("perft"), Some("reversi" | "othello")) => Some(perft_reversi::HELP),
            (Some("solve"), _) => Some(solve::HELP),
            _ => None,
        };
        if let Some(text) = text {
            print!("{text}");
            return ExitCode::SUCCESS;
        }
    }
    if argv.len() >= 2 && argv[0] == "perft" && argv[1] == "chess" {
        return perft_chess::run(&argv[2..]);
    }
    if argv.len() >= 2 && argv[0] == "perft" && (argv[1] == "reversi" || argv[1] == "othello") {
        return perft_reversi::run(&argv[2..]);
    }
    if argv.first().is_some_and(|a| a == "solve") {
        return solve::run(&argv[1..]);
    }
    match args::parse(std::env::args().skip(1)) {
        Ok(Command::Help) => {
            print!("{}", args::USAGE);
            ExitCode::SUCCESS
        }
        Ok(Command::Version) => {
            println!("bb {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Ok(Command::Backends { json }) => {
            let info = Info::detect();
            if json {
                println!("{}", info.json());
            } else {
                print!("{}", info.text());
            }
            ExitCode::SUCCESS
        }
        Ok(Command::Bench(b)) => bench_cmd(&b),
        Err(e) => {
            eprintln!("bb: {e}");
            if !matches!(e, args::ArgError::Usage { .. }) {
                eprintln!(
                    "usage: bb backends [--json] | bb bench [--quick] [--filter TEXT] [--backend LIST] [--json] | bb perft chess|reversi ... | bb solve FILE.obf | bb help"
                );
            }
            ExitCode::from(2)
        }
    }
}

fn bench_cmd(a: &BenchArgs) -> ExitCode {
    let mut settings = if a.quick {
        Settings::QUICK
    } else {
        Settings::DEFAULT
    };
    if a.wall {
        settings.clock = Clock::Wall;
    }
    let only = if !a.backends.is_empty() {
        a.backends.clone()
    } else {
        match backends::forced() {
            Forced::None => Vec::new(),
            Forced::Ok(isa) => vec![isa],
            Forced::Invalid(msg) => {
                eprintln!("bb: {msg}");
                return ExitCode::from(2);
            }
        }
    };
    let list = bench::backends(&only);
    for (isa, r) in &list {
        if let Err(why) = r {
            if let Some(&o) = only.iter().find(|&&o| o == *isa) {
                eprintln!("bb: --backend {o}: {why}");
                return ExitCode::from(2);
            }
            if only.is_empty() && a.json {
                eprintln!("skipped backend {isa}: {why}");
            }
        }
    }
    let mut registry = bench::registry(settings);
    if let Some(f) = &a.filter {
        registry.retain_matching(f);
        if registry.entries().is_empty() {
            eprintln!("bb: --filter {f:?} matches no kernel or variant");
            return ExitCode::from(2);
        }
    }
    let tty = std::io::stderr().is_terminal();
    let mut progress = |step: usize, total: usize, what: &str| {
        if tty {
            eprint!("\r\x1b[K[{step:>3}/{total}] {what}");
            let _ = std::io::stderr().flush();
        }
    };
    if !a.json {
        println!(
            "# bb bench{}: {} | dispatch: {} | median of {} interleaved rounds of at least {} us per \
             variant and mode, {}",
            if a.quick { " --quick" } else { "" },
            backends::cpu_model_name(),
            bb_simd::best(),
            settings.reps,
            settings.rep_time.as_micros(),
            settings.clock.describe()
        );
        println!("{}\n", bench::LEGEND);
    }
    let cols = bench::Columns::of(registry.entries().iter().map(|e| (e.kernel(), e.variant())));
    let mut header_done = false;
    let report = bench::run_streaming(&registry, &list, &settings, &mut progress, &mut |rows| {
        if tty {
            eprint!("\r\x1b[K");
        }
        if a.json {
            let part = bench::Report {
                rows: rows.to_vec(),
                ..bench::Report::default()
            };
            print!("{}", part.json_lines());
        } else {
            if !header_done {
                print!("{}", cols.header());
                header_done = true;
            }
            print!("\n{}", cols.block(rows));
        }
    });
    if tty {
        eprint!("\r\x1b[K");
    }
    if a.json {
        for r in report.rows.iter().filter(|r| !r.m.checked) {
            eprintln!(
                "MISMATCH {}/{} on {}: {}",
                r.kernel,
                r.variant,
                r.backend,
                r.m.mismatch.as_deref().unwrap_or("?")
            );
        }
    } else {
        print!("{}", report.mismatches());
    }
    for line in report.skipped() {
        eprintln!("{line}");
    }
    if report.all_checked() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
