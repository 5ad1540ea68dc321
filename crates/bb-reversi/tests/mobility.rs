//! Every mobility variant on every backend against the try-every-square oracle.

mod kernels_common;
use kernels_common as common;

use bb_reversi::mobility::{self, Mobility};
use bb_simd::{Backend, WithBackend};

#[test]
fn every_variant_matches_oracle() {
    let cases = common::random_positions(1, common::scaled(3000));
    bb_simd::kernel::check::<Mobility>(&cases);
    #[derive(Clone)]
    struct Run<'a>(&'a [(u64, u64)]);
    impl WithBackend for Run<'_> {
        type Output = ();
        fn run<B: Backend>(self, b: B) {
            for &(p, o) in self.0 {
                let m = bb_core::reference::mobility(p, o);
                assert_eq!(mobility::mobility(b, p, o), m, "default on {}", b.name());
            }
        }
    }
    bb_simd::for_each_backend(Run(&cases));
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
