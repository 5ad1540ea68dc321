//! `bb bench --svg FILE`: the rows as a hand-written SVG bar chart, one panel per kernel and,
//! in it, one row per variant and backend with two horizontal bars, throughput and latency (ns
//! per call, shorter is faster), each with a whisker over the spread of the rounds and its value
//! written after it. Each panel has its own scale (kernels differ by orders of magnitude).
//!
//! Every row is a `<g class="row">` holding a `<rect class="throughput">` and a
//! `<rect class="latency">`, so the chart can be checked by parsing it.

use super::report::Row;
use std::fmt::Write as _;

const WIDTH: f64 = 900.0;
const LABEL_W: f64 = 300.0;
const BAR_W: f64 = 480.0;
const BAR_H: f64 = 8.0;
const ROW_H: f64 = 22.0;
const PANEL_GAP: f64 = 18.0;
const TITLE_H: f64 = 78.0;
const THROUGHPUT: &str = "#3b78b0";
const LATENCY: &str = "#e08a2c";

/// The chart of `rows` (in report order: a kernel's rows are contiguous) under `title`.
#[must_use]
pub fn chart(rows: &[Row], title: &str) -> String {
    let panels = panels(rows);
    let height = TITLE_H
        + panels
            .iter()
            .map(|p| PANEL_GAP + ROW_H * (p.len() as f64 + 1.0))
            .sum::<f64>()
        + PANEL_GAP;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="11">"#
    );
    let _ = writeln!(
        s,
        r#"<rect width="{WIDTH}" height="{height}" fill="white"/>"#
    );
    // The title's first ` | ` part in bold, the rest (the settings) on a line of its own: one
    // line would run off the chart.
    let (head, rest) = title.split_once(" | ").unwrap_or((title, ""));
    let _ = writeln!(
        s,
        r#"<text x="10" y="18" font-size="13" font-weight="bold">{}</text><text x="10" y="34">{}</text>"#,
        esc(head),
        esc(&rest.replace(" | ", ", "))
    );
    let _ = writeln!(
        s,
        r#"<rect x="10" y="46" width="12" height="{BAR_H}" fill="{THROUGHPUT}"/><text x="26" y="54">throughput (independent calls)</text><rect x="220" y="46" width="12" height="{BAR_H}" fill="{LATENCY}"/><text x="236" y="54">latency (each input depends on the previous result)</text><text x="10" y="72">ns per call, shorter is faster; * marks the backend's default variant; the whiskers span the rounds</text>"#
    );
    let mut y = TITLE_H;
    for p in &panels {
        y += PANEL_GAP;
        let scale = p
            .iter()
            .map(|r| r.m.throughput_range.1.max(r.m.latency_range.1))
            .fold(0.0f64, f64::max);
        let scale = if scale > 0.0 { BAR_W / scale } else { 0.0 };
        let _ = writeln!(
            s,
            r#"<g class="kernel" data-kernel="{k}"><text x="10" y="{ty}" font-size="12" font-weight="bold">{k} ({n} inputs)</text>"#,
            k = esc(p[0].kernel),
            ty = y + 12.0,
            n = p[0].inputs
        );
        y += ROW_H;
        for r in p.iter() {
            let label = format!(
                "{}{} / {}",
                r.variant,
                if r.m.default { " *" } else { "" },
                r.backend
            );
            let _ = writeln!(
                s,
                r#"<g class="row" data-kernel="{}" data-variant="{}" data-backend="{}">"#,
                esc(r.kernel),
                esc(r.variant),
                esc(r.backend)
            );
            let _ = writeln!(
                s,
                r#"<text x="{x}" y="{ty}" text-anchor="end"{fill}>{l}</text>"#,
                x = LABEL_W - 8.0,
                ty = y + BAR_H + 3.0,
                fill = if r.m.checked { "" } else { r#" fill="red""# },
                l = esc(&label)
            );
            for (i, (class, colour, ns, (lo, hi))) in [
                (
                    "throughput",
                    THROUGHPUT,
                    r.m.throughput_ns,
                    r.m.throughput_range,
                ),
                ("latency", LATENCY, r.m.latency_ns, r.m.latency_range),
            ]
            .into_iter()
            .enumerate()
            {
                let by = y + i as f64 * (BAR_H + 1.0);
                let w = finite(ns) * scale;
                let _ = writeln!(
                    s,
                    r#"<rect class="{class}" x="{LABEL_W}" y="{by}" width="{w:.2}" height="{BAR_H}" fill="{colour}"><title>{t}</title></rect>"#,
                    t = esc(&format!(
                        "{label}: {class} {ns:.2} ns (rounds {lo:.2} to {hi:.2})"
                    ))
                );
                let (x0, x1) = (LABEL_W + finite(lo) * scale, LABEL_W + finite(hi) * scale);
                let my = by + BAR_H / 2.0;
                let _ = writeln!(
                    s,
                    r#"<line x1="{x0:.2}" y1="{my}" x2="{x1:.2}" y2="{my}" stroke="black" stroke-width="1"/>"#
                );
                let _ = writeln!(
                    s,
                    r#"<text x="{tx:.2}" y="{ty}" font-size="9">{v}</text>"#,
                    tx = LABEL_W + (finite(ns) * scale).max(x1 - LABEL_W) + 4.0,
                    ty = by + BAR_H - 0.5,
                    v = fmt_ns(ns)
                );
            }
            s.push_str("</g>\n");
            y += ROW_H;
        }
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
    s
}

/// The rows split into runs of one kernel each.
fn panels(rows: &[Row]) -> Vec<&[Row]> {
    let mut v = Vec::new();
    let mut start = 0;
    while start < rows.len() {
        let k = rows[start].kernel;
        let n = rows[start..].iter().take_while(|r| r.kernel == k).count();
        v.push(&rows[start..start + n]);
        start += n;
    }
    v
}

/// A timing as a bar length: NaN or negative (never measured) draws nothing.
fn finite(x: f64) -> f64 {
    if x.is_finite() && x > 0.0 { x } else { 0.0 }
}

fn fmt_ns(ns: f64) -> String {
    if ns >= 100.0 {
        format!("{ns:.0}")
    } else if ns >= 10.0 {
        format!("{ns:.1}")
    } else {
        format!("{ns:.2}")
    }
}

/// Text escaped for XML content and attribute values.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}
