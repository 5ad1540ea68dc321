//! The row-table variant: `set` from one table entry per rank of each colour (the sum of the
//! delta vectors of the discs of that rank byte), 16 entries instead of one per square; its
//! `update` is [`PerSquare`]'s.

use super::scalar::PerSquare;
use super::tables::{DELTA, WORDS};
use super::{FeatureVariant, Features, Mover};
use bb_core::Square;
use bb_simd::Backend;

/// `set` by 16 lookups in a table of rank bytes (192 KiB); `update` as [`PerSquare`].
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct RowTables;

/// `ROWS[rank][byte]`: the sum of `DELTA` over the squares of `byte` on `rank`.
static ROWS: [[[u64; WORDS]; 256]; 8] = rows();

/// Every lane with all its digits 2 (`3^n - 1`): the empty board.
static ALL_TWOS: [u64; WORDS] = all_twos();

const fn rows() -> [[[u64; WORDS]; 256]; 8] {
    let mut t = [[[0u64; WORDS]; 256]; 8];
    let mut rank = 0;
    while rank < 8 {
        let mut byte: usize = 1;
        while byte < 256 {
            // The entry of `byte` is that of `byte` without its lowest bit plus that bit's.
            let low = byte.trailing_zeros() as usize;
            let mut w = 0;
            while w < WORDS {
                t[rank][byte][w] = t[rank][byte & (byte - 1)][w] + DELTA[8 * rank + low][w];
                w += 1;
            }
            byte += 1;
        }
        rank += 1;
    }
    t
}

const fn all_twos() -> [u64; WORDS] {
    let mut t = [0u64; WORDS];
    let mut sq = 0;
    while sq < 64 {
        let mut w = 0;
        while w < WORDS {
            t[w] += 2 * DELTA[sq][w];
            w += 1;
        }
        sq += 1;
    }
    t
}

impl FeatureVariant for RowTables {
    const NAME: &'static str = "row_tables";
    #[inline(always)]
    fn set<B: Backend>(_: B, p: u64, o: u64) -> Features {
        // digit = 2 - 2 [p] - [o]: the empty board minus twice p's deltas minus o's.
        let mut words = ALL_TWOS;
        for (rank, table) in ROWS.iter().enumerate() {
            let (dp, dq) = (
                &table[(p >> (8 * rank)) as u8 as usize],
                &table[(o >> (8 * rank)) as u8 as usize],
            );
            for ((w, a), b) in words.iter_mut().zip(dp).zip(dq) {
                *w = w.wrapping_sub(a.wrapping_mul(2).wrapping_add(*b));
            }
        }
        Features { words }
    }
    #[inline(always)]
    fn update<B: Backend>(b: B, f: &Features, sq: Square, flipped: u64, mover: Mover) -> Features {
        PerSquare::update(b, f, sq, flipped, mover)
    }
}
