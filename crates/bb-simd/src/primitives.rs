//! SSSE3 primitives from 001 (*SSSE3*): the population count of a vector of bitboards and the
//! byte-wise dot product of 64 unsigned features with 64 signed weights.
//!
//! Each technique is a named, public variant, generic over the backend; the per-backend
//! instruction sequences live in the backends (`u64x4_popcnt`, `dot_u8i8`, `dot_u8i8_sat16`).
//! Plain-loop references (`*_reference`) are what the tests and `bb bench` check against.
//!
//! ```
//! use bb_simd::primitives::{PopcntVariant, popcount_sum, popcount_sum_reference};
//! let boards = [0xffu64, 0x8000_0000_0000_0001, 0, u64::MAX, 7];
//! let total = bb_simd::dispatch!(|b| popcount_sum(b, &boards, PopcntVariant::Default));
//! assert_eq!(total, popcount_sum_reference(&boards));
//! ```

use crate::{Backend, emu};

/// Population count techniques for 4 bitboards at once (`U64x4` lanes -> per-lane counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PopcntVariant {
    /// SWAR (parallel bit counting with masks 0x55.., 0x33.., 0x0f.. and shift-add folding),
    /// in vector registers. Needs nothing beyond 64-bit lanes; emulated lane-wise on `Scalar`.
    Swar,
    /// Muła's SSSE3 popcount (the Chess Programming Wiki's *SSSE3*, "SSSE3 Population Count"): two
    /// PSHUFB 16-entry nibble lookups, byte add, PSADBW against zero to sum the bytes of each u64.
    /// 128-bit on `Ssse3`, widened to 256 bits on `Avx2`/`Avx512*`, TBL + UADDLP on `Neon`.
    NibbleLut,
    /// The backend's own `u64x4_popcnt`: VPOPCNTQ on `Avx512Vbmi`, VCNT + pairwise widening
    /// adds on `Neon`, Muła's lookup on `Ssse3`/`Avx2`/`Avx512`, SWAR + PSADBW on `Sse2`,
    /// `count_ones` per lane on `Scalar`. The default.
    Default,
}

impl PopcntVariant {
    /// Every variant (the registry that tests and benchmarks iterate).
    pub const ALL: [PopcntVariant; 3] = [
        PopcntVariant::Swar,
        PopcntVariant::NibbleLut,
        PopcntVariant::Default,
    ];

    /// Lowercase name: `swar`, `nibble_lut`, `default`.
    pub const fn name(self) -> &'static str {
        match self {
            PopcntVariant::Swar => "swar",
            PopcntVariant::NibbleLut => "nibble_lut",
            PopcntVariant::Default => "default",
        }
    }

    /// Counts the bits of each lane with this variant.
    #[inline(always)]
    pub fn apply<B: Backend>(self, b: B, v: B::U64x4) -> B::U64x4 {
        match self {
            PopcntVariant::Swar => popcnt_swar(b, v),
            PopcntVariant::NibbleLut => popcnt_nibble_lut(b, v),
            PopcntVariant::Default => b.u64x4_popcnt(v),
        }
    }
}

/// SWAR population count of each u64 lane.
///
/// ```
/// use bb_simd::{Backend, Scalar, primitives::popcnt_swar};
/// let b = Scalar;
/// let v = b.u64x4_from_array([0, u64::MAX, 0xf0, 1 << 63]);
/// assert_eq!(b.u64x4_to_array(popcnt_swar(b, v)), [0, 64, 4, 1]);
/// ```
#[inline(always)]
pub fn popcnt_swar<B: Backend>(b: B, v: B::U64x4) -> B::U64x4 {
    let m1 = b.u64x4_splat(0x5555_5555_5555_5555);
    let m2 = b.u64x4_splat(0x3333_3333_3333_3333);
    let m4 = b.u64x4_splat(0x0f0f_0f0f_0f0f_0f0f);
    let x = b.u64x4_sub(v, b.u64x4_and(b.u64x4_shr::<1>(v), m1));
    let x = b.u64x4_add(b.u64x4_and(x, m2), b.u64x4_and(b.u64x4_shr::<2>(x), m2));
    let x = b.u64x4_and(b.u64x4_add(x, b.u64x4_shr::<4>(x)), m4);
    let x = b.u64x4_add(x, b.u64x4_shr::<8>(x));
    let x = b.u64x4_add(x, b.u64x4_shr::<16>(x));
    let x = b.u64x4_add(x, b.u64x4_shr::<32>(x));
    b.u64x4_and(x, b.u64x4_splat(0x7f))
}

/// Muła's nibble-lookup population count of each u64 lane, written with the trait's byte
/// shuffle and sum of absolute differences (native on every backend with a byte shuffle).
#[inline(always)]
pub fn popcnt_nibble_lut<B: Backend>(b: B, v: B::U64x4) -> B::U64x4 {
    const COUNTS: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
    let mut lut = [0u8; 32];
    lut[..16].copy_from_slice(&COUNTS);
    lut[16..].copy_from_slice(&COUNTS);
    let lut = b.u8x32_from_array(lut);
    let low_nibbles = b.u8x32_splat(0x0f);
    let bytes = b.u64x4_as_u8x32(v);
    let lo = b.u8x32_and(bytes, low_nibbles);
    let hi = b.u8x32_and(b.u64x4_as_u8x32(b.u64x4_shr::<4>(v)), low_nibbles);
    let counts = b.u8x32_add(b.u8x32_shuffle(lut, lo), b.u8x32_shuffle(lut, hi));
    b.u8x32_sad(counts, b.u8x32_zero())
}

