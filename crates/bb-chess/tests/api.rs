//! The dispatching API (free slider functions, `Position` methods) against the reference
//! oracles and published perft counts, and a `specialize!` perft on every backend.

use bb_chess::bb_core::reference;
use bb_chess::{
    Backend, Bitboard, MoveList, Position, Square, bishop_attacks, bishop_attacks_with,
    queen_attacks, queen_attacks_with, rook_attacks, rook_attacks_with, specialize,
};
use proptest::prelude::*;

proptest! {
    #[test]
    fn sliders_match_oracles(sq in 0u8..64, occ in any::<u64>()) {
        let sq = Square::new_masked(sq);
        let o = Bitboard(occ);
        prop_assert_eq!(rook_attacks(sq, o).0, reference::rook_attacks(sq, occ));
        prop_assert_eq!(bishop_attacks(sq, o).0, reference::bishop_attacks(sq, occ));
        prop_assert_eq!(queen_attacks(sq, o).0, reference::queen_attacks(sq, occ));
    }
}

#[test]
fn token_forms_on_every_backend() {
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    for backend in bb_chess::bb_simd::test_backends() {
        for _ in 0..2000 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let sq = Square::new_masked((rng >> 58) as u8);
            let occ = rng & rng.rotate_left(23);
            let o = Bitboard(occ);
            let got = bb_chess::dispatch!(backend, |b| (
                rook_attacks_with(b, sq, o).0,
                bishop_attacks_with(b, sq, o).0,
                queen_attacks_with(b, sq, o).0
            ));
            let want = (
                reference::rook_attacks(sq, occ),
                reference::bishop_attacks(sq, occ),
                reference::queen_attacks(sq, occ),
            );
            assert_eq!(got, want, "{backend} {sq} {occ:#x}");
        }
    }
}

specialize! {
    fn perft<B: Backend>(b: B, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return pos.count_legal_with(b);
        }
        let mut list = MoveList::new();
        pos.legal_moves_with(b, &mut list);
        list.iter().map(|&m| perft(b, &pos.play(m), depth - 1)).sum()
    }
}

/// Published perft counts (chessprogramming.org): start position and Kiwipete.
const CASES: [(&str, &[u64]); 2] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8902, 197_281],
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2039, 97_862],
    ),
];

#[test]
fn specialized_and_high_level_perft() {
    let mut ran = 0;
    for (fen, counts) in CASES {
        let pos = Position::from_fen(fen).unwrap();
        for (d, &want) in counts.iter().enumerate() {
            let depth = d as u32 + 1;
            assert_eq!(pos.perft(depth), want, "{fen} {depth}");
            for backend in bb_chess::bb_simd::test_backends() {
                let got = bb_chess::dispatch!(backend, |b| perft(b, &pos, depth));
                assert_eq!(got, want, "{backend} {fen} {depth}");
                ran += 1;
            }
        }
        assert_eq!(pos.legal_moves().len() as u64, counts[0]);
        assert_eq!(pos.count_legal(), counts[0]);
    }
    assert!(ran >= 7);
}
