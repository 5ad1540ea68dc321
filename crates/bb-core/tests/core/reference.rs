//! The oracles themselves, on hand-checked positions and symmetry properties, so that a bug in
//! an oracle cannot silently bless a bug elsewhere.

use bb_core::bits::{flip_diagonal, mirror_horizontal, rotate_90};
use bb_core::rng::Rng;
use bb_core::{Direction, Line, Rank, Square, fill, reference};
use proptest::prelude::*;

fn bits(squares: &[Square]) -> u64 {
    squares.iter().fold(0, |b, s| b | s.bit())
}

fn rotate_square(sq: Square) -> Square {
    Square::new(rotate_90(sq.bit()).trailing_zeros() as u8).unwrap()
}

#[test]
fn slider_oracles_hand_checked() {
    let occ = bits(&[
        Square::D6,
        Square::B4,
        Square::G4,
        Square::D2,
        Square::F6,
        Square::A1,
    ]);
    assert_eq!(
        reference::rook_attacks(Square::D4, occ),
        bits(&[
            Square::D5,
            Square::D6,
            Square::D3,
            Square::D2,
            Square::C4,
            Square::B4,
            Square::E4,
            Square::F4,
            Square::G4
        ])
    );
    assert_eq!(
        reference::bishop_attacks(Square::D4, occ),
        bits(&[
            Square::E5,
            Square::F6,
            Square::C3,
            Square::B2,
            Square::A1,
            Square::C5,
            Square::B6,
            Square::A7,
            Square::E3,
            Square::F2,
            Square::G1
        ])
    );
    assert_eq!(
        reference::queen_attacks(Square::D4, occ),
        reference::rook_attacks(Square::D4, occ) | reference::bishop_attacks(Square::D4, occ)
    );
    assert_eq!(reference::rook_attacks(Square::A1, 0).count_ones(), 14);
    assert_eq!(reference::bishop_attacks(Square::D4, 0).count_ones(), 13);
    assert_eq!(reference::ray(Square::H8, Direction::NorthEast, !0), 0);
    assert_eq!(
        reference::ray(Square::A1, Direction::NorthEast, !0),
        Square::B2.bit()
    );
}

#[test]
fn slider_oracles_agree_with_fills() {
    let mut rng = Rng::new(3);
    for sq in Square::ALL {
        for _ in 0..8 {
            let occ = rng.any_density();
            let mut queen = 0;
            for line in Line::ALL {
                let by_fill = fill::attacks(line.toward_msb(), sq.bit(), !occ)
                    | fill::attacks(line.toward_lsb(), sq.bit(), !occ);
                assert_eq!(
                    reference::line_attacks(sq, line, occ),
                    by_fill,
                    "{sq} {line:?}"
                );
                queen |= by_fill;
            }
            assert_eq!(reference::queen_attacks(sq, occ), queen);
        }
    }
}

#[test]
fn reversi_start_position() {
    // Black to move: black on d5, e4; white on d4, e5.
    let p = bits(&[Square::D5, Square::E4]);
    let o = bits(&[Square::D4, Square::E5]);
    assert_eq!(
        reference::mobility(p, o),
        bits(&[Square::D3, Square::C4, Square::F5, Square::E6])
    );
    assert_eq!(reference::flip(Square::D3, p, o), Square::D4.bit());
    assert_eq!(reference::flip(Square::F5, p, o), Square::E5.bit());
    assert_eq!(reference::flip(Square::C3, p, o), 0);
}

#[test]
fn reversi_flip_hand_checked() {
    // Move on a1: a run on the rank closed by p, a run on the file reaching the edge (no flip),
    // a diagonal run closed by p.
    let p = bits(&[Square::D1, Square::E5]);
    let o = bits(&[
        Square::B1,
        Square::C1,
        Square::A2,
        Square::A3,
        Square::A4,
        Square::A5,
        Square::A6,
        Square::A7,
        Square::A8,
        Square::B2,
        Square::C3,
        Square::D4,
    ]);
    assert_eq!(
        reference::flip(Square::A1, p, o),
        bits(&[Square::B1, Square::C1, Square::B2, Square::C3, Square::D4])
    );
    // An empty square breaks a run.
    let o2 = bits(&[Square::B1, Square::D4]);
    assert_eq!(reference::flip(Square::A1, p, o2), 0);
}

