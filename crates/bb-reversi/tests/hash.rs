//! The board hash (the same value on every backend as a reference written here from its
//! definition; well mixed: the avalanche test) and the canonical form under the 8 symmetries
//! (against a minimum over images computed square by square).

mod kernels_common;
use kernels_common as common;

use bb_core::rng::Rng;
use bb_reversi::Board;
use bb_reversi::symmetry::{self, Symmetry};
use bb_simd::{Backend, WithBackend};

/// The full product of `a` and `k` as (high, low) words, schoolbook on 32-bit halves (not the
/// library's `u128` arithmetic).
fn mul_wide(a: u64, k: u64) -> (u64, u64) {
    let (a0, a1, k0, k1) = (a & 0xffff_ffff, a >> 32, k & 0xffff_ffff, k >> 32);
    let (lo, mid1, mid2, hi) = (a0 * k0, a1 * k0, a0 * k1, a1 * k1);
    // Column sums, carries kept in the wider words.
    let col1 = (lo >> 32) + (mid1 & 0xffff_ffff) + (mid2 & 0xffff_ffff);
    let low = (lo & 0xffff_ffff) | (col1 << 32);
    let high = hi + (mid1 >> 32) + (mid2 >> 32) + (col1 >> 32);
    (high, low)
}

/// The hash from its definition: the player's 128-bit product folded (high xor low), xored
/// with the opponent's discs, and that folded the same way with the second constant.
fn reference_hash(p: u64, o: u64) -> u64 {
    let fold = |a: u64, k: u64| {
        let (h, l) = mul_wide(a, k);
        h ^ l
    };
    fold(fold(p, 0x97b1_165f_0971_b7c5) ^ o, 0xd13c_513a_42f8_eda1)
}

/// Random valid boards of every density, the start position and the extremes.
fn boards(seed: u64, n: usize) -> Vec<Board> {
    let mut v: Vec<Board> = common::random_positions(seed, n)
        .into_iter()
        .map(|(p, o)| Board::new(p, o).unwrap())
        .collect();
    v.extend([
        Board::START,
        Board::default(),
        Board { p: !0, o: 0 },
        Board { p: 0, o: !0 },
    ]);
    v
}

#[derive(Clone)]
struct HashRun<'a>(&'a [Board]);
impl WithBackend for HashRun<'_> {
    type Output = ();
    fn run<B: Backend>(self, _b: B) {
        for &board in self.0 {
            // Inlined into code compiled for the backend's instruction set (`run` executes
            // under its target features): the key must not depend on it.
            let h = board.hash64();
            assert_eq!(
                h,
                reference_hash(board.p, board.o),
                "{board} on {}",
                B::NAME
            );
        }
    }
}

#[test]
fn hash_is_the_reference_on_every_backend() {
    let v = boards(21, common::scaled(2000));
    bb_simd::for_each_backend(HashRun(&v));
}

/// One-disc changes (add on an empty square, remove, recolour a disc), each on `n` random
/// valid boards: every output bit must flip with probability 1/2 within `tol`.
fn avalanche(n: usize, tol: f64) {
    let mut rng = Rng::new(0xa5a5);
    let mut flips = [[0u64; 64]; 3];
    let mut count = [0u64; 3];
    let pick = |rng: &mut Rng, set: u64| -> u64 {
        // The k-th set square, k uniform: each square of `set` equally likely.
        let mut s = set;
        for _ in 0..rng.below(u64::from(set.count_ones())) {
            s &= s - 1;
        }
        s & s.wrapping_neg()
    };
    for _ in 0..n {
        let d = rng.below(257) as u32;
        let occ = rng.bitboard(d);
        let p = occ & rng.next_u64();
        let o = occ & !p;
        let h = Board { p, o }.hash64();
        let mut changed = [None; 3];
        if occ != !0 {
            let sq = pick(&mut rng, !occ);
            changed[0] = Some(if rng.next_u64() & 1 == 0 {
                Board { p: p | sq, o }
            } else {
                Board { p, o: o | sq }
            });
        }
        if occ != 0 {
            let sq = pick(&mut rng, occ);
            changed[1] = Some(Board {
                p: p & !sq,
                o: o & !sq,
            });
            changed[2] = Some(Board {
                p: p ^ sq,
                o: o ^ sq,
            });
        }
        for (kind, c) in changed.into_iter().enumerate() {
            let Some(c) = c else { continue };
            debug_assert!(c.is_valid());
            let diff = h ^ c.hash64();
            count[kind] += 1;
            for (bit, f) in flips[kind].iter_mut().enumerate() {
                *f += diff >> bit & 1;
            }
        }
    }
    for (kind, name) in ["add", "remove", "recolour"].into_iter().enumerate() {
        assert!(
            count[kind] as f64 > 0.9 * n as f64,
            "{name}: {}",
            count[kind]
        );
        for (bit, &f) in flips[kind].iter().enumerate() {
            let rate = f as f64 / count[kind] as f64;
            assert!(
                (rate - 0.5).abs() <= tol,
                "{name}: output bit {bit} flips with probability {rate:.4} over {} boards",
                count[kind]
            );
        }
    }
}

