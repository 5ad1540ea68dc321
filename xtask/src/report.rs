//! The table of lanes printed at the end of a run.

use super::*;

pub(crate) fn print_table(rows: &[Row]) {
    let header = [
        "lane",
        "how it ran",
        "dispatch picked",
        "passed",
        "failed",
        "time",
        "result",
    ];
    let cells: Vec<[String; 7]> = rows
        .iter()
        .map(|r| {
            let (p, f) = r.counts.map_or(("-".into(), "-".into()), |c| {
                (c.passed.to_string(), c.failed.to_string())
            });
            let res = match &r.res {
                Res::Pass => "ok".to_string(),
                Res::Fail(why) => format!("FAILED: {why}"),
                Res::Skip(why) => format!("skipped: {why}"),
                Res::Covered(by) => format!("covered by {by}"),
            };
            let time = if r.time.is_zero() {
                "-".into()
            } else {
                format!("{:.0}s", r.time.as_secs_f64())
            };
            [
                r.name.clone(),
                r.how.clone(),
                r.picked.clone(),
                p,
                f,
                time,
                res,
            ]
        })
        .collect();
    let mut w = header.map(str::len);
    for c in &cells {
        for (i, s) in c.iter().enumerate().take(6) {
            w[i] = w[i].max(s.len());
        }
    }
    let line = |c: &[String]| {
        format!(
            "{:<w0$}  {:<w1$}  {:<w2$}  {:>w3$}  {:>w4$}  {:>w5$}  {}",
            c[0],
            c[1],
            c[2],
            c[3],
            c[4],
            c[5],
            c[6],
            w0 = w[0],
            w1 = w[1],
            w2 = w[2],
            w3 = w[3],
            w4 = w[4],
            w5 = w[5]
        )
    };
    println!();
    println!("{}", line(&header.map(str::to_owned)));
    println!("{}", "-".repeat(w.iter().sum::<usize>() + 12 + 6));
    for c in &cells {
        println!("{}", line(c));
    }
}
