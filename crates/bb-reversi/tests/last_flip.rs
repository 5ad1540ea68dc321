//! Every last-flip variant on every backend against walking the rays, exhaustively over the
//! player subsets of each line through each square and on random one-empty positions.

mod kernels_common;
use kernels_common as common;

#[path = "../src/gen/count_flip.rs"]
mod gen_count_flip;

use bb_core::{Square, reference};
use bb_reversi::last_flip::{self, LastFlipCount, LastFlipVariant};
use bb_simd::{Backend, WithBackend};

/// Every subset of `mask` as the player's discs, with `sq` the empty square (carry-rippler
/// enumeration).
fn subsets(out: &mut Vec<(Square, u64)>, sq: Square, mask: u64) {
    let mut sub = 0u64;
    loop {
        out.push((sq, sub));
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
}

fn cases() -> Vec<(Square, u64)> {
    let mut out = Vec::new();
    let lines = gen_count_flip::lines4();
    for sq in Square::ALL {
        for &line in &lines[sq.index()] {
            subsets(&mut out, sq, line & !sq.bit());
        }
    }
    // Edge-file squares gather the file and both diagonals in two bent lines (A1-A4-E8 and
    // D1-A4-A8 for A4): every subset of their union.
    for sq in Square::ALL {
        let (f, r) = (sq.index() % 8, sq.index() / 8);
        if (f == 0 || f == 7) && (1..7).contains(&r) {
            let [_, d9, d7, file] = lines[sq.index()];
            subsets(&mut out, sq, (d9 | d7 | file) & !sq.bit());
        }
    }
    // Outside c3-f6 `pext_merged` gathers both diagonals at once: every subset of their union
    // where it is small (it holds up to 13 squares, of which at most 8 can flip).
    for sq in Square::ALL {
        let [_, d9, d7, _] = lines[sq.index()];
        let union = (d9 | d7) & !sq.bit();
        if union.count_ones() > 10 {
            continue;
        }
        subsets(&mut out, sq, union);
    }
    let mut rng = bb_core::rng::Rng::new(5);
    for _ in 0..common::scaled(20_000) {
        let sq = rng.square();
        let d = rng.below(257) as u32;
        out.push((sq, rng.bitboard(d) & !sq.bit()));
    }
    out
}

#[derive(Clone)]
struct Run<'a>(&'a [(Square, u64)], &'a [u32]);
impl WithBackend for Run<'_> {
    type Output = usize;
    fn run<B: Backend>(self, b: B) -> usize {
        for (&(sq, p), &n) in self.0.iter().zip(self.1) {
            assert_eq!(
                last_flip::count_last_flip(b, sq, p),
                n,
                "default on {}",
                B::NAME
            );
        }
        self.0.len()
    }
}

#[test]
fn every_variant_matches_walking() {
    let cases = cases();
    let expect: Vec<u32> = cases
        .iter()
        .map(|&(sq, p)| reference::count_last_flip(sq, p))
        .collect();
    bb_simd::kernel::check::<LastFlipCount>(&cases);
    for (backend, ran) in bb_simd::for_each_backend(Run(&cases, &expect)) {
        assert_eq!(ran, cases.len(), "{backend:?}");
    }
}

/// `avx512_bitshuffle` is native only with BITALG, but `u8x64_bitshuffle` is emulated on every
/// other backend: running it everywhere checks its ray tables and SWAR on any host (and in the
/// emulated lanes), not only on AVX-512 machines.
#[derive(Clone)]
struct BitShuffleEverywhere<'a>(&'a [(Square, u64)], &'a [u32]);
impl WithBackend for BitShuffleEverywhere<'_> {
    type Output = ();
    fn run<B: Backend>(self, b: B) {
        b.vectorize(|| {
            for (&(sq, p), &n) in self.0.iter().zip(self.1) {
                let got = last_flip::Avx512BitShuffle::count(b, sq, p);
                assert_eq!(got, n, "avx512_bitshuffle on {}: {sq} p={p:#x}", B::NAME);
            }
        });
    }
}

#[test]
fn bitshuffle_count_on_every_backend() {
    let cases = cases();
    let expect: Vec<u32> = cases
        .iter()
        .map(|&(sq, p)| reference::count_last_flip(sq, p))
        .collect();
    bb_simd::for_each_backend(BitShuffleEverywhere(&cases, &expect));
}

#[test]
fn pass_trick_gives_both_counts() {
    for (sq, p) in cases() {
        let o = !p & !sq.bit();
        let (mine, theirs) = last_flip::count_last_flip_both(sq, p);
        assert_eq!(mine, reference::count_last_flip(sq, p));
        assert_eq!(theirs, reference::count_last_flip(sq, o), "{sq} p={p:#x}");
    }
}

#[test]
fn generated_table_matches_generator() {
    assert_eq!(last_flip::count_flip(), &gen_count_flip::count_flip_table());
    // Spot check: a move on position 0 with the player on 3 flips 1 and 2.
    assert_eq!(last_flip::count_flip()[0][0b1000], 2);
    // Every edge square got merged lines (3 gathers instead of 4: both diagonals on ranks 1
    // and 8, two bent file-diagonal lines on files a and h); inner squares keep 4.
    let g = gen_count_flip::merged_gathers();
    for (sq, g) in g.iter().enumerate() {
        let (f, r) = (sq % 8, sq / 8);
        let edge = r == 0 || r == 7 || f == 0 || f == 7;
        assert_eq!(g[3].mask == 0, edge, "square {sq}");
    }
}
