//! Superpiece geometry for the byteboard (87flowers' *incrementally updated attack tables*): for
//! every square, the 64-byte "ray vector" layout of its superpiece, the inverse permutations back
//! to board order, and the per-piece move masks used by `add_attacks`.
//!
//! Layout of a ray vector for square `s`: eight groups of eight bytes, one per compass direction in
//! the order N, NE, E, SE, S, SW, W, NW (so that group `d + 4` is the opposite of group `d`, and a
//! 180-degree rotation is a swap of the two 32-byte halves). Byte 0 of group `d` is the knight
//! square between directions `d` and `d + 1` (clockwise); bytes 1..=7 are the squares at distance
//! 1..=7 along direction `d`.
//!
//! This file is plain Rust over `bb_core` only: `build.rs` includes it with `#[path]` to write the
//! tables into `OUT_DIR`, and the crate's tests call it again to check the generated tables.

use bb_core::Square;

/// File/rank steps of the eight compass directions, N first, clockwise.
pub const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The knight jump stored in byte 0 of each direction group (between direction `d` and `d + 1`).
pub const KNIGHT: [(i8, i8); 8] = bb_core::reference::KNIGHT_STEPS;

/// The square at slot `slot` (0..64) of the ray vector of `sq`, if it is on the board.
#[must_use]
pub fn slot_square(sq: Square, slot: usize) -> Option<Square> {
    let (d, k) = (slot / 8, slot % 8);
    if k == 0 {
        sq.translate(KNIGHT[d].0, KNIGHT[d].1)
    } else {
        let k = k as i8;
        sq.translate(DIRS[d].0 * k, DIRS[d].1 * k)
    }
}

/// Ray coordinates of every square (board index per slot, 0 where off the board) and the mask
/// of valid slots.
#[must_use]
pub fn ray_coords() -> ([[u8; 64]; 64], [u64; 64]) {
    let mut coords = [[0u8; 64]; 64];
    let mut valid = [0u64; 64];
    for (s, (row, v)) in coords.iter_mut().zip(valid.iter_mut()).enumerate() {
        let sq = Square::new_masked(s as u8);
        for (slot, c) in row.iter_mut().enumerate() {
            if let Some(t) = slot_square(sq, slot) {
                *c = t.to_u8();
                *v |= 1 << slot;
            }
        }
    }
    (coords, valid)
}

/// Position of board square `t` in the attack-table order: even squares first (`t / 2`), then odd
/// squares (`32 + t / 2`). The tables are kept in this order so that the 16-bit lanes of the two
/// word vectors line up with the low and high bytes of a board-order byte vector.
#[must_use]
pub const fn eo_index(t: usize) -> usize {
    (t & 1) * 32 + t / 2
}

/// The board square at attack-table position `j` (inverse of [`eo_index`]).
#[must_use]
pub const fn eo_square(j: usize) -> usize {
    if j < 32 { 2 * j } else { 2 * (j - 32) + 1 }
}

/// Inverse permutations: for each square `s`, byte `t` is the ray slot that holds board square `t`
/// (board order), or 0 when `t` is not on the superpiece of `s`. Slot 0 is a knight slot, which
/// the slider update masks off and `add_attacks` ignores through the piece-move masks, so 0 is a
/// safe "nothing" index. Returned twice: in board order and in attack-table (even/odd) order.
#[must_use]
pub fn inverse_rays() -> ([[u8; 64]; 64], [[u8; 64]; 64]) {
    let mut board = [[0u8; 64]; 64];
    let mut eo = [[0u8; 64]; 64];
    for s in 0..64u8 {
        let sq = Square::new_masked(s);
        for slot in 0..64 {
            if let Some(t) = slot_square(sq, slot) {
                board[s as usize][t.index()] = slot as u8;
                eo[s as usize][eo_index(t.index())] = slot as u8;
            }
        }
    }
    (board, eo)
}

/// Piece-type codes of the `Place` byte (bits 4..=6).
pub mod code {
    /// King.
    pub const KING: u8 = 1;
    /// Pawn.
    pub const PAWN: u8 = 2;
    /// Knight.
    pub const KNIGHT: u8 = 3;
    /// Bishop.
    pub const BISHOP: u8 = 5;
    /// Rook.
    pub const ROOK: u8 = 6;
    /// Queen.
    pub const QUEEN: u8 = 7;
}

/// Attack masks on an empty board, in attack-table (even/odd) order, indexed by
/// `[color][type code]` (codes of [`code`]; 0 and 4 are empty).
#[must_use]
pub fn piece_moves_eo() -> [[[u64; 64]; 8]; 2] {
    let mut out = [[[0u64; 64]; 8]; 2];
    for (c, per_color) in out.iter_mut().enumerate() {
        for s in 0..64u8 {
            let sq = Square::new_masked(s);
            let mut add = |t: usize, df: i8, dr: i8| {
                if let Some(x) = sq.translate(df, dr) {
                    per_color[t][s as usize] |= 1 << eo_index(x.index());
                }
            };
            for (d, &(df, dr)) in DIRS.iter().enumerate() {
                add(code::KING as usize, df, dr);
                let (nf, nr) = KNIGHT[d];
                add(code::KNIGHT as usize, nf, nr);
                let slider = if d % 2 == 0 { code::ROOK } else { code::BISHOP } as usize;
                for k in 1..8i8 {
                    add(slider, df * k, dr * k);
                    add(code::QUEEN as usize, df * k, dr * k);
                }
            }
            let dr = if c == 0 { 1 } else { -1 };
            add(code::PAWN as usize, -1, dr);
            add(code::PAWN as usize, 1, dr);
        }
    }
    out
}
