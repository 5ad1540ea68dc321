//! The seeded generator: reproducible, in range, and of the requested density.

use bb_core::rng::{Rng, SplitMix64};

#[test]
fn splitmix_known_output() {
    // Published first output of SplitMix64 from state 0.
    assert_eq!(SplitMix64(0).next_u64(), 0xe220_a839_7b1d_cdaf);
}

#[test]
fn same_seed_same_stream_different_seed_different_stream() {
    let (mut a, mut b, mut c) = (Rng::new(1), Rng::new(1), Rng::new(2));
    let xs: Vec<u64> = (0..16).map(|_| a.next_u64()).collect();
    let ys: Vec<u64> = (0..16).map(|_| b.next_u64()).collect();
    let zs: Vec<u64> = (0..16).map(|_| c.next_u64()).collect();
    assert_eq!(xs, ys);
    assert_ne!(xs, zs);
}

#[test]
fn below_stays_in_range_and_covers_it() {
    let mut rng = Rng::new(9);
    assert_eq!(rng.below(0), 0);
    assert_eq!(rng.below(1), 0);
    let mut seen = [0u32; 10];
    for _ in 0..10_000 {
        let v = rng.below(10);
        assert!(v < 10);
        seen[v as usize] += 1;
    }
    // Each bucket expects 1000; 800..1200 is over six standard deviations wide.
    assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    for _ in 0..1000 {
        assert!(rng.below(u64::MAX) < u64::MAX);
    }
    let squares: u64 = (0..2000).fold(0, |acc, _| acc | rng.square().bit());
    assert_eq!(squares, !0);
}

#[test]
fn bitboards_have_the_requested_density() {
    let mut rng = Rng::new(5);
    assert_eq!(rng.bitboard(0), 0);
    assert_eq!(rng.bitboard(256), !0);
    assert_eq!(rng.bitboard(1000), !0);
    for density in [1u32, 16, 64, 128, 200, 255] {
        let n = 2000;
        let total: u32 = (0..n).map(|_| rng.bitboard(density).count_ones()).sum();
        let mean = f64::from(total) / f64::from(n);
        let expect = 64.0 * f64::from(density) / 256.0;
        assert!(
            (mean - expect).abs() < 0.5,
            "density {density}: mean {mean}, expected {expect}"
        );
    }
    let sparse: u32 = (0..2000).map(|_| rng.sparse().count_ones()).sum();
    let dense: u32 = (0..2000).map(|_| rng.dense().count_ones()).sum();
    assert!((f64::from(sparse) / 2000.0 - 8.0).abs() < 0.5);
    assert!((f64::from(dense) / 2000.0 - 56.0).abs() < 0.5);
    let b = rng.any_density();
    let (p, o) = rng.partition(b);
    assert_eq!((p & o, p | o), (0, b));
}
