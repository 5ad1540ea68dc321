//! The kindergarten form with its per-square data in one array per field.

use super::LastFlipVariant;
use super::kindergarten::{kg_indices, kg_masks};
use super::tables::COUNT_FLIP;
use bb_core::Square;
use bb_simd::Backend;

/// The count table widened to `u32`: three of the four counts are then added straight from
/// memory (an ADD with a memory operand) instead of each being loaded and widened first.
static COUNT_FLIP32: [[u32; 256]; 8] = {
    let mut a = [[0; 256]; 8];
    let mut i = 0;
    while i < 8 * 256 {
        a[i >> 8][i & 255] = COUNT_FLIP[i >> 8][i & 255] as u32;
        i += 1;
    }
    a
};

/// What [`Kindergarten64Soa`] reads per square, one array per field: each of the four masks of
/// `kg_masks` (two diagonals, the file, the file's multiplier), and the two count-table rows.
/// Every field of square `s` sits at `field + 8 * s` from one base address, so each is a single
/// load indexed by the square itself.
struct Fields {
    masks: [[u64; 64]; 4],
    by_file: [&'static [u32; 256]; 64],
    by_rank: [&'static [u32; 256]; 64],
}

static FIELDS: Fields = {
    let row = &COUNT_FLIP32[0];
    let mut t = Fields {
        masks: [[0; 64]; 4],
        by_file: [row; 64],
        by_rank: [row; 64],
    };
    let mut sq = 0;
    while sq < 64 {
        let m = kg_masks(sq);
        let mut k = 0;
        while k < 4 {
            t.masks[k][sq] = m[k];
            k += 1;
        }
        t.by_file[sq] = &COUNT_FLIP32[sq & 7];
        t.by_rank[sq] = &COUNT_FLIP32[sq >> 3];
        sq += 1;
    }
    t
};

/// [`Kindergarten64`](super::Kindergarten64)'s gathers with its per-square data in one array
/// per field (a structure of arrays) and `u32` counts. On x86-64 each field is one load at
/// `base + 8 * square + offset`, which needs no shift of the square first (the 64-byte entry of
/// `kindergarten64` is at `64 * square`); and the `u32` counts let three of the four additions
/// take their count from memory. The loop is 3 instructions shorter than `kindergarten64`'s.
/// A stream of calls is bound by how long its micro-ops wait for the square's load and by how
/// many there are, not by the front end: this form takes 0.945 of `kindergarten64`'s time
/// there. Its latency is longer (1.13): a `u32` index is scaled (one cycle), and the additions
/// form one chain after the loads.
///
/// Where the address modes have no scaled index with a displacement (WebAssembly), the fields
/// cost more address arithmetic than one entry does, and `kindergarten64` is faster.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kindergarten64Soa;

impl LastFlipVariant for Kindergarten64Soa {
    const NAME: &'static str = "kindergarten64_soa";
    #[inline(always)]
    fn count<B: Backend>(_b: B, sq: Square, p: u64) -> u32 {
        let s = sq.index();
        let t = &FIELDS;
        let m = [t.masks[0][s], t.masks[1][s], t.masks[2][s], t.masks[3][s]];
        let [rank, d9, d7, file] = kg_indices(s, p, m).map(usize::from);
        let (f, r) = (t.by_file[s], t.by_rank[s]);
        f[rank] + f[d9] + f[d7] + r[file]
    }
}
