//! `compare perft`: bulk chess perft, bb against the Rust crates cozy-chess, shakmaty and chess,
//! from the start position (perft 6) and Kiwipete (perft 5).
//!
//! The peers are crates (benches/Cargo.toml), so no tree is needed: the comparison runs
//! `cargo bench -p bb-benches --bench perft -- --json` once for a default build and once for a
//! `-C target-cpu=native` build (in its own target folder under target/compare/, so the main
//! build stays valid). The bench runs the four engines interleaved, one run of each per round,
//! the order reversed every other round, and writes one JSON object per engine and round; this
//! module checks every count against the published one and pairs bb's time with each peer's in
//! the same round.

use super::{Cell, Opts};
use serde::Deserialize;
use std::path::Path;
use std::process::{Command, Stdio};

/// The peers, as the bench names them.
pub(crate) const PEERS: [&str; 3] = ["cozy-chess", "shakmaty", "chess"];

/// The goals, as bb's speed-up over cozy-chess (cozy-chess time / bb time) per build.
pub(crate) const GOALS: [(&str, f64); 2] = [("x86-64", 2.6), ("native", 2.0)];

/// One build of the bench: its label and the `RUSTFLAGS` it is built with.
struct Build {
    label: &'static str,
    rustflags: Option<&'static str>,
}

const BUILDS: [Build; 2] = [
    Build {
        label: "x86-64",
        rustflags: None,
    },
    Build {
        label: "native",
        rustflags: Some("-C target-cpu=native"),
    },
];

/// One engine's run in one round, as the bench's `--json` writes it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub(crate) struct RoundRow {
    pub(crate) position: String,
    pub(crate) depth: u32,
    pub(crate) engine: String,
    pub(crate) round: usize,
    pub(crate) nodes: u64,
    pub(crate) ns: u64,
}

/// The published leaf count of `position` at `depth`, for the depths the bench runs.
pub(crate) fn published(position: &str, depth: u32) -> Option<u64> {
    match (position, depth) {
        ("start", 4) => Some(197_281),
        ("start", 6) => Some(119_060_324),
        ("kiwipete", 3) => Some(97_862),
        ("kiwipete", 5) => Some(193_690_690),
        _ => None,
    }
}

/// The bench's rows; a line that does not parse, or a count that is not the published one, is
/// an error.
pub(crate) fn parse_rows(text: &str) -> Result<Vec<RoundRow>, String> {
    let mut rows = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let row: RoundRow =
            serde_json::from_str(line).map_err(|e| format!("unreadable line {line:?}: {e}"))?;
        let want = published(&row.position, row.depth).ok_or(format!(
            "no published count for {} perft({})",
            row.position, row.depth
        ))?;
        if row.nodes != want {
            return Err(format!(
                "{} counts {} leaves for {} perft({}) in round {}, not {want}",
                row.engine, row.nodes, row.position, row.depth, row.round
            ));
        }
        rows.push(row);
    }
    Ok(rows)
}

/// The cells of one build: for each position (in the bench's order), bb against each peer, the
/// times of the same round paired, in milliseconds. Every engine must have run in each of
/// `rounds` rounds.
pub(crate) fn cells(build: &str, rows: &[RoundRow], rounds: usize) -> Result<Vec<Cell>, String> {
    let mut positions: Vec<(&str, u32)> = Vec::new();
    for r in rows {
        if !positions.contains(&(r.position.as_str(), r.depth)) {
            positions.push((&r.position, r.depth));
        }
    }
    if positions.is_empty() {
        return Err("the bench wrote no rows".into());
    }
    let times = |position: &str, engine: &str| -> Result<Vec<f64>, String> {
        (0..rounds)
            .map(|round| {
                let mut found = rows
                    .iter()
                    .filter(|r| r.position == position && r.engine == engine && r.round == round);
                match (found.next(), found.next()) {
                    (Some(r), None) => Ok(r.ns as f64 / 1e6),
                    (None, _) => Err(format!("no {engine} run of {position} in round {round}")),
                    (Some(_), Some(_)) => {
                        Err(format!("two {engine} runs of {position} in round {round}"))
                    }
                }
            })
            .collect()
    };
    let mut out = Vec::new();
    for (position, depth) in positions {
        let bb = times(position, "bb")?;
        for peer in PEERS {
            out.push(Cell {
                comparison: "perft".into(),
                build: build.into(),
                case: format!("{position} perft({depth})"),
                bb: "bb".into(),
                peer: peer.into(),
                unit: "ms".into(),
                bb_times: bb.clone(),
                peer_times: times(position, peer)?,
            });
        }
    }
    Ok(out)
}

/// The goal lines: for each cell against cozy-chess, bb's speed-up (the inverse of the table's
/// ratio: cozy-chess time / bb time, median of the rounds and range) and whether it meets its
/// build's goal.
pub(crate) fn goal_lines(cells: &[Cell]) -> Vec<String> {
    cells
        .iter()
        .filter(|c| c.comparison == "perft" && c.peer == "cozy-chess")
        .filter_map(|c| {
            let goal = GOALS.iter().find(|(b, _)| *b == c.build)?.1;
            let s = c.summary();
            let speedup = 1.0 / s.ratio;
            Some(format!(
                "{:<7} {:<18} {:>5.2}x ({:.2}-{:.2}), goal {goal:.1}x: {}",
                c.build,
                c.case,
                speedup,
                1.0 / s.ratio_max,
                1.0 / s.ratio_min,
                if speedup >= goal { "met" } else { "missed" }
            ))
        })
        .collect()
}

