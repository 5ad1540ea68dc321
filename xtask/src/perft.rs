//! `cargo xtask perft [--quick] [--threads N]`: the deep correctness runs that are too slow for
//! `cargo test`, checked against the published counts in the repository's `data/` (or `BB_DATA`):
//!
//! - chess: every line of `perftsuite.epd` to depth 6 and of `fischer.epd` (Chess960) to depth 5,
//!   and both one ply shallower on the byteboard position (`--byteboard`);
//! - reversi: perft from the start position to depth 13 in conventions A, B and C, the expected
//!   counts read from the table in the data folder's `README.md`;
//! - reversi: `fforum-20-39.obf` solved exactly, every score compared with the file's.
//!
//! Each run is the release `bb` command (`bb perft chess --epd`, `bb perft reversi --expect`,
//! `bb solve`), so this also tests the command-line tool. `--quick` lowers the depths (5, 4, 11)
//! and solves `fforum-1-19.obf` instead. About 1.5 minutes on 2 cores after the build.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

pub const USAGE: &str = "\
usage: cargo xtask perft [--quick] [--threads N]

Builds `bb` in release and checks, against data/ (or $BB_DATA):
  chess    perftsuite.epd to depth 6, fischer.epd (Chess960) to depth 5; both to 5 and 4 on the
           byteboard position
  reversi  start-position perft to depth 13 in conventions A, B, C (counts from the data README)
  solve    fforum-20-39.obf, every score exact
options:
  --quick        depths 5, 4 and 11, and fforum-1-19.obf
  --threads N    threads per run (default: every core)
Exit status is non-zero when any count or score differs.";

struct Opts {
    quick: bool,
    threads: usize,
}

fn parse(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        quick: false,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--quick" => o.quick = true,
            "--threads" => {
                let n = it.next().ok_or("--threads needs a number")?;
                o.threads = n
                    .parse()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or(format!("--threads: {n:?} is not a positive number"))?;
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    Ok(o)
}

/// The reversi perft counts of the data README's table, per convention: `(depth, [a, b, c])`.
fn reversi_counts(readme: &str) -> Vec<(u32, [u64; 3])> {
    let mut rows = Vec::new();
    let mut in_table = false;
    for line in readme.lines() {
        if line.starts_with("## ") {
            in_table = line.contains("Othello perft");
            continue;
        }
        if !in_table {
            continue;
        }
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if cells.len() != 4 {
            continue;
        }
        let nums: Option<Vec<u64>> = cells.iter().map(|c| c.parse().ok()).collect();
        if let Some(n) = nums {
            rows.push((n[0] as u32, [n[1], n[2], n[3]]));
        }
    }
    rows
}

pub fn run(root: &Path, args: &[String]) -> ExitCode {
    let o = match parse(args) {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("error: {e}\n");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(if e.is_empty() { 0 } else { 2 });
        }
    };
    let data = std::env::var_os("BB_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("data"));
    if !data.join("perftsuite.epd").exists() {
        eprintln!(
            "xtask perft: no perft data in {} (set BB_DATA to the folder holding perftsuite.epd)",
            data.display()
        );
        return ExitCode::from(2);
    }
    let readme = std::fs::read_to_string(data.join("README.md")).unwrap_or_default();
    let counts = reversi_counts(&readme);

    println!("=== cargo build --release -p bb-cli");
    let built = super::cargo(root)
        .args(["build", "--release", "-p", "bb-cli"])
        .status();
    if !built.is_ok_and(|s| s.success()) {
        eprintln!("xtask perft: building bb failed");
        return ExitCode::from(1);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let bb = target.join("release").join("bb");
    let threads = o.threads.to_string();
    let path = |f: &str| data.join(f).to_string_lossy().into_owned();

    let (chess_d, fischer_d, reversi_d, ffo) = if o.quick {
        (5, 4, 11, "fforum-1-19.obf")
    } else {
        (6, 5, 13, "fforum-20-39.obf")
    };
    let mut runs: Vec<(String, Vec<String>)> = vec![
        (
            format!("chess perftsuite.epd depth <= {chess_d}"),
            vec![
                "perft".into(),
                "chess".into(),
                "--epd".into(),
                path("perftsuite.epd"),
                "--threads".into(),
                threads.clone(),
                chess_d.to_string(),
            ],
        ),
        (
            format!("chess fischer.epd depth <= {fischer_d}"),
            vec![
                "perft".into(),
                "chess".into(),
                "--epd".into(),
                path("fischer.epd"),
                "--threads".into(),
                threads.clone(),
                fischer_d.to_string(),
            ],
        ),
    ];
    // The byteboard position (incrementally updated attack tables) on both suites, one ply
    // shallower.
    for (file, d) in [
        ("perftsuite.epd", chess_d - 1),
        ("fischer.epd", fischer_d - 1),
    ] {
        runs.push((
            format!("chess byteboard {file} depth <= {d}"),
            vec![
                "perft".into(),
                "chess".into(),
                "--byteboard".into(),
                "--epd".into(),
                path(file),
                "--threads".into(),
                threads.clone(),
                d.to_string(),
            ],
        ));
    }
    let mut failures = Vec::new();
    match counts.iter().find(|r| r.0 == reversi_d) {
        Some(&(_, row)) => {
            for (cv, want) in ["a", "b", "c"].into_iter().zip(row) {
                runs.push((
                    format!("reversi perft depth {reversi_d} convention {cv}"),
                    vec![
                        "perft".into(),
                        "reversi".into(),
                        "--convention".into(),
                        cv.into(),
                        "--threads".into(),
                        threads.clone(),
                        "--expect".into(),
                        want.to_string(),
                        reversi_d.to_string(),
                    ],
                ));
            }
        }
        None => failures.push(format!(
            "reversi perft: no depth-{reversi_d} row in {}",
            data.join("README.md").display()
        )),
    }
    runs.push((
        format!("solve {ffo}"),
        vec![
            "solve".into(),
            path(ffo),
            "--threads".into(),
            threads.clone(),
        ],
    ));

    let t0 = Instant::now();
    for (name, args) in &runs {
        println!("\n=== {name}: bb {}", args.join(" "));
        let t = Instant::now();
        let status = Command::new(&bb).args(args).current_dir(root).status();
        let ok = status.as_ref().is_ok_and(|s| s.success());
        println!(
            "=== {name}: {} ({:.1} s)",
            if ok { "ok" } else { "FAILED" },
            t.elapsed().as_secs_f64()
        );
        if !ok {
            failures.push(name.clone());
        }
    }
    println!(
        "\nxtask perft: {} runs, {} failed, {:.1} s{}",
        runs.len(),
        failures.len(),
        t0.elapsed().as_secs_f64(),
        if failures.is_empty() {
            String::new()
        } else {
            format!(": {}", failures.join("; "))
        }
    );
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

#[cfg(test)]
mod tests {
    use super::reversi_counts;

    #[test]
    fn reads_the_readme_table() {
        let text = "## Othello perft from the start\n| depth | A | B | C |\n|---|---|---|---|\n\
                    | 1 | 4 | 4 | 4 |\n| 9 | 3005288 | 3005288 | 3005320 |\n## Other\n| 2 | 1 | 1 | 1 |\n";
        assert_eq!(
            reversi_counts(text),
            [(1, [4, 4, 4]), (9, [3_005_288, 3_005_288, 3_005_320])]
        );
    }
}
