//! Every generated table against its generator function and against the ray-walking oracles,
//! for all 64 squares (and all 4096 square pairs), plus a few hand-checked values so that a
//! shared misunderstanding of the generator and the oracle cannot pass.

use bb_core::geometry::{self, Relation};
use bb_core::masks::{self, ANTI_EX, BETWEEN, DIAG_EX, FILE_EX, HALF_LINES, HQ, LINE, RANK_EX};
use bb_core::{Line, Square, attacks, reference};

#[test]
fn line_masks_match_generator_and_rays() {
    for sq in Square::ALL {
        let (i, s) = (sq.index(), sq.to_u8());
        assert_eq!(RANK_EX[i], geometry::mask_ex(Relation::Rank, s), "{sq}");
        assert_eq!(FILE_EX[i], geometry::mask_ex(Relation::File, s), "{sq}");
        assert_eq!(DIAG_EX[i], geometry::mask_ex(Relation::Diagonal, s), "{sq}");
        assert_eq!(
            ANTI_EX[i],
            geometry::mask_ex(Relation::AntiDiagonal, s),
            "{sq}"
        );
        assert_eq!(RANK_EX[i], reference::rank_attacks(sq, 0), "{sq}");
        assert_eq!(FILE_EX[i], reference::file_attacks(sq, 0), "{sq}");
        assert_eq!(DIAG_EX[i], reference::diag_attacks(sq, 0), "{sq}");
        assert_eq!(ANTI_EX[i], reference::anti_diag_attacks(sq, 0), "{sq}");
        assert_eq!(masks::lines_ex(sq), geometry::lines_ex(s), "{sq}");
        assert_eq!(RANK_EX[i] | sq.bit(), sq.rank().mask(), "{sq}");
        assert_eq!(FILE_EX[i] | sq.bit(), sq.file().mask(), "{sq}");
    }
}

#[test]
fn line_masks_hand_checked() {
    assert_eq!(DIAG_EX[Square::A1.index()], 0x8040_2010_0804_0200);
    assert_eq!(ANTI_EX[Square::H1.index()], 0x0102_0408_1020_4000);
    assert_eq!(ANTI_EX[Square::A1.index()], 0);
    assert_eq!(DIAG_EX[Square::H1.index()], 0);
    assert_eq!(FILE_EX[Square::E4.index()], 0x1010_1010_0010_1010);
    assert_eq!(RANK_EX[Square::E4.index()], 0x0000_0000_ef00_0000);
    // d4's diagonal runs a1..h8, its anti-diagonal g1..a7.
    assert_eq!(DIAG_EX[Square::D4.index()], 0x8040_2010_0004_0201);
    assert_eq!(ANTI_EX[Square::D4.index()], 0x0001_0204_0010_2040);
}

#[test]
fn hq_records_match_masks_and_rays() {
    for sq in Square::ALL {
        let r = HQ[sq.index()];
        assert_eq!(r.bit, sq.bit(), "{sq}");
        assert_eq!(r.diag, DIAG_EX[sq.index()], "{sq}");
        assert_eq!(r.anti, ANTI_EX[sq.index()], "{sq}");
        assert_eq!(r.file, FILE_EX[sq.index()], "{sq}");
        assert_eq!(r.diag, reference::diag_attacks(sq, 0), "{sq}");
        assert_eq!(r.anti, reference::anti_diag_attacks(sq, 0), "{sq}");
        assert_eq!(r.file, reference::file_attacks(sq, 0), "{sq}");
    }
    assert_eq!(core::ptr::from_ref(&HQ).addr() % 32, 0);
    assert_eq!(core::mem::size_of_val(&HQ), 2048);
}

#[test]
fn hq_records_give_hyperbola_quintessence_attacks() {
    // The records are only useful if the o ^ (o - 2r) trick works with them; check it against
    // the oracle on every square with a few occupancies.
    let mut rng = bb_core::rng::Rng::new(7);
    for sq in Square::ALL {
        let r = HQ[sq.index()];
        for _ in 0..32 {
            let occ = rng.any_density();
            let hq = |mask: u64| {
                let fwd = occ & mask;
                let rev = fwd.swap_bytes();
                (fwd.wrapping_sub(r.bit) ^ rev.wrapping_sub(r.bit.swap_bytes()).swap_bytes()) & mask
            };
            assert_eq!(
                hq(r.diag),
                reference::diag_attacks(sq, occ),
                "{sq} {occ:#x}"
            );
            assert_eq!(
                hq(r.anti),
                reference::anti_diag_attacks(sq, occ),
                "{sq} {occ:#x}"
            );
            assert_eq!(
                hq(r.file),
                reference::file_attacks(sq, occ),
                "{sq} {occ:#x}"
            );
        }
    }
}

