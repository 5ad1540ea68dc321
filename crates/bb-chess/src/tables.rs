//! Lookup tables of the slider kernels: generated ones (first rank, fancy magics, PEXT) from
//! `build.rs`, and per-square SIMD mask records computed at compile time from
//! [`bb_core::geometry`].

use bb_core::geometry::{Relation, half_lines_lsb, half_lines_msb, mask_ex};

/// `FIRST_RANK[inner * 8 + file]`: attacks along the first rank of a slider on `file` when
/// b1..g1 hold `inner << 1` (512 bytes). Index with `((occ >> rank_shift) & 0x7e) * 4 + file`.
pub static FIRST_RANK: [u8; 512] = include!(concat!(env!("OUT_DIR"), "/first_rank.rs"));

/// One square's fancy magic: `offset + ((occ & mask) * magic >> shift)` indexes
/// [`MAGIC_ATTACKS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct Magic {
    /// Relevant occupancy (rays without their edge squares).
    pub mask: u64,
    /// The magic multiplier (found by `build.rs` with a fixed-seed search).
    pub magic: u64,
    /// `64 - popcount(mask)`.
    pub shift: u32,
    /// Start of this square's slice of [`MAGIC_ATTACKS`].
    pub offset: u32,
}

/// One square's PEXT entry: `offset + pext(occ, mask)` indexes [`PEXT_ATTACKS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct PextEntry {
    /// Relevant occupancy.
    pub mask: u64,
    /// Start of this square's slice of [`PEXT_ATTACKS`].
    pub offset: u32,
}

mod generated_magic {
    use super::Magic;
    include!(concat!(env!("OUT_DIR"), "/magic.rs"));
}
mod generated_pext {
    use super::PextEntry;
    include!(concat!(env!("OUT_DIR"), "/pext.rs"));
}
/// Per-square record of the compressed PEXT tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pext16Entry {
    /// Relevant occupancy.
    pub mask: u64,
    /// Attacks on an empty board: the squares the 16-bit entries are deposited onto.
    pub empty: u64,
    /// Start of this square's slice of [`PEXT16_ATTACKS`].
    pub offset: u32,
}
mod generated_pext16 {
    use super::Pext16Entry;
    include!(concat!(env!("OUT_DIR"), "/pext16.rs"));
}
pub use generated_magic::{MAGIC_ATTACKS, MAGIC_BISHOP, MAGIC_ROOK};
pub use generated_pext::{PEXT_ATTACKS, PEXT_BISHOP, PEXT_ROOK};
pub use generated_pext16::{PEXT16_ATTACKS, PEXT16_BISHOP, PEXT16_ROOK};

/// Per-square record of the four-lines Hyperbola Quintessence: the line masks (excluding the
/// square) in line order h, v, d, a, and per lane the slider bit after that lane's reversal
/// (a full bit reversal for the rank, a byte swap for the others).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Hq4 {
    /// Line masks: rank, file, diagonal, anti-diagonal.
    pub mask: [u64; 4],
    /// Reversed slider bit per lane: `1 << (63 - sq)`, then `bswap(1 << sq)` three times.
    pub rbit: [u64; 4],
}

/// Per-square masks of Peshkov's `Occupied` twin (the Chess Programming Wiki's *SSSE3*): each pair
/// is `[x, bswap(x)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Twin {
    /// `[1 << sq, bswap(1 << sq)]`.
    pub bit: [u64; 2],
    /// File mask pair.
    pub file: [u64; 2],
    /// Diagonal mask pair.
    pub diag: [u64; 2],
    /// Anti-diagonal mask pair.
    pub anti: [u64; 2],
}

/// Per-square record of the SSSE3 Hyperbola Quintessence (the Chess Programming Wiki's *SSSE3*):
/// two lines in one register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct Pair {
    /// Line masks of the two lanes.
    pub mask: [u64; 2],
    /// Slider bit per lane.
    pub bit: [u64; 2],
    /// Byte-swapped slider bit per lane.
    pub rbit: [u64; 2],
}

/// Squares of the a1-h8 diagonal, onto which Cooijmans' mapping puts a rank.
pub const MAIN_DIAGONAL: u64 = 0x8040_2010_0804_0201;

const fn build_hq4() -> [Hq4; 64] {
    let mut t = [Hq4 {
        mask: [0; 4],
        rbit: [0; 4],
    }; 64];
    let mut s = 0;
    while s < 64 {
        let sq = s as u8;
        let bit = 1u64 << s;
        t[s] = Hq4 {
            mask: [
                mask_ex(Relation::Rank, sq),
                mask_ex(Relation::File, sq),
                mask_ex(Relation::Diagonal, sq),
                mask_ex(Relation::AntiDiagonal, sq),
            ],
            rbit: [
                1u64 << (63 - s),
                bit.swap_bytes(),
                bit.swap_bytes(),
                bit.swap_bytes(),
            ],
        };
        s += 1;
    }
    t
}

const fn pair(x: u64) -> [u64; 2] {
    [x, x.swap_bytes()]
}

