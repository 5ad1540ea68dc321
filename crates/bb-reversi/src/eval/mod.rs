//! Pattern evaluation features: Edax 4.5's 46 base-3 pattern indices (corners, edges, lines
//! and diagonals; [`patterns`]), computed from a board ([`set`]) and updated after a move
//! ([`update`]) or a pass ([`pass`]), the kernels of a pattern evaluation.
//!
//! Every technique is a public zero-sized type implementing [`FeatureVariant`]; the kernel
//! declarations [`FeatureSet`] and [`FeatureUpdate`] list them for the tests and benchmarks
//! ([`bb_simd::kernel`](mod@bb_simd::kernel)), and [`set`] / [`update`] are the measured
//! defaults for each backend (each with its own table).
//!
//! # The side-to-move model
//!
//! Edax keeps one feature vector per position and never converts it on a move: the board is
//! seen from the side to move when the number of empty squares is even, and from its opponent
//! when it is odd ([`Mover::for_empties`]). A move therefore changes the mover's digit with the
//! parity (2 -> 0 and 1 -> 0 when the mover is digit 0, 2 -> 1 and 0 -> 1 when it is digit 1),
//! and the weights of odd plies are stored with the colours exchanged. A pass keeps the parity
//! but changes the side to move, so [`pass`] exchanges digits 0 and 1 in every pattern (Edax's
//! `eval_pass`, a table lookup per pattern).
//!
//! ```
//! use bb_reversi::eval::{self, Mover};
//! use bb_reversi::{Board, Square, Scalar};
//!
//! let board = Board::START; // 60 empties: seen from the side to move
//! let f = eval::set(Scalar, board.p, board.o);
//! let flipped = board.flip(Square::F5);
//! let f = eval::update(Scalar, &f, Square::F5, flipped, Mover::for_empties(60));
//! // 59 empties: the features are still those of the first mover, now the opponent.
//! let next = board.play(Square::F5).unwrap();
//! assert_eq!(f, eval::reference::features(next.o, next.p));
//! ```

use bb_core::Square;
use bb_simd::{Backend, Isa};

mod features;
#[cfg(feature = "alloc")]
mod file;
mod lanes;
#[cfg(feature = "alloc")]
mod packing;
pub mod patterns;
pub mod reference;
mod rows;
mod scalar;
mod tables;
mod tracked;
#[cfg(feature = "alloc")]
mod weights;

pub use features::{Features, Mover};
#[cfg(feature = "alloc")]
pub use file::{EvalFileError, FILE_BYTES, FILE_PLIES, PACKED, PackedWeights, file_ply};
pub use lanes::{Lanes128, Lanes256, Lanes512};
#[cfg(feature = "alloc")]
pub use packing::Packing;
pub use rows::RowTables;
pub use scalar::{PerSquare, Swar};
pub use tracked::EvalBoard;
#[cfg(feature = "std")]
pub use weights::EvalReadError;
#[cfg(feature = "alloc")]
pub use weights::Evaluator;

use crate::Board;
use patterns::PATTERNS;
use tables::{SWAP, swap_bias};

/// A technique for the pattern features.
///
/// ```
/// use bb_reversi::eval::{FeatureVariant, Swar, reference};
/// use bb_reversi::{Backend, Board, Scalar};
/// let b = Board::START;
/// assert_eq!(Scalar.vectorize(|| Swar::set(Scalar, b.p, b.o)), reference::features(b.p, b.o));
/// ```
pub trait FeatureVariant: Copy + Default + Send + Sync + 'static {
    /// Short name used by tests, criterion and `bb bench` (e.g. `"swar"`).
    const NAME: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    #[must_use]
    fn supported<B: Backend>() -> bool {
        true
    }
    /// The features of the board seen from `p` (digit 0) against `o` (digit 1). `p` and `o`
    /// must be disjoint (a [`Board`]'s are).
    fn set<B: Backend>(b: B, p: u64, o: u64) -> Features;
    /// The features after the side whose digit is `mover` plays the empty square `sq`,
    /// turning over `flipped` (the discs [`flip`](crate::flip) returns).
    fn update<B: Backend>(b: B, f: &Features, sq: Square, flipped: u64, mover: Mover) -> Features;
}

/// The full computation of the features: input `(p, o)` (digit 0, digit 1), output
/// [`Features`].
///
/// ```
/// use bb_reversi::eval::FeatureSet;
/// let names = bb_simd::kernel::variant_names::<FeatureSet>();
/// assert!(names.contains(&"swar") && names.contains(&"lanes256"));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct FeatureSet;

/// The incremental update after a move: input [`UpdateInput`], output [`Features`].
///
/// ```
/// use bb_reversi::eval::FeatureUpdate;
/// let names = bb_simd::kernel::variant_names::<FeatureUpdate>();
/// assert_eq!(names, [
///     "per_square", "swar", "row_tables", "lanes128", "lanes256", "lanes512"
/// ]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct FeatureUpdate;

