//! Edax's weight file (`eval.dat`) as it is stored: a header, then 54 plies of packed 16-bit
//! weights ([`PackedWeights`]), read in either byte order and written little-endian.

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

/// Plies in a weight file. [`Evaluator`](super::Evaluator) reads plies 2 to 53, as Edax does.
pub const FILE_PLIES: usize = 54;

/// Packed weights per ply in the file.
pub const PACKED: usize = 114_364;

/// Bytes of a complete weight file.
pub const FILE_BYTES: usize = HEADER + FILE_PLIES * PACKED * 2;

/// The file ply whose weights [`Evaluator::sum`](super::Evaluator::sum) reads for a board with
/// `empties` empty squares: ply `60 - empties`, clamped to plies 2-53 with its parity kept.
///
/// ```
/// use bb_reversi::eval::file_ply;
/// assert_eq!(file_ply(60), 2); // the start: plies 0 and 1 are never read
/// assert_eq!(file_ply(59), 3);
/// assert_eq!(file_ply(20), 40);
/// assert_eq!((file_ply(2), file_ply(1), file_ply(0)), (52, 53, 52));
/// ```
#[must_use]
pub const fn file_ply(empties: u32) -> usize {
    let ply = 60 - empties as i64;
    let pair = if ply - 2 > 0 { (ply - 2) >> 1 } else { 0 };
    let pair = if pair > (FILE_PLIES as i64 - 2) / 2 - 1 {
        (FILE_PLIES as i64 - 2) / 2 - 1
    } else {
        pair
    };
    (2 + 2 * pair + (ply & 1)) as usize
}

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

/// The weights of an Edax weight file as the file stores them: [`FILE_PLIES`] plies of
/// [`PACKED`] weights, one per pattern index up to symmetry (see [`Packing`](super::Packing)),
/// and the header's version numbers. What a trainer fills and writes; [`Evaluator`] unpacks it
/// for evaluation.
///
/// ```
/// use bb_reversi::eval::{Evaluator, PackedWeights};
/// let mut w = PackedWeights::zeros();
/// w.ply_mut(2).unwrap()[0] = 5;
/// let bytes = w.to_bytes();
/// assert_eq!(PackedWeights::from_bytes(&bytes), Ok(w.clone()));
/// let evaluator = Evaluator::from_packed(&w);
/// # let _ = evaluator;
/// ```
///
/// [`Evaluator`]: super::Evaluator
#[derive(Clone, PartialEq, Eq)]
pub struct PackedWeights {
    weights: Vec<i16>,
    version: (u32, u32, u32),
}

impl fmt::Debug for PackedWeights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PackedWeights")
            .field("version", &self.version)
            .finish_non_exhaustive()
    }
}

impl PackedWeights {
    /// Every weight zero, version (4, 5, 0): an evaluation of 0 everywhere.
    #[must_use]
    pub fn zeros() -> PackedWeights {
        PackedWeights {
            weights: alloc::vec![0; FILE_PLIES * PACKED],
            version: (4, 5, 0),
        }
    }

    /// Reads an Edax weight file: the header (either byte order), then 54 plies of 114364
    /// packed 16-bit weights. Bytes after the last ply are ignored.
    ///
    /// # Errors
    /// [`EvalFileError`] when the header is not Edax's or the file is shorter than
    /// [`FILE_BYTES`].
    ///
    /// ```
    /// use bb_reversi::eval::{EvalFileError, PackedWeights};
    /// assert!(matches!(PackedWeights::from_bytes(b"EDAX"), Err(EvalFileError::TooShort { .. })));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<PackedWeights, EvalFileError> {
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
        let body = bytes.get(HEADER..FILE_BYTES).unwrap_or(&[]);
        let weights = body
            .chunks_exact(2)
            .map(|b| {
                let w = i16::from_le_bytes([b[0], b[1]]);
                if swapped { w.swap_bytes() } else { w }
            })
            .collect();
        Ok(PackedWeights { weights, version })
    }

    /// The complete file, little-endian, with a zero date: what [`from_bytes`](Self::from_bytes)
    /// and Edax read back.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FILE_BYTES);
        let (version, release, build) = self.version;
        for w in [EDAX, EVAL, version, release, build] {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&0f64.to_le_bytes());
        for w in &self.weights {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// The version, release and build numbers of the header.
    #[must_use]
    pub const fn version(&self) -> (u32, u32, u32) {
        self.version
    }

    /// The packed weights of file ply `ply` (0..[`FILE_PLIES`]).
    #[must_use]
    pub fn ply(&self, ply: usize) -> Option<&[i16]> {
        self.weights.get(ply_range(ply)?)
    }

    /// The packed weights of file ply `ply`, to change.
    pub fn ply_mut(&mut self, ply: usize) -> Option<&mut [i16]> {
        self.weights.get_mut(ply_range(ply)?)
    }
}

/// The weights of file ply `ply` in the whole file's (`None` past the last ply).
fn ply_range(ply: usize) -> Option<core::ops::Range<usize>> {
    (ply < FILE_PLIES).then(|| ply * PACKED..(ply + 1) * PACKED)
}
