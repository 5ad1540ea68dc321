//! Slow, obviously correct oracles. **Not for production use.**
//!
//! Every function here walks rays one square at a time with [`Square::offset`], or tries every
//! square, exactly as the rules are stated; none shares code with the tables or the fast
//! kernels. Every faster implementation in the workspace (the generated tables, the fills, each
//! slider and flip variant on each backend) is tested against these. They are clear rather than
//! fast: expect hundreds of nanoseconds per call.
//!
//! Reversi arguments follow the project convention: `p` are the discs of the player to move,
//! `o` those of the opponent.

use crate::{Direction, Line, Square};

/// Squares reached from `sq` stepping in `dir`, up to and including the first square in
/// `occupied` (a blocker), or to the edge. `sq` itself is not included.
///
/// ```
/// use bb_core::{reference::ray, Direction, Square};
/// let r = ray(Square::A1, Direction::North, Square::A3.bit());
/// assert_eq!(r, Square::A2.bit() | Square::A3.bit());
/// ```
#[must_use]
pub fn ray(sq: Square, dir: Direction, occupied: u64) -> u64 {
    let mut attacks = 0;
    let mut cur = sq;
    while let Some(next) = cur.offset(dir) {
        attacks |= next.bit();
        if occupied & next.bit() != 0 {
            break;
        }
        cur = next;
    }
    attacks
}

/// Attacks of a slider on `sq` along one line (both directions), given the occupancy.
#[must_use]
pub fn line_attacks(sq: Square, line: Line, occupied: u64) -> u64 {
    ray(sq, line.toward_msb(), occupied) | ray(sq, line.toward_lsb(), occupied)
}

/// Attacks along the rank (horizontal line) through `sq`.
#[must_use]
pub fn rank_attacks(sq: Square, occupied: u64) -> u64 {
    line_attacks(sq, Line::Horizontal, occupied)
}

/// Attacks along the file (vertical line) through `sq`.
#[must_use]
pub fn file_attacks(sq: Square, occupied: u64) -> u64 {
    line_attacks(sq, Line::Vertical, occupied)
}

/// Attacks along the diagonal (a1-h8 direction) through `sq`.
#[must_use]
pub fn diag_attacks(sq: Square, occupied: u64) -> u64 {
    line_attacks(sq, Line::Diagonal, occupied)
}

/// Attacks along the anti-diagonal (h1-a8 direction) through `sq`.
#[must_use]
pub fn anti_diag_attacks(sq: Square, occupied: u64) -> u64 {
    line_attacks(sq, Line::AntiDiagonal, occupied)
}

/// Rook attacks from `sq`: rank and file, each ray up to and including its first blocker.
#[must_use]
pub fn rook_attacks(sq: Square, occupied: u64) -> u64 {
    rank_attacks(sq, occupied) | file_attacks(sq, occupied)
}

/// Bishop attacks from `sq`: both diagonals, each ray up to and including its first blocker.
#[must_use]
pub fn bishop_attacks(sq: Square, occupied: u64) -> u64 {
    diag_attacks(sq, occupied) | anti_diag_attacks(sq, occupied)
}

