//! Edax's weight file: a file of random weights read by `Evaluator`, checked against an
//! evaluation written here from the format's definition (the packing by mirror images is
//! recomputed on bitboards), in both byte orders; bad files are errors, never panics.

mod kernels_common;
use kernels_common as common;

use bb_core::rng::Rng;
use bb_reversi::Board;
use bb_reversi::eval::patterns::{Group, PATTERNS, pow3};
use bb_reversi::eval::{
    self, EvalBoard, EvalFileError, EvalReadError, Evaluator, FILE_BYTES, Features, Mover, PACKED,
    PackedWeights, Packing, reference,
};
use std::sync::OnceLock;

const HEADER: usize = 28;

/// Bitboard symmetries other than the identity, square by square.
fn symmetric(b: u64, s: usize) -> u64 {
    let mut out = 0;
    for i in 0..64 {
        if b >> i & 1 != 0 {
            let (x, y) = (i % 8, i / 8);
            let (x, y) = match s {
                0 => (7 - x, y),
                1 => (x, 7 - y),
                2 => (7 - x, 7 - y),
                3 => (y, x),
                4 => (7 - y, x),
                5 => (y, 7 - x),
                _ => (7 - y, 7 - x),
            };
            out |= 1 << (y * 8 + x);
        }
    }
    out
}

/// The stored slot of every index of a group's first pattern: an index and the index of the
/// mirrored board share a slot, slots numbered by their smallest index.
fn slots(g: Group) -> Vec<usize> {
    let Some(f) = (0..46).find(|&f| Group::of(f) == Some(g)) else {
        return vec![0];
    };
    let squares = PATTERNS[f];
    let mask: u64 = squares.iter().map(|s| s.bit()).sum();
    let sym = (0..7)
        .find(|&s| symmetric(mask, s) == mask)
        .expect("a mirror");
    let n = squares.len();
    let index_of = |p: u64, o: u64| usize::from(reference::features(p, o).index(f).unwrap());
    let rep: Vec<usize> = (0..pow3(n))
        .map(|j| {
            let (mut p, mut o) = (0, 0);
            for (k, sq) in squares.iter().enumerate() {
                match j / pow3(n - 1 - k) % 3 {
                    0 => p |= sq.bit(),
                    1 => o |= sq.bit(),
                    _ => {}
                }
            }
            assert_eq!(index_of(p, o), j);
            j.min(index_of(symmetric(p, sym), symmetric(o, sym)))
        })
        .collect();
    let mut reps = rep.clone();
    reps.sort_unstable();
    reps.dedup();
    rep.iter().map(|r| reps.binary_search(r).unwrap()).collect()
}

struct Model {
    /// Per group: first packed slot and the slot of each index.
    groups: Vec<(usize, Vec<usize>)>,
}

impl Model {
    /// The model, built once for the tests that read it (seconds under an emulator).
    fn shared() -> &'static Model {
        static MODEL: OnceLock<Model> = OnceLock::new();
        MODEL.get_or_init(Model::new)
    }

    fn new() -> Model {
        let mut start = 0;
        let mut groups = Vec::new();
        let mut sizes = Vec::new();
        for g in Group::ALL {
            let s = slots(g);
            let n = s.iter().max().unwrap() + 1;
            groups.push((start, s));
            sizes.push(n);
            start += n;
        }
        // The packed sizes of Edax's format.
        assert_eq!(
            sizes,
            [
                10206, 29889, 29646, 29646, 3321, 3321, 3321, 3321, 1134, 378, 135, 45, 1
            ]
        );
        assert_eq!(start, PACKED);
        Model { groups }
    }

    /// The weighted sum of `board` from its side to move, read from `file` (weights given by
    /// `weight(file, file_ply, slot)`).
    fn sum(&self, board: Board, weight: &dyn Fn(usize, usize) -> i16) -> i32 {
        let empties = (!(board.p | board.o)).count_ones() as i32;
        let ply = 60 - empties;
        let file_ply = if ply < 2 {
            2 + (ply & 1)
        } else {
            ply.min(52 + (ply & 1))
        } as usize;
        let f = reference::features(board.p, board.o);
        let mut sum = 0;
        for (i, _) in PATTERNS.iter().enumerate() {
            let g = Group::ALL
                .iter()
                .position(|&g| Group::of(i) == Some(g))
                .unwrap();
            let (start, slots) = &self.groups[g];
            sum += i32::from(weight(
                file_ply,
                start + slots[usize::from(f.index(i).unwrap())],
            ));
        }
        sum + i32::from(weight(file_ply, PACKED - 1))
    }
}

