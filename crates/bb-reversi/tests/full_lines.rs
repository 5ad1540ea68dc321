//! Every full-lines variant on every backend against the definition (walking each line).

mod kernels_common;
use kernels_common as common;

use bb_core::reference;
use bb_reversi::full_lines::{self, FullLines};
use bb_simd::{Backend, WithBackend};

#[derive(Clone)]
struct Run<'a>(&'a [u64], &'a [[u64; 4]]);
impl WithBackend for Run<'_> {
    type Output = usize;
    fn run<B: Backend>(self, b: B) -> usize {
        for (&d, e) in self.0.iter().zip(self.1) {
            assert_eq!(&full_lines::full_lines(b, d), e, "default on {}", B::NAME);
        }
        self.0.len()
    }
}

#[test]
fn every_variant_matches_definition() {
    let mut rng = bb_core::rng::Rng::new(9);
    // Dense boards (most lines full or nearly) plus single-hole and random ones.
    let mut discs: Vec<u64> = (0..64).map(|s| !(1u64 << s)).chain([0, !0]).collect();
    for _ in 0..common::scaled(3000) {
        let d = 192 + rng.below(65) as u32;
        discs.push(rng.bitboard(d));
    }
    let expect: Vec<[u64; 4]> = discs
        .iter()
        .map(|&d| {
            [
                reference::full_lines_h(d),
                reference::full_lines_v(d),
                reference::full_lines_d9(d),
                reference::full_lines_d7(d),
            ]
        })
        .collect();
    bb_simd::kernel::check::<FullLines>(&discs);
    for (backend, ran) in bb_simd::for_each_backend(Run(&discs, &expect)) {
        assert_eq!(ran, discs.len(), "{backend:?}");
    }
}
