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

/// Per square, the byte-interleaved line masks of the Neon form (Okuhara's *Reversi bitboard
/// techniques* "Arm Neon (vaddvq)"): rank with diagonal, then file with anti-diagonal, each pair as
/// 16 bytes
/// `[a0, b0, a1, b1, ..]` in two little-endian words.
pub fn zipped_masks() -> [[u64; 4]; 64] {
    let zip = |a: u64, b: u64| -> [u64; 2] {
        let (a, b) = (a.to_le_bytes(), b.to_le_bytes());
        let bytes: Vec<u8> = (0..8).flat_map(|i| [a[i], b[i]]).collect();
        [
            u64::from_le_bytes(bytes[..8].try_into().unwrap()),
            u64::from_le_bytes(bytes[8..].try_into().unwrap()),
        ]
    };
    let l = lines4();
    core::array::from_fn(|sq| {
        let [rank, d9, d7, file] = l[sq];
        let (a, b) = (zip(rank, d9), zip(file, d7));
        [a[0], a[1], b[0], b[1]]
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
    writeln!(
        s,
        "pub(crate) static ZIPPED: Lines4 = Lines4({:?});",
        zipped_masks()
    )
    .unwrap();
    s.push_str(&merged_source());
    s.push_str(&pext_merged_source());
    s.push_str(&lr_masks_source());
    s
}

/// One kindergarten gather: `((p & mask).wrapping_mul(mul) >> 56)` is the line's index in
/// `COUNT_FLIP[x]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gather {
    /// Squares gathered.
    pub mask: u64,
    /// Right shift of `p & mask` before the multiply (a multiply only moves bits up).
    pub shift: u32,
    /// Multiplier moving square `s` (after the shift) to bit `56 + t(s)`.
    pub mul: u64,
    /// Position of the move within the gathered line.
    pub x: u8,
}

/// Builds the gather of `mask` where square `s` goes to index `t(s)`, if the multiply is free
/// of interference (checked over every subset of `mask`).
pub fn gather(mask: u64, t: impl Fn(usize) -> usize, x: usize) -> Option<Gather> {
    gather_shifted(mask, 0, t, x)
}

/// [`gather`] of `(p & mask) >> shift`.
pub fn gather_shifted(
    mask: u64,
    shift: u32,
    t: impl Fn(usize) -> usize,
    x: usize,
) -> Option<Gather> {
    let squares: Vec<usize> = (0..64).filter(|s| mask >> s & 1 != 0).collect();
    let mut mul = 0u64;
    for &s in &squares {
        let bit = 56 + t(s);
        let from = s.checked_sub(shift as usize)?;
        if bit < from {
            return None;
        }
        mul |= 1 << (bit - from);
    }
    let mut sub = 0u64;
    loop {
        let want = squares
            .iter()
            .filter(|&&s| sub >> s & 1 != 0)
            .fold(0u64, |a, &s| a | 1 << t(s));
        if (sub >> shift).wrapping_mul(mul) >> 56 != want {
            return None;
        }
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    Some(Gather {
        mask,
        shift,
        mul,
        x: x as u8,
    })
}

/// Per square, the kindergarten gathers with merged lines (Okuhara's *Reversi bitboard techniques*:
/// both diagonals of an edge-rank square in one gather, as for D1; on an edge file, the file below
/// with the diagonal above and the file above with the diagonal below, as for A4); 3 gathers on the
/// edges, 4 inside. Unused slots have `mask == 0`.
pub fn merged_gathers() -> [[Gather; 4]; 64] {
    let l = lines4();
    let none = Gather {
        mask: 0,
        shift: 0,
        mul: 0,
        x: 0,
    };
    core::array::from_fn(|sq| {
        let (f, r) = (sq & 7, sq >> 3);
        let by_file = |s: usize| s & 7;
        let by_rank = |s: usize| s >> 3;
        let bit = 1u64 << sq;
        let below = bit - 1;
        let above = !below & !bit;
        let [rank, d9, d7, file] = l[sq];
        let split = [
            gather(rank, by_file, f).unwrap(),
            gather(d9, by_file, f).unwrap(),
            gather(d7, by_file, f).unwrap(),
            gather(file, by_rank, r).unwrap(),
        ];
        let merged = if r == 0 || r == 7 {
            gather(d9 | d7, by_file, f).map(|d| [split[0], split[3], d, none])
        } else if f == 0 || f == 7 {
            // On file a the +9 diagonal goes up, the +7 one down; on file h the reverse.
            let (up, down) = if f == 0 { (d9, d7) } else { (d7, d9) };
            // Gathered in rank order or in reverse (then the move is at 7 - r), after the
            // smallest right shift that works: the plain multiplier of one order may interfere
            // where the other's does not (D1-A4-A8 gathers cleanly only with a8 at bit 56), and
            // on file h the low squares must first move down (h1-h4-d8 needs a shift by 7).
            let bent = |mask: u64| {
                (0..8).find_map(|sh| {
                    gather_shifted(mask, sh, by_rank, r)
                        .or_else(|| gather_shifted(mask, sh, |s| 7 - by_rank(s), 7 - r))
                })
            };
            let a = bent((file & below) | (up & above) | bit);
            let b = bent((file & above) | (down & below) | bit);
            a.zip(b).map(|(a, b)| [split[0], a, b, none])
        } else {
            None
        };
        merged.unwrap_or(split)
    })
}

/// Rust source of [`merged_gathers`] as a `const` (so that per-square code folds it).
pub fn merged_source() -> String {
    use std::fmt::Write;
    let mut s = String::from("pub(crate) const KG_MERGED: [[Gather; 4]; 64] = [");
    for g in merged_gathers() {
        s.push('[');
        for e in g {
            write!(
                s,
                "Gather {{ mask: {:#x}, shift: {}, mul: {:#x}, x: {} }},",
                e.mask, e.shift, e.mul, e.x
            )
            .unwrap();
        }
        s.push_str("],");
    }
    s.push_str("];\n");
    s
}

/// The squares of the ray from `sq` in direction `(df, dr)`, nearest first.
fn ray(sq: usize, df: i32, dr: i32) -> Vec<usize> {
    let (mut f, mut r) = ((sq & 7) as i32 + df, (sq >> 3) as i32 + dr);
    let mut v = Vec::new();
    while (0..8).contains(&f) && (0..8).contains(&r) {
        v.push((r * 8 + f) as usize);
        f += df;
        r += dr;
    }
    v
}

/// Discs flipped along `rays` (each nearest first) by the player with discs `p`, every other
/// square of the rays being the opponent's.
fn flips_on_rays(rays: &[Vec<usize>], p: u64) -> u8 {
    let mut n = 0;
    for r in rays {
        if let Some(k) = r.iter().position(|&s| p >> s & 1 != 0) {
            n += k as u8;
        }
    }
    n
}

/// Software PDEP: the low bits of `i` deposited on the set bits of `mask`, in increasing order.
fn deposit(i: u64, mask: u64) -> u64 {
    let (mut m, mut out, mut k) = (mask, 0, 0);
    while m != 0 {
        let low = m & m.wrapping_neg();
        if i >> k & 1 != 0 {
            out |= low;
        }
        k += 1;
        m &= m - 1;
    }
    out
}

/// The PEXT form's gathers of one square: the rank by a shift, then up to three PEXT masks,
/// each with the offset of its count table in [`pext_merged`]'s flat table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PextSquare {
    /// PEXT masks: file, the diagonals (one merged gather, or the +9 diagonal), the +7
    /// diagonal (0 unless the diagonals need two gathers).
    pub mask: [u64; 3],
    /// Table offsets: rank, then one per mask.
    pub ofs: [u16; 4],
}

/// Per square the PEXT gathers, and the flat count table they index (Okuhara's *Reversi bitboard
/// techniques* "BMI2 (PEXT)", merged diagonals). A ray shorter than two squares never flips, so
/// it is left out of the masks; what remains of both diagonals fits one 8-bit gather on every
/// square outside c3-f6. The file table of square `sq` is `COUNT_FLIP[rank]` (the whole file is
/// gathered, `sq`'s bit included), and identical tables are stored once. Every mask has at most
/// 8 bits, so an index (a `u16` offset plus a gather below 256) stays below `PEXT_FLAT_LEN`,
/// the length the kernel's table is padded to: no bounds check.
pub fn pext_merged() -> ([PextSquare; 64], Vec<u8>) {
    let mut flat: Vec<u8> = Vec::new();
    let mut seen: Vec<(Vec<u8>, u16)> = Vec::new();
    for row in count_flip_table() {
        let at = flat.len() as u16;
        seen.push((row.to_vec(), at));
        flat.extend_from_slice(&row);
    }
    let mut intern = |t: Vec<u8>| -> u16 {
        if let Some((_, at)) = seen.iter().find(|(u, _)| *u == t) {
            return *at;
        }
        let at = flat.len() as u16;
        flat.extend_from_slice(&t);
        seen.push((t, at));
        at
    };
    let mut table = |mask: u64, rays: &[Vec<usize>]| -> u16 {
        let k = mask.count_ones();
        let t = (0..1u64 << k)
            .map(|i| flips_on_rays(rays, deposit(i, mask)))
            .collect();
        intern(t)
    };
    let squares: Vec<PextSquare> = (0..64)
        .map(|sq| {
            let f = sq & 7;
            let long = |df, dr| Some(ray(sq, df, dr)).filter(|v| v.len() >= 2);
            let bits = |rays: &[Vec<usize>]| rays.iter().flatten().fold(0u64, |a, &s| a | 1 << s);
            let d9: Vec<_> = [long(1, 1), long(-1, -1)].into_iter().flatten().collect();
            let d7: Vec<_> = [long(-1, 1), long(1, -1)].into_iter().flatten().collect();
            let file: Vec<_> = [long(0, 1), long(0, -1)].into_iter().flatten().collect();
            let file_mask = FILE_A << f;
            let mut e = PextSquare {
                mask: [file_mask, 0, 0],
                ofs: [(f * 256) as u16, table(file_mask, &file), 0, 0],
            };
            let both: Vec<_> = d9.iter().chain(&d7).cloned().collect();
            if bits(&both).count_ones() <= 8 {
                e.mask[1] = bits(&both);
                e.ofs[2] = table(e.mask[1], &both);
            } else {
                e.mask[1] = bits(&d9);
                e.ofs[2] = table(e.mask[1], &d9);
                e.mask[2] = bits(&d7);
                e.ofs[3] = table(e.mask[2], &d7);
            }
            e
        })
        .collect();
    assert!(flat.len() <= PEXT_FLAT_LEN);
    (squares.try_into().unwrap(), flat)
}

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The padded length of the flat PEXT count table: any `u16` offset plus any gather of at most 8
/// bits indexes inside it.
pub const PEXT_FLAT_LEN: usize = u16::MAX as usize + 256;

/// Rust source of [`pext_merged`].
pub fn pext_merged_source() -> String {
    let (sq, flat) = pext_merged();
    let mut s = String::from("pub(crate) static PEXT_SQ: [PextSquare; 64] = [");
    for e in sq {
        s.push_str(&format!(
            "PextSquare {{ mask: [Mask8::expect({:#x}), Mask8::expect({:#x}), Mask8::expect({:#x})], ofs: {:?} }},",
            e.mask[0], e.mask[1], e.mask[2], e.ofs
        ));
    }
    s.push_str("];\n");
    s.push_str(&format!(
        "pub(crate) static PEXT_FLAT: [u8; {PEXT_FLAT_LEN}] = pad_flat(&{flat:?});\n"
    ));
    s
}

/// Per square, the four lines through it split at it: the squares below it (toward the LSB)
/// in rank, diagonal, anti-diagonal, file order, then the squares above it in the same order
/// (Okuhara's *Reversi bitboard techniques* "AVX512CD/VL (VPLZCNTQ)", right and left masks).
pub fn lr_masks() -> [[u64; 8]; 64] {
    let l = lines4();
    core::array::from_fn(|sq| {
        let below = (1u64 << sq) - 1;
        let above = !below & !(1u64 << sq);
        core::array::from_fn(|k| l[sq][k % 4] & if k < 4 { below } else { above })
    })
}

/// Rust source of [`lr_masks`].
pub fn lr_masks_source() -> String {
    format!(
        "pub(crate) static LR_MASKS: LrMasks = LrMasks({:?});\n",
        lr_masks()
    )
}
