//! Scalar bit tricks on raw `u64` bitboards, all `const fn`.
//!
//! Board orientation for the geometric transforms: rank 8 at the top, file a on the left, as
//! [`Bitboard`](crate::Bitboard)'s `Display` draws it. "Clockwise" means clockwise in that
//! picture: a [`rotate_90`] moves a8 to h8, h8 to h1, h1 to a1 and a1 to a8.
//!
//! The standard library already lowers `count_ones`, `swap_bytes` and `reverse_bits` to single
//! instructions where the CPU has them; the explicit forms here are the portable techniques
//! the published sources describe, kept so that they can be tested, benchmarked and reused in SIMD
//! lanes.

/// Population count by SWAR (Okuhara's *Reversi bitboard techniques*, "Population count"): add bits
/// in pairs, then nibbles, then bytes, and sum the eight byte counts with one multiply that
/// accumulates them into the top byte. For CPUs without `POPCNT`; `u64::count_ones` uses the
/// instruction when enabled.
///
/// ```
/// assert_eq!(bb_core::bits::popcount_swar(0xf0f0), 8);
/// ```
#[must_use]
#[inline]
pub const fn popcount_swar(x: u64) -> u32 {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const H01: u64 = 0x0101_0101_0101_0101;
    // Each 2-bit field becomes the count of its two bits (x - high bit never borrows).
    let x = x - ((x >> 1) & M1);
    let x = (x & M2) + ((x >> 2) & M2);
    // Nibble sums fit in 4 bits, so one mask after the add suffices.
    let x = (x + (x >> 4)) & M4;
    (x.wrapping_mul(H01) >> 56) as u32
}

/// Swaps bit `i` with bit `i + delta` for every bit `i` set in `mask` (`mask` must not overlap
/// `mask << delta`). Three of these make every mirror, flip and transpose of an 8x8 board.
#[must_use]
#[inline]
pub const fn delta_swap(x: u64, mask: u64, delta: u32) -> u64 {
    let t = ((x >> delta) ^ x) & mask;
    x ^ t ^ (t << delta)
}

/// Mirrors the board top to bottom (rank 1 <-> rank 8): square `s` goes to `s ^ 56`. One byte
/// swap (`BSWAP`, `REV`) because each rank is one byte.
#[must_use]
#[inline]
pub const fn flip_vertical(x: u64) -> u64 {
    x.swap_bytes()
}

/// Mirrors the board left to right (file a <-> file h): square `s` goes to `s ^ 7`, by three
/// delta swaps that exchange the file's index bits 4, 2 and 1.
///
/// ```
/// use bb_core::bits::mirror_horizontal;
/// assert_eq!(mirror_horizontal(0x0000_0000_0000_0001), 0x80);
/// ```
#[must_use]
#[inline]
pub const fn mirror_horizontal(x: u64) -> u64 {
    let x = delta_swap(x, 0x0f0f_0f0f_0f0f_0f0f, 4);
    let x = delta_swap(x, 0x3333_3333_3333_3333, 2);
    delta_swap(x, 0x5555_5555_5555_5555, 1)
}

/// Reverses the bits of one byte with multiplies (Okuhara's *Reversi bitboard techniques*, "1-byte
/// mirror"): the multiply spreads copies of the top six bits so that a mask picks each bit at its
/// mirrored place (grouped in nibble-spaced slots), the bottom two bits are placed by a shift, and
/// a final multiply sums the slots into one byte. Splitting 6 + 2 instead of 4 + 4 lets the small
/// part be a shift; the whole fits in 32-bit arithmetic.
///
/// ```
/// assert_eq!(bb_core::bits::mirror_byte_mul(0b0000_0110), 0b0110_0000);
/// ```
#[must_use]
#[inline]
pub const fn mirror_byte_mul(b: u8) -> u8 {
    let b = b as u32;
    let spread = (b.wrapping_mul(0x0020_0802) & 0x0442_2110) + ((b << 7) & 0x880);
    (spread.wrapping_mul(0x0101_0101) >> 24) as u8
}

