//! Pattern features: the definition's shape (every group is one pattern under the board's
//! symmetries), every variant on every backend against the square-by-square oracle, and the
//! incremental form (moves and passes in Edax's side-to-move model) equal to the oracle along
//! random games.

mod kernels_common;
use kernels_common as common;

use bb_core::Square;
use bb_core::rng::Rng;
use bb_reversi::Board;
use bb_reversi::eval::patterns::{Group, PATTERN_COUNT, PATTERNS, pow3};
use bb_reversi::eval::{self, FeatureSet, FeatureUpdate, Features, Mover, UpdateInput, reference};
use bb_simd::{Backend, WithBackend};

/// The eight symmetries of the board as square maps, written from file and rank.
fn symmetries() -> [fn(Square) -> Square; 8] {
    fn t(sq: Square, f: impl Fn(u8, u8) -> (u8, u8)) -> Square {
        let (x, y) = f(sq.index() as u8 % 8, sq.index() as u8 / 8);
        Square::new(y * 8 + x).expect("on the board")
    }
    [
        |s| s,
        |s| t(s, |x, y| (7 - x, y)),
        |s| t(s, |x, y| (x, 7 - y)),
        |s| t(s, |x, y| (7 - x, 7 - y)),
        |s| t(s, |x, y| (y, x)),
        |s| t(s, |x, y| (7 - y, x)),
        |s| t(s, |x, y| (y, 7 - x)),
        |s| t(s, |x, y| (7 - y, 7 - x)),
    ]
}

#[test]
fn each_group_is_one_pattern_under_symmetry() {
    let syms = symmetries();
    let mut first = [None; 13];
    for (f, squares) in PATTERNS.iter().enumerate() {
        let g = Group::of(f).expect("a pattern");
        assert_eq!(squares.len(), g.squares(), "feature {f}");
        let pos = Group::ALL.iter().position(|&x| x == g).unwrap();
        let base: &[Square] = first[pos].get_or_insert(*squares);
        assert!(
            syms.iter()
                .any(|s| base.iter().map(|&q| s(q)).eq(squares.iter().copied())),
            "feature {f} is not an ordered image of its group's first pattern"
        );
    }
    assert_eq!(Group::of(PATTERN_COUNT), None);
}

#[test]
fn every_square_is_read_by_four_to_seven_patterns() {
    for i in 0..64 {
        let n = PATTERNS
            .iter()
            .filter(|p| p.iter().any(|s| s.index() == i))
            .count();
        assert!((4..=7).contains(&n), "square {i}: {n}");
    }
    for p in PATTERNS {
        let mut seen = 0u64;
        for s in p {
            assert_eq!(seen & s.bit(), 0, "a pattern reads a square twice");
            seen |= s.bit();
        }
    }
}

#[test]
fn oracle_indices_by_hand() {
    // Empty board: every digit 2, the largest index of each pattern.
    let f = reference::features(0, 0);
    for (i, p) in PATTERNS.iter().enumerate() {
        assert_eq!(f.index(i), Some((pow3(p.len()) - 1) as u16));
    }
    // Digit 0 on a1, digit 1 on h8: the main diagonal a1..h8 reads 0 2 2 2 2 2 2 1.
    let f = reference::features(Square::A1.bit(), Square::H8.bit());
    assert_eq!(f.index(28), Some(2 * (729 + 243 + 81 + 27 + 9 + 3) + 1));
    assert_eq!(f.index(46), Some(0));
    assert_eq!(f.index(47), Some(0));
}

fn positions(seed: u64, n: usize) -> Vec<(u64, u64)> {
    let mut v = Vec::new();
    bb_reversi::workload::random_positions(seed, |b| {
        v.push((b.p, b.o));
        v.len() < n
    });
    v.extend(common::random_positions(seed ^ 7, n));
    v
}

#[test]
fn set_variants_match_the_oracle() {
    bb_simd::kernel::check::<FeatureSet>(&positions(1, common::scaled(2000)));
}

#[test]
fn update_variants_match_the_oracle() {
    let mut inputs = Vec::new();
    bb_reversi::workload::samples(2, |s| {
        let flipped = Board { p: s.p, o: s.o }.flip(s.sq);
        // The mover as digit 0, and as digit 1 (the same board seen from the opponent).
        inputs.push(UpdateInput {
            features: reference::features(s.p, s.o),
            sq: s.sq,
            flipped,
            mover: Mover::Zero,
            p: s.p,
            o: s.o,
        });
        inputs.push(UpdateInput {
            features: reference::features(s.o, s.p),
            sq: s.sq,
            flipped,
            mover: Mover::One,
            p: s.o,
            o: s.p,
        });
        inputs.len() < common::scaled(4000)
    });
    bb_simd::kernel::check::<FeatureUpdate>(&inputs);
}