#[test]
fn count_last_flip_hand_checked() {
    // Everything but a1 and b1 is the player's: only b1 (opponent) is flipped.
    assert_eq!(
        reference::count_last_flip(Square::A1, !bits(&[Square::A1, Square::B1])),
        1
    );
    // The player owns nothing: no run is ever closed.
    assert_eq!(reference::count_last_flip(Square::A1, 0), 0);
    // The player owns only the far corners of a1's lines: 6 + 6 + 6 flips.
    assert_eq!(
        reference::count_last_flip(Square::A1, bits(&[Square::H1, Square::A8, Square::H8])),
        18
    );
    // d4 with only the board edge squares of its lines as the player's discs.
    let p = reference::rook_attacks(Square::D4, 0) | reference::bishop_attacks(Square::D4, 0);
    let edges = p
        & !reference::king_attacks(Square::D4)
        & (Rank::R1.mask() | Rank::R8.mask() | 0x8181_8181_8181_8181);
    assert_eq!(reference::count_last_flip(Square::D4, edges), 27 - 8);
}

#[test]
fn full_lines_hand_checked() {
    assert_eq!(reference::full_lines_h(!0), !0);
    assert_eq!(reference::full_lines_v(!0), !0);
    assert_eq!(reference::full_lines_d7(!0), !0);
    assert_eq!(reference::full_lines_d9(!0), !0);
    assert_eq!(reference::full_lines_h(0), 0);
    // Rank 3 filled and one stray disc: the rank is full, nothing vertical is.
    let disc = Rank::R3.mask() | Square::E5.bit();
    assert_eq!(reference::full_lines_h(disc), Rank::R3.mask());
    assert_eq!(reference::full_lines_v(disc), 0);
    // The single-square diagonals are full as soon as their corner is occupied.
    let corners = Square::A8.bit() | Square::H1.bit() | Square::A1.bit();
    assert_eq!(
        reference::full_lines_d9(corners),
        Square::A8.bit() | Square::H1.bit()
    );
    assert_eq!(reference::full_lines_d7(corners), Square::A1.bit());
    let main_diag = 0x8040_2010_0804_0201;
    assert_eq!(reference::full_lines_d9(main_diag), main_diag);
    // Only the corner anti-diagonals (a1 and h8 alone) are full.
    assert_eq!(
        reference::full_lines_d7(main_diag),
        Square::A1.bit() | Square::H8.bit()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn full_lines_respect_symmetry(disc: u64, sparse_holes: u64) {
        // Mostly full boards, or nothing interesting happens.
        let disc = disc | !(sparse_holes & sparse_holes.rotate_left(17) & sparse_holes.rotate_left(31));
        prop_assert_eq!(
            reference::full_lines_v(disc),
            flip_diagonal(reference::full_lines_h(flip_diagonal(disc)))
        );
        prop_assert_eq!(
            reference::full_lines_d7(disc),
            mirror_horizontal(reference::full_lines_d9(mirror_horizontal(disc)))
        );
        for f in [
            reference::full_lines_h,
            reference::full_lines_v,
            reference::full_lines_d7,
            reference::full_lines_d9,
        ] {
            prop_assert_eq!(f(disc) & !disc, 0);
        }
        let h = (0..8).fold(0, |acc, r| {
            let m = 0xffu64 << (8 * r);
            if disc & m == m { acc | m } else { acc }
        });
        prop_assert_eq!(reference::full_lines_h(disc), h);
    }

    #[test]
    fn flip_is_rotation_equivariant(p: u64, o: u64, s in 0u8..64) {
        let o = o & !p;
        let sq = Square::new(s).unwrap();
        let rotated = reference::flip(rotate_square(sq), rotate_90(p), rotate_90(o));
        prop_assert_eq!(rotated, rotate_90(reference::flip(sq, p, o)));
        prop_assert_eq!(reference::flip(sq, p, o) & !o, 0);
    }

    #[test]
    fn mobility_is_exactly_the_squares_that_flip(p: u64, o: u64) {
        let o = o & !p;
        let m = reference::mobility(p, o);
        prop_assert_eq!(m & (p | o), 0);
        for sq in Square::ALL {
            let empty = (p | o) & sq.bit() == 0;
            prop_assert_eq!(m & sq.bit() != 0, empty && reference::flip(sq, p, o) != 0);
        }
    }

    #[test]
    fn count_last_flip_counts_flip(p: u64, s in 0u8..64) {
        let sq = Square::new(s).unwrap();
        let p = p & !sq.bit();
        let o = !p & !sq.bit();
        prop_assert_eq!(reference::count_last_flip(sq, p), reference::flip(sq, p, o).count_ones());
    }
}