/// Mirrors the board left to right like [`mirror_horizontal`], one rank at a time with
/// [`mirror_byte_mul`]. Slower than the delta swaps on 64-bit CPUs; kept as Okuhara's variant.
#[must_use]
#[inline]
pub const fn mirror_horizontal_bytewise(x: u64) -> u64 {
    let mut out = 0;
    let mut i = 0;
    while i < 8 {
        out |= (mirror_byte_mul((x >> (8 * i)) as u8) as u64) << (8 * i);
        i += 1;
    }
    out
}

/// Transposes about the a1-h8 diagonal: square (file f, rank r) goes to (file r, rank f), so
/// a8 <-> h1 and a1, h8 stay. Three delta swaps, each exchanging one index bit of the file
/// with the same bit of the rank.
#[must_use]
#[inline]
pub const fn flip_diagonal(x: u64) -> u64 {
    let x = delta_swap(x, 0x0000_0000_f0f0_f0f0, 28);
    let x = delta_swap(x, 0x0000_cccc_0000_cccc, 14);
    delta_swap(x, 0x00aa_00aa_00aa_00aa, 7)
}

/// Transposes about the h1-a8 anti-diagonal: square (f, r) goes to (7 - r, 7 - f), so
/// a1 <-> h8 and a8, h1 stay. Three delta swaps exchanging an index bit of the file with the
/// complement of the same bit of the rank.
#[must_use]
#[inline]
pub const fn flip_anti_diagonal(x: u64) -> u64 {
    let x = delta_swap(x, 0x0000_0000_0f0f_0f0f, 36);
    let x = delta_swap(x, 0x0000_3333_0000_3333, 18);
    delta_swap(x, 0x0055_0055_0055_0055, 9)
}

/// Rotates the board 90 degrees clockwise: (f, r) goes to (r, 7 - f), a1 -> a8 -> h8 -> h1.
///
/// ```
/// use bb_core::{bits::rotate_90, Square};
/// assert_eq!(rotate_90(Square::A1.bit()), Square::A8.bit());
/// assert_eq!(rotate_90(Square::A8.bit()), Square::H8.bit());
/// ```
#[must_use]
#[inline]
pub const fn rotate_90(x: u64) -> u64 {
    flip_vertical(flip_diagonal(x))
}

/// Rotates the board 180 degrees: square `s` goes to `63 - s`, which is a full bit reversal.
#[must_use]
#[inline]
pub const fn rotate_180(x: u64) -> u64 {
    x.reverse_bits()
}

/// Rotates the board 270 degrees clockwise (90 anticlockwise): (f, r) goes to (7 - r, f),
/// a1 -> h1 -> h8 -> a8.
#[must_use]
#[inline]
pub const fn rotate_270(x: u64) -> u64 {
    flip_diagonal(flip_vertical(x))
}

/// Isolates the least significant set bit (x86 `BLSI`); 0 for 0.
#[must_use]
#[inline]
pub const fn ls1b(x: u64) -> u64 {
    x & x.wrapping_neg()
}

/// Isolates the most significant set bit; 0 for 0.
#[must_use]
#[inline]
pub const fn ms1b(x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        1 << (63 - x.leading_zeros())
    }
}

/// Mask up to and including the least significant set bit (x86 `BLSMSK`); all ones for 0.
///
/// ```
/// assert_eq!(bb_core::bits::blsmsk(0b1011_0000), 0b0001_1111);
/// ```
#[must_use]
#[inline]
pub const fn blsmsk(x: u64) -> u64 {
    x ^ x.wrapping_sub(1)
}

/// Clears the least significant set bit (x86 `BLSR`); 0 for 0.
#[must_use]
#[inline]
pub const fn blsr(x: u64) -> u64 {
    x & x.wrapping_sub(1)
}
