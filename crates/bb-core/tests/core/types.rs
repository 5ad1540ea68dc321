//! Square, File, Rank, Direction, Line and Bitboard.

use bb_core::{Bitboard, Direction, File, Line, ParseSquareError, Rank, Square};
use proptest::prelude::*;

#[test]
fn square_coordinates() {
    for (i, sq) in Square::ALL.into_iter().enumerate() {
        assert_eq!(sq.index(), i);
        assert_eq!(sq.bit(), 1 << i);
        assert_eq!(Square::new(i as u8), Some(sq));
        assert_eq!(Square::from_file_rank(sq.file(), sq.rank()), sq);
        assert_eq!(sq.file().index(), i % 8);
        assert_eq!(sq.rank().index(), i / 8);
        assert_eq!(sq.flip_vertical().bit(), sq.bit().swap_bytes());
        assert_eq!(sq.mirror_horizontal().file(), sq.file().mirror());
        assert_eq!(Square::try_from(i as u8), Ok(sq));
        assert_eq!(Square::new_masked(i as u8 | 0xc0), sq);
    }
    assert_eq!(Square::new(64), None);
    assert_eq!(Square::try_from(200u8), Err(200));
    assert_eq!(Square::E4.index(), 28);
    assert_eq!(Square::H8.index(), 63);
    assert_eq!(Square::A8.index(), 56);
}

#[test]
fn square_parse_display_round_trip() {
    for sq in Square::ALL {
        let s = sq.to_string();
        assert_eq!(s.parse::<Square>(), Ok(sq));
        assert_eq!(s.to_uppercase().parse::<Square>(), Ok(sq));
        assert_eq!(format!("{sq:?}"), s);
    }
    assert_eq!(Square::E4.to_string(), "e4");
    assert_eq!(Square::A1.to_string(), "a1");
    assert_eq!(Square::H8.to_string(), "h8");
}

#[test]
fn square_parse_errors_are_typed() {
    use ParseSquareError::*;
    let cases: [(&str, ParseSquareError); 9] = [
        ("", Empty),
        (
            "e",
            WrongLength {
                expected: 2,
                found: 1,
            },
        ),
        (
            "e44",
            WrongLength {
                expected: 2,
                found: 3,
            },
        ),
        (
            " e4",
            WrongLength {
                expected: 2,
                found: 3,
            },
        ),
        ("i4", InvalidFile('i')),
        ("44", InvalidFile('4')),
        ("e9", InvalidRank('9')),
        ("e0", InvalidRank('0')),
        ("\u{e9}4", InvalidFile('\u{e9}')),
    ];
    for (input, err) in cases {
        assert_eq!(input.parse::<Square>(), Err(err), "{input:?}");
        assert!(!err.to_string().is_empty());
    }
    assert_eq!("i".parse::<File>(), Err(InvalidFile('i')));
    assert_eq!(
        "ab".parse::<File>(),
        Err(WrongLength {
            expected: 1,
            found: 2
        })
    );
    assert_eq!("9".parse::<Rank>(), Err(InvalidRank('9')));
    assert_eq!("".parse::<Rank>(), Err(Empty));
    assert_eq!(
        InvalidFile('x').to_string(),
        "invalid file 'x', expected 'a'..='h'"
    );
    assert_eq!(
        WrongLength {
            expected: 2,
            found: 3
        }
        .to_string(),
        "expected 2 characters, found 3"
    );
}

#[test]
fn file_and_rank() {
    for (i, f) in File::ALL.into_iter().enumerate() {
        assert_eq!(f.index(), i);
        assert_eq!(File::new(i as u8), Some(f));
        assert_eq!(f.to_string().parse::<File>(), Ok(f));
        assert_eq!(f.mask(), 0x0101_0101_0101_0101 << i);
        assert_eq!(f.mirror().index(), 7 - i);
    }
    for (i, r) in Rank::ALL.into_iter().enumerate() {
        assert_eq!(r.index(), i);
        assert_eq!(Rank::new(i as u8), Some(r));
        assert_eq!(r.to_string().parse::<Rank>(), Ok(r));
        assert_eq!(r.mask(), 0xff << (8 * i));
        assert_eq!(r.flip().index(), 7 - i);
    }
    assert_eq!(File::new(8), None);
    assert_eq!(Rank::new(8), None);
    assert_eq!(File::E.to_string(), "e");
    assert_eq!(Rank::R4.to_string(), "4");
}