#[test]
fn pass_exchanges_the_colours() {
    for (p, o) in positions(3, common::scaled(2000)) {
        assert_eq!(
            eval::pass(&reference::features(p, o)),
            reference::features(o, p)
        );
    }
    // Out-of-range lanes do not panic.
    let _ = eval::pass(&Features::from_lanes([u16::MAX; 48]));
}

/// Random games with the default kernels in Edax's model: set once, update on each move with
/// the mover's digit from the parity, swap the digits on each pass; checked against the oracle
/// of the board seen from the parity's side after every step.
#[derive(Clone, Copy)]
struct Games(usize);
impl WithBackend for Games {
    type Output = (usize, usize);
    fn run<B: Backend>(self, b: B) -> (usize, usize) {
        let mut rng = Rng::new(41);
        let (mut steps, mut passes) = (0, 0);
        for _ in 0..self.0 {
            let mut board = Board::START;
            let seen = |board: Board| {
                let empties = (!(board.p | board.o)).count_ones();
                match Mover::for_empties(empties) {
                    Mover::Zero => reference::features(board.p, board.o),
                    Mover::One => reference::features(board.o, board.p),
                }
            };
            let mut f = b.vectorize(|| eval::set(b, board.p, board.o));
            loop {
                let mut moves = board.moves_with(b);
                if moves == 0 {
                    board = board.pass();
                    if board.moves_with(b) == 0 {
                        break;
                    }
                    f = eval::pass(&f);
                    passes += 1;
                    assert_eq!(f, seen(board), "after a pass on {}", B::NAME);
                    moves = board.moves_with(b);
                }
                for _ in 0..rng.below(u64::from(moves.count_ones())) {
                    moves &= moves - 1;
                }
                let sq = Square::new_masked(moves.trailing_zeros() as u8);
                let flipped = board.flip_with(b, sq);
                let mover = Mover::for_empties((!(board.p | board.o)).count_ones());
                f = b.vectorize(|| eval::update(b, &f, sq, flipped, mover));
                board = board.play_with(b, sq).expect("legal");
                steps += 1;
                assert_eq!(f, seen(board), "after {sq:?} on {}", B::NAME);
            }
        }
        (steps, passes)
    }
}

#[test]
fn incremental_features_follow_random_games() {
    for (backend, (steps, passes)) in bb_simd::for_each_backend(Games(common::scaled(1000))) {
        assert!(steps > 0, "{backend:?}");
        assert!(passes > 0, "{backend:?}: no pass was exercised");
    }
}

/// [`EvalBoard`](eval::EvalBoard) along random games: its features are the board's seen as the
/// sum takes them after every move and pass, and an illegal move is refused.
#[derive(Clone, Copy)]
struct Tracked(usize);
impl WithBackend for Tracked {
    type Output = usize;
    fn run<B: Backend>(self, b: B) -> usize {
        let mut rng = Rng::new(43);
        let mut steps = 0;
        for _ in 0..self.0 {
            let mut e = eval::EvalBoard::new_with(b, Board::START);
            loop {
                let board = e.board();
                let empties = (!(board.p | board.o)).count_ones();
                let seen = match Mover::for_empties(empties) {
                    Mover::Zero => reference::features(board.p, board.o),
                    Mover::One => reference::features(board.o, board.p),
                };
                assert_eq!(*e.features(), seen, "on {}", B::NAME);
                let mut moves = board.moves_with(b);
                if moves == 0 {
                    if board.pass().moves_with(b) == 0 {
                        break;
                    }
                    e = e.pass();
                    continue;
                }
                let illegal = !moves & !(board.p | board.o);
                if illegal != 0 {
                    let sq = Square::new_masked(illegal.trailing_zeros() as u8);
                    assert!(e.play_with(b, sq).is_none(), "{sq:?} on {}", B::NAME);
                }
                for _ in 0..rng.below(u64::from(moves.count_ones())) {
                    moves &= moves - 1;
                }
                let sq = Square::new_masked(moves.trailing_zeros() as u8);
                let next = e.play_with(b, sq).expect("legal");
                assert_eq!(next.board(), board.play_with(b, sq).expect("legal"));
                e = next;
                steps += 1;
            }
        }
        steps
    }
}

#[test]
fn eval_board_follows_random_games() {
    for (backend, steps) in bb_simd::for_each_backend(Tracked(common::scaled(200))) {
        assert!(steps > 0, "{backend:?}");
    }
    // The auto-backend entry points agree with the explicit ones.
    let e = eval::EvalBoard::new(Board::START);
    let next = e.play(Square::F5).expect("legal");
    assert_eq!(*next.features(), eval::sum_features(next.board()));
    assert!(e.play(Square::A1).is_none());
}
