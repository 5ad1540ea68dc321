//! Per-square tables derived from [`PATTERNS`] at compile time (Edax's `EVAL_FEATURE`,
//! `EVAL_X2F` and `OPPONENT_FEATURE`, rebuilt from the definition).

use super::patterns::{LANES, PATTERNS, pow3};

/// Words of a feature vector.
pub(crate) const WORDS: usize = LANES / 4;

/// Most patterns one square belongs to (a1 and the other corners: 7).
pub(crate) const MAX_TERMS: usize = 7;

/// A table on a cache-line boundary. Each row of [`DELTA`] (96 bytes) then starts on a 32-byte
/// boundary, so no vector of a row crosses a cache line, and the compiler knows every 16-byte
/// vector aligned: SSE2's additions take such a load as their operand (legacy SSE encodings
/// fold only aligned loads), one instruction per vector and turned disc instead of two.
#[repr(C, align(64))]
pub(crate) struct Aligned<T>(pub(crate) T);

/// `DELTA.0[sq]`: in the lane of every pattern through `sq`, the place value of `sq`'s digit
/// (`3^k` for the `k`-th square from the end). Adding it turns the square's digit `d` into
/// `d + 1` in every pattern at once.
pub(crate) static DELTA: Aligned<[[u64; WORDS]; 64]> = Aligned(delta());

/// Every lane with all its digits 1 (`(3^n - 1) / 2`): the empty frame `set` starts from.
pub(crate) static ALL_ONES: Aligned<[u64; WORDS]> = Aligned(all_ones());

/// One term of [`TERMS`]: the word and the place value already shifted to the lane.
#[derive(Clone, Copy)]
pub(crate) struct Term {
    pub(crate) word: u8,
    pub(crate) value: u64,
}

/// `TERMS[sq]`: the nonzero lanes of `DELTA.0[sq]`, then `Term { word: 0, value: 0 }` padding
/// (adding it changes nothing), and `TERM_COUNT[sq]` of them are real.
pub(crate) static TERMS: [[Term; MAX_TERMS]; 64] = terms();

/// The number of patterns through each square (4 to 7).
pub(crate) static TERM_COUNT: [u8; 64] = term_count();

/// `SWAP[j]`: the 10-digit index `j` with digits 0 and 1 exchanged. For an `n`-digit index
/// (leading zeros that the swap turns into ones) subtract [`swap_bias`]`(n)`.
pub(crate) static SWAP: [u16; 59049] = swap();

/// What [`SWAP`] adds for the `10 - n` leading digits of an `n`-digit index.
pub(crate) const fn swap_bias(n: usize) -> u16 {
    ((pow3(10) - pow3(n)) / 2) as u16
}

const fn delta() -> [[u64; WORDS]; 64] {
    let mut t = [[0u64; WORDS]; 64];
    let mut f = 0;
    while f < PATTERNS.len() {
        let squares = PATTERNS[f];
        let mut k = 0;
        while k < squares.len() {
            let place = pow3(squares.len() - 1 - k) as u64;
            t[squares[k].index()][f / 4] += place << (16 * (f % 4));
            k += 1;
        }
        f += 1;
    }
    t
}

const fn all_ones() -> [u64; WORDS] {
    let mut t = [0u64; WORDS];
    let mut f = 0;
    while f < PATTERNS.len() {
        t[f / 4] |= ((pow3(PATTERNS[f].len()) as u64 - 1) / 2) << (16 * (f % 4));
        f += 1;
    }
    t
}

const fn terms() -> [[Term; MAX_TERMS]; 64] {
    let mut t = [[Term { word: 0, value: 0 }; MAX_TERMS]; 64];
    let d = delta();
    let mut sq = 0;
    while sq < 64 {
        let mut n = 0;
        let mut lane = 0;
        while lane < LANES {
            let value = d[sq][lane / 4] & (0xffff << (16 * (lane % 4)));
            if value != 0 {
                t[sq][n] = Term {
                    word: (lane / 4) as u8,
                    value,
                };
                n += 1;
            }
            lane += 1;
        }
        sq += 1;
    }
    t
}

const fn term_count() -> [u8; 64] {
    let mut c = [0u8; 64];
    let mut f = 0;
    while f < PATTERNS.len() {
        let mut k = 0;
        while k < PATTERNS[f].len() {
            c[PATTERNS[f][k].index()] += 1;
            k += 1;
        }
        f += 1;
    }
    c
}

const fn swap() -> [u16; 59049] {
    // The swap of 3q + d is the 9-digit swap of q, one place up, plus the swapped digit d; the
    // 9-digit swap of q is its 10-digit swap minus the leading one.
    const SWAPPED: [u16; 3] = [1, 0, 2];
    let mut t = [0u16; 59049];
    t[0] = swap_bias(0);
    let mut j = 1;
    while j < 59049 {
        t[j] = 3 * (t[j / 3] - pow3(9) as u16) + SWAPPED[j % 3];
        j += 1;
    }
    t
}
