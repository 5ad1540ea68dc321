//! `compare ffo`: exact endgame solving, `bb solve FILE.obf` against Edax's `-solve` on the same
//! OBF file, both with a zero evaluation and one thread.
//!
//! Edax orders its moves by its pattern evaluation; given a weight file of zeros
//! (`-eval-file`), its search keeps its own structure but learns nothing from the evaluation,
//! which is what `bb solve` without `--eval` does. Each program reports its own total time;
//! every score of both is checked against the file's best score.

use super::edax::{Build, builds, program_args};
use super::egaroucid::perft_backends;
use super::{Cell, Ctx, Opts, alternate, build_once, output, peer_src, runnable};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Edax's weight file (`eval.dat`) with every weight zero: the header (`EDAX`, `EVAL`, version
/// 4.5.0, a zero date), then 54 plies of 114 364 packed 16-bit weights.
pub(crate) fn zero_eval_file() -> Vec<u8> {
    let mut v = Vec::with_capacity(28 + 54 * 114_364 * 2);
    for w in [0x4544_4158u32, 0x4556_414c, 4, 5, 0] {
        v.extend_from_slice(&w.to_le_bytes());
    }
    v.extend_from_slice(&0f64.to_le_bytes());
    v.resize(28 + 54 * 114_364 * 2, 0);
    v
}

/// The best score of every problem of an OBF file (the first `MOVE:score` of each line), in
/// order; `None` for a line without one.
pub(crate) fn obf_scores(text: &str) -> Vec<Option<i32>> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('%'))
        .map(|l| {
            l.split(';')
                .nth(1)
                .and_then(|m| m.split_once(':'))
                .and_then(|(_, s)| s.trim().parse().ok())
        })
        .collect()
}

/// Seconds from `M:SS.mmm` or `H:MM:SS.mmm`.
fn clock(s: &str) -> Option<f64> {
    s.split(':').try_fold(0.0, |acc, part| {
        Some(acc * 60.0 + part.parse::<f64>().ok()?)
    })
}

/// Edax's `-solve` output: each problem's score, in order, and the total seconds.
pub(crate) fn parse_edax(out: &str) -> Option<(Vec<i32>, f64)> {
    let mut scores = Vec::new();
    let mut total = None;
    for line in out.lines() {
        if let Some((n, rest)) = line.split_once('|')
            && n.trim().parse::<u32>().is_ok()
        {
            // depth, score, time, nodes, ...
            scores.push(rest.split_whitespace().nth(1)?.parse().ok()?);
        } else if line.contains(" nodes in ") {
            let after = line.split(" nodes in ").nth(1)?;
            total = clock(after.split_whitespace().next()?);
        }
    }
    Some((scores, total?))
}

/// bb's `bb solve` output: each problem's score, in order, and the total seconds.
pub(crate) fn parse_bb(out: &str) -> Option<(Vec<i32>, f64)> {
    let mut scores = Vec::new();
    let mut total = None;
    for line in out.lines() {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        if cols.len() >= 4 && cols[1].parse::<u32>().is_ok() {
            scores.push(cols[2].parse().ok()?);
        } else if line.contains(" problems, ") && line.contains(" nodes in ") {
            let after = line.split(" nodes in ").nth(1)?;
            total = clock(after.split_whitespace().next()?);
        }
    }
    Some((scores, total?))
}

/// Checks a run's scores against the file's.
fn check(who: &str, got: &[i32], want: &[Option<i32>]) -> Result<(), String> {
    if got.len() != want.len() {
        return Err(format!(
            "{who} solved {} problems, the file has {}",
            got.len(),
            want.len()
        ));
    }
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        if w.is_some_and(|w| w != *g) {
            return Err(format!(
                "{who}: problem {} scored {g:+}, the file says {:+}",
                i + 1,
                w.unwrap_or(0)
            ));
        }
    }
    Ok(())
}

