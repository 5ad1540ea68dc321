//! Popcount variants and the 8 symmetries (every SIMD form on every backend) against the
//! scalar definitions; canonical form invariance.

mod kernels_common;
use kernels_common as common;

use bb_reversi::popcount::{self, Popcount};
use bb_reversi::symmetry::{self, Symmetry, canonical};
use bb_simd::{Backend, WithBackend};

fn boards() -> Vec<u64> {
    let mut rng = bb_core::rng::Rng::new(11);
    let mut v: Vec<u64> = (0..64).map(|s| 1u64 << s).chain([0, !0]).collect();
    for _ in 0..common::scaled(5000) {
        let d = rng.below(257) as u32;
        v.push(rng.bitboard(d));
    }
    v
}

/// Moves each set square by the symmetry's definition on coordinates.
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

#[derive(Clone)]
struct Run<'a>(&'a [u64]);
impl WithBackend for Run<'_> {
    type Output = usize;
    fn run<B: Backend>(self, b: B) -> usize {
        for &x in self.0 {
            assert_eq!(popcount::popcount(b, x), x.count_ones());
            for s in Symmetry::ALL {
                assert_eq!(symmetry::apply(b, s, x), s.apply(x), "{s:?} on {}", B::NAME);
            }
            // Every form on every backend: the ones a backend lacks run emulated.
            assert_eq!(
                symmetry::mirror_pshufb(b, x),
                bb_core::bits::mirror_horizontal(x)
            );
            assert_eq!(
                symmetry::transpose_movemask(b, x),
                bb_core::bits::flip_diagonal(x)
            );
            assert_eq!(
                symmetry::transpose_gfni(b, x),
                bb_core::bits::flip_diagonal(x)
            );
        }
        self.0.len()
    }
}

#[test]
fn popcount_and_symmetries_on_every_backend() {
    let v = boards();
    bb_simd::kernel::check::<Popcount>(&v);
    for (backend, ran) in bb_simd::for_each_backend(Run(&v)) {
        assert_eq!(ran, v.len(), "{backend:?}");
    }
}

#[test]
fn scalar_symmetries_match_coordinates_and_inverse() {
    for x in boards() {
        for s in Symmetry::ALL {
            assert_eq!(s.apply(x), by_squares(s, x), "{s:?} {x:#x}");
            assert_eq!(s.inverse().apply(s.apply(x)), x, "{s:?}");
        }
    }
}

#[test]
fn canonical_form_is_invariant() {
    let v = boards();
    for w in v.windows(2) {
        let (p, o) = (w[0], w[1] & !w[0]);
        let (c, s) = canonical(p, o);
        assert_eq!(c, (s.apply(p), s.apply(o)));
        for t in Symmetry::ALL {
            assert_eq!(canonical(t.apply(p), t.apply(o)).0, c, "{t:?}");
        }
    }
}
