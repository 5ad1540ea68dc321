//! Generators of the 8-bit line tables (Okuhara's *Reversi bitboard techniques*, "Outflank - Flip
//! テーブル参照による方法").
//!
//! Ordinary Rust shared by `build.rs` (which writes the tables into `OUT_DIR`) and the tests
//! (which check the generated statics against these functions). A line pattern is 8 bits, bit
//! `i` = position `i` on the line; `x` is the position of the square being played.

/// `OUTFLANK[x][o]`: the positions where a player disc would close a run of opponent discs
/// (from `o`) that starts next to `x`, in either direction (at most two bits).
#[must_use]
pub fn outflank_table() -> [[u8; 256]; 8] {
    core::array::from_fn(|x| {
        core::array::from_fn(|o| {
            outflank_one(x as i32, o as u32, 1) | outflank_one(x as i32, o as u32, -1)
        })
    })
}

/// `FLIPPED[x][outflank]`: the positions strictly between `x` and each set bit of `outflank`.
#[must_use]
pub fn flipped_table() -> [[u8; 256]; 8] {
    core::array::from_fn(|x| core::array::from_fn(|of| flipped_one(x, of as u8)))
}

/// The positions strictly between `x` and each set bit of the outflank pattern `of`.
const fn flipped_one(x: usize, of: u8) -> u8 {
    let mut f = 0u8;
    let mut j = 0;
    while j < 8 {
        if (of >> j) & 1 != 0 {
            let (lo, hi) = if j < x { (j, x) } else { (x, j) };
            let mut k = lo + 1;
            while k < hi {
                f |= 1 << k;
                k += 1;
            }
        }
        j += 1;
    }
    f
}

/// The outflank of a run starting next to `x` in one direction (`step` = 1 or -1), for an
/// 8-bit opponent pattern: the first non-opponent position past the run, if it is not next to
/// `x` and on the line.
const fn outflank_one(x: i32, o: u32, step: i32) -> u8 {
    let mut i = x + step;
    while i >= 0 && i < 8 && (o >> i) & 1 != 0 {
        i += step;
    }
    if i >= 0 && i < 8 && (i - x).abs() > 1 {
        1 << i
    } else {
        0
    }
}

/// The rotation of the rotated-outflank tables for position `x`: an outflank is never on
/// `x - 1 ..= x + 1`, so rotating the line right by `x + 2` puts every possible outflank in
/// the low 6 bits (positions `x + 2 ..= 7` first, then `0 ..= x - 2`). On positions 6 and 7
/// every outflank is already below 6 and the rotation would wrap position 0 to the top, so
/// they do not rotate.
#[must_use]
pub const fn rot(x: usize) -> u32 {
    if x + 2 >= 8 { 0 } else { (x + 2) as u32 }
}

/// `OUTFLANK_ROT[x][o6]`: the outflanks for the inner 6 opponent bits `o6` (line positions
/// 1..=6; an opponent disc on an edge can never be flipped, and the edge square is only ever
/// an outflank, which the AND with the player pattern settles), rotated right by [`rot`].
#[must_use]
pub const fn outflank_rot_table() -> [[u8; 64]; 8] {
    let mut t = [[0u8; 64]; 8];
    let mut x = 0;
    while x < 8 {
        let mut o6 = 0;
        while o6 < 64 {
            let o = (o6 as u32) << 1;
            let of = outflank_one(x as i32, o, 1) | outflank_one(x as i32, o, -1);
            t[x][o6] = of.rotate_right(rot(x));
            o6 += 1;
        }
        x += 1;
    }
    t
}

/// `FLIPPED_ROT[x][r]`: the positions strictly between `x` and each outflank of the rotated
/// outflank pattern `r` (6 bits), unrotated: the 8-bit flip pattern of the line.
#[must_use]
pub const fn flipped_rot_table() -> [[u8; 64]; 8] {
    let mut t = [[0u8; 64]; 8];
    let mut x = 0;
    while x < 8 {
        let mut r = 0;
        while r < 64 {
            t[x][r] = flipped_one(x, (r as u8).rotate_left(rot(x)));
            r += 1;
        }
        x += 1;
    }
    t
}