/// Runs the comparison: builds and runs the bench for each build, `target` being the main
/// target folder and `work` target/compare.
pub(crate) fn run(root: &Path, target: &Path, work: &Path, o: &Opts) -> Result<Vec<Cell>, String> {
    let mut out = Vec::new();
    for build in BUILDS {
        let dir = match build.rustflags {
            None => target.to_path_buf(),
            Some(_) => work.join(format!("perft-{}", build.label)),
        };
        let mut cmd = super::super::cargo(root);
        cmd.args(["bench", "-p", "bb-benches", "--bench", "perft", "--"])
            .args(["--json", "--rounds", &o.rounds.to_string()])
            .args(o.quick.then_some("--quick"))
            .env("CARGO_TARGET_DIR", &dir)
            .env_remove("CARGO_ENCODED_RUSTFLAGS")
            .env_remove("BB_ENGINES")
            .env_remove("BB_BACKEND")
            .stderr(Stdio::inherit());
        match build.rustflags {
            Some(flags) => cmd.env("RUSTFLAGS", flags),
            None => cmd.env_remove("RUSTFLAGS"),
        };
        eprintln!(
            "# perft, {} build{}: cargo bench -p bb-benches --bench perft -- --json --rounds {} (target {})",
            build.label,
            build
                .rustflags
                .map_or(String::new(), |f| format!(" (RUSTFLAGS=\"{f}\")")),
            o.rounds,
            dir.display()
        );
        let text = run_capturing(&mut cmd)?;
        let rows = parse_rows(&text).map_err(|e| format!("{} build: {e}", build.label))?;
        out.extend(cells(build.label, &rows, o.rounds)?);
    }
    Ok(out)
}

/// A command's standard output (its standard error goes to ours: cargo's progress and the
/// bench's backend line).
fn run_capturing(cmd: &mut Command) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("cargo bench: {e}"))?;
    if !out.status.success() {
        return Err(format!("cargo bench failed ({})", out.status));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("cargo bench: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(position: &str, depth: u32, engine: &str, round: usize, nodes: u64, ns: u64) -> String {
        format!(
            r#"{{"position":"{position}","depth":{depth},"engine":"{engine}","round":{round},"nodes":{nodes},"ns":{ns}}}"#
        )
    }

    /// Two rounds of the quick depths: bb takes `bb_ns`, cozy-chess `cozy_ns`, the others 1 ms.
    fn two_rounds(bb_ns: [u64; 2], cozy_ns: [u64; 2]) -> String {
        let mut text = String::new();
        for (position, depth, nodes) in [("start", 4, 197_281), ("kiwipete", 3, 97_862)] {
            for round in 0..2 {
                for (engine, ns) in [
                    ("bb", bb_ns[round]),
                    ("cozy-chess", cozy_ns[round]),
                    ("shakmaty", 1_000_000),
                    ("chess", 1_000_000),
                ] {
                    text.push_str(&line(position, depth, engine, round, nodes, ns));
                    text.push('\n');
                }
            }
        }
        text
    }

    #[test]
    fn rows_parse_and_pair_by_round() {
        let rows = parse_rows(&two_rounds([1_000_000, 2_000_000], [3_000_000, 3_000_000])).unwrap();
        assert_eq!(rows.len(), 16);
        let c = cells("x86-64", &rows, 2).unwrap();
        assert_eq!(c.len(), 6);
        assert_eq!(
            (c[0].case.as_str(), c[0].peer.as_str(), c[0].unit.as_str()),
            ("start perft(4)", "cozy-chess", "ms")
        );
        assert_eq!(c[0].bb_times, [1.0, 2.0]);
        assert_eq!(c[0].peer_times, [3.0, 3.0]);
        assert_eq!(c[3].case, "kiwipete perft(3)");
        assert_eq!(c[5].peer, "chess");
    }

    #[test]
    fn a_wrong_count_fails() {
        let bad = line("start", 6, "bb", 0, 119_060_323, 5);
        let e = parse_rows(&bad).unwrap_err();
        assert!(
            e.contains("bb counts 119060323") && e.contains("not 119060324"),
            "{e}"
        );
        assert!(parse_rows(&line("start", 5, "bb", 0, 4_865_609, 5)).is_err());
        assert!(parse_rows("backend: avx2").is_err());
    }

    #[test]
    fn a_missing_or_doubled_round_fails() {
        let rows = parse_rows(&two_rounds([1, 1], [1, 1])).unwrap();
        let e = cells("x86-64", &rows, 3).unwrap_err();
        assert!(e.contains("round 2"), "{e}");
        let partial: Vec<RoundRow> = rows
            .iter()
            .filter(|r| !(r.engine == "shakmaty" && r.round == 1))
            .cloned()
            .collect();
        assert!(
            cells("x86-64", &partial, 2)
                .unwrap_err()
                .contains("no shakmaty")
        );
        let mut doubled = rows.clone();
        doubled.push(rows[0].clone());
        assert!(cells("x86-64", &doubled, 2).unwrap_err().contains("two bb"));
        assert!(cells("x86-64", &[], 2).is_err());
    }

    #[test]
    fn the_goal_line_gives_the_speed_up_over_cozy_chess() {
        // Ratios bb / cozy-chess: 1/3 and 2/3 -> median 0.5 -> speed-up 2.0, range 1.5-3.0.
        let rows = parse_rows(&two_rounds([1_000_000, 2_000_000], [3_000_000, 3_000_000])).unwrap();
        let mut c = cells("native", &rows, 2).unwrap();
        let lines = goal_lines(&c);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(
            lines[0].starts_with("native  start perft(4)"),
            "{}",
            lines[0]
        );
        assert!(
            lines[0].contains(" 2.00x (1.50-3.00), goal 2.0x: met"),
            "{}",
            lines[0]
        );
        for cell in &mut c {
            cell.build = "x86-64".into();
        }
        assert!(goal_lines(&c)[0].ends_with("goal 2.6x: missed"));
    }
}
