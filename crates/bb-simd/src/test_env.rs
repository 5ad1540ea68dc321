//! The test suites' environment knobs, read in one place: `BB_TEST_SCALE` here, `BB_BACKEND` and
//! `BB_REQUIRE` in [`test_backends`](crate::test_backends).

/// `BB_TEST_SCALE` (default 1.0; an unparsable or negative value counts as 1.0): the factor the
/// test suites apply to their random-case counts. The QEMU lanes lower it, since emulation is
/// slow; it never skips a kernel.
pub fn test_scale() -> f64 {
    std::env::var("BB_TEST_SCALE")
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .unwrap_or(1.0)
}

/// `n` random cases scaled by [`test_scale`], at least `min`.
///
/// ```
/// assert!(bb_simd::scaled(1000, 8) >= 8);
/// ```
pub fn scaled(n: usize, min: usize) -> usize {
    ((n as f64 * test_scale()) as usize).max(min)
}