#[test]
fn half_lines_match_generator_and_rays() {
    for sq in Square::ALL {
        let h = HALF_LINES[sq.index()];
        assert_eq!(h.lsb, geometry::half_lines_lsb(sq.to_u8()), "{sq}");
        assert_eq!(h.msb, geometry::half_lines_msb(sq.to_u8()), "{sq}");
        for line in Line::ALL {
            let l = line.index();
            assert_eq!(
                h.msb[l],
                reference::ray(sq, line.toward_msb(), 0),
                "{sq} {line:?}"
            );
            assert_eq!(
                h.lsb[l],
                reference::ray(sq, line.toward_lsb(), 0),
                "{sq} {line:?}"
            );
            assert_eq!(h.lsb[l] | h.msb[l], masks::lines_ex(sq)[l], "{sq} {line:?}");
            assert!(h.lsb[l] < sq.bit() && (h.msb[l] == 0 || h.msb[l] > sq.bit()));
        }
    }
    assert_eq!(core::ptr::from_ref(&HALF_LINES).addr() % 32, 0);
    // Okuhara's `lmask` for b1 (our msb half), by hand.
    let b1 = HALF_LINES[Square::B1.index()];
    assert_eq!(
        b1.msb,
        [0xfc, 0x0202_0202_0202_0200, 0x0080_4020_1008_0400, 0x100]
    );
    assert_eq!(b1.lsb, [0x01, 0, 0, 0]);
}

#[test]
fn leaper_tables_match_generator_and_walkers() {
    for sq in Square::ALL {
        let (i, s) = (sq.index(), sq.to_u8());
        assert_eq!(
            attacks::KNIGHT[i],
            geometry::mask_ex(Relation::Knight, s),
            "{sq}"
        );
        assert_eq!(
            attacks::KING[i],
            geometry::mask_ex(Relation::King, s),
            "{sq}"
        );
        assert_eq!(
            attacks::PAWN[0][i],
            geometry::mask_ex(Relation::WhitePawn, s),
            "{sq}"
        );
        assert_eq!(
            attacks::PAWN[1][i],
            geometry::mask_ex(Relation::BlackPawn, s),
            "{sq}"
        );
        assert_eq!(attacks::knight(sq), reference::knight_attacks(sq), "{sq}");
        assert_eq!(attacks::king(sq), reference::king_attacks(sq), "{sq}");
        assert_eq!(
            attacks::white_pawn(sq),
            reference::white_pawn_attacks(sq),
            "{sq}"
        );
        assert_eq!(
            attacks::black_pawn(sq),
            reference::black_pawn_attacks(sq),
            "{sq}"
        );
    }
    let counts = |t: &[u64; 64]| t.iter().map(|b| b.count_ones()).sum::<u32>();
    // Well-known totals: 336 knight moves, 420 king moves; pawns on seven ranks with 14
    // capture targets each (the table has entries for the first rank too).
    assert_eq!(counts(&attacks::KNIGHT), 336);
    assert_eq!(counts(&attacks::KING), 420);
    assert_eq!(counts(&attacks::PAWN[0]), 98);
    assert_eq!(counts(&attacks::PAWN[1]), 98);
    assert_eq!(attacks::knight(Square::G1), 0x0000_0000_00a0_1000);
    assert_eq!(attacks::king(Square::H8), 0x40c0_0000_0000_0000);
    assert_eq!(attacks::white_pawn(Square::H8), 0);
    assert_eq!(
        attacks::black_pawn(Square::E4),
        Square::D3.bit() | Square::F3.bit()
    );
}

#[test]
fn between_and_line_match_generator_and_walkers() {
    let mut aligned = 0;
    for a in Square::ALL {
        for b in Square::ALL {
            let (ia, ib) = (a.index(), b.index());
            assert_eq!(
                BETWEEN[ia][ib],
                geometry::between(a.to_u8(), b.to_u8()),
                "{a} {b}"
            );
            assert_eq!(
                LINE[ia][ib],
                geometry::line(a.to_u8(), b.to_u8()),
                "{a} {b}"
            );
            assert_eq!(masks::between(a, b), reference::between(a, b), "{a} {b}");
            assert_eq!(masks::line(a, b), reference::line(a, b), "{a} {b}");
            assert_eq!(BETWEEN[ia][ib], BETWEEN[ib][ia]);
            assert_eq!(LINE[ia][ib], LINE[ib][ia]);
            if LINE[ia][ib] != 0 {
                aligned += 1;
                let ends = a.bit() | b.bit();
                assert_eq!(LINE[ia][ib] & ends, ends);
                assert_eq!(BETWEEN[ia][ib] & !LINE[ia][ib], 0);
            } else {
                assert_eq!(BETWEEN[ia][ib], 0);
            }
        }
    }
    // Each square sees 14 others on its rank and file plus its diagonals' lengths minus 2;
    // summed over the board that is 64 * 14 + 2 * 280 = 1456 ordered pairs.
    assert_eq!(aligned, 1456);
    assert_eq!(
        masks::between(Square::A1, Square::H8),
        0x0040_2010_0804_0200
    );
    assert_eq!(masks::between(Square::E1, Square::E2), 0);
    assert_eq!(
        masks::line(Square::B1, Square::A2),
        Square::B1.bit() | Square::A2.bit()
    );
}
