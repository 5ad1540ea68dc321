//! Kernels `eval_set` and `eval_update`: every `bb_reversi::eval` variant (Edax's pattern
//! features) computed from a board, and updated after a move, on seeded random games; and
//! `eval_sum`: the evaluation's weighted sum of the features with random weights, by
//! [`Evaluator::sum`] (`interleaved`) and by [`Evaluator::sum_with`] (`gather`, on the backends
//! with gather instructions).

use super::{Case, Register};
use bb_core::rng::Rng;
use bb_reversi::eval::{
    self, Evaluator, FILE_PLIES, FeatureSet, FeatureUpdate, Features, Mover, PackedWeights,
    Packing, UpdateInput, reference,
};
use bb_reversi::{Backend, Board};
use bb_simd::Isa;
use std::sync::{Arc, OnceLock};

/// `n` positions from seeded random play-outs (bb_reversi::workload).
pub fn set_workload(n: usize) -> Arc<[(u64, u64)]> {
    let mut v = Vec::with_capacity(n);
    bb_reversi::workload::random_positions(0x0e7a_0001, |b| {
        v.push((b.p, b.o));
        v.len() < n
    });
    v.into()
}

/// The digit of `board`'s side to move in Edax's model (from the parity of the empty squares),
/// and the board's discs as (digit 0, digit 1).
fn digits(board: Board) -> (Mover, (u64, u64)) {
    let mover = Mover::for_empties((!(board.p | board.o)).count_ones());
    match mover {
        Mover::Zero => (mover, (board.p, board.o)),
        Mover::One => (mover, (board.o, board.p)),
    }
}

/// Every legal move of the random positions, with the mover's digit from the parity as in a
/// search (Edax's model).
pub fn update_workload(n: usize) -> Arc<[UpdateInput]> {
    let mut v = Vec::with_capacity(n);
    bb_reversi::workload::samples(0x0e7a_0002, |s| {
        let board = Board { p: s.p, o: s.o };
        let (mover, (p, o)) = digits(board);
        v.push(UpdateInput {
            features: reference::features(p, o),
            sq: s.sq,
            flipped: board.flip(s.sq),
            mover,
            p,
            o,
        });
        v.len() < n
    });
    v.into()
}

/// Registers every variant of the three kernels.
pub fn register(r: &mut impl Register) {
    super::kernel::register::<FeatureSet, false>(r, set_workload(r.samples()));
    super::kernel::register::<FeatureUpdate, false>(r, update_workload(r.samples()));
    let sums = sum_workload(r.samples());
    r.add::<SumCase<false>>(sums.clone());
    r.add::<SumCase<true>>(sums);
}

/// The seed of the random weights of `eval_sum` (one draw per packed weight, file ply by
/// file ply, the upper 16 bits of each `next_u64`): `xtask/compare/edax_kernels.c` writes the
/// same file for Edax.
pub const SUM_WEIGHTS_SEED: u64 = 0x0e7a_0005;

/// The weights of `eval_sum`: random over every packed weight, the evaluator unpacked from
/// them (about 24 MB) and the packing the check reads the packed weights through; built on
/// first use, so that a run that filters the kernel out never pays for them.
struct SumWeights {
    packed: PackedWeights,
    packing: Packing,
    evaluator: Evaluator,
}

fn sum_weights() -> &'static SumWeights {
    static WEIGHTS: OnceLock<SumWeights> = OnceLock::new();
    WEIGHTS.get_or_init(|| {
        let mut rng = Rng::new(SUM_WEIGHTS_SEED);
        let mut packed = PackedWeights::zeros();
        for ply in 0..FILE_PLIES {
            for w in packed.ply_mut(ply).into_iter().flatten() {
                *w = (rng.next_u64() >> 48) as u16 as i16;
            }
        }
        SumWeights {
            evaluator: Evaluator::from_packed(&packed),
            packed,
            packing: Packing::new(),
        }
    })
}

/// One call of `eval_sum`: the features of a board as Edax's evaluation reads them
/// ([`eval::sum_features`]), its number of empty squares, and the board seen from digit 0,
/// from which the check recomputes the features.
#[derive(Clone, Copy, Debug)]
pub struct SumInput {
    features: Features,
    empties: u32,
    p: u64,
    o: u64,
}

/// `n` positions from seeded random play-outs, with their features.
pub fn sum_workload(n: usize) -> Arc<[SumInput]> {
    let mut v = Vec::with_capacity(n);
    bb_reversi::workload::random_positions(0x0e7a_0004, |b| {
        let empties = (!(b.p | b.o)).count_ones();
        let (_, (p, o)) = digits(b);
        v.push(SumInput {
            features: eval::sum_features(b),
            empties,
            p,
            o,
        });
        v.len() < n
    });
    v.into()
}

/// `eval_sum/interleaved` (`GATHER` false): [`Evaluator::sum`], the weighted sum of the
/// features through the tables of the board's ply (the plies of a pair interleaved, as Edax
/// stores them); `eval_sum/gather`: [`Evaluator::sum_with`], the same sum by the backend's
/// gather instructions (timed where it has them, and the default there).
#[derive(Clone, Copy, Debug, Default)]
pub struct SumCase<const GATHER: bool>;

impl<const GATHER: bool> Case for SumCase<GATHER> {
    type Input = SumInput;
    const KERNEL: &'static str = "eval_sum";
    const VARIANT: &'static str = if GATHER { "gather" } else { "interleaved" };
    fn supported<B: Backend>() -> bool {
        !GATHER || gathers::<B>()
    }
    fn is_default<B: Backend>() -> bool {
        GATHER == gathers::<B>()
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, x: &SumInput) -> u64 {
        let e = &sum_weights().evaluator;
        let sum = if GATHER {
            e.sum_with(b, &x.features, x.empties)
        } else {
            e.sum(&x.features, x.empties)
        };
        sum as u64
    }
    /// The packed weights of the file ply, read one by one through the packing from the
    /// oracle's features, instead of the evaluator's unpacked tables.
    fn reference(x: &SumInput) -> u64 {
        let w = sum_weights();
        let ply = w.packed.ply(eval::file_ply(x.empties)).unwrap_or(&[]);
        let f = reference::features(x.p, x.o);
        let sum: i32 = w
            .packing
            .slots(&f, x.empties)
            .iter()
            .map(|&s| i32::from(ply.get(s as usize).copied().unwrap_or(0)))
            .sum();
        sum as u64
    }
    /// The ply, hence the table every weight is read from, depends on the previous result.
    #[inline(always)]
    fn chain(x: &SumInput, z: u64) -> SumInput {
        SumInput {
            empties: x.empties ^ z as u32,
            ..*x
        }
    }
}

/// Whether `B` sums by gather instructions ([`Evaluator::sum_with`]).
fn gathers<B: Backend>() -> bool {
    matches!(B::ISA, Isa::Avx2 | Isa::Avx512 | Isa::Avx512Vbmi)
}