/// Total population of `boards` with `variant`, four boards per step (the tail scalar).
#[inline(always)]
pub fn popcount_sum<B: Backend>(b: B, boards: &[u64], variant: PopcntVariant) -> u64 {
    let mut acc = b.u64x4_zero();
    let mut chunks = boards.chunks_exact(4);
    for c in &mut chunks {
        let v = b.u64x4_from_array([c[0], c[1], c[2], c[3]]);
        acc = b.u64x4_add(acc, variant.apply(b, v));
    }
    let tail: u64 = chunks
        .remainder()
        .iter()
        .map(|&x| u64::from(b.popcnt(x)))
        .sum();
    b.u64x4_hadd(acc) + tail
}

/// Per-board counts of `boards` into `out` (`out[i] = popcount(boards[i])`, up to the shorter
/// length), with `variant`.
#[inline(always)]
pub fn popcount_each<B: Backend>(b: B, boards: &[u64], out: &mut [u64], variant: PopcntVariant) {
    let n = boards.len().min(out.len());
    let (boards, out) = (&boards[..n], &mut out[..n]);
    let mut ins = boards.chunks_exact(4);
    let mut outs = out.chunks_exact_mut(4);
    for (i, o) in (&mut ins).zip(&mut outs) {
        let v = b.u64x4_from_array([i[0], i[1], i[2], i[3]]);
        o.copy_from_slice(&b.u64x4_to_array(variant.apply(b, v)));
    }
    for (i, o) in ins.remainder().iter().zip(outs.into_remainder()) {
        *o = u64::from(b.popcnt(*i));
    }
}

/// The plain loop: `boards.iter().map(count_ones).sum()`.
pub fn popcount_sum_reference(boards: &[u64]) -> u64 {
    boards.iter().map(|x| u64::from(x.count_ones())).sum()
}

/// Dot product techniques for 64 u8 features x 64 i8 weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotVariant {
    /// Exact in i32 (the default): PMADDWD on zero/sign-extended 16-bit lanes on `Sse2`/`Ssse3`
    /// (128-bit) and `Avx2` (VPMOVZXBW/VPMOVSXBW + VPMADDWD, 256-bit), 512-bit on `Avx512`, one
    /// AVX-512 VNNI VPDPBUSD on `Avx512Vbmi`, widening multiply-accumulate (UMLAL/SMLAL) on `Neon`.
    Exact,
    /// The SSSE3 page's 16-bit saturating sequence ("Byte-wise Dot-Product"): PMADDUBSW on
    /// four 16-byte blocks, `(r0 + r1) + (r2 + r3)` with PADDSW, three PHADDSW, sign-extended. 11
    /// instructions on `Ssse3` and up, the same saturation order emulated on `Scalar`/`Sse2`
    /// and with SQADD/UZP on `Neon`. It differs from [`DotVariant::Exact`] when an intermediate
    /// sum leaves the i16 range (e.g. 255 * 127 + 255 * 127 in one PMADDUBSW pair).
    Sat16,
}

impl DotVariant {
    /// Every variant.
    pub const ALL: [DotVariant; 2] = [DotVariant::Exact, DotVariant::Sat16];

    /// Lowercase name: `exact`, `sat16`.
    pub const fn name(self) -> &'static str {
        match self {
            DotVariant::Exact => "exact",
            DotVariant::Sat16 => "sat16",
        }
    }

    /// The dot product with this variant.
    #[inline(always)]
    pub fn apply<B: Backend>(self, b: B, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
        match self {
            DotVariant::Exact => b.dot_u8i8(features, weights),
            DotVariant::Sat16 => b.dot_u8i8_sat16(features, weights),
        }
    }

    /// The plain-loop reference of this variant.
    pub fn reference(self, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
        match self {
            DotVariant::Exact => emu::dot_u8i8(features, weights),
            DotVariant::Sat16 => emu::dot_u8i8_sat16(features, weights),
        }
    }
}

/// Exact dot product `sum(features[i] * weights[i])` in i32.
///
/// ```
/// use bb_simd::{Scalar, primitives::dot_u8i8};
/// let f = [255u8; 64];
/// let w = [-128i8; 64];
/// assert_eq!(dot_u8i8(Scalar, &f, &w), 64 * 255 * -128);
/// ```
#[inline(always)]
pub fn dot_u8i8<B: Backend>(b: B, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
    b.dot_u8i8(features, weights)
}

/// The SSSE3 page's 16-bit saturating dot product (see [`DotVariant::Sat16`]), bit-exact with
/// [`dot_u8i8_sat16_reference`] on every backend.
///
/// ```
/// use bb_simd::{Scalar, primitives::dot_u8i8_sat16};
/// assert_eq!(dot_u8i8_sat16(Scalar, &[255; 64], &[127; 64]), i32::from(i16::MAX));
/// ```
#[inline(always)]
pub fn dot_u8i8_sat16<B: Backend>(b: B, features: &[u8; 64], weights: &[i8; 64]) -> i32 {
    b.dot_u8i8_sat16(features, weights)
}

/// The exact plain loop.
pub fn dot_u8i8_reference(features: &[u8; 64], weights: &[i8; 64]) -> i32 {
    emu::dot_u8i8(features, weights)
}

/// The saturating sequence, one scalar step per instruction.
pub fn dot_u8i8_sat16_reference(features: &[u8; 64], weights: &[i8; 64]) -> i32 {
    emu::dot_u8i8_sat16(features, weights)
}

/// Convenience free function that dispatches on every call: [`best_backend`](crate::best_backend)
/// (a cached load and a branch), then the default variant inside `vectorize`. Compare with
/// dispatching once around the whole workload (`benches/benches/dispatch.rs` measures both, and
/// the `multiversion` crate's function-multiversioning pattern).
pub fn popcount_sum_dispatch(boards: &[u64]) -> u64 {
    crate::dispatch!(|b| popcount_sum(b, boards, PopcntVariant::Default))
}
