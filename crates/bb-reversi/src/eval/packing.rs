//! Edax's packing of a weight group by symmetry: a pattern and its mirror image (the one board
//! symmetry that maps the pattern's squares onto themselves) share one stored weight, numbered
//! in the order of first appearance as the index counts up.

use super::patterns::{Group, PATTERNS, pow3};
use alloc::vec::Vec;
use bb_core::Square;

/// The first pattern of `g` (`None` for the bias).
fn first_pattern(g: Group) -> Option<&'static [Square]> {
    (0..PATTERNS.len())
        .find(|&f| Group::of(f) == Some(g))
        .and_then(|f| PATTERNS.get(f).copied())
}

/// A map of (file, rank).
type SquareMap = fn(u8, u8) -> (u8, u8);

/// The seven symmetries of the board other than the identity, on (file, rank).
const SYMMETRIES: [SquareMap; 7] = [
    |x, y| (7 - x, y),
    |x, y| (x, 7 - y),
    |x, y| (7 - x, 7 - y),
    |x, y| (y, x),
    |x, y| (7 - y, x),
    |x, y| (y, 7 - x),
    |x, y| (7 - y, 7 - x),
];

/// For each digit position of `pattern`, the position its square's image takes under the first
/// symmetry that maps the pattern's squares onto themselves (`None` when none does).
pub(crate) fn mirror_positions(pattern: &[Square]) -> Option<Vec<usize>> {
    SYMMETRIES.iter().find_map(|s| {
        pattern
            .iter()
            .map(|sq| {
                let (x, y) = s(sq.index() as u8 % 8, sq.index() as u8 / 8);
                pattern
                    .iter()
                    .position(|t| t.index() == usize::from(y * 8 + x))
            })
            .collect::<Option<Vec<usize>>>()
    })
}

/// The index of the mirror image of index `j` (digits moved by `mirror`, most significant
/// digit first).
pub(crate) fn mirror_index(j: usize, mirror: &[usize]) -> usize {
    let n = mirror.len();
    let mut out = 0;
    for (pos, &to) in mirror.iter().enumerate() {
        let digit = j / pow3(n - 1 - pos) % 3;
        out += digit * pow3(n - 1 - to);
    }
    out
}

/// `pack[j]`: the stored slot of index `j` in group `g` (Edax's `set_eval_packing`), and the
/// number of slots. The bias has one index and one slot.
pub(crate) fn packing(g: Group) -> (Vec<u32>, usize) {
    let Some(pattern) = first_pattern(g) else {
        return (alloc::vec![0], 1);
    };
    let identity: Vec<usize> = (0..pattern.len()).collect();
    let mirror = mirror_positions(pattern).unwrap_or(identity);
    let size = pow3(pattern.len());
    let mut pack = alloc::vec![0u32; size];
    let mut slots = 0;
    for j in 0..size {
        let m = mirror_index(j, &mirror);
        pack[j] = match pack.get(m) {
            Some(&slot) if m < j => slot,
            _ => {
                slots += 1;
                slots as u32 - 1
            }
        };
    }
    (pack, slots)
}
