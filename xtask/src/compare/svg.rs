//! `--svg FILE`: the cells as a hand-written SVG chart, one panel per comparison and peer build,
//! one row per cell with a bar at the median ratio bb / peer, a whisker over the per-round
//! range, and a line at 1 (left of it: bb is faster). One scale for the whole chart, so panels
//! compare.
//!
//! Every row is a `<g class="cell">` holding one `<rect class="ratio">`, so the chart can be
//! checked by parsing it.

use super::Cell;
use std::fmt::Write as _;

const WIDTH: f64 = 900.0;
const LABEL_W: f64 = 430.0;
const BAR_W: f64 = 400.0;
const ROW_H: f64 = 18.0;
const HEAD_H: f64 = 24.0;
const TITLE_H: f64 = 44.0;
const FASTER: &str = "#3b78b0";
const SLOWER: &str = "#e08a2c";

/// The chart of `cells` (panels in order of first appearance) under `title`.
pub(crate) fn chart(cells: &[Cell], title: &str) -> String {
    let mut panels: Vec<(String, Vec<&Cell>)> = Vec::new();
    for c in cells {
        let name = format!("{} ({})", c.comparison, c.build);
        match panels.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => v.push(c),
            None => panels.push((name, vec![c])),
        }
    }
    let summaries: Vec<_> = cells.iter().map(Cell::summary).collect();
    // Up to the largest range end, at least 1.25 so the line at 1 has room on its right.
    let top = summaries
        .iter()
        .map(|s| s.ratio_max)
        .filter(|x| x.is_finite())
        .fold(1.25f64, f64::max);
    let x_of = |r: f64| LABEL_W + BAR_W * (r / top).clamp(0.0, 1.0);
    let height = TITLE_H
        + panels
            .iter()
            .map(|(_, v)| HEAD_H + ROW_H * v.len() as f64)
            .sum::<f64>()
        + 10.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="11">"#
    );
    let _ = writeln!(
        s,
        r#"<rect width="{WIDTH}" height="{height}" fill="white"/>"#
    );
    let _ = writeln!(
        s,
        r#"<text x="10" y="18" font-size="13" font-weight="bold">{}</text><text x="10" y="34">bb's time / the peer's: median of the per-round ratios (bar), their range (whisker); left of the line at 1, bb is faster</text>"#,
        esc(title)
    );
    let one = x_of(1.0);
    let _ = writeln!(
        s,
        r##"<line x1="{one:.1}" y1="{TITLE_H}" x2="{one:.1}" y2="{:.1}" stroke="#444" stroke-dasharray="3,3"/>"##,
        height - 10.0
    );
    let mut y = TITLE_H;
    for (name, v) in &panels {
        y += HEAD_H;
        let _ = writeln!(
            s,
            r#"<text x="10" y="{:.1}" font-weight="bold">{}</text>"#,
            y - 7.0,
            esc(name)
        );
        for c in v {
            let m = c.summary();
            let (x0, x1) = (x_of(0.0), x_of(m.ratio));
            let color = if m.ratio <= 1.0 { FASTER } else { SLOWER };
            let label = format!("{}: {} vs {}", c.case, c.bb, c.peer);
            let _ = writeln!(
                s,
                r##"<g class="cell"><text x="10" y="{:.1}">{}</text><rect class="ratio" x="{x0:.1}" y="{:.1}" width="{:.1}" height="9" fill="{color}"/><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#222"/><text x="{:.1}" y="{:.1}">{:.2}</text></g>"##,
                y + 12.0,
                esc(&label),
                y + 4.0,
                (x1 - x0).max(0.5),
                x_of(m.ratio_min),
                y + 8.5,
                x_of(m.ratio_max),
                y + 8.5,
                x_of(m.ratio_max).max(x1) + 4.0,
                y + 12.0,
                m.ratio
            );
            y += ROW_H;
        }
    }
    s.push_str("</svg>\n");
    s
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(build: &str, bb: &[f64], peer: &[f64]) -> Cell {
        Cell {
            comparison: "edax".into(),
            build: build.into(),
            case: "flip throughput".into(),
            bb: "avx2 a<b>".into(),
            peer: "edax_avx_ppfill".into(),
            unit: "ns".into(),
            bb_times: bb.to_vec(),
            peer_times: peer.to_vec(),
        }
    }

    #[test]
    fn one_bar_per_cell_in_one_panel_per_build_with_names_escaped() {
        let cells = [
            cell("x86-64-v3", &[1.0, 2.0], &[2.0, 2.0]),
            cell("x86-64", &[3.0], &[2.0]),
            cell("x86-64-v3", &[1.0], &[1.0]),
        ];
        let svg = chart(&cells, "Zen & co");
        assert_eq!(svg.matches(r#"<g class="cell">"#).count(), 3);
        assert_eq!(svg.matches(r#"<rect class="ratio""#).count(), 3);
        assert_eq!(svg.matches("edax (x86-64-v3)").count(), 1);
        assert!(svg.contains("a&lt;b&gt;") && svg.contains("Zen &amp; co"));
        // bb slower in the x86-64 cell (1.5): that bar is the "slower" colour.
        assert!(svg.contains(&format!(r#"fill="{SLOWER}"/><line"#)));
        assert!(svg.contains(">1.50<"), "{svg}");
        assert!(svg.ends_with("</svg>\n"));
    }
}
