//! Population count of bitboards four at a time (`U64x4` lanes -> per-lane counts), summed or
//! written per board.
//!
//! Every technique is a public zero-sized type implementing [`PopcntVariant`]; the kernel
//! declaration [`Popcount`] lists them for the tests and benchmarks, and [`popcount_sum`] /
//! [`popcount_each`] use each backend's default.
//!
//! | type | `NAME` | idea |
//! |---|---|---|
//! | [`Swar`] | `swar` | add bits in pairs, nibbles, bytes, in vector registers |
//! | [`NibbleLut`] | `nibble_lut` | Muła's two PSHUFB nibble lookups, PSADBW to sum the bytes |
//! | [`BackendPopcnt`] | `default` | the backend's own `u64x4_popcnt` (VPOPCNTQ, CNT, ...) |
//!
//! ```
//! use bb_simd::primitives::popcount::{popcount_sum, popcount_sum_reference};
//! let boards = [0xffu64, 0x8000_0000_0000_0001, 0, u64::MAX, 7];
//! let total = bb_simd::dispatch!(|b| popcount_sum(b, &boards));
//! assert_eq!(total, popcount_sum_reference(&boards));
//! ```

use crate::{Backend, Isa};

mod backend;
mod lanes;

pub use backend::BackendPopcnt;
pub use lanes::{NibbleLut, Swar};

/// A population-count technique for four bitboards at once.
///
/// ```
/// use bb_simd::primitives::popcount::{PopcntVariant, Swar};
/// use bb_simd::{Backend, Scalar};
/// let b = Scalar;
/// let v = b.u64x4_from_array([0, u64::MAX, 0xf0, 1 << 63]);
/// assert_eq!(b.u64x4_to_array(Swar::popcnt(b, v)), [0, 64, 4, 1]);
/// assert_eq!(Swar::sum(b, &[u64::MAX; 9]), 9 * 64);
/// ```
pub trait PopcntVariant: Copy + Default + Send + Sync + 'static {
    /// Short name used by tests, criterion and `bb bench` (e.g. `"nibble_lut"`).
    const NAME: &'static str;
    /// Whether this variant runs natively (not through emulated operations) on `B`; the
    /// benchmarks skip it otherwise. Tests check every variant on every backend anyway.
    #[must_use]
    fn supported<B: Backend>() -> bool {
        true
    }
    /// The number of set bits of each lane.
    fn popcnt<B: Backend>(b: B, v: B::U64x4) -> B::U64x4;

    /// Total population of `boards`, four boards per step (the tail with the scalar `popcnt`).
    #[inline(always)]
    fn sum<B: Backend>(b: B, boards: &[u64]) -> u64 {
        let mut acc = b.u64x4_zero();
        let mut chunks = boards.chunks_exact(4);
        for c in &mut chunks {
            let v = b.u64x4_from_array([c[0], c[1], c[2], c[3]]);
            acc = b.u64x4_add(acc, Self::popcnt(b, v));
        }
        let tail: u64 = chunks
            .remainder()
            .iter()
            .map(|&x| u64::from(b.popcnt(x)))
            .sum();
        b.u64x4_hadd(acc) + tail
    }

    /// Per-board counts of `boards` into `out` (`out[i] = popcount(boards[i])`, up to the
    /// shorter length).
    #[inline(always)]
    fn each<B: Backend>(b: B, boards: &[u64], out: &mut [u64]) {
        let n = boards.len().min(out.len());
        let (boards, out) = (&boards[..n], &mut out[..n]);
        let mut ins = boards.chunks_exact(4);
        let mut outs = out.chunks_exact_mut(4);
        for (i, o) in (&mut ins).zip(&mut outs) {
            let v = b.u64x4_from_array([i[0], i[1], i[2], i[3]]);
            o.copy_from_slice(&b.u64x4_to_array(Self::popcnt(b, v)));
        }
        for (i, o) in ins.remainder().iter().zip(outs.into_remainder()) {
            *o = u64::from(b.popcnt(*i));
        }
    }
}

