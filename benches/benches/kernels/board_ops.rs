//! The criterion-only cases of the kernels suite, reversi board operations (Okuhara's *Reversi
//! bitboard techniques* "Population count" and "Mirroring"): every `bb_reversi::popcount`
//! variant and the symmetry transforms (scalar delta swaps against the PSHUFB mirror, the
//! VPMOVMSKB and GFNI transposes, and the canonical form), on boards from seeded random games.
//! They are not in `bb bench`'s registry, so `kernels.rs` registers them after it.

use bb_cli::bench::{Case, Register};
use bb_core::bits;
use bb_reversi::popcount;
use bb_reversi::symmetry::{self, Symmetry};
use bb_simd::Backend;
use std::sync::Arc;

/// Positions `(p, o)`.
type Positions = Arc<[(u64, u64)]>;

/// Occupied squares of positions from random play-outs, and the positions themselves.
fn boards(n: usize) -> (Arc<[u64]>, Positions) {
    let mut v = Vec::with_capacity(n);
    bb_reversi::workload::random_positions(0x0b0a_4d05, |b| {
        v.push((b.p, b.o));
        v.len() < n
    });
    let occ: Vec<u64> = v.iter().map(|&(p, o)| p | o).collect();
    (occ.into(), v.into())
}

/// One transform of a bitboard: the named form against the scalar `Symmetry::apply`.
macro_rules! transform_case {
    ($T:ident, $name:literal, $sym:expr, supported = |$B:ident| $sup:expr, |$b:ident, $x:ident| $e:expr) => {
        #[derive(Clone, Copy, Debug, Default)]
        struct $T;
        impl Case for $T {
            type Input = u64;
            const KERNEL: &'static str = "symmetry";
            const VARIANT: &'static str = $name;
            fn supported<$B: Backend>() -> bool {
                $sup
            }
            fn is_default<B: Backend>() -> bool {
                false
            }
            #[inline(always)]
            fn run<B: Backend>($b: B, &$x: &u64) -> u64 {
                $e
            }
            fn reference(&x: &u64) -> u64 {
                $sym.apply(x)
            }
            #[inline(always)]
            fn chain(&x: &u64, z: u64) -> u64 {
                x ^ z
            }
        }
    };
}

transform_case!(
    MirrorScalar,
    "mirror_delta_swap",
    Symmetry::MirrorHorizontal,
    supported = |B| true,
    |b, x| {
        let _ = b;
        bits::mirror_horizontal(x)
    }
);
transform_case!(
    MirrorPshufb,
    "mirror_pshufb",
    Symmetry::MirrorHorizontal,
    supported = |B| B::NATIVE_BYTE_SHUFFLE,
    |b, x| symmetry::mirror_pshufb(b, x)
);
transform_case!(
    TransposeScalar,
    "transpose_delta_swap",
    Symmetry::FlipDiagonal,
    supported = |B| true,
    |b, x| {
        let _ = b;
        bits::flip_diagonal(x)
    }
);
transform_case!(
    TransposeMovemask,
    "transpose_movemask",
    Symmetry::FlipDiagonal,
    supported = |B| B::VECTOR_BITS >= 256,
    |b, x| symmetry::transpose_movemask(b, x)
);
transform_case!(
    TransposeGfni,
    "transpose_gfni",
    Symmetry::FlipDiagonal,
    supported = |B| B::HAS_GFNI,
    |b, x| symmetry::transpose_gfni(b, x)
);
transform_case!(
    Rotate90,
    "rotate90_best",
    Symmetry::Rotate90,
    supported = |B| true,
    |b, x| symmetry::apply(b, Symmetry::Rotate90, x)
);

/// The canonical form of a position (8 images of both boards, the least kept), folded to one
/// word.
#[derive(Clone, Copy, Debug, Default)]
struct Canonical;

impl Case for Canonical {
    type Input = (u64, u64);
    const KERNEL: &'static str = "symmetry";
    const VARIANT: &'static str = "canonical";
    fn is_default<B: Backend>() -> bool {
        true
    }
    #[inline(always)]
    fn run<B: Backend>(_b: B, &(p, o): &(u64, u64)) -> u64 {
        let ((p, o), _) = symmetry::canonical(p, o);
        p ^ o.rotate_left(1)
    }
    fn reference(&(p, o): &(u64, u64)) -> u64 {
        let (p, o) = Symmetry::ALL
            .iter()
            .map(|s| (s.apply(p), s.apply(o)))
            .min()
            .unwrap_or((p, o));
        p ^ o.rotate_left(1)
    }
    #[inline(always)]
    fn chain(&(p, o): &(u64, u64), z: u64) -> (u64, u64) {
        (p ^ z, o ^ z)
    }
}

/// Registers the reversi popcount variants and the symmetry cases.
pub fn register(r: &mut impl Register) {
    let (occ, positions) = boards(r.samples());
    bb_cli::bench::kernel::register::<popcount::Popcount, false>(r, occ.clone());
    r.add::<MirrorScalar>(occ.clone());
    r.add::<MirrorPshufb>(occ.clone());
    r.add::<TransposeScalar>(occ.clone());
    r.add::<TransposeMovemask>(occ.clone());
    r.add::<TransposeGfni>(occ.clone());
    r.add::<Rotate90>(occ);
    r.add::<Canonical>(positions);
}
