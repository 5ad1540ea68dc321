//! Techniques written on the generic lane operations: they run on every backend, natively where
//! the backend has the operations they use.

use super::PopcntVariant;
use crate::Backend;

/// SWAR (parallel bit counting with masks 0x55.., 0x33.., 0x0f.. and shift-add folding), in
/// vector registers. Needs nothing beyond 64-bit lanes; lane by lane on `Scalar`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Swar;

impl PopcntVariant for Swar {
    const NAME: &'static str = "swar";
    #[inline(always)]
    fn popcnt<B: Backend>(b: B, v: B::U64x4) -> B::U64x4 {
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
}

/// Muła's SSSE3 popcount (the Chess Programming Wiki's *SSSE3*, "SSSE3 Population Count"): two
/// PSHUFB 16-entry nibble lookups, byte add, PSADBW against zero to sum the bytes of each u64;
/// native where the byte shuffle is (128-bit on `Ssse3`, 256-bit on `Avx2`/`Avx512*`, TBL on
/// `Neon`, `i8x16.swizzle` on `Wasm128`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NibbleLut;

impl PopcntVariant for NibbleLut {
    const NAME: &'static str = "nibble_lut";
    fn supported<B: Backend>() -> bool {
        B::NATIVE_BYTE_SHUFFLE
    }
    #[inline(always)]
    fn popcnt<B: Backend>(b: B, v: B::U64x4) -> B::U64x4 {
        const COUNTS: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
        const LUT: [u8; 32] = {
            let mut t = [0u8; 32];
            let mut i = 0;
            while i < 32 {
                t[i] = COUNTS[i % 16];
                i += 1;
            }
            t
        };
        let lut = b.u8x32_from_array(LUT);
        let low_nibbles = b.u8x32_splat(0x0f);
        let bytes = b.u64x4_as_u8x32(v);
        let lo = b.u8x32_and(bytes, low_nibbles);
        let hi = b.u8x32_and(b.u64x4_as_u8x32(b.u64x4_shr::<4>(v)), low_nibbles);
        let counts = b.u8x32_add(b.u8x32_shuffle(lut, lo), b.u8x32_shuffle(lut, hi));
        b.u8x32_sad(counts, b.u8x32_zero())
    }
}
