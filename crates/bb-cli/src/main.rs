//! The `bb` command. See `bb --help`.
#![forbid(unsafe_code)]

use bb_cli::args::{self, BenchArgs, Command, Perft};
use bb_cli::backends::{self, Forced, Info};
use bb_cli::bench::{self, Clock, Settings};
use bb_cli::progress::Progress;
use clap::Parser;
use clap::error::ErrorKind;
use std::io::Write;
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
mod train_eval;

fn main() -> ExitCode {
    let cli = match args::Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    print!("{}", e.render());
                    ExitCode::SUCCESS
                }
                _ => {
                    let argv: Vec<_> = std::env::args_os().skip(1).collect();
                    eprintln!("bb: {}", args::one_line(&e, &argv));
                    ExitCode::from(2)
                }
            };
        }
    };
    // The library reads a BB_BACKEND that is not UTF-8 as unset; the command names it instead,
    // as it does any other value it cannot honour.
    if !matches!(cli.command, Command::Backends(_))
        && let Some(v) = std::env::var_os("BB_BACKEND")
        && v.to_str().is_none()
    {
        let names: Vec<&str> = bb_simd::Isa::ALL.iter().map(|i| i.name()).collect();
        eprintln!(
            "bb: BB_BACKEND={v:?} is not valid UTF-8; expected one of {}",
            names.join(", ")
        );
        return ExitCode::from(2);
    }
    // The library falls back to detection on a bad BB_BACKEND (a program built on it must not
    // stop for it); the command, where the variable is a user's explicit request, refuses it as
    // a usage error instead.
    if matches!(cli.command, Command::Perft(_) | Command::Solve(_))
        && let Err(e) = bb_simd::try_best_backend()
    {
        eprintln!("bb: {e}");
        return ExitCode::from(2);
    }
    match cli.command {
        Command::Backends(a) => {
            let info = Info::detect();
            if a.json {
                println!("{}", info.json());
            } else {
                print!("{}", info.text());
            }
            ExitCode::SUCCESS
        }
        Command::Bench(b) => bench_cmd(&b),
        Command::Perft(Perft::Chess(a)) => perft_chess::run(&a),
        Command::Perft(Perft::Reversi(a)) => perft_reversi::run(&a),
        Command::Solve(a) => solve::run(&a),
        Command::TrainEval(a) => train_eval::run(&a),
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
    if let Some(path) = &a.dump_sliders {
        let text: String = bench::sliders::workload(settings.samples)
            .iter()
            .map(|&(sq, occ, _)| format!("{} {occ:#018x}\n", sq.index()))
            .collect();
        return match std::fs::write(path, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("bb: --dump-sliders {}: {e}", path.display());
                ExitCode::from(2)
            }
        };
    }
    let only = if !a.backends.is_empty() {
        a.backend_list()
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
    // Created before the run, so that a path that cannot be written fails in a second, not after
    // the whole measurement.
    let svg_file = match a.svg.as_ref().map(std::fs::File::create).transpose() {
        Ok(f) => f,
        Err(e) => {
            let path = a
                .svg
                .as_deref()
                .unwrap_or(std::path::Path::new(""))
                .display();
            eprintln!("bb: --svg {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let bar = Progress::stderr();
    let mut progress = |step: usize, total: usize, what: &str| {
        bar.show(|| format!("[{step:>3}/{total}] {what}"));
    };
    let title = format!(
        "bb bench{}: {} | dispatch: {} | median of {} interleaved rounds of at least {} us per \
         variant and mode, {}",
        if a.quick { " --quick" } else { "" },
        backends::cpu_model_name(),
        bb_simd::best(),
        settings.reps,
        settings.rep_time.as_micros(),
        settings.clock.describe()
    );
    if !a.json {
        println!("# {title}");
        println!("{}\n", bench::LEGEND);
    }
    let cols = bench::Columns::of(registry.entries().iter().map(|e| (e.kernel(), e.variant())));
    let mut header_done = false;
    let report = bench::run_streaming(&registry, &list, &settings, &mut progress, &mut |rows| {
        bar.clear();
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
    bar.clear();
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
    if let (Some(path), Some(mut f)) = (&a.svg, svg_file)
        && let Err(e) = f.write_all(bench::svg::chart(&report.rows, &title).as_bytes())
    {
        eprintln!("bb: --svg {}: {e}", path.display());
        return ExitCode::from(2);
    }
    if report.all_checked() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
