//! Portable reference semantics of every operation, one lane at a time.
//!
//! The trait's default methods are built from these functions, so they define what each operation
//! means; the tests compare every backend against them (through [`Scalar`](crate::Scalar)).

/// Logical left shift that yields 0 for counts of 64 and more (VPSLLVQ semantics).
#[inline(always)]
pub const fn shl64(a: u64, count: u64) -> u64 {
    if count >= 64 { 0 } else { a << count }
}

/// Logical right shift that yields 0 for counts of 64 and more (VPSRLVQ semantics).
#[inline(always)]
pub const fn shr64(a: u64, count: u64) -> u64 {
    if count >= 64 { 0 } else { a >> count }
}

/// 16-bit logical left shift that yields 0 for counts of 16 and more (VPSLLVW semantics).
#[inline(always)]
pub const fn shl16(a: u16, count: u16) -> u16 {
    if count >= 16 { 0 } else { a << count }
}

/// 16-bit logical right shift that yields 0 for counts of 16 and more (VPSRLVW semantics).
#[inline(always)]
pub const fn shr16(a: u16, count: u16) -> u16 {
    if count >= 16 { 0 } else { a >> count }
}

/// Parallel bit extract (BMI2 PEXT): the bits of `a` selected by `mask`, packed to the bottom.
#[inline(always)]
pub const fn pext(a: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 1u64;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if a & low != 0 {
            out |= bit;
        }
        bit <<= 1;
        mask &= mask - 1;
    }
    out
}

/// Parallel bit deposit (BMI2 PDEP): the low bits of `a` scattered to the set bits of `mask`.
#[inline(always)]
pub const fn pdep(a: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 1u64;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if a & bit != 0 {
            out |= low;
        }
        bit <<= 1;
        mask &= mask - 1;
    }
    out
}

/// One byte of GF2P8AFFINEQB: bit `i` of the result is the parity of `matrix.byte[7 - i] & x`,
/// xor bit `i` of `imm`.
#[inline(always)]
pub const fn gf2p8affine_byte(x: u8, matrix: u64, imm: u8) -> u8 {
    let mut out = 0u8;
    let mut i = 0;
    while i < 8 {
        let row = (matrix >> (8 * (7 - i))) as u8;
        let parity = ((row & x).count_ones() & 1) as u8;
        out |= (parity ^ ((imm >> i) & 1)) << i;
        i += 1;
    }
    out
}

/// PSHUFB on one 16-byte lane: `idx` high bit gives 0, otherwise `table[idx & 15]`.
#[inline(always)]
pub const fn pshufb_byte(table: &[u8; 16], idx: u8) -> u8 {
    if idx & 0x80 != 0 {
        0
    } else {
        table[(idx & 15) as usize]
    }
}

/// Signed 16-bit saturating add (PADDSW).
#[inline(always)]
pub const fn adds_i16(a: i16, b: i16) -> i16 {
    a.saturating_add(b)
}

/// Exact dot product of 64 unsigned features with 64 signed weights (the plain loop).
#[inline]
pub fn dot_u8i8(features: &[u8; 64], weights: &[i8; 64]) -> i32 {
    features
        .iter()
        .zip(weights)
        .map(|(&f, &w)| i32::from(f) * i32::from(w))
        .sum()
}

/// The weighted sum of [`Backend::gather_sum_i16x48`](crate::Backend::gather_sum_i16x48),
/// one load a lane.
#[inline]
pub fn gather_sum_i16x48(table: &[i16], base: u32, starts: &[u32; 48], lanes: &[u64; 12]) -> i32 {
    let limit = table.len().saturating_sub(1).min(i32::MAX as usize);
    if limit == 0 {
        return 0;
    }
    let mut sum = 0i32;
    for (k, &start) in starts.iter().enumerate() {
        let lane = (lanes[k / 4] >> (16 * (k % 4))) as u16;
        let pos = base.wrapping_add(start).wrapping_add(2 * u32::from(lane)) as usize;
        let w = table.get(pos.min(limit - 1)).copied().unwrap_or(0);
        sum = sum.wrapping_add(i32::from(w));
    }
    sum
}

/// The SSSE3 page's 16-bit saturating dot product, step for step: PMADDUBSW on four 16-byte blocks
/// (pairs summed with saturation), three PADDSW (`(r0 + r1) + (r2 + r3)`), three PHADDSW.
pub fn dot_u8i8_sat16(features: &[u8; 64], weights: &[i8; 64]) -> i32 {
    let mut r = [[0i16; 8]; 4];
    for (k, block) in r.iter_mut().enumerate() {
        for (j, lane) in block.iter_mut().enumerate() {
            let i = 16 * k + 2 * j;
            let p0 = i16::from(features[i]) * i16::from(weights[i]);
            let p1 = i16::from(features[i + 1]) * i16::from(weights[i + 1]);
            *lane = adds_i16(p0, p1);
        }
    }
    let mut acc = [0i16; 8];
    for j in 0..8 {
        let a = adds_i16(r[0][j], r[1][j]);
        let b = adds_i16(r[2][j], r[3][j]);
        acc[j] = adds_i16(a, b);
    }
    // three horizontal saturating pair adds: 8 -> 4 -> 2 -> 1
    let h1: [i16; 4] = core::array::from_fn(|j| adds_i16(acc[2 * j], acc[2 * j + 1]));
    let h2: [i16; 2] = core::array::from_fn(|j| adds_i16(h1[2 * j], h1[2 * j + 1]));
    i32::from(adds_i16(h2[0], h2[1]))
}