/// 10^6 boards at scale 1 (about a second at opt-level 1), each output bit within 0.5 ± 0.01.
/// At a smaller scale the tolerance widens to 5 binomial standard errors (0.5 / sqrt(n)) when
/// that exceeds 0.01, so that a lane with few samples does not fail by chance.
#[test]
fn every_output_bit_flips_half_the_time() {
    let n = common::scaled(1_000_000);
    let tol = (5.0 * 0.5 / (n as f64).sqrt()).max(0.01);
    avalanche(n, tol);
}

/// Moves each set square by the symmetry's definition on coordinates (file, rank).
fn by_squares(s: Symmetry, x: u64) -> u64 {
    (0..64).filter(|i| x >> i & 1 != 0).fold(0, |acc, i| {
        let (f, r) = (i & 7, i >> 3);
        let (nf, nr) = match s {
            Symmetry::Identity => (f, r),
            Symmetry::FlipVertical => (f, 7 - r),
            Symmetry::MirrorHorizontal => (7 - f, r),
            Symmetry::Rotate180 => (7 - f, 7 - r),
            Symmetry::FlipDiagonal => (r, f),
            Symmetry::FlipAntiDiagonal => (7 - r, 7 - f),
            Symmetry::Rotate90 => (r, 7 - f),
            Symmetry::Rotate270 => (7 - r, f),
        };
        acc | 1 << (nr * 8 + nf)
    })
}

/// The least image by coordinates, slowly.
fn reference_canonical(b: Board) -> Board {
    Symmetry::ALL
        .into_iter()
        .map(|s| (by_squares(s, b.p), by_squares(s, b.o)))
        .min()
        .map(|(p, o)| Board { p, o })
        .unwrap()
}

#[derive(Clone)]
struct CanonicalRun<'a>(&'a [Board]);
impl WithBackend for CanonicalRun<'_> {
    type Output = ();
    fn run<B: Backend>(self, b: B) {
        for &board in self.0 {
            let want = reference_canonical(board);
            let (c, s) = board.canonical_with(b);
            assert_eq!(c, want, "{board} on {}", B::NAME);
            assert_eq!(s.apply_board(board), c, "{board} {s:?} on {}", B::NAME);
            // The first symmetry of ALL that gives the minimum.
            let first = Symmetry::ALL
                .into_iter()
                .find(|t| t.apply_board(board) == c)
                .unwrap();
            assert_eq!(s, first);
            assert_eq!(s.inverse().apply_board(c), board);
            for t in Symmetry::ALL {
                let img = Board {
                    p: by_squares(t, board.p),
                    o: by_squares(t, board.o),
                };
                assert_eq!(img.canonical_with(b).0, c, "{board} {t:?} on {}", B::NAME);
            }
            let imgs = symmetry::images(b, board.p);
            for (img, t) in imgs.into_iter().zip(Symmetry::ALL) {
                assert_eq!(img, by_squares(t, board.p), "{t:?} on {}", B::NAME);
            }
        }
    }
}

#[test]
fn canonical_is_the_least_image_on_every_backend() {
    let v = boards(22, common::scaled(300));
    bb_simd::for_each_backend(CanonicalRun(&v));
    // The dispatching form agrees, and symmetric boards come back unturned.
    assert_eq!(
        Board::START.canonical().0,
        reference_canonical(Board::START)
    );
    assert_eq!(
        Board::default().canonical(),
        (Board::default(), Symmetry::Identity)
    );
}

#[test]
fn apply_square_moves_a_square_like_its_bit() {
    for s in Symmetry::ALL {
        for i in 0..64u8 {
            let sq = bb_core::Square::new_masked(i);
            assert_eq!(
                s.apply_square(sq).bit(),
                by_squares(s, sq.bit()),
                "{s:?} {sq}"
            );
            assert_eq!(s.inverse().apply_square(s.apply_square(sq)), sq);
        }
    }
}
