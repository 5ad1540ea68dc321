//! The SIMD primitives (vector popcount, byte dot product) on every backend against plain loops.

use bb_simd::primitives::{
    DotVariant, PopcntVariant, dot_u8i8_reference, dot_u8i8_sat16_reference, popcount_each,
    popcount_sum, popcount_sum_dispatch, popcount_sum_reference,
};
use bb_simd::{Backend, Scalar};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// `n` random cases scaled by `BB_TEST_SCALE`, at least 8.
fn cases(n: u32) -> u32 {
    bb_simd::scaled(n as usize, 8) as u32
}

fn check_popcount<B: Backend>(b: B, boards: &[u64]) {
    let want = popcount_sum_reference(boards);
    for v in PopcntVariant::ALL {
        let got = b.vectorize(|| popcount_sum(b, boards, v));
        assert_eq!(
            got,
            want,
            "{} popcount_sum {} on {boards:#x?}",
            b.name(),
            v.name()
        );
        let mut out = vec![0u64; boards.len()];
        b.vectorize(|| popcount_each(b, boards, &mut out, v));
        let each: Vec<u64> = boards.iter().map(|x| u64::from(x.count_ones())).collect();
        assert_eq!(out, each, "{} popcount_each {}", b.name(), v.name());
    }
}

fn check_dot<B: Backend>(b: B, f: &[u8; 64], w: &[i8; 64]) {
    assert_eq!(
        b.dot_u8i8(f, w),
        dot_u8i8_reference(f, w),
        "{} dot exact f={f:?} w={w:?}",
        b.name()
    );
    assert_eq!(
        b.dot_u8i8_sat16(f, w),
        dot_u8i8_sat16_reference(f, w),
        "{} dot sat16 f={f:?} w={w:?}",
        b.name()
    );
    for v in DotVariant::ALL {
        assert_eq!(
            b.vectorize(|| v.apply(b, f, w)),
            v.reference(f, w),
            "{} {}",
            b.name(),
            v.name()
        );
    }
}

fn check_all<B: Backend>(b: B) {
    let edges = [
        0u64,
        u64::MAX,
        1,
        1 << 63,
        0x5555_5555_5555_5555,
        0xff00_ff00_ff00_ff00,
    ];
    for len in 0..=9 {
        let boards: Vec<u64> = (0..len)
            .map(|i| edges[i % edges.len()].rotate_left(i as u32))
            .collect();
        check_popcount(b, &boards);
    }
    for (f, w) in [(255u8, 127i8), (255, -128), (0, -128), (1, 1), (128, -1)] {
        check_dot(b, &[f; 64], &[w; 64]);
    }
    // saturation that depends on the order of the adds
    let mut f = [255u8; 64];
    let mut w = [127i8; 64];
    for i in (0..64).step_by(3) {
        w[i] = -128;
        f[i ^ 1] = 7;
    }
    check_dot(b, &f, &w);
    let mut runner = TestRunner::new(Config {
        cases: cases(256),
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(
            &(
                proptest::collection::vec(any::<u64>(), 0..70),
                any::<[u8; 64]>(),
                any::<[i8; 64]>(),
                0u8..=255,
            ),
            |(boards, f, w, cap)| {
                check_popcount(b, &boards);
                check_dot(b, &f, &w);
                // small features: the saturating variant agrees with the exact one
                let small = f.map(|x| x.min(cap) / 32);
                check_dot(b, &small, &w);
                Ok(())
            },
        )
        .unwrap();
}

#[test]
fn primitives_match_plain_loops_on_every_backend() {
    bb_simd::for_each_backend!(|b| check_all(b));
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
        Scalar.dot_u8i8_sat16(&[255; 64], &[-128; 64]),
        i32::from(i16::MIN)
    );
}

#[test]
fn convenience_free_functions() {
    let boards: Vec<u64> = (0..1000u64)
        .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .collect();
    let want = popcount_sum_reference(&boards);
    assert_eq!(popcount_sum_dispatch(&boards), want);
}
