//! Edax's packing of a weight group by symmetry: a pattern and its mirror image (the one board
//! symmetry that maps the pattern's squares onto themselves) share one stored weight, numbered
//! in the order of first appearance as the index counts up.

use super::Features;
use super::patterns::{Group, PATTERN_COUNT, PATTERNS, pow3};
use super::tables::{SWAP, swap_bias};
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

/// Where the weights of every feature sit in a ply of an Edax weight file: per group, its first
/// packed slot and the slot of each index, seen from the side of the features (even plies) and
/// from the other colour (odd plies, whose weights Edax stores with the colours exchanged).
///
/// Built once (about 0.3 MB of tables); a trainer maps each training position to the 47 weights
/// it reads with [`Packing::slots`].
///
/// ```
/// use bb_reversi::Board;
/// use bb_reversi::eval::{self, Evaluator, Packing, PackedWeights};
/// let packing = Packing::new();
/// let board = Board::START.play(bb_reversi::Square::F5).unwrap(); // 59 empties
/// let f = eval::sum_features(board);
/// let mut w = PackedWeights::zeros();
/// let slots = packing.slots(&f, 59); // 46 patterns, then the bias
/// let ply = w.ply_mut(eval::file_ply(59)).unwrap();
/// ply[slots[0] as usize] = 300; // the first 3x3 corner's index
/// ply[slots[46] as usize] = -44; // the bias
/// let evaluator = Evaluator::from_packed(&w);
/// // The four corners are empty: the four corner patterns read the same weight.
/// assert_eq!(evaluator.sum(&f, 59), 4 * 300 - 44);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packing {
    /// Per group (file order): first packed slot, slots of the indices for even plies, for odd.
    groups: Vec<(u32, Vec<u32>, Vec<u32>)>,
}

impl Default for Packing {
    fn default() -> Self {
        Self::new()
    }
}

impl Packing {
    /// The packing of every group, as Edax's `eval_open` computes it.
    #[must_use]
    pub fn new() -> Packing {
        let mut start = 0u32;
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
            groups.push((start, pack, opposite));
            start += slots as u32;
        }
        Packing { groups }
    }

    /// The slot of index `index` of group number `group` (in [`Group::ALL`] order) within a
    /// file ply of parity `odd`; `None` when either is out of range.
    pub(crate) fn slot(&self, group: usize, index: usize, odd: bool) -> Option<u32> {
        let (start, even_slots, odd_slots) = self.groups.get(group)?;
        let table = if odd { odd_slots } else { even_slots };
        Some(start + table.get(index)?)
    }

    /// The 47 slots, within file ply [`file_ply(empties)`](super::file_ply), whose weights
    /// [`Evaluator::sum(f, empties)`](super::Evaluator::sum) adds: one per pattern feature, then
    /// the bias. `f` are the features as `sum` takes them ([`sum_features`](super::sum_features)).
    /// A lane out of range (only possible in features built by
    /// [`Features::from_lanes`](super::Features::from_lanes)) gives slot 0 for its feature.
    #[must_use]
    pub fn slots(&self, f: &Features, empties: u32) -> [u32; PATTERN_COUNT + 1] {
        let odd = (60 - i64::from(empties)) & 1 == 1;
        let mut out = [0; PATTERN_COUNT + 1];
        let lanes = f.lanes();
        for (feature, (slot, &lane)) in out.iter_mut().zip(&lanes).enumerate() {
            let group = Group::of(feature)
                .and_then(|g| Group::ALL.iter().position(|&x| x == g))
                .unwrap_or(0);
            *slot = self.slot(group, usize::from(lane), odd).unwrap_or(0);
        }
        out[PATTERN_COUNT] = self.slot(Group::ALL.len() - 1, 0, odd).unwrap_or(0);
        out
    }
}
