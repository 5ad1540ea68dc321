//! Generators of the shared geometry tables.
//!
//! `build.rs` includes this very file with `#[path]` and calls these functions to write the
//! tables of [`masks`](crate::masks) and [`attacks`](crate::attacks) into `OUT_DIR`; the crate
//! compiles it again as a public module so that tests (and build scripts of the game crates)
//! can call the same functions and prove that every table equals the geometry it claims.
//!
//! Because the build script cannot see the crate's types, everything here speaks raw square
//! indices (`u8`, a1 = 0 ... h8 = 63) and raw `u64` bitboards. Every function is a definition by
//! coordinates ("all squares whose file minus rank equals ..."), deliberately different from the
//! ray walking of [`reference`](crate::reference), so that the two can check each other.
//! Functions are `const fn` and slow (they scan all 64 squares); use the tables at run time.

/// File (0 = a ... 7 = h) of a square index.
#[must_use]
pub const fn file_of(sq: u8) -> i32 {
    (sq & 7) as i32
}

/// Rank (0 = rank 1 ... 7 = rank 8) of a square index.
#[must_use]
pub const fn rank_of(sq: u8) -> i32 {
    (sq >> 3) as i32
}

/// Which relation between two squares a mask collects.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Relation {
    /// Same rank (horizontal line).
    Rank,
    /// Same file (vertical line).
    File,
    /// Same diagonal, the a1-h8 direction: file - rank is constant.
    Diagonal,
    /// Same anti-diagonal, the h1-a8 direction: file + rank is constant.
    AntiDiagonal,
    /// A knight's move apart.
    Knight,
    /// A king's move apart.
    King,
    /// Attacked by a white pawn standing on the first square (one rank up, one file aside).
    WhitePawn,
    /// Attacked by a black pawn standing on the first square (one rank down, one file aside).
    BlackPawn,
}

/// The line relations in the project's line order: horizontal, vertical, diagonal, anti-diagonal.
pub const LINES: [Relation; 4] = [
    Relation::Rank,
    Relation::File,
    Relation::Diagonal,
    Relation::AntiDiagonal,
];

/// Whether `to` stands in relation `rel` to `from` (`from != to` is not checked here).
#[must_use]
pub const fn related(rel: Relation, from: u8, to: u8) -> bool {
    let (f0, r0, f1, r1) = (file_of(from), rank_of(from), file_of(to), rank_of(to));
    let (df, dr) = (f1 - f0, r1 - r0);
    match rel {
        Relation::Rank => dr == 0,
        Relation::File => df == 0,
        Relation::Diagonal => df == dr,
        Relation::AntiDiagonal => df == -dr,
        Relation::Knight => df * df + dr * dr == 5,
        Relation::King => df * df <= 1 && dr * dr <= 1 && (df != 0 || dr != 0),
        Relation::WhitePawn => dr == 1 && df * df == 1,
        Relation::BlackPawn => dr == -1 && df * df == 1,
    }
}

/// All squares other than `sq` that stand in relation `rel` to `sq`.
#[must_use]
pub const fn mask_ex(rel: Relation, sq: u8) -> u64 {
    let mut mask = 0;
    let mut to = 0;
    while to < 64 {
        if to != sq && related(rel, sq, to) {
            mask |= 1 << to;
        }
        to += 1;
    }
    mask
}

/// The four lines through `sq`, excluding `sq`, in line order.
#[must_use]
pub const fn lines_ex(sq: u8) -> [u64; 4] {
    [
        mask_ex(Relation::Rank, sq),
        mask_ex(Relation::File, sq),
        mask_ex(Relation::Diagonal, sq),
        mask_ex(Relation::AntiDiagonal, sq),
    ]
}

/// Squares with a smaller index than `sq`.
#[must_use]
pub const fn below(sq: u8) -> u64 {
    (1u64 << sq) - 1
}

/// Squares with a larger index than `sq`.
#[must_use]
pub const fn above(sq: u8) -> u64 {
    !below(sq) & !(1u64 << sq)
}

/// The four lines through `sq` (line order), restricted to the squares below `sq`: the half of
/// each line that lies toward the least significant bit.
#[must_use]
pub const fn half_lines_lsb(sq: u8) -> [u64; 4] {
    let l = lines_ex(sq);
    let b = below(sq);
    [l[0] & b, l[1] & b, l[2] & b, l[3] & b]
}

/// The four lines through `sq` (line order), restricted to the squares above `sq`: the half of
/// each line that lies toward the most significant bit.
#[must_use]
pub const fn half_lines_msb(sq: u8) -> [u64; 4] {
    let l = lines_ex(sq);
    let a = above(sq);
    [l[0] & a, l[1] & a, l[2] & a, l[3] & a]
}

/// The full line (including both squares) through `a` and `b`, or 0 if they are equal or do not
/// share a rank, file or diagonal.
#[must_use]
pub const fn line(a: u8, b: u8) -> u64 {
    if a == b {
        return 0;
    }
    let mut i = 0;
    while i < 4 {
        let rel = LINES[i];
        if related(rel, a, b) {
            return mask_ex(rel, a) | (1 << a);
        }
        i += 1;
    }
    0
}

/// The squares strictly between `a` and `b` on their common line, or 0 if they are not aligned
/// (or equal, or adjacent).
#[must_use]
pub const fn between(a: u8, b: u8) -> u64 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    // Along a line the square index grows monotonically, so "between" is an index interval.
    line(a, b) & above(lo) & below(hi)
}