/// One call of [`FeatureUpdate`]: the features of the board `(p, o)` (digit 0, digit 1) before
/// the move, the move, and the board itself, from which the oracle recomputes the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UpdateInput {
    /// The features before the move.
    pub features: Features,
    /// The square played.
    pub sq: Square,
    /// The discs turned over.
    pub flipped: u64,
    /// The digit of the side that plays.
    pub mover: Mover,
    /// Digit-0 discs before the move.
    pub p: u64,
    /// Digit-1 discs before the move.
    pub o: u64,
}

impl UpdateInput {
    /// The digit-0 and digit-1 discs after the move.
    ///
    /// ```
    /// use bb_reversi::eval::{Mover, UpdateInput, reference};
    /// use bb_reversi::{Board, Square};
    /// let b = Board::START;
    /// let x = UpdateInput { features: reference::features(b.p, b.o), sq: Square::F5,
    ///     flipped: b.flip(Square::F5), mover: Mover::Zero, p: b.p, o: b.o };
    /// assert_eq!(x.after(), (b.p | b.flip(Square::F5) | Square::F5.bit(), b.o & !b.flip(Square::F5)));
    /// ```
    #[must_use]
    pub const fn after(&self) -> (u64, u64) {
        let (placed, flipped) = (self.sq.bit(), self.flipped);
        match self.mover {
            Mover::Zero => (self.p | placed | flipped, self.o & !flipped),
            Mover::One => (self.p & !flipped, self.o | placed | flipped),
        }
    }
}

/// The words folded into one, for the benchmark loops.
#[inline(always)]
fn fold_words(f: &Features) -> u64 {
    let mut x = 0;
    for w in f.words {
        x ^= w;
    }
    x
}

bb_simd::kernel! {
    FeatureSet: FeatureVariant {
        name: "eval_set",
        input: (u64, u64),
        output: Features,
        reference(&(p, o)) { reference::features(p, o) }
        chain(&(p, o), z) { (p ^ z, o ^ z) }
        fold(f) { fold_words(&f) }
        default_name<B>() { set_default_name(B::ISA, B::FAST_PEXT) }
        run<V>(b, &(p, o)) { V::set(b, p, o) }
        variants [PerSquare, Swar, RowTables, Lanes128, Lanes256, Lanes512]
    }
}

bb_simd::kernel! {
    FeatureUpdate: FeatureVariant {
        name: "eval_update",
        input: UpdateInput,
        output: Features,
        reference(x) {
            let (p, o) = x.after();
            reference::features(p, o)
        }
        chain(x, z) {
            let mut x = *x;
            for w in &mut x.features.words {
                *w ^= z;
            }
            x
        }
        fold(f) { fold_words(&f) }
        default_name<B>() { update_default_name(B::ISA, B::FAST_PEXT) }
        run<V>(b, x) { V::update(b, &x.features, x.sq, x.flipped, x.mover) }
        variants [PerSquare, Swar, RowTables, Lanes128, Lanes256, Lanes512]
    }
}

/// The per-backend default tables of [`set`] and [`update`], read by them and by
/// [`set_default_name`] / [`update_default_name`]; exhaustive, so a new backend token does not
/// compile until it has a default here (docs/kernels/eval.md).
macro_rules! default_set_variant {
    ($isa:expr, |$V:ident| $e:expr) => {
        bb_simd::select_variant!($isa, |$V| $e, {
            // 16 table entries instead of one delta per square: 27 against 64 ns for
            // `lanes256` on Avx2, 44 against 475 ns for `swar` on Scalar
            Isa::Scalar
            | Isa::Sse2
            | Isa::Ssse3
            | Isa::Avx2
            | Isa::Avx512
            | Isa::Avx512Vbmi
            | Isa::Neon
            | Isa::Wasm128 => RowTables,
        })
    };
}

macro_rules! default_update_variant {
    ($isa:expr, |$V:ident| $e:expr) => {
        bb_simd::select_variant!($isa, |$V| $e, {
            // 30 against 47 ns for `swar`
            Isa::Scalar => PerSquare,
            Isa::Sse2 | Isa::Ssse3 | Isa::Neon | Isa::Wasm128 => Lanes128,
            // On a Sapphire Rapids class Xeon, 3.4 against 4.0 ns (`avx512vbmi`) and 6.4 ns
            // (`avx512`) for `lanes512` in throughput, the same latency
            Isa::Avx2 | Isa::Avx512 | Isa::Avx512Vbmi => Lanes256,
        })
    };
}

