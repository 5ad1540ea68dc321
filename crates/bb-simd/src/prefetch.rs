//! A cache prefetch hint that safe code can call.
//!
//! Engines and the benchmark harness stream large arrays (transposition tables, sample sets)
//! whose next element is known long before it is used. The hardware prefetcher follows a
//! sequential stream, but not far enough ahead when each element is consumed in a few
//! nanoseconds: the benchmark loops over a million flip samples (24 MiB) measured about 1 ns
//! per call of L3 latency on top of the kernel until they prefetched 1 KiB ahead.

/// Asks the CPU to bring the cache line at `p` into the L1 data cache. A hint only: it never
/// dereferences `p`, never faults (any address is allowed, including one past the end of a
/// slice or a dangling one), never changes memory, and compiles to nothing on targets without
/// a stable prefetch instruction. Taking a pointer lets a loop prefetch `i + distance` with
/// `wrapping_add` and no bounds check.
///
/// ```
/// let v = [1u64, 2, 3];
/// bb_simd::prefetch(&v[2]);
/// bb_simd::prefetch(v.as_ptr().wrapping_add(100)); // beyond the array: still fine
/// assert_eq!(v[2], 3);
/// ```
#[inline(always)]
pub fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: PREFETCHT0 (SSE, part of the x86-64 baseline) only hints the cache; it does
    // not access memory architecturally and cannot fault, whatever the address.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p.cast::<i8>());
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: PRFM PLDL1KEEP is a hint: it does not access memory architecturally, cannot
    // fault whatever the address, and changes no register or flag.
    unsafe {
        core::arch::asm!(
            "prfm pldl1keep, [{p}]",
            p = in(reg) p,
            options(nostack, preserves_flags, readonly)
        );
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    let _ = p;
}