/// The popcount kernel: input eight bitboards, output their total population; every
/// [`PopcntVariant`] (see [`crate::kernel`](mod@crate::kernel)).
///
/// ```
/// use bb_simd::primitives::popcount::Popcount;
/// let names = bb_simd::kernel::variant_names::<Popcount>();
/// assert_eq!(names, ["swar", "nibble_lut", "default"]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Popcount;

crate::kernel! {
    Popcount: PopcntVariant {
        name: "popcount",
        input: [u64; 8],
        output: u64,
        reference(x) { popcount_sum_reference(x) }
        // Every lane, so that the compiler folds it into vector XORs (a single-lane store
        // followed by a full-width load would add a store-forwarding stall).
        chain(x, z) { x.map(|w| w ^ z) }
        fold(n) { n }
        default_name<B>() { default_name(B::ISA, B::FAST_PEXT) }
        run<V>(b, x) { V::sum(b, x) }
        variants [Swar, NibbleLut, BackendPopcnt]
    }
}

/// The per-backend default table, read by [`popcount_sum`], [`popcount_each`] and
/// [`default_name`]: `V` names the variant type of `$isa` inside `$e`. Exhaustive, so a new
/// backend token does not compile until it has a default here.
macro_rules! default_variant {
    ($isa:expr, |$V:ident| $e:expr) => {
        crate::select_variant!($isa, |$V| $e, {
            // The backend's own sequence is the fastest measured on every backend
            // (docs/benchmarks.md): VPOPCNTQ, CNT, Muła's lookup or SWAR + PSADBW.
            Isa::Scalar
            | Isa::Sse2
            | Isa::Ssse3
            | Isa::Avx2
            | Isa::Avx512
            | Isa::Avx512Vbmi
            | Isa::Neon
            | Isa::Wasm128 => BackendPopcnt,
        })
    };
}

/// Total population of `boards` with the default variant of `B`.
#[inline(always)]
pub fn popcount_sum<B: Backend>(b: B, boards: &[u64]) -> u64 {
    default_variant!(B::ISA, |V| V::sum(b, boards))
}

/// Per-board counts of `boards` into `out` with the default variant of `B` (see
/// [`PopcntVariant::each`]).
///
/// ```
/// use bb_simd::primitives::popcount::popcount_each;
/// let mut out = [0u64; 5];
/// bb_simd::dispatch!(|b| popcount_each(b, &[1, 3, 7, 15, u64::MAX], &mut out));
/// assert_eq!(out, [1, 2, 3, 4, 64]);
/// ```
#[inline(always)]
pub fn popcount_each<B: Backend>(b: B, boards: &[u64], out: &mut [u64]) {
    default_variant!(B::ISA, |V| V::each(b, boards, out))
}

/// The name of the variant [`popcount_sum`] uses on backends of instruction set `isa`; `fast_pext`
/// (whether PEXT is fast there) does not change the choice.
///
/// ```
/// use bb_simd::primitives::popcount::default_name;
/// assert_eq!(default_name(bb_simd::Isa::Avx512Vbmi, true), "default");
/// ```
#[must_use]
pub const fn default_name(isa: Isa, fast_pext: bool) -> &'static str {
    let _ = fast_pext;
    default_variant!(isa, |V| V::NAME)
}

/// The plain loop: `boards.iter().map(count_ones).sum()`.
#[must_use]
pub fn popcount_sum_reference(boards: &[u64]) -> u64 {
    boards.iter().map(|x| u64::from(x.count_ones())).sum()
}

/// Convenience free function that dispatches on every call: [`best_backend`](crate::best_backend)
/// (a cached load and a branch), then the default variant inside `vectorize`. Compare with
/// dispatching once around the whole workload (`benches/benches/dispatch.rs` measures both, and
/// the `multiversion` crate's function-multiversioning pattern).
#[must_use]
pub fn popcount_sum_dispatch(boards: &[u64]) -> u64 {
    crate::dispatch!(|b| popcount_sum(b, boards))
}
