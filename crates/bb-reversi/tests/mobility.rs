//! Every mobility variant on every backend against the try-every-square oracle.

mod kernels_common;
use kernels_common as common;

use bb_reversi::mobility::{self, MobilityVariant, MobilityVisitor};
use bb_simd::{Backend, WithBackend};

struct Check<'a, B: Backend> {
    b: B,
    cases: &'a [(u64, u64)],
    expect: &'a [u64],
    ran: usize,
}

impl<B: Backend> MobilityVisitor for Check<'_, B> {
    fn visit<V: MobilityVariant>(&mut self, _v: V) {
        self.ran += 1;
        let b = self.b;
        b.vectorize(|| {
            for (&(p, o), &m) in self.cases.iter().zip(self.expect) {
                assert_eq!(
                    V::mobility(b, p, o),
                    m,
                    "{} on {}: p={p:#x} o={o:#x}",
                    V::NAME,
                    B::NAME
                );
            }
        });
    }
}

#[test]
fn every_variant_matches_oracle() {
    let cases = common::random_positions(1, common::scaled(3000));
    let expect: Vec<u64> = cases
        .iter()
        .map(|&(p, o)| bb_core::reference::mobility(p, o))
        .collect();
    #[derive(Clone)]
    struct Run<'a>(&'a [(u64, u64)], &'a [u64]);
    impl WithBackend for Run<'_> {
        type Output = ();
        fn run<B: Backend>(self, b: B) {
            let mut c = Check {
                b,
                cases: self.0,
                expect: self.1,
                ran: 0,
            };
            mobility::for_each_variant(&mut c);
            assert!(c.ran >= 1);
            for (&(p, o), &m) in self.0.iter().zip(self.1) {
                assert_eq!(mobility::mobility(b, p, o), m, "default on {}", b.name());
            }
        }
    }
    bb_simd::for_each_backend(Run(&cases, &expect));
}

#[test]
fn potential_mobility_and_frontier() {
    let cases = common::random_positions(2, common::scaled(2000));
    let near = bb_core::reference::neighbours;
    #[derive(Clone)]
    struct Run<'a>(&'a [(u64, u64)], &'a dyn Fn(u64) -> u64);
    impl WithBackend for Run<'_> {
        type Output = ();
        fn run<B: Backend>(self, b: B) {
            let (cases, near) = (self.0, self.1);
            for &(p, o) in cases {
                let e = !(p | o);
                assert_eq!(
                    mobility::potential_mobility(b, p, o),
                    near(o) & e,
                    "{}",
                    b.name()
                );
                assert_eq!(
                    mobility::potential_mobility_simd(b, p, o),
                    near(o) & e,
                    "{}",
                    b.name()
                );
                assert_eq!(mobility::potential_mobility_scalar(p, o), near(o) & e);
                assert_eq!(mobility::frontier(b, p, o), near(e) & p, "{}", b.name());
                assert_eq!(
                    mobility::frontier_simd(b, p, o),
                    near(e) & p,
                    "{}",
                    b.name()
                );
                assert_eq!(mobility::frontier_scalar(p, o), near(e) & p);
            }
        }
    }
    bb_simd::for_each_backend(Run(&cases, &near));
}
