//! Every flip variant on every backend against `bb_core::reference::flip`.

use bb_core::{Direction, Square, reference, rng::Rng};
use bb_reversi::flip::{self, Flip};
use bb_reversi::{Board, workload};
use bb_simd::Backend;
use proptest::prelude::*;

#[derive(Clone, Copy, Debug)]
struct Case {
    sq: Square,
    p: u64,
    o: u64,
    expect: u64,
}

fn case(sq: Square, p: u64, o: u64) -> Case {
    Case {
        sq,
        p,
        o,
        expect: reference::flip(sq, p, o),
    }
}

/// Checks every variant on every backend; returns the number of (variant, backend) pairs.
fn check_all(cases: &[Case]) -> usize {
    let inputs: Vec<(Square, u64, u64)> = cases.iter().map(|c| (c.sq, c.p, c.o)).collect();
    bb_simd::kernel::check::<Flip>(&inputs)
        .iter()
        .map(|&(_, n)| n)
        .sum()
}

#[test]
fn exhaustive_every_ray_pattern() {
    let mut cases = Vec::new();
    for sq in Square::ALL {
        for dir in Direction::ALL {
            let mut ray = Vec::new();
            let mut cur = sq;
            while let Some(n) = cur.offset(dir) {
                ray.push(n);
                cur = n;
            }
            let total = 3usize.pow(ray.len() as u32);
            for mut code in 0..total {
                let (mut p, mut o) = (0, 0);
                for s in &ray {
                    match code % 3 {
                        1 => p |= s.bit(),
                        2 => o |= s.bit(),
                        _ => {}
                    }
                    code /= 3;
                }
                cases.push(case(sq, p, o));
            }
        }
    }
    assert!(cases.len() > 100_000, "{}", cases.len());
    assert!(cases.iter().any(|c| c.expect != 0));
    let n = check_all(&cases);
    assert!(n >= 23, "{n}");
}

#[test]
fn random_game_samples() {
    let want = bb_simd::scaled(1_000_000, 1000);
    let mut cases = Vec::with_capacity(want);
    workload::samples(0x5eed, |s| {
        cases.push(case(s.sq, s.p, s.o));
        cases.len() < want
    });
    // every sample is a legal move
    assert!(cases.iter().all(|c| c.expect != 0));
    check_all(&cases);
}

/// Boards of every density: occupancy from AND/OR combinations of random words.
fn board_strategy() -> impl Strategy<Value = (Square, u64, u64)> {
    (0u8..64, any::<[u64; 4]>(), 0usize..6).prop_map(|(sq, w, density)| {
        let occ = match density {
            0 => w[0] & w[1] & w[2],
            1 => w[0] & w[1],
            2 => w[0],
            3 => w[0] | w[1],
            4 => w[0] | w[1] | w[2],
            _ => !0,
        };
        let sq = Square::new_masked(sq);
        let occ = occ & !sq.bit();
        (sq, occ & w[3], occ & !w[3])
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(bb_simd::scaled(2000, 1) as u32))]
    #[test]
    fn proptest_boards((sq, p, o) in board_strategy()) {
            let c = case(sq, p, o);
        check_all(&[c]);
        // a move that flips nothing is illegal, and legal moves flip something
        let legal = Board { p, o }.moves() & sq.bit() != 0;
        prop_assert_eq!(legal, c.expect != 0);
        prop_assert_eq!(Board { p, o }.play(sq).is_some(), legal);
        if let Some(next) = (Board { p, o }).play(sq) {
            prop_assert_eq!(next.p & next.o, 0);
            prop_assert_eq!((next.p | next.o).count_ones(), (p | o).count_ones() + 1);
        }
    }
}

#[test]
fn default_is_registered_and_correct() {
    let mut rng = Rng::new(3);
    let cases: Vec<Case> = (0..20_000)
        .map(|_| {
            let sq = rng.square();
            let occ = rng.any_density() & !sq.bit();
            let (p, o) = rng.partition(occ);
            case(sq, p, o)
        })
        .collect();
    for backend in bb_simd::test_backends() {
        bb_simd::dispatch!(backend, |b| {
            for c in &cases {
                assert_eq!(
                    flip::flip(b, c.sq, c.p, c.o),
                    c.expect,
                    "{} {c:?}",
                    b.name()
                );
            }
        });
    }
}
