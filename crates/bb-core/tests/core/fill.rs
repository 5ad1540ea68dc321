//! Kogge-Stone fills against the ray walkers, on occupancies of every density.

use bb_core::rng::Rng;
use bb_core::{Direction, Square, fill, reference};
use proptest::prelude::*;

type PerDirection = fn(u64, u64) -> u64;

const PER_DIRECTION: [PerDirection; 8] = [
    fill::north,
    fill::north_east,
    fill::east,
    fill::south_east,
    fill::south,
    fill::south_west,
    fill::west,
    fill::north_west,
];

fn check(dir: Direction, generators: u64, empty: u64) {
    let expect = reference::occluded_fill(dir, generators, empty);
    assert_eq!(
        fill::occluded(dir, generators, empty),
        expect,
        "{dir:?} gen {generators:#x} empty {empty:#x}"
    );
    assert_eq!(
        PER_DIRECTION[dir.index()](generators, empty),
        expect,
        "{dir:?}"
    );
    assert_eq!(
        fill::attacks(dir, generators, empty),
        reference::slider_attacks(dir, generators, empty),
        "{dir:?} gen {generators:#x} empty {empty:#x}"
    );
}

#[test]
fn fills_match_walkers_at_every_density() {
    let mut rng = Rng::new(0x5eed);
    for density in (0..=256).step_by(8) {
        for _ in 0..16 {
            let occupied = rng.bitboard(density);
            // Generators from sparse to dense too, and overlapping the occupancy or not.
            let generators = rng.any_density();
            for dir in Direction::ALL {
                check(dir, generators, !occupied);
                check(dir, generators & occupied, !occupied);
                check(dir, generators & !occupied, !occupied);
            }
        }
    }
}

#[test]
fn single_slider_fill_is_its_ray() {
    let mut rng = Rng::new(11);
    for sq in Square::ALL {
        for _ in 0..16 {
            let occupied = rng.any_density();
            for dir in Direction::ALL {
                assert_eq!(
                    fill::attacks(dir, sq.bit(), !occupied),
                    reference::ray(sq, dir, occupied),
                    "{sq} {dir:?} {occupied:#x}"
                );
            }
        }
    }
}

#[test]
fn shift_moves_each_square_to_its_neighbour() {
    for dir in Direction::ALL {
        for sq in Square::ALL {
            let expect = sq.offset(dir).map_or(0, Square::bit);
            assert_eq!(fill::shift(dir, sq.bit()), expect, "{sq} {dir:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn fills_match_walkers_on_arbitrary_boards(generators: u64, occupied: u64, d in 0usize..8) {
        check(Direction::ALL[d], generators, !occupied);
    }
}