fn score(sum: i32) -> i32 {
    let r = (sum.abs() + 64) / 128 * sum.signum();
    let r = if sum == 0 { 0 } else { r };
    r.clamp(-63, 63)
}

fn random_file(seed: u64, big_endian: bool) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut bytes = Vec::with_capacity(FILE_BYTES);
    let words: [u32; 5] = [0x4544_4158, 0x4556_414c, 4, 5, 6];
    for w in words {
        bytes.extend(if big_endian {
            w.to_be_bytes()
        } else {
            w.to_le_bytes()
        });
    }
    bytes.extend(0.0f64.to_le_bytes());
    while bytes.len() < FILE_BYTES {
        let word = rng.next_u64().to_le_bytes();
        let n = word.len().min(FILE_BYTES - bytes.len());
        bytes.extend_from_slice(&word[..n]);
    }
    bytes
}

fn weight_le(file: &[u8]) -> impl Fn(usize, usize) -> i16 + '_ {
    move |ply, slot| {
        let at = HEADER + 2 * (ply * PACKED + slot);
        i16::from_le_bytes([file[at], file[at + 1]])
    }
}

fn boards(n: usize) -> Vec<Board> {
    let mut v = Vec::new();
    bb_reversi::workload::random_positions(11, |b| {
        v.push(b);
        v.push(b.pass()); // the other side to move, the other parity's weights
        v.len() < n
    });
    // Boards past the file's plies (more than 60 empties: plies below 0).
    v.push(Board { p: 0, o: 0 });
    v.push(Board { p: 1, o: 0 });
    v
}

#[test]
fn random_weights_evaluate_as_the_format_says() {
    let model = Model::shared();
    let file = random_file(5, false);
    let e = Evaluator::from_bytes(&file).expect("a valid file");
    assert_eq!(e.version(), (4, 5, 6));
    let weight = weight_le(&file);
    for board in boards(common::scaled(3000)) {
        let want = model.sum(board, &weight);
        let empties = (!(board.p | board.o)).count_ones();
        let f = match Mover::for_empties(empties) {
            Mover::Zero => reference::features(board.p, board.o),
            Mover::One => reference::features(board.o, board.p),
        };
        assert_eq!(e.sum(&f, empties), want, "{board:?}");
        for backend in bb_simd::test_backends() {
            let got = bb_simd::dispatch!(backend, |b| e.sum_with(b, &f, empties));
            assert_eq!(got, want, "{board:?} on {backend:?}");
        }
        assert_eq!(e.evaluate(board), score(want), "{board:?}");
        assert_eq!(Evaluator::score_of_sum(want), score(want));
    }
}

#[test]
fn out_of_range_lanes_do_not_panic_and_sum_alike() {
    let e = Evaluator::from_bytes(&random_file(6, false)).expect("a valid file");
    for lanes in [[u16::MAX; 48], [59_049; 48], [6561; 48]] {
        let f = Features::from_lanes(lanes);
        for empties in (0..=64).chain([u32::MAX]) {
            let sum = e.sum(&f, empties);
            // Unspecified, but the same by every backend.
            for backend in bb_simd::test_backends() {
                let got = bb_simd::dispatch!(backend, |b| e.sum_with(b, &f, empties));
                assert_eq!(got, sum, "{empties} on {backend:?}");
            }
        }
    }
}

#[test]
fn big_endian_files_read_the_same() {
    let le = random_file(6, false);
    let mut be = random_file(6, true);
    for (b, l) in be[HEADER..]
        .chunks_exact_mut(2)
        .zip(le[HEADER..].chunks_exact(2))
    {
        b.copy_from_slice(&[l[1], l[0]]);
    }
    let (le, be) = (
        Evaluator::from_bytes(&le).unwrap(),
        Evaluator::from_bytes(&be).unwrap(),
    );
    assert_eq!(be.version(), (4, 5, 6));
    assert!(le == be, "byte orders disagree");
}

