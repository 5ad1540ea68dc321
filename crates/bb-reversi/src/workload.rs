//! Seeded random play-outs from the start position: the workload of the flip tests and
//! benchmarks (the anchor's workload: uniformly random games, every legal move of every
//! position as a sample).

use crate::Board;
use bb_core::{Square, rng::Rng};

/// One flip call: a position and a legal move in it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sample {
    /// Player to move.
    pub p: u64,
    /// Opponent.
    pub o: u64,
    /// A legal move of `p`.
    pub sq: Square,
}

/// Plays uniformly random games from [`Board::START`] with the seeded generator and calls
/// `visit` on every position in which the side to move has a legal move, until `visit`
/// returns `false`.
///
/// ```
/// use bb_reversi::workload::random_positions;
/// let mut n = 0;
/// random_positions(1, |b| { assert!(b.moves() != 0); n += 1; n < 100 });
/// assert_eq!(n, 100);
/// ```
pub fn random_positions(seed: u64, mut visit: impl FnMut(Board) -> bool) {
    let mut rng = Rng::new(seed);
    loop {
        let mut b = Board::START;
        loop {
            let mut moves = b.moves();
            if moves == 0 {
                b = b.pass();
                moves = b.moves();
                if moves == 0 {
                    break;
                }
            }
            if !visit(b) {
                return;
            }
            // Pick the k-th set bit uniformly.
            let k = rng.below(u64::from(moves.count_ones()));
            for _ in 0..k {
                moves &= moves - 1;
            }
            let sq = Square::new_masked(moves.trailing_zeros() as u8);
            match b.play(sq) {
                Some(next) => b = next,
                None => unreachable!("a generated move is legal"),
            }
        }
    }
}

/// Calls `visit` on every (position, legal move) pair of the positions of
/// [`random_positions`], until it returns `false` (positions are never cut in half unless
/// `visit` stops).
///
/// ```
/// use bb_reversi::workload::samples;
/// let mut v = Vec::new();
/// samples(7, |s| { v.push(s); v.len() < 1000 });
/// assert_eq!(v.len(), 1000);
/// ```
pub fn samples(seed: u64, mut visit: impl FnMut(Sample) -> bool) {
    random_positions(seed, |b| {
        let mut m = b.moves();
        while m != 0 {
            let sq = Square::new_masked(m.trailing_zeros() as u8);
            m &= m - 1;
            if !visit(Sample { p: b.p, o: b.o, sq }) {
                return false;
            }
        }
        true
    });
}