/// Queen attacks from `sq`: rook plus bishop attacks.
#[must_use]
pub fn queen_attacks(sq: Square, occupied: u64) -> u64 {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Occluded fill by walking: each square of `generators`, plus the squares reached from it in
/// `dir` through `empty` squares (stopping before the first non-empty one). The oracle for
/// [`crate::fill::occluded`].
#[must_use]
pub fn occluded_fill(dir: Direction, generators: u64, empty: u64) -> u64 {
    let mut out = generators;
    for sq in Square::ALL {
        if generators & sq.bit() != 0 {
            let mut cur = sq;
            while let Some(next) = cur.offset(dir) {
                if empty & next.bit() == 0 {
                    break;
                }
                out |= next.bit();
                cur = next;
            }
        }
    }
    out
}

/// Sliding attacks of every square of `sliders` in `dir` (rays up to and including the first
/// square not in `empty`). The oracle for [`crate::fill::attacks`].
#[must_use]
pub fn slider_attacks(dir: Direction, sliders: u64, empty: u64) -> u64 {
    Square::ALL
        .into_iter()
        .filter(|sq| sliders & sq.bit() != 0)
        .fold(0, |acc, sq| acc | ray(sq, dir, !empty))
}

fn leaper(sq: Square, steps: &[(i8, i8)]) -> u64 {
    steps
        .iter()
        .filter_map(|&(df, dr)| sq.translate(df, dr))
        .fold(0, |acc, to| acc | to.bit())
}

/// The eight knight steps as (file, rank) deltas, clockwise from (1, 2): each lies between two
/// adjacent compass directions N, NE, E, ... (the byteboard's superpiece rays rely on this order).
pub const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Squares a knight on `sq` attacks, by trying the eight knight steps.
#[must_use]
pub fn knight_attacks(sq: Square) -> u64 {
    leaper(sq, &KNIGHT_STEPS)
}

/// Squares a king on `sq` attacks: one step in each of the eight directions.
#[must_use]
pub fn king_attacks(sq: Square) -> u64 {
    Direction::ALL
        .into_iter()
        .filter_map(|d| sq.offset(d))
        .fold(0, |acc, to| acc | to.bit())
}

/// Squares a white pawn on `sq` attacks (one step north-east and north-west).
#[must_use]
pub fn white_pawn_attacks(sq: Square) -> u64 {
    leaper(sq, &[(-1, 1), (1, 1)])
}

/// Squares a black pawn on `sq` attacks (one step south-east and south-west).
#[must_use]
pub fn black_pawn_attacks(sq: Square) -> u64 {
    leaper(sq, &[(-1, -1), (1, -1)])
}

/// Squares strictly between `a` and `b`, found by walking from `a` in each direction until `b`
/// is met; 0 if no walk meets `b` (or `a == b`).
#[must_use]
pub fn between(a: Square, b: Square) -> u64 {
    for dir in Direction::ALL {
        let mut passed = 0;
        let mut cur = a;
        while let Some(next) = cur.offset(dir) {
            if next == b {
                return passed;
            }
            passed |= next.bit();
            cur = next;
        }
    }
    0
}

/// The whole line through `a` and `b` (edge to edge, both included) if a walk from `a` meets
/// `b`; 0 otherwise (and for `a == b`).
#[must_use]
pub fn line(a: Square, b: Square) -> u64 {
    for dir in Direction::ALL {
        if ray(a, dir, 0) & b.bit() != 0 {
            return ray(a, dir, 0) | ray(a, dir.opposite(), 0) | a.bit();
        }
    }
    0
}

/// Reversi: the discs flipped when the player with discs `p` plays on `sq` against `o`.
///
/// Walks each of the eight rays from `sq`: a run of one or more opponent discs closed by a
/// player disc is flipped. `sq` should be empty; the walk does not look at it.
///
/// ```
/// use bb_core::{reference::flip, Square};
/// // Starting position, black to move: black d5 e4, white d4 e5 (a1 = bit 0).
/// let p = Square::D5.bit() | Square::E4.bit();
/// let o = Square::D4.bit() | Square::E5.bit();
/// assert_eq!(flip(Square::D3, p, o), Square::D4.bit());
/// assert_eq!(flip(Square::A1, p, o), 0);
/// ```
#[must_use]
pub fn flip(sq: Square, p: u64, o: u64) -> u64 {
    let mut flipped = 0;
    for dir in Direction::ALL {
        let mut run = 0;
        let mut cur = sq;
        while let Some(next) = cur.offset(dir) {
            if o & next.bit() != 0 {
                run |= next.bit();
                cur = next;
            } else {
                if p & next.bit() != 0 {
                    flipped |= run;
                }
                break;
            }
        }
    }
    flipped
}

/// Reversi: the legal moves of the player with discs `p` against `o`, by trying every empty
/// square with [`flip`].
#[must_use]
pub fn mobility(p: u64, o: u64) -> u64 {
    Square::ALL
        .into_iter()
        .filter(|sq| (p | o) & sq.bit() == 0 && flip(*sq, p, o) != 0)
        .fold(0, |acc, sq| acc | sq.bit())
}

/// Every square one step (in any of the eight directions) from a square of `x`: the
/// neighbourhood behind reversi's potential mobility and frontier.
///
/// ```
/// use bb_core::{reference::neighbours, Square};
/// let n = neighbours(Square::A1.bit());
/// assert_eq!(n, Square::B1.bit() | Square::A2.bit() | Square::B2.bit());
/// ```
#[must_use]
pub fn neighbours(x: u64) -> u64 {
    Square::ALL
        .into_iter()
        .filter(|s| {
            Direction::ALL
                .into_iter()
                .any(|d| s.offset(d).is_some_and(|t| x & t.bit() != 0))
        })
        .fold(0, |acc, s| acc | s.bit())
}

/// Reversi: the number of discs flipped by a move on the last empty square `sq`, when `p` are
/// the player's discs and every other square except `sq` holds an opponent disc. Returns the
/// plain count (engines often want twice it, the change of disc difference).
#[must_use]
pub fn count_last_flip(sq: Square, p: u64) -> u32 {
    flip(sq, p, !p & !sq.bit()).count_ones()
}

/// Squares of `discs` whose whole `line` (every square of it, edge to edge, including the square
/// itself) is in `discs`. Checked square by square, by walking both ways.
#[must_use]
pub fn full_lines(line: Line, discs: u64) -> u64 {
    Square::ALL
        .into_iter()
        .filter(|&sq| {
            let whole = ray(sq, line.toward_msb(), 0) | ray(sq, line.toward_lsb(), 0) | sq.bit();
            whole & !discs == 0
        })
        .fold(0, |acc, sq| acc | sq.bit())
}

/// Squares on completely filled ranks (horizontal lines). For reversi stability.
#[must_use]
pub fn full_lines_h(discs: u64) -> u64 {
    full_lines(Line::Horizontal, discs)
}

/// Squares on completely filled files (vertical lines).
#[must_use]
pub fn full_lines_v(discs: u64) -> u64 {
    full_lines(Line::Vertical, discs)
}

/// Squares on completely filled anti-diagonals (the +7 direction, h1-a8). A corner-length
/// line of one square is full when that square is occupied.
#[must_use]
pub fn full_lines_d7(discs: u64) -> u64 {
    full_lines(Line::AntiDiagonal, discs)
}

/// Squares on completely filled diagonals (the +9 direction, a1-h8).
#[must_use]
pub fn full_lines_d9(discs: u64) -> u64 {
    full_lines(Line::Diagonal, discs)
}
