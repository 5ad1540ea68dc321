//! Stability: a subset of the player's discs, every variant equal to the scalar form, and no
//! disc called stable is ever flipped in any continuation (exhaustive game-tree search).

mod kernels_common;
use kernels_common as common;

#[path = "../src/gen/edge_stability.rs"]
mod gen_edge_stability;

use bb_core::Square;
use bb_reversi::Board;
use bb_reversi::stability::{self, Stability, StabilityVariant};
use bb_simd::{Backend, Scalar, WithBackend};

#[derive(Clone)]
struct Run<'a>(&'a [(u64, u64)]);
impl WithBackend for Run<'_> {
    type Output = usize;
    fn run<B: Backend>(self, b: B) -> usize {
        for &(p, o) in self.0 {
            let s = stability::stability(b, p, o);
            assert_eq!(
                s,
                stability::ScalarSpread::stability(Scalar, p, o),
                "default on {}",
                B::NAME
            );
            assert_eq!(
                s & !p,
                0,
                "stable discs are the player's: p={p:#x} o={o:#x}"
            );
        }
        self.0.len()
    }
}

fn positions(seed: u64, n: usize, max_empties: u32) -> Vec<Board> {
    let mut out = Vec::new();
    bb_reversi::workload::random_positions(seed, |b| {
        if 64 - (b.p | b.o).count_ones() <= max_empties {
            out.push(b);
        }
        out.len() < n
    });
    out
}

#[test]
fn variants_agree_and_are_subsets() {
    let mut cases: Vec<(u64, u64)> = positions(3, common::scaled(3000), 64)
        .iter()
        .map(|b| (b.p, b.o))
        .collect();
    cases.extend(common::random_positions(4, common::scaled(3000)));
    bb_simd::kernel::check::<Stability>(&cases);
    for (backend, ran) in bb_simd::for_each_backend(Run(&cases)) {
        assert_eq!(ran, cases.len(), "{backend:?}");
    }
}

/// Walks every continuation; `mine` is the side (true = the player to move at the root)
/// whose discs `stable` must keep.
fn never_flipped(b: Board, root_to_move: bool, stable: u64, passed: bool, nodes: &mut u64) {
    *nodes += 1;
    let mine = if root_to_move { b.p } else { b.o };
    assert_eq!(mine & stable, stable, "a stable disc was flipped: {b:?}");
    let mut moves = b.moves();
    if moves == 0 {
        if !passed {
            never_flipped(b.pass(), !root_to_move, stable, true, nodes);
        }
        return;
    }
    while moves != 0 {
        let sq = Square::new(moves.trailing_zeros() as u8).unwrap();
        moves &= moves - 1;
        never_flipped(b.play(sq).unwrap(), !root_to_move, stable, false, nodes);
    }
}

#[test]
fn stable_discs_are_never_flipped() {
    let mut nodes = 0;
    let mut checked = 0;
    for b in positions(7, common::scaled(60), 10) {
        for (p, o, side) in [(b.p, b.o, true), (b.o, b.p, false)] {
            let s = stability::stability(Scalar, p, o);
            checked += s.count_ones();
            never_flipped(b, side, s, false, &mut nodes);
        }
    }
    assert!(checked > 0);
    eprintln!("{nodes} nodes, {checked} stable discs checked");
}

#[test]
fn edge_table_matches_generator_and_is_exact_on_full_lines() {
    let t = gen_edge_stability::edge_stability_table();
    let table = stability::edge_stability_table();
    for p in 0..256 {
        assert_eq!(table[p], t[p]);
        // A full line is stable as it is.
        assert_eq!(usize::from(table[p][255 ^ p]), p);
    }
    // A lone corner is stable, a lone b1 disc is not.
    assert_eq!(table[1][0], 1);
    assert_eq!(table[2][0], 0);
}