/// The features of the board seen from `p` (digit 0) against `o` (digit 1), by the default
/// variant for backend `B` (docs/kernels/eval.md).
///
/// ```
/// use bb_reversi::eval::{self, reference};
/// use bb_reversi::{Backend, Board, Scalar};
/// let b = Board::START;
/// assert_eq!(Scalar.vectorize(|| eval::set(Scalar, b.p, b.o)), reference::features(b.p, b.o));
/// ```
#[inline(always)]
#[must_use]
pub fn set<B: Backend>(b: B, p: u64, o: u64) -> Features {
    default_set_variant!(B::ISA, |V| V::set(b, p, o))
}

/// The features after the side with digit `mover` plays `sq` turning over `flipped`, by the
/// default variant for backend `B`.
///
/// ```
/// use bb_reversi::eval::{self, Mover, reference};
/// use bb_reversi::{Board, Square, Scalar};
/// let b = Board::START;
/// let f = eval::set(Scalar, b.p, b.o);
/// let f = eval::update(Scalar, &f, Square::D3, b.flip(Square::D3), Mover::Zero);
/// let next = b.play(Square::D3).unwrap(); // next.o: the mover's discs
/// assert_eq!(f, reference::features(next.o, next.p));
/// ```
#[inline(always)]
#[must_use]
pub fn update<B: Backend>(b: B, f: &Features, sq: Square, flipped: u64, mover: Mover) -> Features {
    default_update_variant!(B::ISA, |V| V::update(b, f, sq, flipped, mover))
}

/// The name of the variant [`set`] uses on backends of instruction set `isa`; `fast_pext` is the
/// token's [`Backend::FAST_PEXT`] (every kernel's `default_name` takes it; the evaluation's choice
/// does not depend on it).
///
/// ```
/// use bb_reversi::eval::set_default_name;
/// assert_eq!(set_default_name(bb_simd::Isa::Avx2, true), "row_tables");
/// ```
#[must_use]
pub const fn set_default_name(isa: Isa, fast_pext: bool) -> &'static str {
    // The choice does not depend on PEXT's speed.
    let _ = fast_pext;
    default_set_variant!(isa, |V| V::NAME)
}

/// The name of the variant [`update`] uses on backends of instruction set `isa`; `fast_pext` is the
/// token's [`Backend::FAST_PEXT`] (every kernel's `default_name` takes it; the evaluation's choice
/// does not depend on it).
///
/// ```
/// use bb_reversi::eval::update_default_name;
/// assert_eq!(update_default_name(bb_simd::Isa::Avx2, true), "lanes256");
/// ```
#[must_use]
pub const fn update_default_name(isa: Isa, fast_pext: bool) -> &'static str {
    // The choice does not depend on PEXT's speed.
    let _ = fast_pext;
    default_update_variant!(isa, |V| V::NAME)
}

/// The features seen from the other colour: digits 0 and 1 exchanged in every pattern (what a
/// pass does in Edax's model; one table lookup per pattern). An index out of range (only
/// possible in features built by [`Features::from_lanes`]) gives an unspecified lane.
///
/// ```
/// use bb_reversi::eval::{self, reference};
/// use bb_reversi::Board;
/// let b = Board::START;
/// assert_eq!(eval::pass(&reference::features(b.p, b.o)), reference::features(b.o, b.p));
/// ```
#[must_use]
pub fn pass(f: &Features) -> Features {
    let mut lanes = f.lanes();
    for (lane, squares) in lanes.iter_mut().zip(PATTERNS) {
        let swapped = SWAP[usize::from(*lane) % SWAP.len()];
        *lane = swapped.wrapping_sub(swap_bias(squares.len()));
    }
    Features::from_lanes(lanes)
}

/// The features of `board` seen from its side to move, on the best backend
/// ([`bb_simd::auto!`]).
///
/// ```
/// use bb_reversi::{Board, eval};
/// assert_eq!(eval::features(Board::START), eval::reference::features(Board::START.p, Board::START.o));
/// ```
#[must_use]
pub fn features(board: Board) -> Features {
    let (p, o) = (board.p, board.o);
    bb_simd::auto!(move |b| set(b, p, o))
}

/// The features [`Evaluator::sum`] takes for `board`, as Edax keeps them: seen from the side to
/// move when the number of empty squares is even, from its opponent when it is odd
/// ([`Mover::for_empties`]); on the best backend.
///
/// ```
/// use bb_reversi::{Board, Square, eval};
/// let b = Board::START.play(Square::F5).unwrap(); // 59 empties: from the opponent
/// assert_eq!(eval::sum_features(b), eval::features(b.pass()));
/// ```
#[must_use]
pub fn sum_features(board: Board) -> Features {
    let empties = (!(board.p | board.o)).count_ones();
    match Mover::for_empties(empties) {
        Mover::Zero => features(board),
        Mover::One => features(board.pass()),
    }
}