const fn build_twin() -> [Twin; 64] {
    let mut t = [Twin {
        bit: [0; 2],
        file: [0; 2],
        diag: [0; 2],
        anti: [0; 2],
    }; 64];
    let mut s = 0;
    while s < 64 {
        let sq = s as u8;
        t[s] = Twin {
            bit: pair(1 << s),
            file: pair(mask_ex(Relation::File, sq)),
            diag: pair(mask_ex(Relation::Diagonal, sq)),
            anti: pair(mask_ex(Relation::AntiDiagonal, sq)),
        };
        s += 1;
    }
    t
}

const fn build_pairs(rook: bool) -> [Pair; 64] {
    let mut t = [Pair {
        mask: [0; 2],
        bit: [0; 2],
        rbit: [0; 2],
    }; 64];
    let mut s = 0;
    while s < 64 {
        let sq = s as u8;
        let bit = 1u64 << s;
        t[s] = if rook {
            // Lane 0: the file; lane 1: the rank mapped onto the a1-h8 diagonal (Cooijmans).
            let d = (s & 7) * 9;
            let dbit = 1u64 << d;
            Pair {
                mask: [
                    mask_ex(Relation::File, sq),
                    mask_ex(Relation::Diagonal, d as u8),
                ],
                bit: [bit, dbit],
                rbit: [bit.swap_bytes(), dbit.swap_bytes()],
            }
        } else {
            Pair {
                mask: [
                    mask_ex(Relation::Diagonal, sq),
                    mask_ex(Relation::AntiDiagonal, sq),
                ],
                bit: [bit, bit],
                rbit: [bit.swap_bytes(), bit.swap_bytes()],
            }
        };
        s += 1;
    }
    t
}

const fn build_half_lines() -> [[[u64; 4]; 2]; 64] {
    let mut t = [[[0; 4]; 2]; 64];
    let mut s = 0;
    while s < 64 {
        t[s] = [half_lines_msb(s as u8), half_lines_lsb(s as u8)];
        s += 1;
    }
    t
}

/// Okuhara's *Reversi bitboard techniques* bishop masks: `[diag msb-ward, bswap(diag lsb-ward),
/// anti msb-ward, bswap(anti lsb-ward)]`, so that every lane is an LS1B (BLSMSK) search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct Quad(pub [u64; 4]);

const fn build_bishop_quads() -> [Quad; 64] {
    let hl = build_half_lines();
    let mut t = [Quad([0; 4]); 64];
    let mut s = 0;
    while s < 64 {
        let [msb, lsb] = hl[s];
        t[s] = Quad([msb[2], lsb[2].swap_bytes(), msb[3], lsb[3].swap_bytes()]);
        s += 1;
    }
    t
}

/// [`Hq4`] records of every square.
pub static HQ4: [Hq4; 64] = build_hq4();
/// [`Twin`] records of every square.
pub static TWIN: [Twin; 64] = build_twin();
/// SSSE3 HQ rook records: lane 0 the file, lane 1 the rank mapped onto the main diagonal.
pub static PAIR_ROOK: [Pair; 64] = build_pairs(true);
/// SSSE3 HQ bishop records: lane 0 the diagonal, lane 1 the anti-diagonal.
pub static PAIR_BISHOP: [Pair; 64] = build_pairs(false);
/// Okuhara's *Reversi bitboard techniques* bishop masks of every square.
pub static BISHOP_QUAD: [Quad; 64] = build_bishop_quads();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tablegen;

    #[test]
    fn generated_tables_equal_the_generators() {
        assert_eq!(FIRST_RANK, tablegen::first_rank());
        let p = tablegen::pext_tables();
        let (attacks, padding) = PEXT_ATTACKS.split_at(p.attacks.len());
        assert_eq!(attacks, &p.attacks[..]);
        assert!(padding.iter().all(|&a| a == 0));
        let p16 = tablegen::pext16_tables();
        assert_eq!(&PEXT16_ATTACKS[..], &p16.attacks[..]);
        assert_eq!(PEXT16_ATTACKS.len(), tablegen::PEXT16_LEN);
        for sq in 0..64 {
            let (r, b) = (PEXT16_ROOK[sq], PEXT16_BISHOP[sq]);
            assert_eq!((r.mask, r.empty, r.offset), p16.rook[sq]);
            assert_eq!((b.mask, b.empty, b.offset), p16.bishop[sq]);
            assert!(r.empty.count_ones() <= 16 && b.empty.count_ones() <= 16);
        }
        for sq in 0..64 {
            assert_eq!((PEXT_ROOK[sq].mask, PEXT_ROOK[sq].offset), p.rook[sq]);
            assert_eq!((PEXT_BISHOP[sq].mask, PEXT_BISHOP[sq].offset), p.bishop[sq]);
            assert_eq!(MAGIC_ROOK[sq].mask, PEXT_ROOK[sq].mask);
            assert_eq!(MAGIC_BISHOP[sq].mask, PEXT_BISHOP[sq].mask);
        }
        assert_eq!(
            tablegen::subsets(0b101).collect::<std::vec::Vec<_>>(),
            [0, 1, 4, 5]
        );
    }
}
