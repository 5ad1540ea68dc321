//! [`Evaluator`]: Edax's weight file (`eval.dat`) read and unpacked, and the evaluation of a
//! board with it, the same sum and the same rounding as Edax.

use super::Features;
use super::file::{EvalFileError, FILE_PLIES, PackedWeights};
use super::packing::Packing;
use super::patterns::{Group, PATTERN_COUNT, PATTERNS, pow3};
use crate::Board;
use alloc::vec::Vec;
use bb_simd::Backend;
use core::fmt;

/// Plies kept (file plies 2 to 53).
const PLIES: usize = FILE_PLIES - 2;

/// Weights of one ply unpacked: every index of every group, groups in file order.
const UNPACKED: usize = {
    let mut n = 0;
    let mut g = 0;
    while g < Group::ALL.len() {
        n += Group::ALL[g].indices();
        g += 1;
    }
    n
};

/// The start of each group in an unpacked ply.
const GROUP_START: [usize; 13] = {
    let mut s = [0; 13];
    let mut g = 1;
    while g < 13 {
        s[g] = s[g - 1] + Group::ALL[g - 1].indices();
        g += 1;
    }
    s
};

/// The start in an unpacked ply of the group of each pattern feature.
const FEATURE_START: [usize; PATTERN_COUNT] = {
    let mut s = [0; PATTERN_COUNT];
    let mut f = 0;
    while f < PATTERN_COUNT {
        let mut g = 0;
        while g < 13 {
            if let Some(x) = Group::of(f)
                && x as usize == Group::ALL[g] as usize
            {
                s[f] = GROUP_START[g];
            }
            g += 1;
        }
        f += 1;
    }
    s
};

/// The weights one evaluation may read, from its ply's first weight: every index a feature's
/// 16-bit lane can hold, so that the sum's loads need no bounds check (an index past its
/// group, which only [`Features::from_lanes`] can produce, reads some other weight of the file
/// or the zeros after the last ply).
const WINDOW: usize = {
    let mut last = 0;
    let mut f = 0;
    while f < PATTERN_COUNT {
        if FEATURE_START[f] > last {
            last = FEATURE_START[f];
        }
        f += 1;
    }
    2 * (last + u16::MAX as usize + 1)
};

/// [`FEATURE_START`] in the interleaved table (twice), for [`Evaluator::sum_with`]; the two
/// lanes past the 46 features start past any table, so that they read the zero before the
/// table's last (the gather's clamp).
const GATHER_STARTS: [u32; 48] = {
    let mut s = [1 << 31; 48];
    let mut f = 0;
    while f < PATTERN_COUNT {
        s[f] = 2 * FEATURE_START[f] as u32;
        f += 1;
    }
    s
};

/// Edax's evaluation function: the weights of a weight file unpacked for every ply, by
/// symmetry and by colour, as Edax's `eval_open` does.
///
/// ```no_run
/// use bb_reversi::{Board, eval::Evaluator};
/// let bytes = std::fs::read("data/eval.dat")?;
/// let evaluator = Evaluator::from_bytes(&bytes)?;
/// let score = evaluator.evaluate(Board::START); // in discs, -63..=63
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Evaluator {
    /// `PLIES` unpacked plies of `UNPACKED` weights, the two plies of a pair interleaved
    /// (weight `i` of file ply `2 + 2 * pair + odd` at `pair * 2 * UNPACKED + 2 * i + odd`);
    /// odd plies indexed by features seen from the opponent of the side to move. Then
    /// [`WINDOW`] zeros, so that every ply has a whole window.
    weights: Vec<i16>,
    version: (u32, u32, u32),
}

impl fmt::Debug for Evaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Evaluator")
            .field("version", &self.version)
            .finish_non_exhaustive()
    }
}

