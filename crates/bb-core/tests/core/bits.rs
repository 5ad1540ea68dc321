//! Properties of every transform and bit trick, against coordinate definitions.

use bb_core::bits::*;
use proptest::prelude::*;

use crate::map_squares;

#[test]
fn mirror_byte_mul_is_exhaustively_bit_reversal() {
    for b in 0..=u8::MAX {
        assert_eq!(mirror_byte_mul(b), b.reverse_bits(), "{b:#04x}");
    }
}

#[test]
fn transforms_hand_checked() {
    // a1 = bit 0, h1 = bit 7, a8 = bit 56, h8 = bit 63.
    let (a1, h1, a8, h8) = (1u64, 1 << 7, 1 << 56, 1 << 63);
    assert_eq!(flip_vertical(a1), a8);
    assert_eq!(mirror_horizontal(a1), h1);
    assert_eq!(flip_diagonal(h1), a8);
    assert_eq!(flip_diagonal(a1), a1);
    assert_eq!(flip_anti_diagonal(a1), h8);
    assert_eq!(flip_anti_diagonal(a8), a8);
    // Clockwise with rank 8 on top: a1 -> a8 -> h8 -> h1 -> a1.
    assert_eq!(rotate_90(a1), a8);
    assert_eq!(rotate_90(a8), h8);
    assert_eq!(rotate_90(h8), h1);
    assert_eq!(rotate_90(h1), a1);
    assert_eq!(rotate_270(a8), a1);
    assert_eq!(rotate_180(a1), h8);
    // The first rank rotated clockwise becomes the a-file.
    assert_eq!(rotate_90(0xff), 0x0101_0101_0101_0101);
    assert_eq!(popcount_swar(!0), 64);
    assert_eq!(popcount_swar(0), 0);
    assert_eq!(ls1b(0), 0);
    assert_eq!(ms1b(0), 0);
    assert_eq!(blsmsk(0), !0);
    assert_eq!(blsr(0), 0);
    assert_eq!(ms1b(0x0f0), 0x080);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn popcount_swar_matches_count_ones(x: u64) {
        prop_assert_eq!(popcount_swar(x), x.count_ones());
    }

    #[test]
    fn mirror_and_flip_are_involutions(x: u64) {
        prop_assert_eq!(flip_vertical(flip_vertical(x)), x);
        prop_assert_eq!(mirror_horizontal(mirror_horizontal(x)), x);
        prop_assert_eq!(mirror_horizontal_bytewise(mirror_horizontal_bytewise(x)), x);
        prop_assert_eq!(flip_diagonal(flip_diagonal(x)), x);
        prop_assert_eq!(flip_anti_diagonal(flip_anti_diagonal(x)), x);
        prop_assert_eq!(rotate_180(rotate_180(x)), x);
    }

    #[test]
    fn mirrors_match_coordinate_definition(x: u64) {
        let mirrored = map_squares(x, |f, r| (7 - f, r));
        prop_assert_eq!(mirror_horizontal(x), mirrored);
        prop_assert_eq!(mirror_horizontal_bytewise(x), mirrored);
        prop_assert_eq!(flip_vertical(x), map_squares(x, |f, r| (f, 7 - r)));
    }

    #[test]
    fn transposes_match_coordinate_definition(x: u64) {
        prop_assert_eq!(flip_diagonal(x), map_squares(x, |f, r| (r, f)));
        prop_assert_eq!(flip_anti_diagonal(x), map_squares(x, |f, r| (7 - r, 7 - f)));
    }

    #[test]
    fn rotations_match_coordinate_definition(x: u64) {
        prop_assert_eq!(rotate_90(x), map_squares(x, |f, r| (r, 7 - f)));
        prop_assert_eq!(rotate_180(x), map_squares(x, |f, r| (7 - f, 7 - r)));
        prop_assert_eq!(rotate_270(x), map_squares(x, |f, r| (7 - r, f)));
    }

    #[test]
    fn four_quarter_turns_are_identity(x: u64) {
        prop_assert_eq!(rotate_90(rotate_90(rotate_90(rotate_90(x)))), x);
        prop_assert_eq!(rotate_90(rotate_90(x)), rotate_180(x));
        prop_assert_eq!(rotate_90(rotate_270(x)), x);
        prop_assert_eq!(rotate_270(rotate_270(rotate_270(rotate_270(x)))), x);
    }

    #[test]
    fn lowest_and_highest_bit_tricks(x in any::<u64>().prop_filter("nonzero", |x| *x != 0)) {
        let low = 1u64 << x.trailing_zeros();
        let high = 1u64 << (63 - x.leading_zeros());
        prop_assert_eq!(ls1b(x), low);
        prop_assert_eq!(ms1b(x), high);
        prop_assert_eq!(blsr(x), x & !low);
        // BLSMSK: the lowest set bit and every bit below it.
        prop_assert_eq!(blsmsk(x), low | (low - 1));
    }

    #[test]
    fn delta_swap_swaps_pairs(x: u64, delta in 1u32..32) {
        // Any mask whose shifted copy does not overlap it: the low half of each 2*delta block.
        let block_low = (1u64 << delta) - 1;
        let mut mask = 0;
        let mut i = 0;
        while i < 64 {
            mask |= block_low << i;
            i += 2 * delta;
        }
        mask &= !0u64 >> delta;
        let swapped = delta_swap(x, mask, delta);
        for bit in 0..64 {
            let expect = if mask >> bit & 1 != 0 {
                x >> (bit + delta) & 1
            } else if bit >= delta && mask >> (bit - delta) & 1 != 0 {
                x >> (bit - delta) & 1
            } else {
                x >> bit & 1
            };
            prop_assert_eq!(swapped >> bit & 1, expect, "bit {}", bit);
        }
    }
}
