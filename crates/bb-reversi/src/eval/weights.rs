//! [`Evaluator`]: Edax's weight file (`eval.dat`) read and unpacked, and the evaluation of a
//! board with it, the same sum and the same rounding as Edax.

use super::packing::packing;
use super::patterns::{Group, PATTERN_COUNT, PATTERNS, pow3};
use super::tables::{SWAP, swap_bias};
use super::{Features, Mover};
use crate::Board;
use alloc::vec::Vec;
use core::fmt;

/// `EDAX` and `EVAL` read as little-endian words (a file written on a little-endian machine).
const EDAX: u32 = 0x4544_4158;
const EVAL: u32 = 0x4556_414c;
/// The same words from a big-endian machine: the weights are byte-swapped.
const XADE: u32 = 0x5841_4445;
const LAVE: u32 = 0x4c41_5645;

/// Header bytes: two magic words, version, release, build (`u32`) and a date (`f64`).
const HEADER: usize = 28;
/// Plies in the file; the first two are read and ignored, as Edax does.
const FILE_PLIES: usize = 54;
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

/// Why bytes are not an Edax weight file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalFileError {
    /// The file ends before `needed` bytes (it has `got`).
    TooShort {
        /// Bytes a complete file has.
        needed: usize,
        /// Bytes given.
        got: usize,
    },
    /// The first two words are neither `EDAX`/`EVAL` nor their byte-swapped forms.
    NotEdax {
        /// The first word, read little-endian.
        first: u32,
        /// The second word, read little-endian.
        second: u32,
    },
}

impl fmt::Display for EvalFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalFileError::TooShort { needed, got } => write!(
                f,
                "truncated Edax evaluation file: {got} bytes, a complete one has {needed}"
            ),
            EvalFileError::NotEdax { first, second } => write!(
                f,
                "not an Edax evaluation file: header words {first:#010x} {second:#010x}, \
                 expected \"EDAX\" \"EVAL\""
            ),
        }
    }
}

impl core::error::Error for EvalFileError {}

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
    /// `PLIES` unpacked plies of `UNPACKED` weights; odd plies indexed by features seen from
    /// the opponent of the side to move.
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

/// Bytes of a complete weight file.
pub const FILE_BYTES: usize = HEADER + FILE_PLIES * PACKED * 2;

/// Packed weights per ply in the file.
pub const PACKED: usize = 114_364;

impl Evaluator {
    /// Reads an Edax weight file: the header (either byte order), then 54 plies of 114364
    /// packed 16-bit weights (plies 0 and 1 are skipped, as Edax does). Bytes after the last
    /// ply are ignored.
    ///
    /// # Errors
    /// [`EvalFileError`] when the header is not Edax's or the file is shorter than
    /// [`FILE_BYTES`].
    ///
    /// ```
    /// use bb_reversi::eval::{EvalFileError, Evaluator};
    /// assert!(matches!(Evaluator::from_bytes(b"EDAX"), Err(EvalFileError::TooShort { .. })));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Evaluator, EvalFileError> {
        let too_short = EvalFileError::TooShort {
            needed: FILE_BYTES,
            got: bytes.len(),
        };
        let word = |i: usize| -> Option<u32> {
            let b = bytes.get(4 * i..4 * i + 4)?;
            Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        };
        let (Some(first), Some(second)) = (word(0), word(1)) else {
            return Err(too_short);
        };
        // Edax accepts either word of either byte order.
        let known = first == EDAX || second == EVAL || first == XADE || second == LAVE;
        if !known {
            return Err(EvalFileError::NotEdax { first, second });
        }
        if bytes.len() < FILE_BYTES {
            return Err(too_short);
        }
        let swapped = first == XADE;
        let header = |i: usize| {
            let w = word(i).unwrap_or(0);
            if swapped { w.swap_bytes() } else { w }
        };
        let version = (header(2), header(3), header(4));

        // Per group: where its packed weights start and, per index, its slot; then the slot of
        // each index seen from the other colour (the odd plies' table).
        let mut packed_start = 0;
        let mut groups = Vec::with_capacity(Group::ALL.len());
        for g in Group::ALL {
            let (pack, slots) = packing(g);
            let n = g.squares();
            let opposite: Vec<u32> = (0..pack.len())
                .map(|j| {
                    let s = usize::from(SWAP[j % SWAP.len()].wrapping_sub(swap_bias(n)));
                    pack.get(s).copied().unwrap_or(0)
                })
                .collect();
            groups.push((packed_start, pack, opposite));
            packed_start += slots;
        }
        debug_assert_eq!(packed_start, PACKED);

        let mut weights = Vec::with_capacity(PLIES * UNPACKED);
        let body = bytes.get(HEADER..FILE_BYTES).unwrap_or(&[]);
        for (ply, chunk) in body.chunks_exact(PACKED * 2).enumerate().skip(2) {
            let packed = |slot: usize| -> i16 {
                let b = chunk.get(2 * slot..2 * slot + 2).unwrap_or(&[0, 0]);
                let w = i16::from_le_bytes([b[0], b[1]]);
                if swapped { w.swap_bytes() } else { w }
            };
            for (start, pack, opposite) in &groups {
                let slots = if ply % 2 == 0 { pack } else { opposite };
                weights.extend(slots.iter().map(|&s| packed(start + s as usize)));
            }
        }
        Ok(Evaluator { weights, version })
    }

    /// The version, release and build numbers of the file's header.
    #[must_use]
    pub const fn version(&self) -> (u32, u32, u32) {
        self.version
    }

    /// The weighted sum (in 1/128 discs, for the side to move) of features `f` of a board with
    /// `empties` empty squares, seen as Edax sees it ([`Mover::for_empties`]: from the side to
    /// move when `empties` is even, else from its opponent); Edax's `accumlate_eval`. The weights
    /// of ply `60 - empties` are used, clamped to the file's plies 2-53 with the parity kept.
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
        let ply = 60 - i64::from(empties);
        let pair = ((ply - 2).max(0) >> 1).min(PLIES as i64 / 2 - 1);
        let table = (2 * pair + (ply & 1)) as usize;
        let Some(w) = self
            .weights
            .get(table * UNPACKED..)
            .and_then(<[i16]>::first_chunk::<UNPACKED>)
        else {
            return 0;
        };
        // Unrolled: each lane's group start is a constant, so the bounds check disappears
        // wherever start + 65535 is inside the ply (the first four groups) and is one
        // never-taken branch elsewhere (an index out of range, only possible in features built
        // by `Features::from_lanes`, weighs 0); partial sums keep the additions short.
        let words = &f.words;
        macro_rules! weight {
            ($i:literal) => {{
                let lane = (words[$i / 4] >> (16 * ($i % 4))) as u16;
                i32::from(
                    w.get(FEATURE_START[$i] + usize::from(lane))
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
        i32::from(w[GROUP_START[12]]) + (a + b) + (c + d)
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
        let f = match Mover::for_empties(empties) {
            Mover::Zero => super::features(board),
            Mover::One => super::features(board.pass()),
        };
        Self::score_of_sum(self.sum(&f, empties))
    }
}

const _: () = assert!(UNPACKED == 226_315);
const _: () = assert!(pow3(10) == 59_049);
const _: () = assert!(PATTERNS.len() == PATTERN_COUNT);