#[test]
fn directions() {
    let shifts = [8, 9, 1, -7, -8, -9, -1, 7];
    for (i, dir) in Direction::ALL.into_iter().enumerate() {
        assert_eq!(dir.index(), i);
        assert_eq!(dir.shift(), shifts[i]);
        assert_eq!(dir.opposite().shift(), -dir.shift());
        assert_eq!(dir.opposite().opposite(), dir);
        assert_eq!(dir.is_toward_msb(), dir.shift() > 0);
        let line = dir.line();
        assert!(line.toward_msb() == dir || line.toward_lsb() == dir);
        let mut may_move = 0;
        let mut lands = 0;
        for sq in Square::ALL {
            if let Some(to) = sq.offset(dir) {
                may_move |= sq.bit();
                lands |= to.bit();
                assert_eq!(
                    to.index() as i32 - sq.index() as i32,
                    i32::from(dir.shift())
                );
                assert_eq!(dir.apply(sq.bit()), to.bit());
                assert_eq!(dir.shift_bb(Bitboard::from(sq)), Bitboard::from(to));
            } else {
                assert_eq!(dir.apply(sq.bit()), 0, "{sq} {dir:?}");
            }
        }
        assert_eq!(dir.wrap_mask(), may_move, "{dir:?}");
        assert_eq!(dir.landing_mask(), lands, "{dir:?}");
    }
    assert_eq!(Direction::East.wrap_mask(), 0x7f7f_7f7f_7f7f_7f7f);
    assert_eq!(Direction::North.wrap_mask(), 0x00ff_ffff_ffff_ffff);
    assert_eq!(Direction::SouthWest.wrap_mask(), 0xfefe_fefe_fefe_fe00);
    for (i, line) in Line::ALL.into_iter().enumerate() {
        assert_eq!(line.index(), i);
        assert!(line.toward_msb().is_toward_msb());
        assert!(!line.toward_lsb().is_toward_msb());
        assert_eq!(line.toward_msb().line(), line);
    }
    assert_eq!(Line::Diagonal.toward_msb().shift(), 9);
    assert_eq!(Line::AntiDiagonal.toward_msb().shift(), 7);
}

#[test]
fn bitboard_basics() {
    let b = Bitboard::from(Square::H8) | Bitboard::from(Square::A1) | Bitboard(Square::E4.bit());
    assert_eq!(b.count(), 3);
    assert_eq!(
        b.iter().collect::<Vec<_>>(),
        [Square::A1, Square::E4, Square::H8]
    );
    assert_eq!(
        b.iter().rev().collect::<Vec<_>>(),
        [Square::H8, Square::E4, Square::A1]
    );
    assert_eq!(b.iter().len(), 3);
    assert_eq!(b.lsb(), Some(Square::A1));
    assert_eq!(b.msb(), Some(Square::H8));
    assert!(b.contains(Square::E4) && !b.contains(Square::E5));
    assert!(!b.is_empty() && Bitboard::EMPTY.is_empty());
    assert!(b.has_more_than_one() && !Bitboard::from(Square::A1).has_more_than_one());
    assert_eq!(b.into_iter().collect::<Bitboard>(), b);
    assert_eq!(b.without(Square::E4).with(Square::E5).count(), 3);
    let mut c = b;
    assert_eq!(c.pop_lsb(), Some(Square::A1));
    assert_eq!(c, b.without(Square::A1));
    assert_eq!(u64::from(!Bitboard::EMPTY), u64::MAX);
    assert_eq!(Bitboard::FULL.to_string().matches('X').count(), 64);
    assert_eq!(Bitboard::EMPTY.lsb(), None);
    assert_eq!(Bitboard::EMPTY.msb(), None);
    let boards = [b, Bitboard::FULL];
    let cast: &[u64] = bytemuck::cast_slice(&boards);
    assert_eq!(cast, [b.0, !0]);
    // Display: rank 8 first, e4 on the fifth line (rank 4), fifth column.
    let text = Bitboard::from(Square::E4).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 9);
    assert_eq!(lines[4], "4 . . . . X . . .");
    assert_eq!(lines[8], "  a b c d e f g h");
}

proptest! {
    #[test]
    fn square_parsing_never_panics(s in ".{0,6}") {
        if let Ok(sq) = s.parse::<Square>() {
            prop_assert_eq!(sq.to_string(), s.to_lowercase());
        }
        let _ = s.parse::<File>();
        let _ = s.parse::<Rank>();
    }

    #[test]
    fn bitboard_operators_match_u64(a: u64, b: u64, n in 0u32..64) {
        let (x, y) = (Bitboard(a), Bitboard(b));
        prop_assert_eq!((x & y).0, a & b);
        prop_assert_eq!((x | y).0, a | b);
        prop_assert_eq!((x ^ y).0, a ^ b);
        prop_assert_eq!((x & b).0, a & b);
        prop_assert_eq!((!x).0, !a);
        prop_assert_eq!((x << n).0, a << n);
        prop_assert_eq!((x >> n).0, a >> n);
        let mut z = x;
        z &= y;
        z |= Bitboard(1);
        z ^= 2u64;
        z <<= n;
        z >>= n;
        prop_assert_eq!(z.0, ((((a & b) | 1) ^ 2) << n) >> n);
        prop_assert_eq!(x.count(), a.count_ones());
        prop_assert_eq!(x.iter().count(), a.count_ones() as usize);
        prop_assert!(x.iter().zip(x.iter().skip(1)).all(|(p, q)| p < q));
        prop_assert_eq!(x.iter().fold(0, |acc, s| acc | s.bit()), a);
    }
}
