//! Set-wise attacks and leapers against bb-core's oracles, on every backend.

mod sliders_common;
use sliders_common as common;

use bb_chess::Color;
use bb_chess::leapers::{self, AttackerSets};
use bb_chess::setwise;
use bb_core::{Square, reference};
use bb_simd::{Backend, WithBackend, for_each_backend};
use proptest::prelude::*;

fn union(sliders: u64, f: impl Fn(Square) -> u64) -> u64 {
    Square::ALL
        .iter()
        .filter(|s| sliders & s.bit() != 0)
        .fold(0, |a, &s| a | f(s))
}

/// (sliders, occupied, rooks, bishops, queens)
type Case = (u64, u64, u64, u64, u64);

fn case(sliders: u64, occ: u64) -> Case {
    let o = occ | sliders;
    let r = union(sliders, |s| reference::rook_attacks(s, o));
    let b = union(sliders, |s| reference::bishop_attacks(s, o));
    (sliders, occ, r, b, r | b)
}

#[derive(Clone)]
struct Check<'a>(&'a [Case]);

fn check_defaults<B: Backend>(b: B, cases: &[Case]) {
    for &(s, o, r, bi, q) in cases {
        assert_eq!(setwise::rooks(b, s, o), r, "default rooks on {}", B::NAME);
        assert_eq!(
            setwise::bishops(b, s, o),
            bi,
            "default bishops on {}",
            B::NAME
        );
        assert_eq!(setwise::queens(b, s, o), q, "default queens on {}", B::NAME);
    }
}

impl WithBackend for Check<'_> {
    type Output = ();
    fn run<B: Backend>(self, b: B) {
        check_defaults(b, self.0);
    }
}

/// Every variant of the three set-wise kernels (the kernel model checks each backend's default
/// name is a listed variant) and the default functions, on every backend.
fn check(cases: &[Case]) {
    let inputs: Vec<(u64, u64)> = cases.iter().map(|&(s, o, ..)| (s, o)).collect();
    bb_simd::kernel::check::<setwise::SetwiseRooks>(&inputs);
    bb_simd::kernel::check::<setwise::SetwiseBishops>(&inputs);
    bb_simd::kernel::check::<setwise::SetwiseQueens>(&inputs);
    for_each_backend(Check(cases));
}

#[test]
fn setwise_on_perft_positions() {
    let mut v = Vec::new();
    for p in common::positions() {
        let occ = p.iter().fold(0, |a, s| a | s);
        for k in [2usize, 3, 4, 8, 9, 10] {
            v.push(case(p[k] | p[if k < 6 { k + 1 } else { k - 1 }], occ));
        }
        v.push(case(occ, occ));
    }
    check(&v);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(common::scaled(128) as u32))]
    #[test]
    fn setwise_random(a: u64, b: u64, c: u64, d: u64, mode in 0u8..4) {
        let occ = match mode { 0 => a & b, 1 => a, 2 => a | b, _ => a & b & c };
        let sliders = match mode { 0 => c & d, 1 => c & d & a, 2 => c, _ => d };
        check(&[case(sliders, occ), case(sliders & occ, occ), case(1 << (a % 64), occ)]);
    }
}

#[test]
fn east_attacks_matches_fill() {
    let mut rng = bb_core::rng::Rng::new(9);
    for _ in 0..common::scaled(5000) {
        let (s, o) = (rng.any_density(), rng.any_density());
        let e = !(o | s);
        assert_eq!(
            setwise::east_attacks(s, o),
            reference::slider_attacks(bb_core::Direction::East, s, e)
        );
    }
}

#[test]
fn leapers_match_reference() {
    for sq in Square::ALL {
        assert_eq!(leapers::knight(sq), reference::knight_attacks(sq));
        assert_eq!(leapers::king(sq), reference::king_attacks(sq));
        assert_eq!(
            leapers::pawn_attacks(Color::White, sq),
            reference::white_pawn_attacks(sq)
        );
        assert_eq!(
            leapers::pawn_attacks(Color::Black, sq),
            reference::black_pawn_attacks(sq)
        );
        assert_eq!(leapers::knight_set(sq.bit()), reference::knight_attacks(sq));
        assert_eq!(
            leapers::pawn_attacks_set(Color::White, sq.bit()),
            reference::white_pawn_attacks(sq)
        );
        assert_eq!(
            leapers::pawn_attacks_set(Color::Black, sq.bit()),
            reference::black_pawn_attacks(sq)
        );
    }
    assert_eq!(Color::White.opponent(), Color::Black);
}

#[test]
fn attackers_to_matches_brute_force() {
    for p in common::positions() {
        let occ = p.iter().fold(0, |a, s| a | s);
        let sets = AttackerSets {
            white_pawns: p[0],
            black_pawns: p[6],
            knights: p[1] | p[7],
            diagonal: p[2] | p[4] | p[8] | p[10],
            orthogonal: p[3] | p[4] | p[9] | p[10],
            kings: p[5] | p[11],
        };
        bb_simd::for_each_backend!(|b| {
            for sq in Square::ALL {
                let want = union(sets.white_pawns, |s| {
                    reference::white_pawn_attacks(s) & sq.bit()
                }) | union(sets.black_pawns, |s| {
                    reference::black_pawn_attacks(s) & sq.bit()
                }) | union(sets.knights, |s| reference::knight_attacks(s) & sq.bit())
                    | union(sets.kings, |s| reference::king_attacks(s) & sq.bit())
                    | union(sets.diagonal, |s| {
                        reference::bishop_attacks(s, occ) & sq.bit()
                    })
                    | union(sets.orthogonal, |s| {
                        reference::rook_attacks(s, occ) & sq.bit()
                    });
                // `want` marks attacked-ness; recover the attacker set square by square.
                let attackers = Square::ALL
                    .iter()
                    .filter(|a| {
                        let x = a.bit();
                        (x & sets.white_pawns != 0
                            && reference::white_pawn_attacks(**a) & sq.bit() != 0)
                            || (x & sets.black_pawns != 0
                                && reference::black_pawn_attacks(**a) & sq.bit() != 0)
                            || (x & sets.knights != 0
                                && reference::knight_attacks(**a) & sq.bit() != 0)
                            || (x & sets.kings != 0 && reference::king_attacks(**a) & sq.bit() != 0)
                            || (x & sets.diagonal != 0
                                && reference::bishop_attacks(**a, occ) & sq.bit() != 0)
                            || (x & sets.orthogonal != 0
                                && reference::rook_attacks(**a, occ) & sq.bit() != 0)
                    })
                    .fold(0, |acc, a| acc | a.bit());
                let got = leapers::attackers_to(b, sq, occ, &sets);
                assert_eq!(got, attackers, "{} {sq}", b.name());
                assert_eq!(leapers::is_attacked(b, sq, occ, &sets), want != 0);
            }
        });
    }
}
