//! The trained stages as an Edax weight file: every file ply gets the weights of the stage
//! trained for its number of empty squares, or of the nearest stage outside the trained range.
//! A ply's packed weights mean the same for either parity (the reader unpacks odd plies with
//! the colours exchanged), so one stage's weights are copied as they are to plies of both.

use bb_reversi::eval::PackedWeights;
use std::path::Path;

/// Plies in a weight file.
const FILE_PLIES: usize = 54;

/// A trained stage: the empties it covers and its packed weights.
#[derive(Clone, Debug)]
pub struct StageWeights {
    /// Fewest empties of the stage.
    pub min: u32,
    /// Most empties of the stage.
    pub max: u32,
    /// The packed weights ([`PACKED`](bb_reversi::eval::PACKED) values).
    pub weights: Vec<i16>,
}

/// The weight file of `stages` (sorted by empties, not empty; none when `stages` is empty).
#[must_use]
pub fn packed(stages: &[StageWeights]) -> PackedWeights {
    let mut out = PackedWeights::zeros();
    let (Some(first), Some(last)) = (stages.first(), stages.last()) else {
        return out;
    };
    for ply in 0..FILE_PLIES {
        // The empties a ply stands for; plies 0 and 1 (never read) take ply 2's.
        let e = (60 - ply.max(2) as u32).clamp(first.min, last.max);
        let Some(stage) = stages.iter().find(|s| (s.min..=s.max).contains(&e)) else {
            continue;
        };
        if let Some(dst) = out.ply_mut(ply)
            && dst.len() == stage.weights.len()
        {
            dst.copy_from_slice(&stage.weights);
        }
    }
    out
}

/// Writes `weights` to `path` as a complete Edax weight file.
///
/// # Errors
/// The I/O error of creating or writing the file.
pub fn write(path: &Path, weights: &PackedWeights) -> std::io::Result<()> {
    std::fs::write(path, weights.to_bytes())
}
