//! The SIMD primitives (vector popcount, byte dot product) on every backend against plain loops:
//! every variant of the kernel registry through `kernel::check`, and the popcount's sums and
//! per-board counts on every length.

use bb_simd::kernel;
use bb_simd::primitives::dot::{
    Dot, DotVariant, dot_u8i8, dot_u8i8_reference, dot_u8i8_sat16_reference,
};
use bb_simd::primitives::popcount::{
    BackendPopcnt, NibbleLut, PopcntVariant, Popcount, Swar, popcount_each, popcount_sum,
    popcount_sum_dispatch, popcount_sum_reference,
};
use bb_simd::{Backend, Isa, Scalar};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;

/// `n` random cases scaled by `BB_TEST_SCALE`, at least 8.
fn cases(n: u32) -> u32 {
    bb_simd::scaled(n as usize, 8) as u32
}

/// Random inputs of one proptest strategy, `n` of them scaled.
fn sample<T: std::fmt::Debug>(n: u32, s: impl Strategy<Value = T>) -> Vec<T> {
    let mut runner = TestRunner::deterministic();
    (0..cases(n))
        .map(|_| s.new_tree(&mut runner).unwrap().current())
        .collect()
}

const EDGES: [u64; 6] = [
    0,
    u64::MAX,
    1,
    1 << 63,
    0x5555_5555_5555_5555,
    0xff00_ff00_ff00_ff00,
];

#[test]
fn popcount_kernel_matches_plain_loop_on_every_backend() {
    let mut inputs: Vec<[u64; 8]> = (0..EDGES.len())
        .map(|i| std::array::from_fn(|j| EDGES[(i + j) % EDGES.len()].rotate_left(j as u32)))
        .collect();
    // Sparse and dense boards as well as uniform ones.
    let board = prop_oneof![
        any::<u64>(),
        (any::<u64>(), any::<u64>()).prop_map(|(a, b)| a & b),
        (any::<u64>(), any::<u64>()).prop_map(|(a, b)| a | b)
    ];
    inputs.extend(sample(256, proptest::array::uniform8(board)));
    let ran = kernel::check::<Popcount>(&inputs);
    assert!(ran.iter().all(|&(_, n)| n == 3), "{ran:?}");
}

/// Every listed popcount variant's `sum` and `each` on one backend and one slice; returns the
/// names checked.
fn check_popcount<B: Backend>(b: B, boards: &[u64]) -> Vec<&'static str> {
    fn one<V: PopcntVariant, B: Backend>(b: B, boards: &[u64]) -> &'static str {
        let want = popcount_sum_reference(boards);
        let got = b.vectorize(|| V::sum(b, boards));
        assert_eq!(got, want, "{} sum {} on {boards:#x?}", b.name(), V::NAME);
        let each: Vec<u64> = boards.iter().map(|x| u64::from(x.count_ones())).collect();
        // `out` longer and shorter than `boards`: only the common prefix is written.
        for extra in [0usize, 3] {
            let mut out = vec![u64::MAX; boards.len() + extra];
            b.vectorize(|| V::each(b, boards, &mut out));
            assert_eq!(&out[..boards.len()], each, "{} each {}", b.name(), V::NAME);
            assert!(out[boards.len()..].iter().all(|&x| x == u64::MAX));
        }
        let short = boards.len() / 2;
        let mut out = vec![u64::MAX; short];
        b.vectorize(|| V::each(b, boards, &mut out));
        assert_eq!(
            out,
            each[..short],
            "{} each {} (short out)",
            b.name(),
            V::NAME
        );
        V::NAME
    }
    let names = vec![
        one::<Swar, B>(b, boards),
        one::<NibbleLut, B>(b, boards),
        one::<BackendPopcnt, B>(b, boards),
    ];
    // The default functions.
    assert_eq!(
        b.vectorize(|| popcount_sum(b, boards)),
        popcount_sum_reference(boards)
    );
    let mut out = vec![0; boards.len()];
    b.vectorize(|| popcount_each(b, boards, &mut out));
    assert!(
        boards
            .iter()
            .zip(&out)
            .all(|(x, &n)| u64::from(x.count_ones()) == n)
    );
    names
}

