//! Cells, their ratio summaries, and the two ways out: a text table and JSON lines.

use serde::Serialize;
use std::fmt::Write as _;
use std::path::Path;

/// One case measured on both sides in every round.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Cell {
    /// The comparison it belongs to (`edax`, `movegen`, ...).
    pub(crate) comparison: String,
    /// The peer's build (`x86-64-v3`, `-march=native`, ...).
    pub(crate) build: String,
    /// What is timed (`flip throughput`, `queen latency`, `perft 12`, ...).
    pub(crate) case: String,
    /// bb's side: backend and variant, or program.
    pub(crate) bb: String,
    /// The peer's side: its function, algorithm or program.
    pub(crate) peer: String,
    /// The unit of the times (`ns`, `s`).
    pub(crate) unit: String,
    /// bb's time in each round.
    pub(crate) bb_times: Vec<f64>,
    /// The peer's time in each round.
    pub(crate) peer_times: Vec<f64>,
}

/// Medians of a cell's rounds and its per-round ratios.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct Summary {
    pub(crate) bb: f64,
    pub(crate) peer: f64,
    /// Median of bb / peer over the rounds (below 1: bb is faster).
    pub(crate) ratio: f64,
    pub(crate) ratio_min: f64,
    pub(crate) ratio_max: f64,
}

/// The median of `v` (the mean of the two middle values for an even count); NaN when empty.
pub(crate) fn median(v: &[f64]) -> f64 {
    let mut s: Vec<f64> = v.to_vec();
    s.sort_by(f64::total_cmp);
    match s.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => s[n / 2],
        n => (s[n / 2 - 1] + s[n / 2]) / 2.0,
    }
}

impl Cell {
    pub(crate) fn summary(&self) -> Summary {
        let ratios: Vec<f64> = self
            .bb_times
            .iter()
            .zip(&self.peer_times)
            .map(|(a, b)| a / b)
            .collect();
        Summary {
            bb: median(&self.bb_times),
            peer: median(&self.peer_times),
            ratio: median(&ratios),
            ratio_min: ratios.iter().copied().fold(f64::INFINITY, f64::min),
            ratio_max: ratios.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        }
    }
}

/// Prints one table per comparison.
pub(crate) fn print(cells: &[Cell]) {
    print!("{}", render(cells));
}

fn render(cells: &[Cell]) -> String {
    let mut out = String::new();
    let mut start = 0;
    while start < cells.len() {
        let same =
            |c: &Cell| c.comparison == cells[start].comparison && c.build == cells[start].build;
        let end = start + cells[start..].iter().take_while(|c| same(c)).count();
        let group = &cells[start..end];
        // Columns as wide as their longest entry, so long variant names keep the table aligned.
        let w = |f: fn(&Cell) -> &str, head: &str| {
            group
                .iter()
                .map(|c| f(c).len())
                .max()
                .unwrap_or(0)
                .max(head.len())
        };
        let (wc, wb, wp) = (
            w(|c| &c.case, "case"),
            w(|c| &c.bb, "bb"),
            w(|c| &c.peer, "peer"),
        );
        let _ = writeln!(out, "\n{} ({})", group[0].comparison, group[0].build);
        let _ = writeln!(
            out,
            "{:<wc$} {:<wb$} {:<wp$} {:>10} {:>10} {:>6}  range",
            "case", "bb", "peer", "bb", "peer", "ratio"
        );
        for c in group {
            let s = c.summary();
            let _ = writeln!(
                out,
                "{:<wc$} {:<wb$} {:<wp$} {:>8.3}{:<2} {:>8.3}{:<2} {:>6.2}  {:.2}-{:.2}",
                c.case,
                c.bb,
                c.peer,
                s.bb,
                c.unit,
                s.peer,
                c.unit,
                s.ratio,
                s.ratio_min,
                s.ratio_max
            );
        }
        start = end;
    }
    out
}

#[derive(Serialize)]
struct JsonLine<'a> {
    #[serde(flatten)]
    cell: &'a Cell,
    summary: Summary,
}

/// Writes every cell, with its summary, as one JSON object per line.
pub(crate) fn write_json(path: &Path, cells: &[Cell]) -> Result<(), String> {
    let mut out = String::new();
    for cell in cells {
        let line = serde_json::to_string(&JsonLine {
            cell,
            summary: cell.summary(),
        })
        .map_err(|e| format!("JSON: {e}"))?;
        out.push_str(&line);
        out.push('\n');
    }
    std::fs::write(path, out).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(bb: &[f64], peer: &[f64]) -> Cell {
        Cell {
            comparison: "edax".into(),
            build: "x86-64-v3".into(),
            case: "flip throughput".into(),
            bb: "avx2 default".into(),
            peer: "edax_avx_ppfill".into(),
            unit: "ns".into(),
            bb_times: bb.to_vec(),
            peer_times: peer.to_vec(),
        }
    }

    #[test]
    fn the_ratio_is_the_median_of_per_round_ratios_not_of_medians() {
        // Rounds: 1/2, 4/2, 3/12 -> ratios 0.5, 2, 0.25; median 0.5. Medians' ratio: 3/2.
        let s = cell(&[1.0, 4.0, 3.0], &[2.0, 2.0, 12.0]).summary();
        assert_eq!((s.bb, s.peer), (3.0, 2.0));
        assert_eq!((s.ratio, s.ratio_min, s.ratio_max), (0.5, 0.25, 2.0));
    }

    #[test]
    fn even_counts_take_the_middle_mean() {
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert!(median(&[]).is_nan());
    }

    #[test]
    fn a_table_heads_each_comparison_and_build_once() {
        let mut b = cell(&[1.0], &[2.0]);
        b.build = "x86-64".into();
        let text = render(&[cell(&[1.0], &[2.0]), cell(&[1.0], &[4.0]), b]);
        assert_eq!(text.matches("edax (x86-64-v3)").count(), 1);
        assert_eq!(text.matches("edax (x86-64)").count(), 1);
        assert!(text.contains("0.50  0.50-0.50"), "{text}");
        assert!(text.contains("0.25  0.25-0.25"), "{text}");
    }
}