/// Runs the comparison.
pub(crate) fn run(ctx: &Ctx, o: &Opts) -> Result<Vec<Cell>, String> {
    let given = o.edax.as_ref().ok_or("needs --edax DIR")?;
    let obf = o
        .obf
        .clone()
        .unwrap_or_else(|| ctx.root.join("data").join("fforum-20-39.obf"));
    let text = std::fs::read_to_string(&obf).map_err(|e| format!("{}: {e}", obf.display()))?;
    let want = obf_scores(&text);
    let obf = std::fs::canonicalize(&obf).map_err(|e| format!("{}: {e}", obf.display()))?;
    let work = ctx.dir.join("edax");
    std::fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    let (src, origin) = peer_src(given, "all.c", &[], &work)?;
    eprintln!(
        "# ffo: Edax {origin}; {} problems of {}",
        want.len(),
        obf.display()
    );
    let zero = work.join("zero-eval.dat");
    let bytes = zero_eval_file();
    if std::fs::metadata(&zero).map(|m| m.len()).ok() != Some(bytes.len() as u64) {
        std::fs::write(&zero, &bytes).map_err(|e| format!("{}: {e}", zero.display()))?;
    }
    let cc = std::env::var("CC").unwrap_or_else(|_| "gcc".into());
    let here = super::bb_backends_here();
    let mut cells = Vec::new();
    for b in builds(&o.arches, false) {
        if let Err(why) = runnable(b.arch.requirements(), &super::cpu_has) {
            eprintln!("# skipped {}: {why}", b.label);
            continue;
        }
        let Some(backend) = perft_backends(b.arch).iter().find(|x| here.contains(x)) else {
            continue;
        };
        let exe = build_edax(&cc, &b, &src, &work)?;
        eprintln!(
            "# solve: bb on {backend} against Edax {} (zero evaluation), {} rounds",
            b.label, o.rounds
        );
        let (bb, peer) = alternate(
            o.rounds,
            || {
                let out = output(
                    Command::new(&ctx.bb)
                        .arg("solve")
                        .arg(&obf)
                        .args(["--threads", "1"])
                        .env("BB_BACKEND", backend),
                )?;
                let (scores, secs) =
                    parse_bb(&out).ok_or(format!("bb solve: unreadable output {out:?}"))?;
                check("bb", &scores, &want)?;
                Ok(secs)
            },
            || {
                let mut cmd = Command::new(&exe);
                cmd.current_dir(&work)
                    .arg("-eval-file")
                    .arg(&zero)
                    .args(["-book-usage", "off", "-n", "1", "-l", "60", "-solve"])
                    .arg(&obf);
                let out = output(&mut cmd)?;
                let (scores, secs) =
                    parse_edax(&out).ok_or(format!("edax -solve: unreadable output {out:?}"))?;
                check("edax", &scores, &want)?;
                Ok(secs)
            },
        )?;
        cells.push(Cell {
            comparison: "ffo".into(),
            build: b.label.into(),
            case: format!(
                "solve {}",
                obf.file_name().unwrap_or_default().to_string_lossy()
            ),
            bb: (*backend).into(),
            peer: "edax -solve, zero eval".into(),
            unit: "s".into(),
            bb_times: bb,
            peer_times: peer,
        });
    }
    if cells.is_empty() {
        return Err("no Edax build runs on this CPU".into());
    }
    Ok(cells)
}

/// Builds Edax itself (its whole program, all.c) for a level, with its Makefile's flags.
fn build_edax(cc: &str, b: &Build, src: &Path, work: &Path) -> Result<PathBuf, String> {
    let exe = work.join(format!("edax-{}", b.name));
    let args = program_args(b, src, &exe);
    let fresh = build_once(cc, &args, &exe, &[src])
        .map_err(|e| format!("building Edax {}: {e}", b.label))?;
    let verb = if fresh { "built" } else { "reused" };
    eprintln!("# {verb} Edax {}: {cc} {}", b.label, args.join(" "));
    Ok(exe)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zero_file_has_edax_s_header_and_size() {
        let f = zero_eval_file();
        assert_eq!(f.len(), 28 + 54 * 114_364 * 2);
        assert_eq!(&f[..8], b"XADELAVE");
        assert!(f[20..].iter().all(|&b| b == 0));
    }

    #[test]
    fn obf_best_scores_are_the_first_move_s() {
        let text = "X-- X; H5:+6; G6:-2;\n\n% comment\nO-- O; G5:-4;\nO-- O;\n";
        assert_eq!(obf_scores(text), [Some(6), Some(-4), None]);
    }

    #[test]
    fn both_outputs_give_scores_and_total_time() {
        let edax = " # | depth|score|       time   |  nodes (N)  |   N/s    | principal variation
---+------+-----+--------------+-------------+----------+---------------------
  1|    6   +06        0:00.001           289     289000 h5
 19|   24   -04        1:35.328     477092912   13504668 b2 C8 h2
---+------+-----+--------------+-------------+----------+---------------------
x.obf: 776135188 nodes in  1:09.475 (11171431 nodes/s).
";
        assert_eq!(parse_edax(edax), Some((vec![6, -4], 69.475)));
        let bb = "# backend avx2, 1 thread, table 2^21 entries
 # | empties | score |    time    |     nodes     |   nodes/s   | PV
---+---------+-------+------------+---------------+-------------+-------------------------
 1 |       6 |    +6 |   0:00.000 |           330 |     1473214 | h5 g6
20 |      26 |   +64 |   1:02.500 |           330 |     1473214 | a8
---+---------+-------+------------+---------------+-------------+-------------------------
20 problems, 1 nodes in 1:23.250 (15.0 M nodes/s), 0 mismatches
";
        assert_eq!(parse_bb(bb), Some((vec![6, 64], 83.25)));
        assert!(check("bb", &[6, 64], &[Some(6), None]).is_ok());
        assert!(check("bb", &[6, 62], &[Some(6), Some(64)]).is_err());
        assert!(check("bb", &[6], &[Some(6), Some(64)]).is_err());
    }
}
