//! Chess perft for `bb perft chess`: the suite-line parser and the count on the bitboard
//! `Position` or the byteboard, cut into sub-trees one or two plies down ([`super::split`]).

use super::split::{self, Limits, Outcome};
use crate::progress::Progress;
use bb_chess::byteboard::movegen::{self, BytePosition};
use bb_chess::{MoveList, Position, perft};

/// One line of a perft suite: the FEN and its `(depth, nodes)` counts.
#[derive(Debug, PartialEq)]
pub struct EpdLine {
    /// The position.
    pub fen: String,
    /// `(depth, nodes)` in the order listed.
    pub counts: Vec<(u32, u64)>,
}

/// Parses `FEN ;D1 20 ;D2 400 ...` (blank lines and `#` comments give `None`).
pub fn parse_epd_line(line: &str) -> Result<Option<EpdLine>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let mut parts = line.split(';');
    let fen = parts.next().unwrap_or("").trim().to_string();
    let mut counts = Vec::new();
    for field in parts.map(str::trim).filter(|f| !f.is_empty()) {
        let (d, n) = field
            .strip_prefix('D')
            .and_then(|r| r.split_once(char::is_whitespace))
            .ok_or(format!("{field:?} is not \"D<depth> <nodes>\""))?;
        let d: u32 = d.parse().map_err(|_| format!("{field:?}: bad depth"))?;
        let n: u64 = n
            .trim()
            .parse()
            .map_err(|_| format!("{field:?}: bad node count"))?;
        counts.push((d, n));
    }
    Ok(Some(EpdLine { fen, counts }))
}

/// Plies below the root where the tree is cut into sub-trees: two from depth 6 on (a few
/// hundred sub-trees of at most a few seconds), else one.
pub fn split_plies(depth: u32) -> u32 {
    if depth >= 6 { 2 } else { 1 }
}

/// Perft of `pos` on the bitboard `Position` or, with `byteboard`, on the byteboard position,
/// cut into sub-trees `plies` (1 or 2) below the root ([`split::run`]); `on_root` hears each
/// root move's count in order.
#[allow(clippy::too_many_arguments)] // the split run's parameters, passed through
pub fn count(
    pos: &Position,
    depth: u32,
    plies: u32,
    threads: usize,
    byteboard: bool,
    limits: Limits,
    progress: &Progress,
    label: &str,
    on_root: &mut (dyn FnMut(usize, u64) + Send),
) -> Result<Outcome, String> {
    if depth == 0 {
        return Ok(Outcome {
            per_root: Vec::new(),
            total: 1,
            done: 0,
            jobs: 0,
        });
    }
    let roots = MoveList::legal(pos);
    let below = plies.clamp(1, 2).min(depth);
    if !byteboard {
        let mut jobs = Vec::new();
        for (i, &m) in roots.iter().enumerate() {
            let child = pos.play(m);
            if below == 2 {
                for &m2 in MoveList::legal(&child).iter() {
                    jobs.push((i, (child.play(m2), depth - 2)));
                }
            } else {
                jobs.push((i, (child, depth - 1)));
            }
        }
        return Ok(split::run(
            &jobs,
            roots.len(),
            threads,
            limits,
            progress,
            label,
            |(p, d), meter| bb_simd::dispatch!(|b| perft::perft_metered_with(b, p, *d, meter)),
            on_root,
        ));
    }
    let bp = BytePosition::from_position(pos).map_err(|e| e.to_string())?;
    let mut jobs = Vec::new();
    let roots = bb_simd::dispatch!(|b| {
        let mut list = MoveList::new();
        bp.legal_moves(b, &mut list);
        for (i, &m) in list.iter().enumerate() {
            let mut child = bp;
            child.play(b, m);
            if below == 2 {
                let mut list2 = MoveList::new();
                child.legal_moves(b, &mut list2);
                for &m2 in list2.iter() {
                    let mut grandchild = child;
                    grandchild.play(b, m2);
                    jobs.push((i, (grandchild, depth - 2)));
                }
            } else {
                jobs.push((i, (child, depth - 1)));
            }
        }
        list.len()
    });
    Ok(split::run(
        &jobs,
        roots,
        threads,
        limits,
        progress,
        label,
        |(p, d), meter| bb_simd::dispatch!(|b| movegen::perft_metered(b, p, *d, meter)),
        on_root,
    ))
}
