//! Kernels `rook`, `bishop`, `queen` (every `SliderVariant` of `bb_chess::sliders`) and
//! `setwise_rook`, `setwise_bishop`, `setwise_queen` (every `SetwiseVariant`), on samples
//! from seeded random positions (16..=32 pieces; the slider square is an occupied square).

use super::Register;
use bb_chess::{setwise, sliders};
use bb_core::Square;
use bb_core::rng::Rng;
use std::sync::Arc;

/// One sample: the slider square (an occupied square), the occupancy, and a subset of the
/// occupied squares as the set-wise kernels' slider set.
pub type Input = (Square, u64, u64);

/// `n` samples (seed 0x5eed_51de): an occupied square, the occupancy, and a subset of the
/// occupied squares as slider set.
pub fn workload(n: usize) -> Arc<[Input]> {
    let mut rng = Rng::new(0x5eed_51de);
    let mut v = Vec::with_capacity(n);
    while v.len() < n {
        let pieces = 16 + rng.below(17);
        let mut occ = 0u64;
        while u64::from(occ.count_ones()) < pieces {
            occ |= 1 << rng.below(64);
        }
        let mut o = occ;
        for _ in 0..rng.below(u64::from(occ.count_ones())) {
            o &= o - 1;
        }
        let sq = Square::new(o.trailing_zeros() as u8).expect("occupied square");
        v.push((sq, occ, occ & rng.next_u64() & rng.next_u64()));
    }
    v.into()
}

/// Registers every slider and set-wise variant on one workload.
pub fn register(r: &mut impl Register) {
    let w = workload(r.samples());
    let one: Arc<[(Square, u64)]> = w.iter().map(|&(sq, occ, _)| (sq, occ)).collect();
    let set: Arc<[(u64, u64)]> = w.iter().map(|&(_, occ, s)| (s, occ)).collect();
    super::kernel::register::<sliders::Rook, false>(r, one.clone());
    super::kernel::register::<sliders::Bishop, false>(r, one.clone());
    super::kernel::register::<sliders::Queen, false>(r, one);
    super::kernel::register::<setwise::SetwiseRooks, false>(r, set.clone());
    super::kernel::register::<setwise::SetwiseBishops, false>(r, set.clone());
    super::kernel::register::<setwise::SetwiseQueens, false>(r, set);
}
