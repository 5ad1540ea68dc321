//! A 64-bit hash of a board for transposition tables and opening books: the same value on every
//! backend and platform (plain 64-bit integer arithmetic), so keys written by one build are
//! found by another.
//!
//! The hash is two folded multiplies: the player's discs times an odd constant, as a 128-bit
//! product folded to 64 bits (low half xor high half), xored with the opponent's discs, then
//! folded the same way with a second constant. A fold spreads a changed bit both up (the low
//! half) and down (the high half), so after two of them adding, removing or recolouring one
//! disc flips every output bit with probability 1/2 (tests/hash.rs measures it over 10^6
//! boards; per square, over 20,000 boards each, no output bit strays more than 0.013 from 1/2).
//! Two 64 x 64 -> 128-bit multiplies in a chain, no table, no memory access.
//!
//! Measured against a multiply-xorshift finaliser after the folds (as good, slower), 64-bit
//! products with that finaliser (fast, but a disc on h8 changes only the top bit of its
//! product and some output bits then never flip), CRC32C of both sides under two seeds and
//! Zobrist tables (both linear: a disc changes the key by a fixed pattern, so some output bits
//! flip with a probability 0.16 (CRC32C) or 0.05 (Zobrist) away from 1/2; with a finaliser they
//! cost more than the folds): docs/kernels/hash.md.
//!
//! ```
//! use bb_reversi::{Board, Square};
//! let a = Board::START.play(Square::F5).unwrap();
//! let b = Board::START.play(Square::E6).unwrap();
//! // Different boards, different keys; the same board, the same key everywhere.
//! assert_ne!(a.hash64(), b.hash64());
//! assert_eq!(a.hash64(), bb_reversi::hash::hash64(a.p, a.o));
//! // The two moves give symmetric boards: equal canonical forms, so equal book keys.
//! assert_eq!(a.canonical().0.hash64(), b.canonical().0.hash64());
//! ```

/// The multiplier of the player's discs (odd, with bits spread over the whole word).
const MUL_P: u64 = 0x97b1_165f_0971_b7c5;
/// The multiplier of the second fold, of the first fold xored with the opponent's discs
/// (odd, unrelated to [`MUL_P`]).
const MUL_O: u64 = 0xd13c_513a_42f8_eda1;

/// The hash of the board with player discs `p` and opponent discs `o` (any pair; the value of
/// an overlapping pair is as well defined as any other).
#[must_use]
#[inline(always)]
pub const fn hash64(p: u64, o: u64) -> u64 {
    fold(fold(p, MUL_P) ^ o, MUL_O)
}

/// The 128-bit product of `x` and `k`, its two halves xored.
#[inline(always)]
const fn fold(x: u64, k: u64) -> u64 {
    let m = x as u128 * k as u128;
    m as u64 ^ (m >> 64) as u64
}