/// The 32-bit lanes of u64 words, little endian (`M = 2 N`).
#[inline(always)]
fn split32<const N: usize, const M: usize>(a: [u64; N]) -> [u32; M] {
    core::array::from_fn(|i| (a[i / 2] >> (32 * (i % 2))) as u32)
}
/// Inverse of [`split32`].
#[inline(always)]
fn join32<const N: usize, const M: usize>(l: [u32; M]) -> [u64; N] {
    core::array::from_fn(|i| u64::from(l[2 * i]) | (u64::from(l[2 * i + 1]) << 32))
}
/// The 16-bit lanes of u64 words, little endian (`M = 4 N`).
#[inline(always)]
fn split16<const N: usize, const M: usize>(a: [u64; N]) -> [u16; M] {
    core::array::from_fn(|i| (a[i / 4] >> (16 * (i % 4))) as u16)
}
/// Inverse of [`split16`].
#[inline(always)]
fn join16<const N: usize, const M: usize>(l: [u16; M]) -> [u64; N] {
    core::array::from_fn(|i| (0..4).fold(0, |w, k| w | (u64::from(l[4 * i + k]) << (16 * k))))
}

/// Lane-wise map over the four 32-bit lanes of a 128-bit vector.
#[inline(always)]
pub fn map32x4(a: [u64; 2], b: [u64; 2], f: impl Fn(u32, u32) -> u32) -> [u64; 2] {
    let (a, b): ([u32; 4], [u32; 4]) = (split32(a), split32(b));
    join32(core::array::from_fn::<u32, 4, _>(|i| f(a[i], b[i])))
}
/// Lane-wise map over the eight 32-bit lanes of a 256-bit vector.
#[inline(always)]
pub fn map32x8(a: [u64; 4], b: [u64; 4], f: impl Fn(u32, u32) -> u32) -> [u64; 4] {
    let (a, b): ([u32; 8], [u32; 8]) = (split32(a), split32(b));
    join32(core::array::from_fn::<u32, 8, _>(|i| f(a[i], b[i])))
}
/// Lane-wise map over the eight 16-bit lanes of a 128-bit vector.
#[inline(always)]
pub fn map16x8(a: [u64; 2], b: [u64; 2], f: impl Fn(u16, u16) -> u16) -> [u64; 2] {
    let (a, b): ([u16; 8], [u16; 8]) = (split16(a), split16(b));
    join16(core::array::from_fn::<u16, 8, _>(|i| f(a[i], b[i])))
}
/// The four 32-bit lanes of a 128-bit vector.
#[inline(always)]
pub fn lanes32x4(a: [u64; 2]) -> [u32; 4] {
    split32(a)
}
/// The eight 16-bit lanes of a 128-bit vector.
#[inline(always)]
pub fn lanes16x8(a: [u64; 2]) -> [u16; 8] {
    split16(a)
}
/// A 128-bit vector from four 32-bit lanes.
#[inline(always)]
pub fn from32x4(l: [u32; 4]) -> [u64; 2] {
    join32(l)
}
/// A 128-bit vector from eight 16-bit lanes.
#[inline(always)]
pub fn from16x8(l: [u16; 8]) -> [u64; 2] {
    join16(l)
}

/// CVTDQ2PS on one lane: the signed integer as the bits of the nearest f32 (ties to even).
#[inline(always)]
pub fn cvt_i32_f32(x: u32) -> u32 {
    (x as i32 as f32).to_bits()
}

/// CVTTPS2DQ on one lane: the f32 truncated toward zero; NaN and out-of-range values give
/// `0x8000_0000` (the "integer indefinite" value).
#[inline(always)]
pub fn cvtt_f32_i32(x: u32) -> u32 {
    let f = f32::from_bits(x);
    if f.is_nan() || !(-2_147_483_648.0..2_147_483_648.0).contains(&f) {
        0x8000_0000
    } else {
        f as i32 as u32
    }
}

/// PMADDWD on one 32-bit lane: the two signed 16-bit products summed, wrapping (only
/// `-32768 * -32768 * 2` wraps).
#[inline(always)]
pub fn madd_i16(a: u32, b: u32) -> u32 {
    let p = |x: u32, y: u32| i32::from(x as u16 as i16) * i32::from(y as u16 as i16);
    p(a, b).wrapping_add(p(a >> 16, b >> 16)) as u32
}

/// PACKUSWB on one lane: a signed 16-bit value saturated to 0..=255.
#[inline(always)]
pub fn packus_i16(x: u16) -> u8 {
    (x as i16).clamp(0, 255) as u8
}
