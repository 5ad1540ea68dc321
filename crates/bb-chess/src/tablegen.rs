//! Table generators, shared by `build.rs` (included by path) and the crate's tests.
//!
//! Everything is derived from `bb_core::reference`, the slow ray walkers. The crate's tests call
//! only some of these functions (build.rs calls the rest), hence the `dead_code` allowance.
#![allow(dead_code)]

extern crate alloc;
use alloc::vec;
use alloc::vec::Vec;

use bb_core::reference;
use bb_core::rng::Rng;
use bb_core::{Direction, Square};

/// `FIRST_RANK[inner * 8 + file]`: the attacks of a slider on `file` of the first rank when the
/// inner six squares b1..g1 hold `inner << 1`.
pub fn first_rank() -> [u8; 512] {
    let mut t = [0u8; 512];
    for inner in 0..64u64 {
        for file in 0..8u8 {
            let sq = Square::new(file).expect("file < 8");
            let a = reference::rank_attacks(sq, inner << 1);
            t[(inner * 8) as usize + usize::from(file)] = a as u8;
        }
    }
    t
}

/// The relevant occupancy mask of a rook (`rook = true`) or bishop on `sq`: its empty-board
/// rays without the last square of each ray.
pub fn relevant_mask(sq: Square, rook: bool) -> u64 {
    let dirs: &[Direction] = if rook {
        &[
            Direction::North,
            Direction::East,
            Direction::South,
            Direction::West,
        ]
    } else {
        &[
            Direction::NorthEast,
            Direction::SouthEast,
            Direction::SouthWest,
            Direction::NorthWest,
        ]
    };
    let mut m = 0;
    for &d in dirs {
        let r = reference::ray(sq, d, 0);
        if r == 0 {
            continue;
        }
        let last = if d.is_toward_msb() {
            1u64 << (63 - r.leading_zeros())
        } else {
            r & r.wrapping_neg()
        };
        m |= r & !last;
    }
    m
}

/// Every subset of `mask`, in carry-rippler order (starting and ending with the empty set).
pub fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    core::iter::from_fn(move || {
        let cur = next?;
        let n = cur.wrapping_sub(mask) & mask;
        next = if n == 0 { None } else { Some(n) };
        Some(cur)
    })
}

fn slider(sq: Square, rook: bool, occ: u64) -> u64 {
    if rook {
        reference::rook_attacks(sq, occ)
    } else {
        reference::bishop_attacks(sq, occ)
    }
}

/// Fancy magic tables: per square `(mask, magic, shift, offset)` for rooks and bishops, and one
/// shared attack table (rooks first).
pub struct MagicTables {
    /// Rook entries.
    pub rook: Vec<(u64, u64, u32, u32)>,
    /// Bishop entries.
    pub bishop: Vec<(u64, u64, u32, u32)>,
    /// Attack sets.
    pub attacks: Vec<u64>,
}

/// Finds a magic for one square by a seeded random search; returns the magic and its table.
fn find_magic(sq: Square, rook: bool, rng: &mut Rng) -> (u64, Vec<u64>) {
    let mask = relevant_mask(sq, rook);
    let bits = mask.count_ones();
    let occs: Vec<u64> = subsets(mask).collect();
    let atts: Vec<u64> = occs.iter().map(|&o| slider(sq, rook, o)).collect();
    let size = 1usize << bits;
    let mut table = vec![0u64; size];
    let mut epoch = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        let magic = rng.next_u64() & rng.next_u64() & rng.next_u64();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let mut ok = true;
        for (o, a) in occs.iter().zip(&atts) {
            let idx = (o.wrapping_mul(magic) >> (64 - bits)) as usize;
            if epoch[idx] != attempt {
                epoch[idx] = attempt;
                table[idx] = *a;
            } else if table[idx] != *a {
                ok = false;
                break;
            }
        }
        if ok {
            return (magic, table);
        }
    }
}

