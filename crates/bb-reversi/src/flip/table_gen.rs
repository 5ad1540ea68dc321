//! Generators of the 8-bit line tables (seed 002, "Outflank - Flip テーブル参照による方法").
//!
//! Ordinary Rust shared by `build.rs` (which writes the tables into `OUT_DIR`) and the tests
//! (which check the generated statics against these functions). A line pattern is 8 bits, bit
//! `i` = position `i` on the line; `x` is the position of the square being played.

/// `OUTFLANK[x][o]`: the positions where a player disc would close a run of opponent discs
/// (from `o`) that starts next to `x`, in either direction (at most two bits).
#[must_use]
pub fn outflank_table() -> [[u8; 256]; 8] {
    let mut t = [[0u8; 256]; 8];
    for (x, row) in t.iter_mut().enumerate() {
        for (o, cell) in row.iter_mut().enumerate() {
            let mut r = 0u8;
            for step in [1i32, -1] {
                let mut i = x as i32 + step;
                while (0..8).contains(&i) && (o >> i) & 1 != 0 {
                    i += step;
                }
                if (0..8).contains(&i) && (i - x as i32).abs() > 1 {
                    r |= 1 << i;
                }
            }
            *cell = r;
        }
    }
    t
}

/// `FLIPPED[x][outflank]`: the positions strictly between `x` and each set bit of `outflank`.
#[must_use]
pub fn flipped_table() -> [[u8; 256]; 8] {
    let mut t = [[0u8; 256]; 8];
    for (x, row) in t.iter_mut().enumerate() {
        for (of, cell) in row.iter_mut().enumerate() {
            let mut r = 0u8;
            for j in 0..8 {
                if (of >> j) & 1 != 0 {
                    let (lo, hi) = if j < x { (j, x) } else { (x, j) };
                    for k in lo + 1..hi {
                        r |= 1 << k;
                    }
                }
            }
            *cell = r;
        }
    }
    t
}
