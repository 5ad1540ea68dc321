//! Every flip variant on every backend against `bb_core::reference::flip`.

use bb_core::{Direction, Square, reference, rng::Rng};
use bb_reversi::flip::{self, FlipVariant, FlipVisitor, for_each_variant};
use bb_reversi::{Board, workload};
use bb_simd::{AnyBackend, Backend};
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

fn scale() -> f64 {
    std::env::var("BB_TEST_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0)
}

struct Check<'a, B> {
    b: B,
    cases: &'a [Case],
    what: &'a str,
    checked: usize,
}

impl<B: Backend> FlipVisitor for Check<'_, B> {
    fn visit<V: FlipVariant>(&mut self, _: V) {
        let b = self.b;
        let cases = self.cases;
        let bad = b.vectorize(|| {
            cases.iter().find(|c| {
                let f = V::flip(b, c.sq, c.p, c.o);
                f != c.expect || f & !c.o != 0
            })
        });
        if let Some(c) = bad {
            let got = b.vectorize(|| V::flip(b, c.sq, c.p, c.o));
            panic!(
                "{} on {} ({}): sq {} p {:#018x} o {:#018x}: got {got:#018x}, expected {:#018x}",
                V::NAME,
                B::NAME,
                self.what,
                c.sq,
                c.p,
                c.o,
                c.expect
            );
        }
        self.checked += 1;
    }
}

/// Checks every variant on every backend; returns the number of (variant, backend) pairs.
fn check_all(backends: &[AnyBackend], cases: &[Case], what: &str) -> usize {
    let mut n = 0;
    for &backend in backends {
        n += bb_simd::dispatch!(backend, |b| {
            let mut c = Check {
                b,
                cases,
                what,
                checked: 0,
            };
            for_each_variant(&mut c);
            c.checked
        });
    }
    n
}

#[test]
fn exhaustive_every_ray_pattern() {
    let backends = bb_simd::test_backends();
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
    let n = check_all(&backends, &cases, "exhaustive ray patterns");
    assert!(n >= 23, "{n}");
}

#[test]
fn random_game_samples() {
    let backends = bb_simd::test_backends();
    let want = ((1_000_000.0 * scale()) as usize).max(1000);
    let mut cases = Vec::with_capacity(want);
    workload::samples(0x5eed, |s| {
        cases.push(case(s.sq, s.p, s.o));
        cases.len() < want
    });
    // every sample is a legal move
    assert!(cases.iter().all(|c| c.expect != 0));
    check_all(&backends, &cases, "random-game samples");
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
    #![proptest_config(ProptestConfig::with_cases((2000.0 * scale()) as u32))]
    #[test]
    fn proptest_boards((sq, p, o) in board_strategy()) {
        let backends = bb_simd::test_backends();
        let c = case(sq, p, o);
        check_all(&backends, &[c], "proptest");
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
            struct Has(&'static str, bool);
            impl FlipVisitor for Has {
                fn visit<V: FlipVariant>(&mut self, _: V) {
                    self.1 |= V::NAME == self.0;
                }
            }
            let mut h = Has(flip::default_name(b.isa()), false);
            for_each_variant(&mut h);
            assert!(h.1, "default of {} not registered", b.name());
        });
    }
}