#[test]
fn bad_files_are_errors() {
    let good = random_file(7, false);
    for len in [0, 3, 8, 27, 28, FILE_BYTES - 1] {
        assert!(
            matches!(
                Evaluator::from_bytes(&good[..len]),
                Err(EvalFileError::TooShort { .. })
            ),
            "{len}"
        );
    }
    let mut bad = good.clone();
    bad[..8].copy_from_slice(b"NOPENOPE");
    let err = Evaluator::from_bytes(&bad).unwrap_err();
    assert!(matches!(err, EvalFileError::NotEdax { .. }));
    assert!(err.to_string().contains("not an Edax evaluation file"));
    let mut rng = Rng::new(8);
    for _ in 0..common::scaled(200) {
        let n = rng.below(64) as usize;
        let junk: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
        assert!(Evaluator::from_bytes(&junk).is_err());
    }
    // Trailing bytes are ignored, as Edax does.
    let mut long = good.clone();
    long.extend([1, 2, 3]);
    assert!(Evaluator::from_bytes(&long).unwrap() == Evaluator::from_bytes(&good).unwrap());
}

#[test]
fn packing_slots_read_the_weights_the_format_says() {
    let model = Model::shared();
    let packing = Packing::new();
    let file = random_file(9, false);
    let weight = weight_le(&file);
    let packed = PackedWeights::from_bytes(&file).expect("a valid file");
    let e = Evaluator::from_packed(&packed);
    for board in boards(common::scaled(3000)) {
        let empties = (!(board.p | board.o)).count_ones();
        let f = eval::sum_features(board);
        let ply = packed.ply(eval::file_ply(empties)).expect("a file ply");
        let sum: i32 = packing
            .slots(&f, empties)
            .iter()
            .map(|&s| i32::from(ply[s as usize]))
            .sum();
        let want = model.sum(board, &weight);
        assert_eq!(sum, want, "{board:?}");
        assert_eq!(e.sum(&f, empties), want, "{board:?}");
        assert_eq!(EvalBoard::new(board).sum(&e), want, "{board:?}");
        assert_eq!(EvalBoard::new(board).evaluate(&e), score(want), "{board:?}");
    }
}

#[test]
fn packed_weights_write_the_file_they_read() {
    let le = random_file(10, false);
    let packed = PackedWeights::from_bytes(&le).expect("a valid file");
    assert_eq!(packed.version(), (4, 5, 6));
    assert!(
        packed.to_bytes() == le,
        "written bytes differ from the file read"
    );
    // A big-endian file is written little-endian.
    let mut be = random_file(10, true);
    for (b, l) in be[HEADER..]
        .chunks_exact_mut(2)
        .zip(le[HEADER..].chunks_exact(2))
    {
        b.copy_from_slice(&[l[1], l[0]]);
    }
    assert!(PackedWeights::from_bytes(&be).unwrap().to_bytes() == le);
    assert!(Evaluator::from_packed(&packed) == Evaluator::from_bytes(&le).unwrap());
    // Out-of-range plies are None, not a panic.
    assert!(packed.ply(eval::FILE_PLIES).is_none());
    assert!(packed.ply(usize::MAX).is_none());
    let mut zeros = PackedWeights::zeros();
    assert!(zeros.ply_mut(usize::MAX).is_none());
    assert_eq!(Evaluator::from_packed(&zeros).evaluate(Board::START), 0);
}

#[cfg_attr(
    target_family = "wasm",
    ignore = "no file system under wasm32-wasip1 tests"
)]
#[test]
fn from_path_reads_a_file_and_names_it_in_errors() {
    let dir = std::env::temp_dir().join(format!("bb-eval-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("eval.dat");
    std::fs::write(&good, random_file(11, false)).unwrap();
    let e = Evaluator::from_path(&good).expect("a valid file");
    assert!(e == Evaluator::from_bytes(&random_file(11, false)).unwrap());
    let missing = dir.join("missing.dat");
    let err = Evaluator::from_path(&missing).unwrap_err();
    assert!(matches!(err, EvalReadError::Io { .. }));
    assert!(err.to_string().contains("missing.dat"), "{err}");
    let short = dir.join("short.dat");
    std::fs::write(&short, b"EDAXEVAL").unwrap();
    let err = Evaluator::from_path(&short).unwrap_err();
    assert!(matches!(
        err,
        EvalReadError::Format {
            error: EvalFileError::TooShort { .. },
            ..
        }
    ));
    assert!(err.to_string().contains("short.dat"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
