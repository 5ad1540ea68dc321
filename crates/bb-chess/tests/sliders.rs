//! Every slider variant on every backend against bb-core's ray walkers: exhaustively over every
//! subset of every square's rook and bishop masks, and for queens over perft-suite positions and
//! proptest occupancies of every density.

mod sliders_common;
use sliders_common as common;

use bb_chess::sliders;
use bb_core::{Square, reference};
use bb_simd::{Backend, WithBackend, for_each_backend};
use proptest::prelude::*;

/// (square, occupancy, noisy occupancy, expected attacks)
type Case = (Square, u64, u64, u64);

fn cases(rook: bool) -> Vec<Case> {
    let mut rng = bb_core::rng::Rng::new(if rook { 1 } else { 2 });
    let mut v = Vec::new();
    for sq in Square::ALL {
        let mask = common::relevant_mask(sq, rook);
        for occ in common::subsets(mask) {
            let expected = if rook {
                reference::rook_attacks(sq, occ)
            } else {
                reference::bishop_attacks(sq, occ)
            };
            // Bits outside the relevant mask (edges, the slider itself, other lines) never matter.
            let noisy = occ | (rng.next_u64() & !mask);
            v.push((sq, occ, noisy, expected));
        }
    }
    v
}

#[derive(Clone, Copy)]
enum Kind {
    Rook,
    Bishop,
    Queen,
}

/// The default functions ([`sliders::rook`], ...) on every backend.
#[derive(Clone)]
struct Defaults<'a>(&'a [Case], Kind);

impl WithBackend for Defaults<'_> {
    type Output = ();
    fn run<B: Backend>(self, b: B) {
        for &(sq, occ, noisy, expected) in self.0 {
            for o in [occ, noisy] {
                let got = match self.1 {
                    Kind::Rook => sliders::rook(b, sq, o),
                    Kind::Bishop => sliders::bishop(b, sq, o),
                    Kind::Queen => sliders::queen(b, sq, o),
                };
                assert_eq!(got, expected, "default on {}: {sq} occ {o:#018x}", B::NAME);
            }
        }
    }
}

/// Every variant (through the kernel model) and the default function, on every backend.
fn check_all(cases: &[Case], kind: Kind) {
    let inputs: Vec<(Square, u64)> = cases
        .iter()
        .flat_map(|&(sq, occ, noisy, _)| [(sq, occ), (sq, noisy)])
        .collect();
    match kind {
        Kind::Rook => bb_simd::kernel::check::<sliders::Rook>(&inputs),
        Kind::Bishop => bb_simd::kernel::check::<sliders::Bishop>(&inputs),
        Kind::Queen => bb_simd::kernel::check::<sliders::Queen>(&inputs),
    };
    for_each_backend(Defaults(cases, kind));
}

#[test]
fn rook_every_subset_every_variant_every_backend() {
    check_all(&cases(true), Kind::Rook);
}

#[test]
fn bishop_every_subset_every_variant_every_backend() {
    check_all(&cases(false), Kind::Bishop);
}

#[test]
fn queen_on_perft_positions() {
    let mut v = Vec::new();
    for sets in common::positions() {
        let occ = sets.iter().fold(0, |a, s| a | s);
        for sq in Square::ALL {
            v.push((sq, occ, occ | sq.bit(), reference::queen_attacks(sq, occ)));
        }
    }
    check_all(&v, Kind::Queen);
}

fn density(a: u64, b: u64, c: u64, mode: u8) -> u64 {
    match mode {
        0 => a & b & c,
        1 => a & b,
        2 => a,
        3 => a | b,
        _ => a | b | c,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(common::scaled(64) as u32))]
    #[test]
    fn queen_random_occupancies(sq in 0u8..64, a: u64, b: u64, c: u64, mode in 0u8..5) {
        let sq = Square::new(sq).unwrap();
        // A batch per case keeps the per-backend overhead small.
        let mut rng = bb_core::rng::Rng::new(a ^ b);
        let mut v = vec![];
        for k in 0..64u64 {
            let occ = density(a ^ rng.next_u64(), b ^ (k * 0x9e37), c, mode);
            v.push((sq, occ, occ, reference::queen_attacks(sq, occ)));
        }
        check_all(&v, Kind::Queen);
    }
}

#[test]
fn default_names_are_registered_variants() {
    let names: Vec<&str> = bb_simd::for_each_backend(DefaultName)
        .into_iter()
        .map(|(_, n)| n)
        .collect();
    let registered = bb_simd::kernel::variant_names::<sliders::Queen>();
    for n in names {
        assert!(registered.contains(&n), "{n}");
    }
}

#[derive(Clone)]
struct DefaultName;
impl WithBackend for DefaultName {
    type Output = &'static str;
    fn run<B: Backend>(self, _: B) -> &'static str {
        sliders::default_name(B::ISA, B::FAST_PEXT)
    }
}

#[test]
fn occupied_twin_matches_reference() {
    let mut rng = bb_core::rng::Rng::new(7);
    bb_simd::for_each_backend!(|b| {
        for _ in 0..common::scaled(2000) {
            let occ = rng.any_density();
            let o = sliders::Occupied::new(b, occ);
            assert_eq!(o.occupancy(), occ);
            for sq in [Square::A1, Square::D4, Square::H8, Square::E5, Square::B7] {
                assert_eq!(
                    o.queen(sq),
                    reference::queen_attacks(sq, occ),
                    "{}",
                    b.name()
                );
                assert_eq!(o.rook(sq), reference::rook_attacks(sq, occ));
                assert_eq!(o.bishop(sq), reference::bishop_attacks(sq, occ));
                assert_eq!(o.file(sq), reference::file_attacks(sq, occ));
            }
        }
    });
}
