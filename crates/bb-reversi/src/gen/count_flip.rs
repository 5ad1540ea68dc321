//! Generator of the last-flip tables (run by build.rs, re-run by the tests).
//!
//! - `COUNT_FLIP[x][line]`: the discs flipped on an 8-square line by a move on position `x`
//!   when the bits of `line` are the player's discs and every other position (except `x`,
//!   whose bit is ignored) holds an opponent disc.
//! - `LINES4[sq]`: the rank, diagonal, anti-diagonal and file through `sq` (including it), in
//!   that order so that SSE2 loads (rank, diagonal) and (anti-diagonal, file) as two vectors.
//! - `PEXT_X[sq]`: the position of `sq` within each of those lines once PEXT compacts it.
//! - `VALID[sq]`: per line, the gathered bits that are on the board (the kindergarten index
//!   space: rank and diagonals by file, file by rank), for the pass trick.
#![allow(dead_code)]

/// Discs flipped on one line by a move on `x` with player bits `line`.
pub fn count_flip_line(x: u32, line: u32) -> u8 {
    let mut n = 0;
    for step in [-1i32, 1] {
        let mut run = 0;
        let mut i = x as i32 + step;
        while (0..8).contains(&i) {
            if line >> i & 1 != 0 {
                n += run;
                break;
            }
            run += 1;
            i += step;
        }
    }
    n
}

/// The whole `COUNT_FLIP` table.
pub fn count_flip_table() -> [[u8; 256]; 8] {
    let mut t = [[0; 256]; 8];
    for (x, row) in t.iter_mut().enumerate() {
        for (line, c) in row.iter_mut().enumerate() {
            *c = count_flip_line(x as u32, line as u32);
        }
    }
    t
}

fn on_line(sq: usize, df: i32, dr: i32) -> u64 {
    let (f, r) = ((sq & 7) as i32, (sq >> 3) as i32);
    let mut m = 1u64 << sq;
    for s in [-1, 1] {
        let (mut ff, mut rr) = (f + s * df, r + s * dr);
        while (0..8).contains(&ff) && (0..8).contains(&rr) {
            m |= 1 << (rr * 8 + ff);
            ff += s * df;
            rr += s * dr;
        }
    }
    m
}

/// Rank, diagonal (a1-h8), anti-diagonal (h1-a8) and file through every square, each
/// including the square.
pub fn lines4() -> [[u64; 4]; 64] {
    core::array::from_fn(|sq| {
        [
            on_line(sq, 1, 0),
            on_line(sq, 1, 1),
            on_line(sq, -1, 1),
            on_line(sq, 0, 1),
        ]
    })
}

/// Position of `sq` in each of its four lines compacted by PEXT (bits in increasing index).
pub fn pext_x() -> [[u8; 4]; 64] {
    let l = lines4();
    core::array::from_fn(|sq| {
        core::array::from_fn(|k| (l[sq][k] & ((1u64 << sq) - 1)).count_ones() as u8)
    })
}

/// On-board bits of each line in the kindergarten index space.
pub fn valid() -> [[u8; 4]; 64] {
    let l = lines4();
    let by_file = |m: u64| {
        (0..64)
            .filter(|s| m >> s & 1 != 0)
            .fold(0u8, |a, s| a | 1 << (s & 7))
    };
    let by_rank = |m: u64| {
        (0..64)
            .filter(|s| m >> s & 1 != 0)
            .fold(0u8, |a, s| a | 1 << (s >> 3))
    };
    core::array::from_fn(|sq| {
        [
            by_file(l[sq][0]),
            by_file(l[sq][1]),
            by_file(l[sq][2]),
            by_rank(l[sq][3]),
        ]
    })
}

/// Rust source of the tables, for `include!`.
pub fn source() -> String {
    use std::fmt::Write;
    let mut s = String::new();
    writeln!(
        s,
        "pub(crate) static COUNT_FLIP: [[u8; 256]; 8] = {:?};",
        count_flip_table()
    )
    .unwrap();
    writeln!(
        s,
        "pub(crate) static LINES4: Lines4 = Lines4({:?});",
        lines4()
    )
    .unwrap();
    writeln!(
        s,
        "pub(crate) static PEXT_X: [[u8; 4]; 64] = {:?};",
        pext_x()
    )
    .unwrap();
    writeln!(s, "pub(crate) static VALID: [[u8; 4]; 64] = {:?};", valid()).unwrap();
    s
}