/// Generates the fancy magic tables with a fixed seed.
pub fn magic_tables() -> MagicTables {
    let mut rng = Rng::new(0x6d61_6769_6373_2121);
    let mut attacks = Vec::new();
    let mut out = [Vec::new(), Vec::new()];
    for (k, rook) in [true, false].into_iter().enumerate() {
        for sq in Square::ALL {
            let mask = relevant_mask(sq, rook);
            let (magic, table) = find_magic(sq, rook, &mut rng);
            let offset = attacks.len() as u32;
            attacks.extend_from_slice(&table);
            out[k].push((mask, magic, 64 - mask.count_ones(), offset));
        }
    }
    let [rook, bishop] = out;
    MagicTables {
        rook,
        bishop,
        attacks,
    }
}

/// PEXT tables: per square `(mask, offset)` and one shared attack table (rooks first).
pub struct PextTables {
    /// Rook entries.
    pub rook: Vec<(u64, u32)>,
    /// Bishop entries.
    pub bishop: Vec<(u64, u32)>,
    /// Attack sets, indexed by `offset + pext(occ, mask)`.
    pub attacks: Vec<u64>,
}

/// Software PDEP, to enumerate the occupancy for every PEXT index.
pub fn pdep(mut src: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if src & 1 != 0 {
            out |= low;
        }
        src >>= 1;
        mask &= mask - 1;
    }
    out
}

/// Generates the PEXT tables.
pub fn pext_tables() -> PextTables {
    let mut attacks = Vec::new();
    let mut out = [Vec::new(), Vec::new()];
    for (k, rook) in [true, false].into_iter().enumerate() {
        for sq in Square::ALL {
            let mask = relevant_mask(sq, rook);
            let offset = attacks.len() as u32;
            for i in 0..1u64 << mask.count_ones() {
                attacks.push(slider(sq, rook, pdep(i, mask)));
            }
            out[k].push((mask, offset));
        }
    }
    let [rook, bishop] = out;
    PextTables {
        rook,
        bishop,
        attacks,
    }
}

/// Software PEXT: the bits of `src` selected by `mask`, packed toward bit 0.
pub fn pext(src: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 1;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if src & low != 0 {
            out |= bit;
        }
        bit <<= 1;
        mask &= mask - 1;
    }
    out
}

/// Length of [`pext16_tables`]' attack table: the next power of two above the 107,648 entries,
/// so that masking the index with `PEXT16_LEN - 1` proves it in bounds.
pub const PEXT16_LEN: usize = 1 << 17;

/// The compressed PEXT tables: per square the relevant mask, the offset (as in
/// [`pext_tables`]) and the empty-board attack set; each attack set stored as
/// `pext(attacks, empty_board_attacks)` in 16 bits, zero-padded to [`PEXT16_LEN`].
pub struct Pext16Tables {
    /// Rook entries: (relevant mask, empty-board attacks, offset).
    pub rook: Vec<(u64, u64, u32)>,
    /// Bishop entries.
    pub bishop: Vec<(u64, u64, u32)>,
    /// Compressed attack sets, rooks first.
    pub attacks: Vec<u16>,
}

/// Generates the compressed PEXT tables from [`pext_tables`].
pub fn pext16_tables() -> Pext16Tables {
    let full = pext_tables();
    let mut attacks = vec![0u16; PEXT16_LEN];
    let mut out = [Vec::new(), Vec::new()];
    for (k, (rook, entries)) in [(true, &full.rook), (false, &full.bishop)]
        .into_iter()
        .enumerate()
    {
        for (sq, &(mask, offset)) in Square::ALL.into_iter().zip(entries.iter()) {
            let empty = slider(sq, rook, 0);
            for i in 0..1usize << mask.count_ones() {
                let a = full.attacks[offset as usize + i];
                attacks[offset as usize + i] = pext(a, empty) as u16;
            }
            out[k].push((mask, empty, offset));
        }
    }
    let [rook, bishop] = out;
    Pext16Tables {
        rook,
        bishop,
        attacks,
    }
}