#[test]
fn popcount_sums_and_counts_every_length_on_every_backend() {
    // The variants checked here are the kernel's, all of them.
    let names = check_popcount(Scalar, &[]);
    assert_eq!(names, kernel::variant_names::<Popcount>());
    let mut slices: Vec<Vec<u64>> = (0..=9)
        .map(|len| {
            (0..len)
                .map(|i| EDGES[i % EDGES.len()].rotate_left(i as u32))
                .collect()
        })
        .collect();
    slices.extend(sample(64, proptest::collection::vec(any::<u64>(), 0..70)));
    bb_simd::for_each_backend!(|b| {
        for s in &slices {
            check_popcount(b, s);
        }
    });
}

/// Dot inputs: constant vectors at the extremes, an order-dependent saturation, random bytes
/// and small features (where `sat16` does not saturate and must equal the exact sum).
fn dot_inputs() -> Vec<([u8; 64], [i8; 64])> {
    let mut v: Vec<([u8; 64], [i8; 64])> =
        [(255u8, 127i8), (255, -128), (0, -128), (1, 1), (128, -1)]
            .map(|(f, w)| ([f; 64], [w; 64]))
            .to_vec();
    // saturation that depends on the order of the adds
    let mut f = [255u8; 64];
    let mut w = [127i8; 64];
    for i in (0..64).step_by(3) {
        w[i] = -128;
        f[i ^ 1] = 7;
    }
    v.push((f, w));
    let random = sample(256, (any::<[u8; 64]>(), any::<[i8; 64]>(), 0u8..=255));
    for (f, w, cap) in random {
        v.push((f, w));
        v.push((f.map(|x| x.min(cap) / 32), w));
    }
    v
}

#[test]
fn dot_kernel_matches_plain_loops_on_every_backend() {
    let inputs = dot_inputs();
    let ran = kernel::check::<Dot>(&inputs);
    assert!(ran.iter().all(|&(_, n)| n == 2), "{ran:?}");
    // The default function, and `sat16` equal to the exact sum wherever nothing saturates.
    bb_simd::for_each_backend!(|b| {
        for (f, w) in &inputs {
            assert_eq!(
                b.vectorize(|| dot_u8i8(b, f, w)),
                dot_u8i8_reference(f, w),
                "{}",
                b.name()
            );
        }
    });
    let small = inputs.iter().filter(|(f, _)| f.iter().all(|&x| x < 8));
    for (f, w) in small {
        assert_eq!(dot_u8i8_sat16_reference(f, w), dot_u8i8_reference(f, w));
    }
}

#[test]
fn sat16_equals_exact_without_saturation() {
    let f = [3u8; 64];
    let w = [-5i8; 64];
    assert_eq!(dot_u8i8_sat16_reference(&f, &w), dot_u8i8_reference(&f, &w));
    assert_eq!(dot_u8i8_reference(&[255; 64], &[127; 64]), 64 * 255 * 127);
    assert_eq!(
        dot_u8i8_sat16_reference(&[255; 64], &[127; 64]),
        i32::from(i16::MAX)
    );
    assert_eq!(
        dot_u8i8_sat16_reference(&[255; 64], &[-128; 64]),
        i32::from(i16::MIN)
    );
    assert_eq!(
        bb_simd::primitives::dot::Sat16::dot(Scalar, &[255; 64], &[-128; 64]),
        i32::from(i16::MIN)
    );
}

#[test]
fn default_tables_name_listed_variants() {
    for isa in Isa::ALL {
        assert!(
            kernel::variant_names::<Popcount>()
                .contains(&bb_simd::primitives::popcount::default_name(isa, true))
        );
        assert!(
            kernel::variant_names::<Dot>()
                .contains(&bb_simd::primitives::dot::default_name(isa, true))
        );
    }
}

#[test]
fn convenience_free_functions() {
    let boards: Vec<u64> = (0..1000u64)
        .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .collect();
    let want = popcount_sum_reference(&boards);
    assert_eq!(popcount_sum_dispatch(&boards), want);
}
