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
                t[rank][byte][w] = t[rank][byte & (byte - 1)][w] + DELTA.0[8 * rank + low][w];
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
            t[w] += 2 * DELTA.0[sq][w];
            w += 1;
        }
        sq += 1;
    }
    t
}

impl FeatureVariant for RowTables {
    const NAME: &'static str = "row_tables";
    #[inline(always)]
    fn set<B: Backend>(b: B, p: u64, o: u64) -> Features {
        // The sums in explicit vectors: left to itself, LLVM keeps the twelve words in general
        // registers and moves each row's vector sum in and out of them (about 90 ns on Avx2
        // instead of 25).
        if B::VECTOR_BITS >= 256 {
            set_vectors::<_, { WORDS / 4 }, 4>(
                p,
                o,
                |a| b.u64x4_from_array(a),
                |v| b.u64x4_to_array(v),
                |x, y| b.u64x4_add(x, y),
                |x, y| b.u64x4_sub(x, y),
            )
        } else {
            // Also on Scalar, whose two-word vectors are pairs of words.
            set_vectors::<_, { WORDS / 2 }, 2>(
                p,
                o,
                |a| b.u64x2_from_array(a),
                |v| b.u64x2_to_array(v),
                |x, y| b.u64x2_add(x, y),
                |x, y| b.u64x2_sub(x, y),
            )
        }
    }
    #[inline(always)]
    fn update<B: Backend>(b: B, f: &Features, sq: Square, flipped: u64, mover: Mover) -> Features {
        PerSquare::update(b, f, sq, flipped, mover)
    }
}

/// The table rows of rank `rank` for `p`'s and `o`'s bytes.
#[inline(always)]
fn rows_of(rank: usize, p: u64, o: u64) -> (&'static [u64; WORDS], &'static [u64; WORDS]) {
    let table = &ROWS[rank & 7];
    (
        &table[(p >> (8 * (rank & 7))) as u8 as usize],
        &table[(o >> (8 * (rank & 7))) as u8 as usize],
    )
}

/// `set` in `N` vectors of `PER` words (`N * PER == WORDS`), with the backend's operations on
/// them.
#[inline(always)]
fn set_vectors<V: Copy, const N: usize, const PER: usize>(
    p: u64,
    o: u64,
    from: impl Fn([u64; PER]) -> V,
    to: impl Fn(V) -> [u64; PER],
    add: impl Fn(V, V) -> V,
    sub: impl Fn(V, V) -> V,
) -> Features {
    let load = |w: &[u64; WORDS], k: usize| {
        let mut a = [0u64; PER];
        a.copy_from_slice(&w[PER * k..PER * (k + 1)]);
        from(a)
    };
    // digit = 2 - 2 [p] - [o]: the empty board minus twice p's deltas minus o's.
    let mut v: [V; N] = core::array::from_fn(|k| load(&ALL_TWOS, k));
    for rank in 0..8 {
        let (dp, dq) = rows_of(rank, p, o);
        for (k, x) in v.iter_mut().enumerate() {
            let a = load(dp, k);
            *x = sub(*x, add(add(a, a), load(dq, k)));
        }
    }
    let mut words = [0u64; WORDS];
    for (k, x) in v.into_iter().enumerate() {
        words[PER * k..PER * (k + 1)].copy_from_slice(&to(x));
    }
    Features { words }
}