impl Evaluator {
    /// Reads an Edax weight file ([`PackedWeights::from_bytes`]) and unpacks it.
    ///
    /// # Errors
    /// [`EvalFileError`] when the header is not Edax's or the file is shorter than
    /// [`FILE_BYTES`](super::FILE_BYTES).
    ///
    /// ```
    /// use bb_reversi::eval::{EvalFileError, Evaluator};
    /// assert!(matches!(Evaluator::from_bytes(b"EDAX"), Err(EvalFileError::TooShort { .. })));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Evaluator, EvalFileError> {
        Ok(Self::from_packed(&PackedWeights::from_bytes(bytes)?))
    }

    /// Reads an Edax weight file from `path`.
    ///
    /// # Errors
    /// [`EvalReadError`]: the file cannot be read, or is not an Edax weight file.
    ///
    /// ```no_run
    /// use bb_reversi::eval::Evaluator;
    /// let evaluator = Evaluator::from_path("eval.dat")?;
    /// # Ok::<(), bb_reversi::eval::EvalReadError>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn from_path(path: impl AsRef<std::path::Path>) -> Result<Evaluator, EvalReadError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|e| EvalReadError::Io {
            path: path.to_path_buf(),
            error: e,
        })?;
        Self::from_bytes(&bytes).map_err(|e| EvalReadError::Format {
            path: path.to_path_buf(),
            error: e,
        })
    }

    /// Unpacks packed weights for every ply, by symmetry and by colour, as Edax's `eval_open`
    /// does (plies 0 and 1 are skipped).
    #[must_use]
    pub fn from_packed(packed: &PackedWeights) -> Evaluator {
        let packing = Packing::new();
        let mut weights = alloc::vec![0; PLIES * UNPACKED + WINDOW];
        for ply in 2..FILE_PLIES {
            let w = packed.ply(ply).unwrap_or(&[]);
            let (pair, odd) = ((ply - 2) / 2, ply % 2 == 1);
            let mut at = pair * 2 * UNPACKED + usize::from(odd);
            for (g, group) in Group::ALL.iter().enumerate() {
                for j in 0..group.indices() {
                    let slot = packing.slot(g, j, odd).unwrap_or(0);
                    if let Some(x) = weights.get_mut(at) {
                        *x = w.get(slot as usize).copied().unwrap_or(0);
                    }
                    at += 2;
                }
            }
        }
        Evaluator {
            weights,
            version: packed.version(),
        }
    }

    /// The version, release and build numbers of the file's header.
    #[must_use]
    pub const fn version(&self) -> (u32, u32, u32) {
        self.version
    }

    /// The weighted sum (in 1/128 discs, for the side to move) of features `f` of a board with
    /// `empties` empty squares, seen as Edax sees it ([`Mover::for_empties`](super::Mover::for_empties): from the side to
    /// move when `empties` is even, else from its opponent); Edax's `accumlate_eval`. The weights
    /// of ply `60 - empties` are used, clamped to the file's plies 2-53 with the parity kept. A
    /// lane past its pattern's table (only [`Features::from_lanes`] can make one) reads an
    /// unspecified weight.
    ///
    /// ```
    /// # use bb_reversi::eval::{Evaluator, FILE_BYTES};
    /// # let mut bytes = vec![0u8; FILE_BYTES];
    /// # bytes[..8].copy_from_slice(b"XADELAVE");
    /// # let evaluator = Evaluator::from_bytes(&bytes).unwrap();
    /// use bb_reversi::{Board, eval};
    /// let f = eval::features(Board::START); // 60 empties: seen from the side to move
    /// assert_eq!(evaluator.sum(&f, 60), 0); // an all-zero file
    /// ```
    #[must_use]
    pub fn sum(&self, f: &Features, empties: u32) -> i32 {
        // Plies of one pair interleaved (even, odd, even, ...), as Edax stores them: the
        // patterns a move leaves unchanged read the cache lines the parent's evaluation
        // loaded.
        let table = super::file_ply(empties) - 2;
        let Some(w) = self
            .weights
            .get(table / 2 * 2 * UNPACKED + table % 2..)
            .and_then(<[i16]>::first_chunk::<WINDOW>)
        else {
            return 0;
        };
        // Unrolled: each lane's group start is a constant and the window holds start + 65535
        // for every group, so no load has a bounds check; partial sums keep the additions
        // short.
        let words = &f.words;
        macro_rules! weight {
            ($i:literal) => {{
                let lane = (words[$i / 4] >> (16 * ($i % 4))) as u16;
                i32::from(
                    w.get(2 * (FEATURE_START[$i] + usize::from(lane)))
                        .copied()
                        .unwrap_or(0),
                )
            }};
        }
        macro_rules! sum {
            ($($i:literal)*) => { 0 $(+ weight!($i))* };
        }
        let a = sum!(0 1 2 3 4 5 6 7 8 9 10 11);
        let b = sum!(12 13 14 15 16 17 18 19 20 21 22 23);
        let c = sum!(24 25 26 27 28 29 30 31 32 33 34);
        let d = sum!(35 36 37 38 39 40 41 42 43 44 45);
        i32::from(w[2 * GROUP_START[12]]) + (a + b) + (c + d)
    }

    /// [`sum`](Self::sum) by the backend `b`: on AVX2 and AVX-512 eight weights a gather
    /// instruction ([`Backend::gather_sum_i16x48`](bb_simd::Backend::gather_sum_i16x48)), as
    /// Edax's AVX2 build sums; the same result as [`sum`](Self::sum) for every `f` and
    /// `empties`. For a search that holds a backend token (the weights of a sum mostly miss the
    /// caches, and the gathers let more sums overlap).
    ///
    /// ```
    /// # use bb_reversi::eval::{Evaluator, FILE_BYTES};
    /// # let mut bytes = vec![0u8; FILE_BYTES];
    /// # bytes[..8].copy_from_slice(b"XADELAVE");
    /// # let evaluator = Evaluator::from_bytes(&bytes).unwrap();
    /// use bb_reversi::{Board, eval};
    /// let f = eval::features(Board::START);
    /// let sum = bb_reversi::dispatch!(|b| evaluator.sum_with(b, &f, 60));
    /// assert_eq!(sum, evaluator.sum(&f, 60));
    /// ```
    #[must_use]
    #[inline]
    pub fn sum_with<B: Backend>(&self, b: B, f: &Features, empties: u32) -> i32 {
        let table = super::file_ply(empties) - 2;
        let base = table / 2 * 2 * UNPACKED + table % 2;
        let Some(bias) = self.weights.get(base + 2 * GROUP_START[12]) else {
            return 0;
        };
        // `base` is below the table's length, itself far below `u32::MAX`.
        i32::from(*bias) + b.gather_sum_i16x48(&self.weights, base as u32, &GATHER_STARTS, &f.words)
    }

    /// Edax's score of the sum: rounded half away from zero to discs, clamped to -63..=63
    /// (`search_eval_0`).
    #[must_use]
    pub const fn score_of_sum(sum: i32) -> i32 {
        let s = if sum > 0 { sum + 64 } else { sum - 64 };
        let s = s / 128;
        if s < -63 {
            -63
        } else if s > 63 {
            63
        } else {
            s
        }
    }

    /// The score of `board` for its side to move, in discs (-63..=63), as Edax's
    /// `search_eval_0` gives it.
    ///
    /// ```
    /// # use bb_reversi::eval::{Evaluator, FILE_BYTES};
    /// # let mut bytes = vec![0u8; FILE_BYTES];
    /// # bytes[..8].copy_from_slice(b"XADELAVE");
    /// # let evaluator = Evaluator::from_bytes(&bytes).unwrap();
    /// use bb_reversi::Board;
    /// assert_eq!(evaluator.evaluate(Board::START), 0);
    /// ```
    #[must_use]
    pub fn evaluate(&self, board: Board) -> i32 {
        let empties = (!(board.p | board.o)).count_ones();
        Self::score_of_sum(self.sum(&super::sum_features(board), empties))
    }
}

const _: () = assert!(UNPACKED == 226_315);
const _: () = assert!(pow3(10) == 59_049);
const _: () = assert!(PATTERNS.len() == PATTERN_COUNT);

/// Why [`Evaluator::from_path`] failed.
#[cfg(feature = "std")]
#[derive(Debug)]
pub enum EvalReadError {
    /// The file could not be read.
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The file is not an Edax weight file.
    Format {
        /// The file.
        path: std::path::PathBuf,
        /// What is wrong with it.
        error: EvalFileError,
    },
}

#[cfg(feature = "std")]
impl fmt::Display for EvalReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalReadError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            EvalReadError::Format { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for EvalReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EvalReadError::Io { error, .. } => Some(error),
            EvalReadError::Format { error, .. } => Some(error),
        }
    }
}
